import type { ProjectStatus } from '../../../../generated/graphql';
import type { BadgeTone } from '../../../../ui/Badge';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Project ids are UUIDs; anything else in the URL is 'Invalid project ID' without asking the server. */
export function isProjectId(value: string | undefined): value is string {
  return value !== undefined && UUID.test(value);
}

/** Spec section 4: an active project with a version and no active deployment is Live. */
export function showsLiveBadge(project: { status: ProjectStatus; version?: string | null }, activeDeployment: unknown = null): boolean {
  return project.status === 'active' && Boolean(project.version) && !activeDeployment;
}

export const STATUS_LABELS: Record<ProjectStatus, string> = { active: 'Active', inactive: 'Inactive' };

export const STATUS_TONES: Record<ProjectStatus, BadgeTone> = { active: 'success', inactive: 'neutral' };

/** A timestamp as a date and time in the reader's locale, e.g. 'Mar 1, 2026, 10:00 AM'. */
export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

export const projectPath = (id: string) => `/dashboard/projects/${id}`;
