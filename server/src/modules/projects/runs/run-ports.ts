import type { SandboxLimits } from '../../../providers/sandbox/cgroups.js';
import type { BuildLogs } from '../../versions/build-logs.js';
import type { ProviderKinds } from '../../../providers/project-providers.js';
import type { Providers } from '../../../providers/providers.js';
import type { DeploymentRecords } from '../../deployments/runs/deployment-records.js';
import type { Template } from '../../templates/template.model.js';
import type { VersionRecords } from '../../versions/runs/version-records.js';

/** What a creation or deletion step reads of its project. */
export interface ProjectRecord {
  id: string;
  name: string;
  description: string;
  templateName: string | null;
  /** Fixed when the project was created (see Project.sourceOrganization). */
  sourceOrganization: string | null;
  sourceRepository: string | null;
  /** Which adapter each port uses, fixed when the project was created. */
  providers: ProviderKinds;
  repositoryUrl: string | null;
  buildCommit: string | null;
  dockerImageUrl: string | null;
  deployedUrl: string | null;
  activeVersionId: string | null;
  activeDeploymentId: string | null;
}

export type ProjectFields = Partial<Pick<ProjectRecord, 'repositoryUrl' | 'buildCommit' | 'dockerImageUrl'>>;

/**
 * The one project a run works on, and nothing else: bound to the run's owner and project when the run's step
 * starts. Steps read and write the project's fields only through it; it loads the project, its template and its
 * environment once per attempt.
 */
export interface ProjectRecords {
  /** The project, or null when it does not exist (any more). */
  project(): Promise<ProjectRecord | null>;
  update(fields: ProjectFields): Promise<void>;
  /** The project's decrypted environment variables (never log them). */
  environment(): Promise<Record<string, string>>;
  /** What the project's builds and app revisions may use: its own limits, the server's defaults for the others. */
  limits(): Promise<SandboxLimits>;
  /** The catalog template the project was made from, or null (blank project, or no longer in the catalog). */
  template(): Promise<Template | null>;
  /** The owner's GITHUB_ORGANIZATION setting, or null when it is not set. */
  githubOrganization(): Promise<string | null>;
  /** Deletes the project row (its versions and deployments go with it); false when it was already gone. */
  deleteProject(): Promise<boolean>;
  /** Its GitHub webhook's URL and secret (the same on every call); null while Slipway's public URL is not known. */
  webhook(): Promise<{ url: string; secret: string } | null>;
}

/** Every method of the port, for binding it into a run's records. */
export const PROJECT_RECORDS: Record<keyof ProjectRecords, true> = { project: true, update: true, environment: true, limits: true, template: true, githubOrganization: true, deleteProject: true, webhook: true };

/** The ports every project run's steps get: the outside world, and their project's records. */
export interface ProjectRunProviders<R extends ProjectRecords = ProjectRecords> extends Providers {
  records: R;
  /** Where whole build logs are kept. */
  buildLogs: BuildLogs;
}

/** The ports of a creation or deletion run: its project's, its versions' and its deployments' records. */
export type RunProviders = ProjectRunProviders<ProjectRecords & VersionRecords & DeploymentRecords>;
