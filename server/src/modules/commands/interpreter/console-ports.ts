import type { BuildInfo } from '../../../common/build-info.js';
import type { HealthReport } from '../../system/health.service.js';
import type { User } from '../../users/user.entity.js';

/** What the console shows of a project (read-only). */
export interface ConsoleProject {
  name: string;
  description: string;
  status: string;
  tags: string[];
  repositoryUrl: string | null;
  createdAt: Date;
  updatedAt: Date;
  /** The project's newest version (its tag and status), null before its first. */
  latestVersion: { tag: string; status: string } | null;
}

/** The user's versions across their projects, as `status` counts them. */
export interface ConsoleVersionCounts {
  total: number;
  /** Builds pending or running now. */
  building: number;
  /** Versions whose last build failed. */
  failed: number;
}

/** The user's most recent pipeline run, as `status` reports it. */
export interface ConsoleRun {
  /** The stream's title, e.g. 'Project Creation'. */
  title: string;
  /** The project's name; null once the project is gone (a finished deletion). */
  projectName: string | null;
  status: string;
  completedSteps: number;
  totalSteps: number;
  /** The label of the step running now, or of the step that failed. */
  currentStep: string | null;
  /** The failed step's message (already safe to show). */
  errorMessage: string | null;
}

/**
 * Everything the interpreter reads or writes, as narrow ports: the service wires them to the real
 * features, the unit specs to fakes. Every port is scoped to the given user.
 */
export interface ConsolePorts {
  projects: {
    /** The user's projects, most recently updated first; `search` matches name or description, ignoring case. */
    list(user: User, options: { search?: string; limit: number }): Promise<{ projects: ConsoleProject[]; total: number }>;
    findByName(user: User, name: string): Promise<ConsoleProject | null>;
  };
  /** Which settings keys the user has a value for; values never leave the settings feature. */
  settings: { configuredKeys(user: User): Promise<{ key: string; configured: boolean }[]> };
  health: { check(): Promise<HealthReport> };
  commandLogs: { count(user: User): Promise<number> };
  pipelines: { latest(user: User): Promise<ConsoleRun | null> };
  versions: { counts(user: User): Promise<ConsoleVersionCounts> };
  workingDirectory: { get(user: User): Promise<string | null>; set(user: User, path: string): Promise<void> };
  build: BuildInfo;
}
