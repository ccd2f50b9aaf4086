import type { BuildLogs } from '../../versions/build-logs.js';
import type { ProviderKinds } from '../../../providers/project-providers.js';
import type { Providers } from '../../../providers/providers.js';
import type { Deployment } from '../../deployments/deployment.entity.js';
import type { Serving } from '../../deployments/deployment-transitions.js';
import type { Template } from '../../templates/template.model.js';
import type { Version } from '../../versions/version.entity.js';
import type { DeploymentEventType } from '@slipway/domain';

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
export type VersionFields = Partial<Pick<Version, 'status' | 'buildStatus' | 'buildStartedAt' | 'buildCompletedAt' | 'buildLog' | 'dockerImageUrl' | 'artifacts' | 'gitCommitSha' | 'buildRunId'>>;
export type DeploymentFields = Partial<
  Pick<Deployment, 'status' | 'trafficPercent' | 'healthChecks' | 'errorMessage' | 'activatedAt' | 'deployedUrl' | 'isActive' | 'replicas'>
>;

/**
 * The one project a run works on, and nothing else: bound to the run's owner and project when the run's step
 * starts. Steps read and write the project's fields, versions and deployments only through it.
 */
export interface ProjectRecords {
  /** The project, or null when it does not exist (any more). */
  project(): Promise<ProjectRecord | null>;
  update(fields: ProjectFields): Promise<void>;
  /** The project's decrypted environment variables (never log them). */
  environment(): Promise<Record<string, string>>;
  /** The catalog template the project was made from, or null (blank project, or no longer in the catalog). */
  template(): Promise<Template | null>;
  /** The owner's GITHUB_ORGANIZATION setting, or null when it is not set. */
  githubOrganization(): Promise<string | null>;
  version(tag: string): Promise<Version | null>;
  /** Creates the version unless the project has one with this tag already; answers the row either way. */
  ensureVersion(version: { versionTag: string; gitBranch: string; gitCommitSha: string; description: string }): Promise<Version>;
  updateVersion(id: string, fields: VersionFields): Promise<void>;
  /** The version whose build this run is (its build_run_id), or null. */
  versionOfRun(runId: string): Promise<Version | null>;
  /**
   * Updates the version only while this run's build of it is still running (a stopped build's late result is
   * dropped), and tells live followers; false when nothing was updated.
   */
  updateBuild(versionId: string, runId: string, fields: VersionFields): Promise<boolean>;
  deployments(): Promise<Deployment[]>;
  /**
   * Creates the version's first deployment to the environment unless it has one (with a sealed snapshot of the
   * project's environment as it is now); answers the row either way.
   */
  ensureInitialDeployment(versionId: string, environment: string): Promise<Deployment>;
  /** The deployment this 'deployment' run works on (its run_id), with its version, or null. */
  deploymentOfRun(runId: string): Promise<Deployment | null>;
  /** The environment variables the deployment runs with: its snapshot (never log them). */
  deploymentEnvironment(deployment: Deployment): Promise<Record<string, string>>;
  /** Changes the deployment's row and tells live followers. */
  updateDeployment(id: string, fields: DeploymentFields): Promise<void>;
  addDeploymentEvent(id: string, type: DeploymentEventType, message: string): Promise<void>;
  /**
   * The deployment serves its environment: active with all the traffic, the one it replaced superseded (or
   * rolled_back when it was rolling back), and for production the project's active version, deployment and URL; one transaction.
   */
  activateDeployment(id: string, serving: Serving): Promise<void>;
  /** It never became healthy: rolled_back with why; the one it was replacing keeps (or goes back to) serving. */
  rollBackDeployment(id: string, why: string): Promise<void>;
  /** Its app was removed: archived, and production's project no longer names it. */
  stopDeployment(id: string): Promise<void>;
  /** Deletes the project row (its versions and deployments go with it); false when it was already gone. */
  deleteProject(): Promise<boolean>;
}

/** The ports a project run's steps use: the outside world, and their own project's records. */
export interface RunProviders extends Providers {
  records: ProjectRecords;
  /** Where whole build logs are kept. */
  buildLogs: BuildLogs;
}
