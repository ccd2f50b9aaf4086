/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
/** Whether a personal access token still signs in */
export type AccessTokenStatus =
  /** Signs in until it expires or is revoked */
  | 'active'
  /** Past its expiry: refused */
  | 'expired'
  /** Revoked by its owner or an admin: refused */
  | 'revoked';

/** The state of a version's build */
export type BuildStatus =
  /** The build was stopped */
  | 'cancelled'
  /** The build failed */
  | 'failed'
  /** Not started */
  | 'pending'
  /** Building now */
  | 'running'
  /** Built an artifact */
  | 'success';

/** What builds a project's versions */
export type BuilderKind =
  /** The repository's GitHub Actions workflow, pushing the image to Docker Hub */
  | 'github_actions'
  /** This Slipway's workers, running the template's build command */
  | 'local';

/** A cloud service URL to save; null or empty goes back to the default */
export type CloudEndpointInput = {
  /** Which service */
  key: CloudEndpointKey;
  /** An http:// or https:// URL without a user, query or fragment; trailing slashes dropped */
  url?: string | null | undefined;
};

/** A cloud service Slipway talks to for projects in cloud mode */
export type CloudEndpointKey =
  /** The DigitalOcean API (account, clusters' credentials); default SLIPWAY_DIGITALOCEAN_API_URL */
  | 'digitalocean_api'
  /** The Docker Hub API (repositories, tags, login); default SLIPWAY_DOCKERHUB_URL */
  | 'docker_hub'
  /** The registry images are pushed to and pulled from; default SLIPWAY_DOCKER_REGISTRY_URL */
  | 'docker_registry'
  /** The GitHub REST API (GitHub Enterprise: https://HOST/api/v3); default SLIPWAY_GITHUB_API_URL */
  | 'github_api';

/** Where a project's deployments run */
export type ClusterKind =
  /** The DigitalOcean Kubernetes cluster DOKS_CLUSTER_ID */
  | 'doks'
  /** Supervised processes on this machine behind stable local URLs */
  | 'local';

/** Command log filters; every field optional (page 1, 20 per page, all entries) */
export type CommandLogFilter = {
  /** Text the command contains, ignoring case; at most 1000 characters */
  command?: string | null | undefined;
  /** The page to read, from 1; default 1 */
  page?: number | null | undefined;
  /** Entries per page, 1 to 100; default 20 */
  pageSize?: number | null | undefined;
  /** Only succeeded (true) or only failed (false) entries */
  success?: boolean | null | undefined;
  /** Only entries of this type */
  type?: CommandResultType | null | undefined;
};

/** How a command turned out: output, error, success or info */
export type CommandResultType =
  /** The command failed or was refused; the output says why */
  | 'error'
  /** A notice rather than a result: help text, an empty list, a hint */
  | 'info'
  /** The command printed what was asked for (a value, a table, a listing) */
  | 'output'
  /** The command changed something, such as the working directory */
  | 'success';

/** A provider whose credentials Settings can test */
export type ConnectionProvider =
  /** DigitalOcean: DIGITALOCEAN_TOKEN (the account answers) */
  | 'digitalocean'
  /** Docker Hub: DOCKER_USERNAME and DOCKER_TOKEN (signs in and may push) */
  | 'dockerhub'
  /** The DOKS cluster: DIGITALOCEAN_TOKEN and DOKS_CLUSTER_ID (the cluster exists for the token) */
  | 'doks'
  /** GitHub: GITHUB_TOKEN and GITHUB_ORGANIZATION (the token may create repositories there) */
  | 'github';

/** A new personal access token */
export type CreateAccessTokenInput = {
  /** When it stops working: in the future, at most 366 days away */
  expiresAt: string;
  /** What the token is for; 1 to 100 characters */
  name: string;
  /** Limit it to these of your projects; omit for every project */
  projectIds?: Array<string | number> | null | undefined;
  /** What it may do: at least one scope */
  scopes: Array<TokenScope>;
};

/** A deployment of a built version: a rolling update of the environment */
export type CreateDeploymentInput = {
  /** How it replaces the active deployment (default rolling, the only one offered) */
  deploymentStrategy?: DeploymentStrategy | null | undefined;
  /** The environment (default 'production') */
  environment?: string | null | undefined;
  /** The version to deploy: built, not archived, of this project */
  versionId: string | number;
};

/** A new notification channel */
export type CreateNotificationChannelInput = {
  /** An email channel: the address to write to */
  email?: string | null | undefined;
  /** Webhook or email */
  kind: NotificationChannelKind;
  /** What it is, 1 to 100 characters */
  name: string;
  /** A webhook: the http(s) URL to post to; it must not reach a loopback, link-local or private address */
  url?: string | null | undefined;
};

/** A new notification rule */
export type CreateNotificationRuleInput = {
  /** One of your channels */
  channelId: string | number;
  /** The events to send: at least one */
  events: Array<NotificationEventKind>;
  /** Only this project of yours; omit for all of them */
  projectId?: string | number | null | undefined;
};

/** A new project; only the name is required */
export type CreateProjectInput = {
  /** Trimmed; at most 500 characters; none by default */
  description?: string | null | undefined;
  /** Values for the template's variables (defaults fill blanks; required ones must end up non-blank) and any others; at most 100, names unique */
  environmentVariables?: Array<EnvironmentVariableInput> | null | undefined;
  /** Trimmed; 2 to 100 characters of letters, numbers, spaces, hyphens and underscores; unique among your projects ignoring case */
  name: string;
  /** An http(s) URL, at most 500 characters; null or blank for none */
  repositoryUrl?: string | null | undefined;
  /** Defaults to active */
  status?: ProjectStatus | null | undefined;
  /** Trimmed, blanks and duplicates dropped; at most 20 tags of at most 50 characters; none by default */
  tags?: Array<string> | null | undefined;
  /** A catalog template name (Query.templates), or none for a blank project */
  templateName?: string | null | undefined;
};

/** An account made by a manager or admin */
export type CreateUserInput = {
  /** A unique email address, at most 254 characters; stored lower-cased */
  email: string;
  /** The person's name; trimmed, 1 to 100 characters */
  name: string;
  /** 6 to 200 characters, not trimmed */
  password: string;
  /** Defaults to user; only an admin gives a higher role */
  role?: Role | null | undefined;
};

/** A new version: the branch head is tagged and built */
export type CreateVersionInput = {
  /** What the version brings (optional, trimmed) */
  description?: string | null | undefined;
  /** The branch whose head is tagged (trimmed) */
  gitBranch: string;
  /** The tag, 'vX.Y.Z' with an optional '-suffix' (trimmed) */
  versionTag: string;
};

/** A deployment's health, derived from its health checks */
export type DeploymentHealth =
  /** At least one check is still pending */
  | 'checking'
  /** Every check is healthy */
  | 'healthy'
  /** At least one check is unhealthy */
  | 'unhealthy'
  /** No checks, or a mix that says nothing */
  | 'unknown';

/** What a deployment list is sorted by */
export type DeploymentSortField =
  /** When it started serving (Recently Activated); never-activated ones last */
  | 'activated_at'
  /** When the deployment was created (Newest First / Oldest First) */
  | 'created_at'
  /** When it last changed */
  | 'updated_at';

/** A deployment's lifecycle */
export type DeploymentStatus =
  /** Serving traffic */
  | 'active'
  /** Kept for history */
  | 'archived'
  /** Being stopped and removed */
  | 'cleaning_up'
  /** Starting the new revision */
  | 'deploying'
  /** Waiting to start */
  | 'pending'
  /** Up and healthy, not serving traffic yet */
  | 'ready'
  /** Rolled back: a rollback replaced it, or it never became healthy */
  | 'rolled_back'
  /** Being replaced by an earlier deployment */
  | 'rolling_back'
  /** Replaced by a newer deployment; a way back for a rollback */
  | 'superseded';

/** How a deployment replaces the one before it */
export type DeploymentStrategy =
  /** Old revision stopped, then the new one started */
  | 'all_at_once'
  /** A share of the traffic first, then all of it */
  | 'canary'
  /** The project's first deployment */
  | 'initial'
  /** New revision up and healthy before the old one stops */
  | 'rolling';

/** Filters, sort and page of a project's deployment history */
export type DeploymentsFilterInput = {
  /** Only deployments to this environment, e.g. 'production' */
  environment?: string | null | undefined;
  /** Deployments per page, 1 to 100 (default 10) */
  limit?: number | null | undefined;
  /** The page, from 1 (default 1) */
  page?: number | null | undefined;
  /** Case-insensitive text in the version tag, commit sha, environment or error message */
  search?: string | null | undefined;
  /** The sort column (default created_at) */
  sortBy?: DeploymentSortField | null | undefined;
  /** The sort direction (default DESC) */
  sortOrder?: SortOrder | null | undefined;
  /** Only deployments in this status */
  status?: DeploymentStatus | null | undefined;
};

/** One environment variable of a project */
export type EnvironmentVariableInput = {
  /** Trimmed; letters, numbers and underscores, not starting with a number; at most 128 characters */
  name: string;
  /** The value as is (not trimmed), at most 10000 characters; stored encrypted */
  value: string;
};

/** Email and password of an existing account */
export type LoginInput = {
  /** The account email, any case; trimmed */
  email: string;
  /** The account password, as set (never trimmed) */
  password: string;
};

/** How a notification is sent */
export type NotificationChannelKind =
  /** An email over the SMTP server Slipway is configured with */
  | 'email'
  /** A signed JSON POST to a URL */
  | 'webhook';

/** Where a notification's delivery stands */
export type NotificationDeliveryStatus =
  /** The receiver accepted it (2xx, or the SMTP server took it) */
  | 'delivered'
  /** Every attempt failed */
  | 'failed'
  /** Waiting for its first attempt */
  | 'pending'
  /** An attempt failed; another one follows with backoff */
  | 'retrying';

/** Something a notification rule can be told about */
export type NotificationEventKind =
  /** A deployed app keeps crashing or its health checks turned unhealthy */
  | 'app_unhealthy'
  /** A deployment failed or was rolled back */
  | 'deployment_failed'
  /** A pipeline run (creation, build, deployment, deletion) failed */
  | 'pipeline_failed'
  /** A deployment to production succeeded and serves */
  | 'production_deployed';

/** A pipeline run's overall status (the spec's overall_status) */
export type PipelineRunStatus =
  /** Stopped by its owner; the steps not run were skipped */
  | 'cancelled'
  /** Every step completed */
  | 'completed'
  /** A step failed for good; the rest were skipped (retry resumes at the failed step) */
  | 'failed'
  /** A step is running or waiting for a worker */
  | 'running';

/** The timeline's icon for a step */
export type PipelineStepIcon =
  /** An outside service */
  | 'cloud'
  /** Source code */
  | 'code'
  /** Settings and secrets */
  | 'config'
  /** Stored data */
  | 'database'
  /** A deployment */
  | 'deploy'
  /** Files */
  | 'files'
  /** A server or cluster */
  | 'server'
  /** Checks and tests */
  | 'test';

/** A pipeline step's (processor's) or substep's status */
export type PipelineStepStatus =
  /** Done */
  | 'completed'
  /** Failed for good (its error message says why) */
  | 'failed'
  /** Not started yet, or waiting for its next attempt */
  | 'pending'
  /** Running on a worker */
  | 'running'
  /** Not run: an earlier step failed or the run was cancelled */
  | 'skipped';

/** Limits to change; a field left out stays as it is, null sets it back to the server default */
export type ProjectLimitsInput = {
  /** 10 to 400 (% of a core); null for the server's default */
  cpuPercent?: number | null | undefined;
  /** 64 to 20480 (MB); null for the server's default */
  diskMb?: number | null | undefined;
  /** 64 to 8192 (MB); null for the server's default */
  memoryMb?: number | null | undefined;
  /** 32 to 4096 (processes); null for the server's default */
  processes?: number | null | undefined;
};

/** What the projects page is sorted by */
export type ProjectSortField =
  /** When the project was created */
  | 'created_at'
  /** The name, ignoring case */
  | 'name'
  /** The status, then the most recently changed first */
  | 'status'
  /** When the project last changed (the default) */
  | 'updated_at';

/** Whether a project is in use; new projects are active */
export type ProjectStatus =
  /** In use */
  | 'active'
  /** Kept but set aside */
  | 'inactive';

/** Projects page filters; every field optional (page 1, limit 12, updated_at DESC, all projects) */
export type ProjectsFilterInput = {
  /** Projects per page, 1 to 100; default 12 */
  limit?: number | null | undefined;
  /** The page to read, 1 to 1000000; default 1 */
  page?: number | null | undefined;
  /** Case-insensitive text in the name or description; trimmed, at most 200 characters */
  search?: string | null | undefined;
  /** Sort key; default updated_at */
  sortBy?: ProjectSortField | null | undefined;
  /** Sort direction; default DESC */
  sortOrder?: SortOrder | null | undefined;
  /** Only projects with this status */
  status?: ProjectStatus | null | undefined;
  /** Projects having ANY of these tags (exact spelling); at most 20 */
  tags?: Array<string> | null | undefined;
};

/** A new account: the first one on a fresh install becomes admin, later ones user */
export type RegisterInput = {
  /** A unique email address, at most 254 characters; stored lower-cased */
  email: string;
  /** The person's name; trimmed, 1 to 100 characters */
  name: string;
  /** 6 to 200 characters, not trimmed */
  password: string;
};

/** Where a project's built images are kept */
export type RegistryKind =
  /** Docker Hub repositories of DOCKER_USERNAME */
  | 'dockerhub'
  /** Artifacts in the data directory of this Slipway */
  | 'local';

/** Access level: user 1, manager 2, admin 3; a check for a role passes at that level or above */
export type Role =
  /** Level 3: also assigns and changes roles */
  | 'admin'
  /** Level 2: also lists, creates, edits and deletes user accounts up to their own level */
  | 'manager'
  /** Level 1: their own account, projects, settings and console */
  | 'user';

/** A rollback of the active deployment to an earlier one */
export type RollbackDeploymentInput = {
  /** Why (default 'Manual rollback') */
  reason?: string | null | undefined;
  /** The rolled back deployment of the same environment to make live again */
  targetDeploymentId: string | number;
};

/** A value to store; null or an empty string deletes the setting */
export type SettingInput = {
  /** Which setting to store */
  key: SettingKey;
  /** The value; trimmed, at most 4096 characters, no line breaks or control characters; tokens at least 4 characters, DOCKER_USERNAME 4 to 30 lowercase letters and digits, DOKS_CLUSTER_ID a UUID, GITHUB_ORGANIZATION a GitHub organization name */
  value?: string | null | undefined;
};

/** Docker Hub, DigitalOcean, DOKS cluster and GitHub credentials kept per user */
export type SettingKey =
  /** A DigitalOcean API token (secret) */
  | 'DIGITALOCEAN_TOKEN'
  /** A Docker Hub access token (secret) */
  | 'DOCKER_TOKEN'
  /** The Docker Hub user that images are pushed as */
  | 'DOCKER_USERNAME'
  /** The id of the DigitalOcean Kubernetes (DOKS) cluster deployments go to */
  | 'DOKS_CLUSTER_ID'
  /** The GitHub organization new project repositories are created in; needed before creating projects */
  | 'GITHUB_ORGANIZATION'
  /** A GitHub personal access token (secret) */
  | 'GITHUB_TOKEN';

/** Sort direction */
export type SortOrder =
  /** Ascending: oldest, A to Z, active before inactive */
  | 'ASC'
  /** Descending: newest, Z to A, inactive before active (the default) */
  | 'DESC';

/** Where a project's code lives */
export type SourceHostKind =
  /** A GitHub repository in GITHUB_ORGANIZATION */
  | 'github'
  /** A git repository in the data directory of this Slipway */
  | 'local';

/** Kind of project a template starts: frontend, backend, go_api (REST: go-api), fullstack or other */
export type TemplateType =
  /** A server-side service or API */
  | 'backend'
  /** A site or single-page app served to browsers */
  | 'frontend'
  /** A backend that also serves its own frontend */
  | 'fullstack'
  /** An HTTP API written in Go; go-api in the REST API */
  | 'go_api'
  /** Anything else, such as a scheduled worker */
  | 'other';

/** What a personal access token may do (every scope also reads what its owner can read) */
export type TokenScope =
  /** User administration and other users' tokens, for a manager or admin (the role still decides) */
  | 'admin'
  /** Builds, deployments, rollbacks, stops and pipeline retries */
  | 'deploy'
  /** Read projects, versions, deployments, settings and logs; no change */
  | 'read'
  /** Every change that is not a build, deploy or user administration (projects, settings, versions, variables) */
  | 'write';

/** Only the fields to change; repositoryUrl: null clears the URL */
export type UpdateProjectInput = {
  /** Trimmed; at most 500 characters; null or '' clears it */
  description?: string | null | undefined;
  /** The project's own sandbox limits to change; must not be null */
  limits?: ProjectLimitsInput | null | undefined;
  /** Trimmed; 2 to 100 characters of letters, numbers, spaces, hyphens and underscores; unique among your projects ignoring case; must not be null */
  name?: string | null | undefined;
  /** An http(s) URL, at most 500 characters; null or blank for none */
  repositoryUrl?: string | null | undefined;
  /** The new status; must not be null */
  status?: ProjectStatus | null | undefined;
  /** Trimmed, blanks and duplicates dropped; at most 20 tags of at most 50 characters; null or [] removes them all */
  tags?: Array<string> | null | undefined;
};

/** Only the fields given change; name, email and password must not be null */
export type UpdateUserInput = {
  /** Your current password, needed to change your own */
  currentPassword?: string | null | undefined;
  /** A unique email address, at most 254 characters; stored lower-cased */
  email?: string | null | undefined;
  /** The person's name; trimmed, 1 to 100 characters */
  name?: string | null | undefined;
  /** 6 to 200 characters, not trimmed; ends the user's other sessions. Your own needs currentPassword; another user's is reset by an admin only (signed out everywhere, passwordResetAt set) */
  password?: string | null | undefined;
  /** Only an admin changes roles; the last admin keeps theirs */
  role?: Role | null | undefined;
};

/** What a version list is sorted by */
export type VersionSortField =
  /** When the version was created */
  | 'created_at'
  /** When the version last changed */
  | 'updated_at'
  /** The order the versions were created in (1 for the first) */
  | 'version_number';

/** A version's lifecycle */
export type VersionStatus =
  /** Kept for history, no longer offered for deployment */
  | 'archived'
  /** Its build failed */
  | 'build_failed'
  /** Built, not yet checked in the registry */
  | 'build_success'
  /** Its build is running */
  | 'building'
  /** Created, not built yet */
  | 'pending'
  /** Built and its artifact is in the registry: it can be deployed */
  | 'ready';

/** Filters, sort and page of a project's version list */
export type VersionsFilterInput = {
  /** Only versions whose build is in this state */
  buildStatus?: BuildStatus | null | undefined;
  /** Versions per page, 1 to 100 (default 20) */
  limit?: number | null | undefined;
  /** The page, from 1 (default 1) */
  page?: number | null | undefined;
  /** Case-insensitive text in the tag or description */
  search?: string | null | undefined;
  /** The sort column (default createdAt) */
  sortBy?: VersionSortField | null | undefined;
  /** The sort direction (default DESC) */
  sortOrder?: SortOrder | null | undefined;
  /** Only versions in this status */
  status?: VersionStatus | null | undefined;
};

export type AuthUserFragment = { __typename: 'User', id: string, name: string, email: string, role: Role, createdAt: string };

export type MeQueryVariables = Exact<{ [key: string]: never; }>;


export type MeQuery = { me: { __typename: 'User', id: string, name: string, email: string, role: Role, createdAt: string } };

export type LoginMutationVariables = Exact<{
  input: LoginInput;
}>;


export type LoginMutation = { login: { __typename: 'AuthPayload', token: string, user: { __typename: 'User', id: string, name: string, email: string, role: Role, createdAt: string } } };

export type RegisterMutationVariables = Exact<{
  input: RegisterInput;
}>;


export type RegisterMutation = { register: { __typename: 'AuthPayload', token: string, user: { __typename: 'User', id: string, name: string, email: string, role: Role, createdAt: string } } };

export type LogoutMutationVariables = Exact<{ [key: string]: never; }>;


export type LogoutMutation = { logout: boolean };

export type LogRowFragment = { __typename: 'CommandLog', id: string, command: string, type: CommandResultType, success: boolean, createdAt: string };

export type LogDetailFragment = { __typename: 'CommandLog', id: string, userId: string, command: string, type: CommandResultType, output: string, success: boolean, createdAt: string };

export type CommandLogsQueryVariables = Exact<{
  filter?: CommandLogFilter | null | undefined;
}>;


export type CommandLogsQuery = { commandLogs: { __typename: 'CommandLogPage', total: number, page: number, totalPages: number, logs: Array<{ __typename: 'CommandLog', id: string, command: string, type: CommandResultType, success: boolean, createdAt: string }> } };

export type CommandLogQueryVariables = Exact<{
  id: string | number;
}>;


export type CommandLogQuery = { commandLog: { __typename: 'CommandLog', id: string, userId: string, command: string, type: CommandResultType, output: string, success: boolean, createdAt: string } };

export type ExecuteCommandMutationVariables = Exact<{
  command: string;
}>;


export type ExecuteCommandMutation = { executeCommand: { __typename: 'CommandResult', type: CommandResultType, output: string } };

export type CommandSuggestionsQueryVariables = Exact<{
  search?: string | null | undefined;
}>;


export type CommandSuggestionsQuery = { commandSuggestions: Array<{ __typename: 'CommandSuggestion', command: string, description: string, parameters: string, category: string }> };

export type DeploymentCardFragment = { __typename: 'Deployment', id: string, environment: string, status: DeploymentStatus, strategy: DeploymentStrategy, trafficPercent: number, health: DeploymentHealth, errorMessage: string | null, replicas: number, activatedAt: string | null, createdAt: string, updatedAt: string, rolledBackAt: string | null, supersededAt: string | null, deployedUrl: string | null, loopbackUrl: string | null, rollbackTargetId: string | null, restoresDeploymentId: string | null, rollbackReason: string | null, isActive: boolean, durationSeconds: number | null, versionId: string, rollbackTarget: { __typename: 'Deployment', id: string, activatedAt: string | null, version: { __typename: 'Version', id: string, versionTag: string, versionNumber: number } | null } | null, restores: { __typename: 'Deployment', id: string, activatedAt: string | null } | null, version: { __typename: 'Version', id: string, versionTag: string, versionNumber: number, gitCommitSha: string | null } | null };

export type DeploymentDetailsFragment = { __typename: 'Deployment', kubernetesNamespace: string | null, kubernetesDeploymentName: string | null, kubernetesServiceName: string | null, id: string, environment: string, status: DeploymentStatus, strategy: DeploymentStrategy, trafficPercent: number, health: DeploymentHealth, errorMessage: string | null, replicas: number, activatedAt: string | null, createdAt: string, updatedAt: string, rolledBackAt: string | null, supersededAt: string | null, deployedUrl: string | null, loopbackUrl: string | null, rollbackTargetId: string | null, restoresDeploymentId: string | null, rollbackReason: string | null, isActive: boolean, durationSeconds: number | null, versionId: string, events: Array<{ __typename: 'DeploymentEvent', id: string, type: string, message: string, createdAt: string }>, rollbackTarget: { __typename: 'Deployment', id: string, activatedAt: string | null, version: { __typename: 'Version', id: string, versionTag: string, versionNumber: number } | null } | null, restores: { __typename: 'Deployment', id: string, activatedAt: string | null } | null, version: { __typename: 'Version', id: string, versionTag: string, versionNumber: number, gitCommitSha: string | null } | null };

export type DeploymentLogLineFieldsFragment = { __typename: 'DeploymentLogLine', instance: string, stream: string, line: string, at: string | null };

export type ProjectDeploymentsQueryVariables = Exact<{
  projectId: string | number;
  filter?: DeploymentsFilterInput | null | undefined;
}>;


export type ProjectDeploymentsQuery = { project: { __typename: 'Project', id: string, deployments: { __typename: 'DeploymentPage', page: number, limit: number, count: number, totalPages: number, deployments: Array<{ __typename: 'Deployment', id: string, environment: string, status: DeploymentStatus, strategy: DeploymentStrategy, trafficPercent: number, health: DeploymentHealth, errorMessage: string | null, replicas: number, activatedAt: string | null, createdAt: string, updatedAt: string, rolledBackAt: string | null, supersededAt: string | null, deployedUrl: string | null, loopbackUrl: string | null, rollbackTargetId: string | null, restoresDeploymentId: string | null, rollbackReason: string | null, isActive: boolean, durationSeconds: number | null, versionId: string, rollbackTarget: { __typename: 'Deployment', id: string, activatedAt: string | null, version: { __typename: 'Version', id: string, versionTag: string, versionNumber: number } | null } | null, restores: { __typename: 'Deployment', id: string, activatedAt: string | null } | null, version: { __typename: 'Version', id: string, versionTag: string, versionNumber: number, gitCommitSha: string | null } | null }> } } };

export type DeploymentDetailsQueryVariables = Exact<{
  id: string | number;
}>;


export type DeploymentDetailsQuery = { deployment: { __typename: 'Deployment', kubernetesNamespace: string | null, kubernetesDeploymentName: string | null, kubernetesServiceName: string | null, id: string, environment: string, status: DeploymentStatus, strategy: DeploymentStrategy, trafficPercent: number, health: DeploymentHealth, errorMessage: string | null, replicas: number, activatedAt: string | null, createdAt: string, updatedAt: string, rolledBackAt: string | null, supersededAt: string | null, deployedUrl: string | null, loopbackUrl: string | null, rollbackTargetId: string | null, restoresDeploymentId: string | null, rollbackReason: string | null, isActive: boolean, durationSeconds: number | null, versionId: string, events: Array<{ __typename: 'DeploymentEvent', id: string, type: string, message: string, createdAt: string }>, rollbackTarget: { __typename: 'Deployment', id: string, activatedAt: string | null, version: { __typename: 'Version', id: string, versionTag: string, versionNumber: number } | null } | null, restores: { __typename: 'Deployment', id: string, activatedAt: string | null } | null, version: { __typename: 'Version', id: string, versionTag: string, versionNumber: number, gitCommitSha: string | null } | null } };

export type DeploymentStatusQueryVariables = Exact<{
  id: string | number;
}>;


export type DeploymentStatusQuery = { deployment: { __typename: 'Deployment', id: string, status: DeploymentStatus, health: DeploymentHealth, trafficPercent: number, isActive: boolean, errorMessage: string | null, deployedUrl: string | null, updatedAt: string } };

export type DeploymentMetricsQueryVariables = Exact<{
  id: string | number;
  range: string;
}>;


export type DeploymentMetricsQuery = { deployment: { __typename: 'Deployment', id: string, metrics: { __typename: 'DeploymentMetrics', range: string, stepSeconds: number, instancesUnavailableReason: string | null, points: Array<{ __typename: 'DeploymentMetricsPoint', at: string, requestRate: number, errorRate: number, p50Ms: number | null, p95Ms: number | null, p99Ms: number | null, cpuPercent: number | null, memoryBytes: number | null }>, instances: Array<{ __typename: 'DeploymentInstanceUsage', instance: string, cpuPercent: number, memoryBytes: number }> } } };

export type DeploymentLogsQueryVariables = Exact<{
  id: string | number;
  tail: number;
}>;


export type DeploymentLogsQuery = { deployment: { __typename: 'Deployment', id: string, logs: Array<{ __typename: 'DeploymentLogLine', instance: string, stream: string, line: string, at: string | null }> } };

export type DeploymentLogLinesSubscriptionVariables = Exact<{
  id: string | number;
  tail: number;
}>;


export type DeploymentLogLinesSubscription = { deploymentLogs: { __typename: 'DeploymentLogLine', instance: string, stream: string, line: string, at: string | null } };

export type ProjectDeploymentUpdatesSubscriptionVariables = Exact<{
  projectId: string | number;
}>;


export type ProjectDeploymentUpdatesSubscription = { projectDeployments: { __typename: 'Deployment', id: string, environment: string, status: DeploymentStatus, strategy: DeploymentStrategy, trafficPercent: number, health: DeploymentHealth, errorMessage: string | null, replicas: number, activatedAt: string | null, createdAt: string, updatedAt: string, rolledBackAt: string | null, supersededAt: string | null, deployedUrl: string | null, loopbackUrl: string | null, rollbackTargetId: string | null, restoresDeploymentId: string | null, rollbackReason: string | null, isActive: boolean, durationSeconds: number | null, versionId: string, rollbackTarget: { __typename: 'Deployment', id: string, activatedAt: string | null, version: { __typename: 'Version', id: string, versionTag: string, versionNumber: number } | null } | null, restores: { __typename: 'Deployment', id: string, activatedAt: string | null } | null, version: { __typename: 'Version', id: string, versionTag: string, versionNumber: number, gitCommitSha: string | null } | null } };

export type CreateDeploymentMutationVariables = Exact<{
  projectId: string | number;
  input: CreateDeploymentInput;
}>;


export type CreateDeploymentMutation = { createDeployment: { __typename: 'Deployment', id: string, environment: string, status: DeploymentStatus, strategy: DeploymentStrategy, trafficPercent: number, health: DeploymentHealth, errorMessage: string | null, replicas: number, activatedAt: string | null, createdAt: string, updatedAt: string, rolledBackAt: string | null, supersededAt: string | null, deployedUrl: string | null, loopbackUrl: string | null, rollbackTargetId: string | null, restoresDeploymentId: string | null, rollbackReason: string | null, isActive: boolean, durationSeconds: number | null, versionId: string, rollbackTarget: { __typename: 'Deployment', id: string, activatedAt: string | null, version: { __typename: 'Version', id: string, versionTag: string, versionNumber: number } | null } | null, restores: { __typename: 'Deployment', id: string, activatedAt: string | null } | null, version: { __typename: 'Version', id: string, versionTag: string, versionNumber: number, gitCommitSha: string | null } | null } };

export type RollbackDeploymentMutationVariables = Exact<{
  id: string | number;
  input: RollbackDeploymentInput;
}>;


export type RollbackDeploymentMutation = { rollbackDeployment: { __typename: 'Deployment', id: string, environment: string, status: DeploymentStatus, strategy: DeploymentStrategy, trafficPercent: number, health: DeploymentHealth, errorMessage: string | null, replicas: number, activatedAt: string | null, createdAt: string, updatedAt: string, rolledBackAt: string | null, supersededAt: string | null, deployedUrl: string | null, loopbackUrl: string | null, rollbackTargetId: string | null, restoresDeploymentId: string | null, rollbackReason: string | null, isActive: boolean, durationSeconds: number | null, versionId: string, rollbackTarget: { __typename: 'Deployment', id: string, activatedAt: string | null, version: { __typename: 'Version', id: string, versionTag: string, versionNumber: number } | null } | null, restores: { __typename: 'Deployment', id: string, activatedAt: string | null } | null, version: { __typename: 'Version', id: string, versionTag: string, versionNumber: number, gitCommitSha: string | null } | null } };

export type ProjectActiveDeploymentQueryVariables = Exact<{
  projectId: string | number;
}>;


export type ProjectActiveDeploymentQuery = { activeDeployment: { __typename: 'Deployment', id: string, environment: string, status: DeploymentStatus, strategy: DeploymentStrategy, trafficPercent: number, health: DeploymentHealth, errorMessage: string | null, replicas: number, activatedAt: string | null, createdAt: string, updatedAt: string, rolledBackAt: string | null, supersededAt: string | null, deployedUrl: string | null, loopbackUrl: string | null, rollbackTargetId: string | null, restoresDeploymentId: string | null, rollbackReason: string | null, isActive: boolean, durationSeconds: number | null, versionId: string, rollbackTarget: { __typename: 'Deployment', id: string, activatedAt: string | null, version: { __typename: 'Version', id: string, versionTag: string, versionNumber: number } | null } | null, restores: { __typename: 'Deployment', id: string, activatedAt: string | null } | null, version: { __typename: 'Version', id: string, versionTag: string, versionNumber: number, gitCommitSha: string | null } | null } | null };

export type ExplorerExampleProjectQueryVariables = Exact<{ [key: string]: never; }>;


export type ExplorerExampleProjectQuery = { projects: { __typename: 'ProjectPage', projects: Array<{ __typename: 'Project', id: string, name: string }> } };

export type NotificationChannelRowFragment = { __typename: 'NotificationChannel', id: string, name: string, kind: NotificationChannelKind, url: string | null, email: string | null, createdAt: string };

export type NotificationRuleRowFragment = { __typename: 'NotificationRule', id: string, channelId: string, projectId: string | null, events: Array<NotificationEventKind>, createdAt: string };

export type NotificationDeliveryRowFragment = { __typename: 'NotificationDelivery', id: string, channelId: string, event: string, summary: string, status: NotificationDeliveryStatus, attempts: number, responseStatus: number | null, error: string | null, durationMs: number | null, createdAt: string, attemptedAt: string | null };

export type NotificationsQueryVariables = Exact<{ [key: string]: never; }>;


export type NotificationsQuery = { notificationChannels: Array<{ __typename: 'NotificationChannel', id: string, name: string, kind: NotificationChannelKind, url: string | null, email: string | null, createdAt: string }>, notificationRules: Array<{ __typename: 'NotificationRule', id: string, channelId: string, projectId: string | null, events: Array<NotificationEventKind>, createdAt: string }> };

export type NotificationDeliveriesQueryVariables = Exact<{ [key: string]: never; }>;


export type NotificationDeliveriesQuery = { notificationDeliveries: Array<{ __typename: 'NotificationDelivery', id: string, channelId: string, event: string, summary: string, status: NotificationDeliveryStatus, attempts: number, responseStatus: number | null, error: string | null, durationMs: number | null, createdAt: string, attemptedAt: string | null }> };

export type CreateNotificationChannelMutationVariables = Exact<{
  input: CreateNotificationChannelInput;
}>;


export type CreateNotificationChannelMutation = { createNotificationChannel: { __typename: 'CreatedNotificationChannel', secret: string | null, channel: { __typename: 'NotificationChannel', id: string, name: string, kind: NotificationChannelKind, url: string | null, email: string | null, createdAt: string } } };

export type DeleteNotificationChannelMutationVariables = Exact<{
  id: string | number;
}>;


export type DeleteNotificationChannelMutation = { deleteNotificationChannel: { __typename: 'NotificationChannel', id: string } };

export type TestNotificationChannelMutationVariables = Exact<{
  id: string | number;
}>;


export type TestNotificationChannelMutation = { testNotificationChannel: { __typename: 'NotificationDelivery', id: string, channelId: string, event: string, summary: string, status: NotificationDeliveryStatus, attempts: number, responseStatus: number | null, error: string | null, durationMs: number | null, createdAt: string, attemptedAt: string | null } };

export type CreateNotificationRuleMutationVariables = Exact<{
  input: CreateNotificationRuleInput;
}>;


export type CreateNotificationRuleMutation = { createNotificationRule: { __typename: 'NotificationRule', id: string, channelId: string, projectId: string | null, events: Array<NotificationEventKind>, createdAt: string } };

export type DeleteNotificationRuleMutationVariables = Exact<{
  id: string | number;
}>;


export type DeleteNotificationRuleMutation = { deleteNotificationRule: { __typename: 'NotificationRule', id: string } };

export type PipelineStatusFieldsFragment = { __typename: 'PipelineStatus', id: string, projectId: string | null, streamName: string, overallStatus: PipelineRunStatus, progressPercent: number, completedProcessors: number, totalProcessors: number, runningProcessors: number, lastUpdated: string, seq: number, buildVersion: { __typename: 'Version', id: string, versionTag: string, buildStatus: BuildStatus } | null, processors: Array<{ __typename: 'PipelineProcessor', processorName: string, label: string, description: string, ranOn: string | null, icon: PipelineStepIcon | null, status: PipelineStepStatus, attempts: number, startedAt: string | null, completedAt: string | null, updatedAt: string, errorMessage: string | null, substeps: Array<{ __typename: 'PipelineSubstep', name: string, status: PipelineStepStatus, description: string }> }> };

export type ProjectPipelineQueryVariables = Exact<{
  id: string | number;
}>;


export type ProjectPipelineQuery = { project: { __typename: 'Project', id: string, pipelineStatus: { __typename: 'PipelineStatus', id: string, projectId: string | null, streamName: string, overallStatus: PipelineRunStatus, progressPercent: number, completedProcessors: number, totalProcessors: number, runningProcessors: number, lastUpdated: string, seq: number, buildVersion: { __typename: 'Version', id: string, versionTag: string, buildStatus: BuildStatus } | null, processors: Array<{ __typename: 'PipelineProcessor', processorName: string, label: string, description: string, ranOn: string | null, icon: PipelineStepIcon | null, status: PipelineStepStatus, attempts: number, startedAt: string | null, completedAt: string | null, updatedAt: string, errorMessage: string | null, substeps: Array<{ __typename: 'PipelineSubstep', name: string, status: PipelineStepStatus, description: string }> }> } | null } };

export type ProjectPipelineUpdatesSubscriptionVariables = Exact<{
  projectId: string | number;
}>;


export type ProjectPipelineUpdatesSubscription = { projectPipeline: { __typename: 'PipelineStatus', id: string, projectId: string | null, streamName: string, overallStatus: PipelineRunStatus, progressPercent: number, completedProcessors: number, totalProcessors: number, runningProcessors: number, lastUpdated: string, seq: number, buildVersion: { __typename: 'Version', id: string, versionTag: string, buildStatus: BuildStatus } | null, processors: Array<{ __typename: 'PipelineProcessor', processorName: string, label: string, description: string, ranOn: string | null, icon: PipelineStepIcon | null, status: PipelineStepStatus, attempts: number, startedAt: string | null, completedAt: string | null, updatedAt: string, errorMessage: string | null, substeps: Array<{ __typename: 'PipelineSubstep', name: string, status: PipelineStepStatus, description: string }> }> } };

export type RetryProjectPipelineMutationVariables = Exact<{
  projectId: string | number;
}>;


export type RetryProjectPipelineMutation = { retryProjectPipeline: { __typename: 'PipelineStatus', id: string, projectId: string | null, streamName: string, overallStatus: PipelineRunStatus, progressPercent: number, completedProcessors: number, totalProcessors: number, runningProcessors: number, lastUpdated: string, seq: number, buildVersion: { __typename: 'Version', id: string, versionTag: string, buildStatus: BuildStatus } | null, processors: Array<{ __typename: 'PipelineProcessor', processorName: string, label: string, description: string, ranOn: string | null, icon: PipelineStepIcon | null, status: PipelineStepStatus, attempts: number, startedAt: string | null, completedAt: string | null, updatedAt: string, errorMessage: string | null, substeps: Array<{ __typename: 'PipelineSubstep', name: string, status: PipelineStepStatus, description: string }> }> } };

export type CancelProjectPipelineMutationVariables = Exact<{
  projectId: string | number;
}>;


export type CancelProjectPipelineMutation = { cancelProjectPipeline: { __typename: 'PipelineStatus', id: string, projectId: string | null, streamName: string, overallStatus: PipelineRunStatus, progressPercent: number, completedProcessors: number, totalProcessors: number, runningProcessors: number, lastUpdated: string, seq: number, buildVersion: { __typename: 'Version', id: string, versionTag: string, buildStatus: BuildStatus } | null, processors: Array<{ __typename: 'PipelineProcessor', processorName: string, label: string, description: string, ranOn: string | null, icon: PipelineStepIcon | null, status: PipelineStepStatus, attempts: number, startedAt: string | null, completedAt: string | null, updatedAt: string, errorMessage: string | null, substeps: Array<{ __typename: 'PipelineSubstep', name: string, status: PipelineStepStatus, description: string }> }> } };

export type WizardGithubOrganizationQueryVariables = Exact<{ [key: string]: never; }>;


export type WizardGithubOrganizationQuery = { settingValue: string | null, settings: Array<{ __typename: 'Setting', key: SettingKey, configured: boolean }> };

export type CreateProjectMutationVariables = Exact<{
  input: CreateProjectInput;
}>;


export type CreateProjectMutation = { createProject: { __typename: 'Project', id: string, name: string } };

export type ProjectNameRefusalQueryVariables = Exact<{
  name: string;
}>;


export type ProjectNameRefusalQuery = { projectNameRefusal: string | null };

export type DeleteProjectMutationVariables = Exact<{
  id: string | number;
}>;


export type DeleteProjectMutation = { deleteProject: boolean };

export type ProjectEnvironmentFragment = { __typename: 'Project', id: string, environmentVariables: Array<{ __typename: 'EnvironmentVariable', name: string, value: string, sensitive: boolean }> };

export type ProjectProvidersFragment = { __typename: 'ProjectProviders', sourceHost: SourceHostKind, builder: BuilderKind, registry: RegistryKind, cluster: ClusterKind, label: string };

export type ProjectDetailFragment = { __typename: 'Project', id: string, name: string, description: string, tags: Array<string>, status: ProjectStatus, version: string | null, repositoryUrl: string | null, cloneUrl: string | null, deployedUrl: string | null, templateName: string | null, createdAt: string, updatedAt: string, template: { __typename: 'Template', id: string, name: string, type: TemplateType } | null, providers: { __typename: 'ProjectProviders', sourceHost: SourceHostKind, builder: BuilderKind, registry: RegistryKind, cluster: ClusterKind, label: string }, limits: { __typename: 'ProjectLimits', memoryMb: number | null, processes: number | null, cpuPercent: number | null, diskMb: number | null }, sandbox: { __typename: 'ProjectSandbox', sandboxed: boolean, limitsEnforced: boolean, summary: string }, environmentVariables: Array<{ __typename: 'EnvironmentVariable', name: string, value: string, sensitive: boolean }> };

export type ProjectDetailQueryVariables = Exact<{
  id: string | number;
}>;


export type ProjectDetailQuery = { project: { __typename: 'Project', id: string, name: string, description: string, tags: Array<string>, status: ProjectStatus, version: string | null, repositoryUrl: string | null, cloneUrl: string | null, deployedUrl: string | null, templateName: string | null, createdAt: string, updatedAt: string, template: { __typename: 'Template', id: string, name: string, type: TemplateType } | null, providers: { __typename: 'ProjectProviders', sourceHost: SourceHostKind, builder: BuilderKind, registry: RegistryKind, cluster: ClusterKind, label: string }, limits: { __typename: 'ProjectLimits', memoryMb: number | null, processes: number | null, cpuPercent: number | null, diskMb: number | null }, sandbox: { __typename: 'ProjectSandbox', sandboxed: boolean, limitsEnforced: boolean, summary: string }, environmentVariables: Array<{ __typename: 'EnvironmentVariable', name: string, value: string, sensitive: boolean }> } };

export type ProjectCardFragment = { __typename: 'Project', id: string, name: string, description: string, status: ProjectStatus, tags: Array<string>, version: string | null, beingDeleted: boolean, createdAt: string, updatedAt: string };

export type ProjectsQueryVariables = Exact<{
  filter?: ProjectsFilterInput | null | undefined;
}>;


export type ProjectsQuery = { projects: { __typename: 'ProjectPage', page: number, limit: number, total: number, totalPages: number, projects: Array<{ __typename: 'Project', id: string, name: string, description: string, status: ProjectStatus, tags: Array<string>, version: string | null, beingDeleted: boolean, createdAt: string, updatedAt: string }> } };

export type ProjectTagsQueryVariables = Exact<{ [key: string]: never; }>;


export type ProjectTagsQuery = { projectTags: Array<string> };

export type UpdateProjectEnvironmentMutationVariables = Exact<{
  id: string | number;
  variables: Array<EnvironmentVariableInput> | EnvironmentVariableInput;
}>;


export type UpdateProjectEnvironmentMutation = { updateProjectEnvironment: { __typename: 'Project', updatedAt: string, id: string, environmentVariables: Array<{ __typename: 'EnvironmentVariable', name: string, value: string, sensitive: boolean }> } };

export type UpdateProjectMutationVariables = Exact<{
  id: string | number;
  input: UpdateProjectInput;
}>;


export type UpdateProjectMutation = { updateProject: { __typename: 'Project', id: string, name: string, description: string, tags: Array<string>, status: ProjectStatus, version: string | null, repositoryUrl: string | null, cloneUrl: string | null, deployedUrl: string | null, templateName: string | null, createdAt: string, updatedAt: string, template: { __typename: 'Template', id: string, name: string, type: TemplateType } | null, providers: { __typename: 'ProjectProviders', sourceHost: SourceHostKind, builder: BuilderKind, registry: RegistryKind, cluster: ClusterKind, label: string }, limits: { __typename: 'ProjectLimits', memoryMb: number | null, processes: number | null, cpuPercent: number | null, diskMb: number | null }, sandbox: { __typename: 'ProjectSandbox', sandboxed: boolean, limitsEnforced: boolean, summary: string }, environmentVariables: Array<{ __typename: 'EnvironmentVariable', name: string, value: string, sensitive: boolean }> } };

export type SettingFieldsFragment = { __typename: 'Setting', key: SettingKey, secret: boolean, configured: boolean, value: string | null, maskedValue: string | null, updatedAt: string | null };

export type SettingsQueryVariables = Exact<{ [key: string]: never; }>;


export type SettingsQuery = { settings: Array<{ __typename: 'Setting', key: SettingKey, secret: boolean, configured: boolean, value: string | null, maskedValue: string | null, updatedAt: string | null }> };

export type SettingValueQueryVariables = Exact<{
  key: SettingKey;
}>;


export type SettingValueQuery = { settingValue: string | null };

export type SaveSettingsMutationVariables = Exact<{
  settings: Array<SettingInput> | SettingInput;
}>;


export type SaveSettingsMutation = { saveSettings: Array<{ __typename: 'Setting', key: SettingKey, secret: boolean, configured: boolean, value: string | null, maskedValue: string | null, updatedAt: string | null }> };

export type TestConnectionMutationVariables = Exact<{
  provider: ConnectionProvider;
  settings?: Array<SettingInput> | SettingInput | null | undefined;
}>;


export type TestConnectionMutation = { testConnection: { __typename: 'ConnectionTestResult', provider: ConnectionProvider, ok: boolean, host: string, message: string } };

export type CloudEndpointFieldsFragment = { __typename: 'CloudEndpoint', key: CloudEndpointKey, label: string, url: string, defaultUrl: string, overridden: boolean };

export type CloudEndpointsQueryVariables = Exact<{ [key: string]: never; }>;


export type CloudEndpointsQuery = { cloudEndpoints: Array<{ __typename: 'CloudEndpoint', key: CloudEndpointKey, label: string, url: string, defaultUrl: string, overridden: boolean }> };

export type SaveCloudEndpointsMutationVariables = Exact<{
  endpoints: Array<CloudEndpointInput> | CloudEndpointInput;
}>;


export type SaveCloudEndpointsMutation = { saveCloudEndpoints: Array<{ __typename: 'CloudEndpoint', key: CloudEndpointKey, label: string, url: string, defaultUrl: string, overridden: boolean }> };

export type TemplateCardFragment = { __typename: 'Template', id: string, name: string, description: string, type: TemplateType, environmentVariables: Array<{ __typename: 'TemplateEnvironmentVariable', name: string, description: string, defaultValue: string, required: boolean }>, toolchains: Array<{ __typename: 'TemplateToolchain', id: string, name: string, available: boolean, installHint: string }> };

export type TemplatesQueryVariables = Exact<{ [key: string]: never; }>;


export type TemplatesQuery = { templates: Array<{ __typename: 'Template', id: string, name: string, description: string, type: TemplateType, environmentVariables: Array<{ __typename: 'TemplateEnvironmentVariable', name: string, description: string, defaultValue: string, required: boolean }>, toolchains: Array<{ __typename: 'TemplateToolchain', id: string, name: string, available: boolean, installHint: string }> }> };

export type AccessTokenRowFragment = { __typename: 'AccessToken', id: string, name: string, tokenPrefix: string, scopes: Array<TokenScope>, projectIds: Array<string> | null, createdAt: string, expiresAt: string, lastUsedAt: string | null, revokedAt: string | null, status: AccessTokenStatus };

export type AccessTokensQueryVariables = Exact<{ [key: string]: never; }>;


export type AccessTokensQuery = { accessTokens: Array<{ __typename: 'AccessToken', id: string, name: string, tokenPrefix: string, scopes: Array<TokenScope>, projectIds: Array<string> | null, createdAt: string, expiresAt: string, lastUsedAt: string | null, revokedAt: string | null, status: AccessTokenStatus }> };

export type CreateAccessTokenMutationVariables = Exact<{
  input: CreateAccessTokenInput;
}>;


export type CreateAccessTokenMutation = { createAccessToken: { __typename: 'CreatedAccessToken', token: string, accessToken: { __typename: 'AccessToken', id: string, name: string, tokenPrefix: string, scopes: Array<TokenScope>, projectIds: Array<string> | null, createdAt: string, expiresAt: string, lastUsedAt: string | null, revokedAt: string | null, status: AccessTokenStatus } } };

export type RevokeAccessTokenMutationVariables = Exact<{
  id: string | number;
}>;


export type RevokeAccessTokenMutation = { revokeAccessToken: { __typename: 'AccessToken', id: string, name: string, tokenPrefix: string, scopes: Array<TokenScope>, projectIds: Array<string> | null, createdAt: string, expiresAt: string, lastUsedAt: string | null, revokedAt: string | null, status: AccessTokenStatus } };

export type TokenProjectsQueryVariables = Exact<{ [key: string]: never; }>;


export type TokenProjectsQuery = { projects: { __typename: 'ProjectPage', projects: Array<{ __typename: 'Project', id: string, name: string }> } };

export type UserRowFragment = { __typename: 'User', id: string, name: string, email: string, role: Role, createdAt: string, disabledAt: string | null, passwordResetAt: string | null };

export type UsersQueryVariables = Exact<{ [key: string]: never; }>;


export type UsersQuery = { users: Array<{ __typename: 'User', id: string, name: string, email: string, role: Role, createdAt: string, disabledAt: string | null, passwordResetAt: string | null }> };

export type CreateUserMutationVariables = Exact<{
  input: CreateUserInput;
}>;


export type CreateUserMutation = { createUser: { __typename: 'User', id: string, name: string, email: string, role: Role, createdAt: string, disabledAt: string | null, passwordResetAt: string | null } };

export type UpdateUserMutationVariables = Exact<{
  id: string | number;
  input: UpdateUserInput;
}>;


export type UpdateUserMutation = { updateUser: { __typename: 'User', id: string, name: string, email: string, role: Role, createdAt: string, disabledAt: string | null, passwordResetAt: string | null } };

export type SetUserDisabledMutationVariables = Exact<{
  id: string | number;
  disabled: boolean;
}>;


export type SetUserDisabledMutation = { setUserDisabled: { __typename: 'User', id: string, name: string, email: string, role: Role, createdAt: string, disabledAt: string | null, passwordResetAt: string | null } };

export type DeleteUserMutationVariables = Exact<{
  id: string | number;
}>;


export type DeleteUserMutation = { deleteUser: boolean };

export type VersionCardFragment = { __typename: 'Version', id: string, versionTag: string, versionNumber: number, description: string, gitBranch: string, gitCommitSha: string | null, status: VersionStatus, buildStatus: BuildStatus, active: boolean, buildStartedAt: string | null, buildCompletedAt: string | null, buildDurationSeconds: number | null, buildLog: string, dockerImageUrl: string | null, deletionRefusal: string | null, createdAt: string, updatedAt: string, artifacts: Array<{ __typename: 'VersionArtifact', id: string, type: string }> };

export type ProjectVersionsQueryVariables = Exact<{
  projectId: string | number;
  filter?: VersionsFilterInput | null | undefined;
}>;


export type ProjectVersionsQuery = { project: { __typename: 'Project', id: string, versions: { __typename: 'VersionPage', page: number, limit: number, total: number, totalPages: number, versions: Array<{ __typename: 'Version', id: string, versionTag: string, versionNumber: number, description: string, gitBranch: string, gitCommitSha: string | null, status: VersionStatus, buildStatus: BuildStatus, active: boolean, buildStartedAt: string | null, buildCompletedAt: string | null, buildDurationSeconds: number | null, buildLog: string, dockerImageUrl: string | null, deletionRefusal: string | null, createdAt: string, updatedAt: string, artifacts: Array<{ __typename: 'VersionArtifact', id: string, type: string }> }> } } };

export type CreateVersionMutationVariables = Exact<{
  projectId: string | number;
  input: CreateVersionInput;
}>;


export type CreateVersionMutation = { createVersion: { __typename: 'Version', id: string, versionTag: string, versionNumber: number, description: string, gitBranch: string, gitCommitSha: string | null, status: VersionStatus, buildStatus: BuildStatus, active: boolean, buildStartedAt: string | null, buildCompletedAt: string | null, buildDurationSeconds: number | null, buildLog: string, dockerImageUrl: string | null, deletionRefusal: string | null, createdAt: string, updatedAt: string, artifacts: Array<{ __typename: 'VersionArtifact', id: string, type: string }> } };

export type ArchiveVersionMutationVariables = Exact<{
  id: string | number;
}>;


export type ArchiveVersionMutation = { archiveVersion: { __typename: 'Version', id: string, versionTag: string, versionNumber: number, description: string, gitBranch: string, gitCommitSha: string | null, status: VersionStatus, buildStatus: BuildStatus, active: boolean, buildStartedAt: string | null, buildCompletedAt: string | null, buildDurationSeconds: number | null, buildLog: string, dockerImageUrl: string | null, deletionRefusal: string | null, createdAt: string, updatedAt: string, artifacts: Array<{ __typename: 'VersionArtifact', id: string, type: string }> } };

export type RestoreVersionMutationVariables = Exact<{
  id: string | number;
}>;


export type RestoreVersionMutation = { restoreVersion: { __typename: 'Version', id: string, versionTag: string, versionNumber: number, description: string, gitBranch: string, gitCommitSha: string | null, status: VersionStatus, buildStatus: BuildStatus, active: boolean, buildStartedAt: string | null, buildCompletedAt: string | null, buildDurationSeconds: number | null, buildLog: string, dockerImageUrl: string | null, deletionRefusal: string | null, createdAt: string, updatedAt: string, artifacts: Array<{ __typename: 'VersionArtifact', id: string, type: string }> } };

export type DeleteVersionMutationVariables = Exact<{
  id: string | number;
}>;


export type DeleteVersionMutation = { deleteVersion: boolean };

export type VersionBuildLogSubscriptionVariables = Exact<{
  versionId: string | number;
}>;


export type VersionBuildLogSubscription = { versionBuild: { __typename: 'VersionBuild', logTail: string, version: { __typename: 'Version', id: string, versionTag: string, versionNumber: number, description: string, gitBranch: string, gitCommitSha: string | null, status: VersionStatus, buildStatus: BuildStatus, active: boolean, buildStartedAt: string | null, buildCompletedAt: string | null, buildDurationSeconds: number | null, buildLog: string, dockerImageUrl: string | null, deletionRefusal: string | null, createdAt: string, updatedAt: string, artifacts: Array<{ __typename: 'VersionArtifact', id: string, type: string }> } } };

export const AuthUserFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AuthUser"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"User"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]} as unknown as DocumentNode<AuthUserFragment, unknown>;
export const LogRowFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"LogRow"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CommandLog"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"command"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"success"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]} as unknown as DocumentNode<LogRowFragment, unknown>;
export const LogDetailFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"LogDetail"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CommandLog"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"userId"}},{"kind":"Field","name":{"kind":"Name","value":"command"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"output"}},{"kind":"Field","name":{"kind":"Name","value":"success"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]} as unknown as DocumentNode<LogDetailFragment, unknown>;
export const DeploymentCardFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DeploymentCard"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Deployment"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"environment"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"strategy"}},{"kind":"Field","name":{"kind":"Name","value":"trafficPercent"}},{"kind":"Field","name":{"kind":"Name","value":"health"}},{"kind":"Field","name":{"kind":"Name","value":"errorMessage"}},{"kind":"Field","name":{"kind":"Name","value":"replicas"}},{"kind":"Field","name":{"kind":"Name","value":"activatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"rolledBackAt"}},{"kind":"Field","name":{"kind":"Name","value":"supersededAt"}},{"kind":"Field","name":{"kind":"Name","value":"deployedUrl"}},{"kind":"Field","name":{"kind":"Name","value":"loopbackUrl"}},{"kind":"Field","name":{"kind":"Name","value":"rollbackTargetId"}},{"kind":"Field","name":{"kind":"Name","value":"rollbackTarget"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"activatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"version"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"versionTag"}},{"kind":"Field","name":{"kind":"Name","value":"versionNumber"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"restoresDeploymentId"}},{"kind":"Field","name":{"kind":"Name","value":"restores"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"activatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"rollbackReason"}},{"kind":"Field","name":{"kind":"Name","value":"isActive"}},{"kind":"Field","name":{"kind":"Name","value":"durationSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"versionId"}},{"kind":"Field","name":{"kind":"Name","value":"version"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"versionTag"}},{"kind":"Field","name":{"kind":"Name","value":"versionNumber"}},{"kind":"Field","name":{"kind":"Name","value":"gitCommitSha"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]} as unknown as DocumentNode<DeploymentCardFragment, unknown>;
export const DeploymentDetailsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DeploymentDetails"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Deployment"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DeploymentCard"}},{"kind":"Field","name":{"kind":"Name","value":"kubernetesNamespace"}},{"kind":"Field","name":{"kind":"Name","value":"kubernetesDeploymentName"}},{"kind":"Field","name":{"kind":"Name","value":"kubernetesServiceName"}},{"kind":"Field","name":{"kind":"Name","value":"events"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DeploymentCard"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Deployment"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"environment"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"strategy"}},{"kind":"Field","name":{"kind":"Name","value":"trafficPercent"}},{"kind":"Field","name":{"kind":"Name","value":"health"}},{"kind":"Field","name":{"kind":"Name","value":"errorMessage"}},{"kind":"Field","name":{"kind":"Name","value":"replicas"}},{"kind":"Field","name":{"kind":"Name","value":"activatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"rolledBackAt"}},{"kind":"Field","name":{"kind":"Name","value":"supersededAt"}},{"kind":"Field","name":{"kind":"Name","value":"deployedUrl"}},{"kind":"Field","name":{"kind":"Name","value":"loopbackUrl"}},{"kind":"Field","name":{"kind":"Name","value":"rollbackTargetId"}},{"kind":"Field","name":{"kind":"Name","value":"rollbackTarget"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"activatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"version"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"versionTag"}},{"kind":"Field","name":{"kind":"Name","value":"versionNumber"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"restoresDeploymentId"}},{"kind":"Field","name":{"kind":"Name","value":"restores"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"activatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"rollbackReason"}},{"kind":"Field","name":{"kind":"Name","value":"isActive"}},{"kind":"Field","name":{"kind":"Name","value":"durationSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"versionId"}},{"kind":"Field","name":{"kind":"Name","value":"version"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"versionTag"}},{"kind":"Field","name":{"kind":"Name","value":"versionNumber"}},{"kind":"Field","name":{"kind":"Name","value":"gitCommitSha"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]} as unknown as DocumentNode<DeploymentDetailsFragment, unknown>;
export const DeploymentLogLineFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DeploymentLogLineFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"DeploymentLogLine"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"instance"}},{"kind":"Field","name":{"kind":"Name","value":"stream"}},{"kind":"Field","name":{"kind":"Name","value":"line"}},{"kind":"Field","name":{"kind":"Name","value":"at"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]} as unknown as DocumentNode<DeploymentLogLineFieldsFragment, unknown>;
export const NotificationChannelRowFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"NotificationChannelRow"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"NotificationChannel"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]} as unknown as DocumentNode<NotificationChannelRowFragment, unknown>;
export const NotificationRuleRowFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"NotificationRuleRow"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"NotificationRule"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"channelId"}},{"kind":"Field","name":{"kind":"Name","value":"projectId"}},{"kind":"Field","name":{"kind":"Name","value":"events"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]} as unknown as DocumentNode<NotificationRuleRowFragment, unknown>;
export const NotificationDeliveryRowFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"NotificationDeliveryRow"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"NotificationDelivery"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"channelId"}},{"kind":"Field","name":{"kind":"Name","value":"event"}},{"kind":"Field","name":{"kind":"Name","value":"summary"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"attempts"}},{"kind":"Field","name":{"kind":"Name","value":"responseStatus"}},{"kind":"Field","name":{"kind":"Name","value":"error"}},{"kind":"Field","name":{"kind":"Name","value":"durationMs"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"attemptedAt"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]} as unknown as DocumentNode<NotificationDeliveryRowFragment, unknown>;
export const PipelineStatusFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PipelineStatusFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PipelineStatus"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"projectId"}},{"kind":"Field","name":{"kind":"Name","value":"streamName"}},{"kind":"Field","name":{"kind":"Name","value":"overallStatus"}},{"kind":"Field","name":{"kind":"Name","value":"progressPercent"}},{"kind":"Field","name":{"kind":"Name","value":"completedProcessors"}},{"kind":"Field","name":{"kind":"Name","value":"totalProcessors"}},{"kind":"Field","name":{"kind":"Name","value":"runningProcessors"}},{"kind":"Field","name":{"kind":"Name","value":"lastUpdated"}},{"kind":"Field","name":{"kind":"Name","value":"seq"}},{"kind":"Field","name":{"kind":"Name","value":"buildVersion"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"versionTag"}},{"kind":"Field","name":{"kind":"Name","value":"buildStatus"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"processors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"processorName"}},{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"ranOn"}},{"kind":"Field","name":{"kind":"Name","value":"icon"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"attempts"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"completedAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"errorMessage"}},{"kind":"Field","name":{"kind":"Name","value":"substeps"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]} as unknown as DocumentNode<PipelineStatusFieldsFragment, unknown>;
export const ProjectProvidersFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ProjectProviders"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ProjectProviders"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sourceHost"}},{"kind":"Field","name":{"kind":"Name","value":"builder"}},{"kind":"Field","name":{"kind":"Name","value":"registry"}},{"kind":"Field","name":{"kind":"Name","value":"cluster"}},{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]} as unknown as DocumentNode<ProjectProvidersFragment, unknown>;
export const ProjectEnvironmentFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ProjectEnvironment"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Project"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"environmentVariables"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"value"}},{"kind":"Field","name":{"kind":"Name","value":"sensitive"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]} as unknown as DocumentNode<ProjectEnvironmentFragment, unknown>;
export const ProjectDetailFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ProjectDetail"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Project"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"tags"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"repositoryUrl"}},{"kind":"Field","name":{"kind":"Name","value":"cloneUrl"}},{"kind":"Field","name":{"kind":"Name","value":"deployedUrl"}},{"kind":"Field","name":{"kind":"Name","value":"templateName"}},{"kind":"Field","name":{"kind":"Name","value":"template"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"providers"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ProjectProviders"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"limits"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"memoryMb"}},{"kind":"Field","name":{"kind":"Name","value":"processes"}},{"kind":"Field","name":{"kind":"Name","value":"cpuPercent"}},{"kind":"Field","name":{"kind":"Name","value":"diskMb"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"sandbox"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sandboxed"}},{"kind":"Field","name":{"kind":"Name","value":"limitsEnforced"}},{"kind":"Field","name":{"kind":"Name","value":"summary"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"ProjectEnvironment"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ProjectProviders"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ProjectProviders"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sourceHost"}},{"kind":"Field","name":{"kind":"Name","value":"builder"}},{"kind":"Field","name":{"kind":"Name","value":"registry"}},{"kind":"Field","name":{"kind":"Name","value":"cluster"}},{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ProjectEnvironment"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Project"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"environmentVariables"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"value"}},{"kind":"Field","name":{"kind":"Name","value":"sensitive"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]} as unknown as DocumentNode<ProjectDetailFragment, unknown>;
export const ProjectCardFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ProjectCard"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Project"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"tags"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"beingDeleted"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]} as unknown as DocumentNode<ProjectCardFragment, unknown>;
export const SettingFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"SettingFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Setting"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"secret"}},{"kind":"Field","name":{"kind":"Name","value":"configured"}},{"kind":"Field","name":{"kind":"Name","value":"value"}},{"kind":"Field","name":{"kind":"Name","value":"maskedValue"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]} as unknown as DocumentNode<SettingFieldsFragment, unknown>;
export const CloudEndpointFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CloudEndpointFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CloudEndpoint"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"defaultUrl"}},{"kind":"Field","name":{"kind":"Name","value":"overridden"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]} as unknown as DocumentNode<CloudEndpointFieldsFragment, unknown>;
export const TemplateCardFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"TemplateCard"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Template"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"environmentVariables"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"defaultValue"}},{"kind":"Field","name":{"kind":"Name","value":"required"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"toolchains"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"available"}},{"kind":"Field","name":{"kind":"Name","value":"installHint"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]} as unknown as DocumentNode<TemplateCardFragment, unknown>;
export const AccessTokenRowFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AccessTokenRow"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AccessToken"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"tokenPrefix"}},{"kind":"Field","name":{"kind":"Name","value":"scopes"}},{"kind":"Field","name":{"kind":"Name","value":"projectIds"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastUsedAt"}},{"kind":"Field","name":{"kind":"Name","value":"revokedAt"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]} as unknown as DocumentNode<AccessTokenRowFragment, unknown>;
export const UserRowFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"UserRow"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"User"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"disabledAt"}},{"kind":"Field","name":{"kind":"Name","value":"passwordResetAt"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]} as unknown as DocumentNode<UserRowFragment, unknown>;
export const VersionCardFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"VersionCard"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Version"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"versionTag"}},{"kind":"Field","name":{"kind":"Name","value":"versionNumber"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"gitBranch"}},{"kind":"Field","name":{"kind":"Name","value":"gitCommitSha"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"buildStatus"}},{"kind":"Field","name":{"kind":"Name","value":"active"}},{"kind":"Field","name":{"kind":"Name","value":"buildStartedAt"}},{"kind":"Field","name":{"kind":"Name","value":"buildCompletedAt"}},{"kind":"Field","name":{"kind":"Name","value":"buildDurationSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"buildLog"}},{"kind":"Field","name":{"kind":"Name","value":"dockerImageUrl"}},{"kind":"Field","name":{"kind":"Name","value":"artifacts"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"deletionRefusal"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]} as unknown as DocumentNode<VersionCardFragment, unknown>;
export const MeDocument = {"__meta__":{"hash":"sha256:afb3a7cdea73d0fc03b3860810e441422bd2597ea0180086759e0f406be27ff3"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Me"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"me"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AuthUser"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AuthUser"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"User"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]} as unknown as DocumentNode<MeQuery, MeQueryVariables>;
export const LoginDocument = {"__meta__":{"hash":"sha256:0ee1cf6ec7e7d493739b0159e91b8f86e9c2ca0c91bbcae8ce6bd6b69f355882"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"Login"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"LoginInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"login"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"token"}},{"kind":"Field","name":{"kind":"Name","value":"user"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AuthUser"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AuthUser"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"User"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]} as unknown as DocumentNode<LoginMutation, LoginMutationVariables>;
export const RegisterDocument = {"__meta__":{"hash":"sha256:81839d0a0573ccb2398a7a07607ad07d86d417240ea2d72f5b59bdc5ee6d4251"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"Register"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"RegisterInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"register"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"token"}},{"kind":"Field","name":{"kind":"Name","value":"user"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AuthUser"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AuthUser"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"User"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]} as unknown as DocumentNode<RegisterMutation, RegisterMutationVariables>;
export const LogoutDocument = {"__meta__":{"hash":"sha256:cb1d14c1cc99a25294cfa4376de2402364cb32e6c038a11fb36cf0ebb3a5ce91"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"Logout"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"logout"}}]}}]} as unknown as DocumentNode<LogoutMutation, LogoutMutationVariables>;
export const CommandLogsDocument = {"__meta__":{"hash":"sha256:c908c977d22b162547dc5b5675bc133ec5859c154a0233d2f98503b5d9f855eb"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"CommandLogs"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"CommandLogFilter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"commandLogs"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"logs"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"LogRow"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"page"}},{"kind":"Field","name":{"kind":"Name","value":"totalPages"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"LogRow"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CommandLog"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"command"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"success"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]} as unknown as DocumentNode<CommandLogsQuery, CommandLogsQueryVariables>;
export const CommandLogDocument = {"__meta__":{"hash":"sha256:0650af5f164a217958b1ee923972576d04b34188341f371ea77f8c0c7bec6807"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"CommandLog"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"commandLog"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"LogDetail"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"LogDetail"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CommandLog"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"userId"}},{"kind":"Field","name":{"kind":"Name","value":"command"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"output"}},{"kind":"Field","name":{"kind":"Name","value":"success"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]} as unknown as DocumentNode<CommandLogQuery, CommandLogQueryVariables>;
export const ExecuteCommandDocument = {"__meta__":{"hash":"sha256:f55b98f901f8e2f9e960cc937062c87884afd138c69e23a08004789c470266fa"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ExecuteCommand"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"command"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"executeCommand"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"command"},"value":{"kind":"Variable","name":{"kind":"Name","value":"command"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"output"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]}}]} as unknown as DocumentNode<ExecuteCommandMutation, ExecuteCommandMutationVariables>;
export const CommandSuggestionsDocument = {"__meta__":{"hash":"sha256:07be0a517d302eba28ae5cb6b48fead25b795797200915a7e17ff3b85399efd1"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"CommandSuggestions"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"search"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"commandSuggestions"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"search"},"value":{"kind":"Variable","name":{"kind":"Name","value":"search"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"command"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"parameters"}},{"kind":"Field","name":{"kind":"Name","value":"category"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]}}]} as unknown as DocumentNode<CommandSuggestionsQuery, CommandSuggestionsQueryVariables>;
export const ProjectDeploymentsDocument = {"__meta__":{"hash":"sha256:94e3e99e3c8e0aa07ffb1dd78771c6ca3bf29c6e3c87443046380b40f96e1b69"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ProjectDeployments"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"projectId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"DeploymentsFilterInput"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"project"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"projectId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"deployments"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"page"}},{"kind":"Field","name":{"kind":"Name","value":"limit"}},{"kind":"Field","name":{"kind":"Name","value":"count"}},{"kind":"Field","name":{"kind":"Name","value":"totalPages"}},{"kind":"Field","name":{"kind":"Name","value":"deployments"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DeploymentCard"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DeploymentCard"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Deployment"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"environment"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"strategy"}},{"kind":"Field","name":{"kind":"Name","value":"trafficPercent"}},{"kind":"Field","name":{"kind":"Name","value":"health"}},{"kind":"Field","name":{"kind":"Name","value":"errorMessage"}},{"kind":"Field","name":{"kind":"Name","value":"replicas"}},{"kind":"Field","name":{"kind":"Name","value":"activatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"rolledBackAt"}},{"kind":"Field","name":{"kind":"Name","value":"supersededAt"}},{"kind":"Field","name":{"kind":"Name","value":"deployedUrl"}},{"kind":"Field","name":{"kind":"Name","value":"loopbackUrl"}},{"kind":"Field","name":{"kind":"Name","value":"rollbackTargetId"}},{"kind":"Field","name":{"kind":"Name","value":"rollbackTarget"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"activatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"version"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"versionTag"}},{"kind":"Field","name":{"kind":"Name","value":"versionNumber"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"restoresDeploymentId"}},{"kind":"Field","name":{"kind":"Name","value":"restores"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"activatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"rollbackReason"}},{"kind":"Field","name":{"kind":"Name","value":"isActive"}},{"kind":"Field","name":{"kind":"Name","value":"durationSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"versionId"}},{"kind":"Field","name":{"kind":"Name","value":"version"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"versionTag"}},{"kind":"Field","name":{"kind":"Name","value":"versionNumber"}},{"kind":"Field","name":{"kind":"Name","value":"gitCommitSha"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]} as unknown as DocumentNode<ProjectDeploymentsQuery, ProjectDeploymentsQueryVariables>;
export const DeploymentDetailsDocument = {"__meta__":{"hash":"sha256:a2eb8781b9cf3ceb5d537210178954618d0da59295f9049be7a59e5b3ba9c794"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"DeploymentDetails"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deployment"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DeploymentDetails"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DeploymentCard"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Deployment"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"environment"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"strategy"}},{"kind":"Field","name":{"kind":"Name","value":"trafficPercent"}},{"kind":"Field","name":{"kind":"Name","value":"health"}},{"kind":"Field","name":{"kind":"Name","value":"errorMessage"}},{"kind":"Field","name":{"kind":"Name","value":"replicas"}},{"kind":"Field","name":{"kind":"Name","value":"activatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"rolledBackAt"}},{"kind":"Field","name":{"kind":"Name","value":"supersededAt"}},{"kind":"Field","name":{"kind":"Name","value":"deployedUrl"}},{"kind":"Field","name":{"kind":"Name","value":"loopbackUrl"}},{"kind":"Field","name":{"kind":"Name","value":"rollbackTargetId"}},{"kind":"Field","name":{"kind":"Name","value":"rollbackTarget"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"activatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"version"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"versionTag"}},{"kind":"Field","name":{"kind":"Name","value":"versionNumber"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"restoresDeploymentId"}},{"kind":"Field","name":{"kind":"Name","value":"restores"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"activatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"rollbackReason"}},{"kind":"Field","name":{"kind":"Name","value":"isActive"}},{"kind":"Field","name":{"kind":"Name","value":"durationSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"versionId"}},{"kind":"Field","name":{"kind":"Name","value":"version"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"versionTag"}},{"kind":"Field","name":{"kind":"Name","value":"versionNumber"}},{"kind":"Field","name":{"kind":"Name","value":"gitCommitSha"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DeploymentDetails"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Deployment"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DeploymentCard"}},{"kind":"Field","name":{"kind":"Name","value":"kubernetesNamespace"}},{"kind":"Field","name":{"kind":"Name","value":"kubernetesDeploymentName"}},{"kind":"Field","name":{"kind":"Name","value":"kubernetesServiceName"}},{"kind":"Field","name":{"kind":"Name","value":"events"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]} as unknown as DocumentNode<DeploymentDetailsQuery, DeploymentDetailsQueryVariables>;
export const DeploymentStatusDocument = {"__meta__":{"hash":"sha256:60ce7f15d905bc1a4c89aee82675aca69628921427c5a133d8452182fc290278"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"DeploymentStatus"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deployment"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"health"}},{"kind":"Field","name":{"kind":"Name","value":"trafficPercent"}},{"kind":"Field","name":{"kind":"Name","value":"isActive"}},{"kind":"Field","name":{"kind":"Name","value":"errorMessage"}},{"kind":"Field","name":{"kind":"Name","value":"deployedUrl"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]}}]} as unknown as DocumentNode<DeploymentStatusQuery, DeploymentStatusQueryVariables>;
export const DeploymentMetricsDocument = {"__meta__":{"hash":"sha256:e50e2a9304260fd89f842598204da02420d37d0454fb9dcf527905ee89a072ec"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"DeploymentMetrics"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"range"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deployment"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"metrics"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"range"},"value":{"kind":"Variable","name":{"kind":"Name","value":"range"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"range"}},{"kind":"Field","name":{"kind":"Name","value":"stepSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"points"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"at"}},{"kind":"Field","name":{"kind":"Name","value":"requestRate"}},{"kind":"Field","name":{"kind":"Name","value":"errorRate"}},{"kind":"Field","name":{"kind":"Name","value":"p50Ms"}},{"kind":"Field","name":{"kind":"Name","value":"p95Ms"}},{"kind":"Field","name":{"kind":"Name","value":"p99Ms"}},{"kind":"Field","name":{"kind":"Name","value":"cpuPercent"}},{"kind":"Field","name":{"kind":"Name","value":"memoryBytes"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"instances"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"instance"}},{"kind":"Field","name":{"kind":"Name","value":"cpuPercent"}},{"kind":"Field","name":{"kind":"Name","value":"memoryBytes"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"instancesUnavailableReason"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]}}]} as unknown as DocumentNode<DeploymentMetricsQuery, DeploymentMetricsQueryVariables>;
export const DeploymentLogsDocument = {"__meta__":{"hash":"sha256:4c8f529844f34c659f42f2e0ce523f170e2e775d5db34ddf93232d0cc3328a42"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"DeploymentLogs"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"tail"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deployment"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"logs"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"tail"},"value":{"kind":"Variable","name":{"kind":"Name","value":"tail"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DeploymentLogLineFields"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DeploymentLogLineFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"DeploymentLogLine"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"instance"}},{"kind":"Field","name":{"kind":"Name","value":"stream"}},{"kind":"Field","name":{"kind":"Name","value":"line"}},{"kind":"Field","name":{"kind":"Name","value":"at"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]} as unknown as DocumentNode<DeploymentLogsQuery, DeploymentLogsQueryVariables>;
export const DeploymentLogLinesDocument = {"__meta__":{"hash":"sha256:2d9557493e07d35865cdbc78de4fa78bf611f208030be6f88ff2953b4d0acc5d"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"DeploymentLogLines"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"tail"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deploymentLogs"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"tail"},"value":{"kind":"Variable","name":{"kind":"Name","value":"tail"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DeploymentLogLineFields"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DeploymentLogLineFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"DeploymentLogLine"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"instance"}},{"kind":"Field","name":{"kind":"Name","value":"stream"}},{"kind":"Field","name":{"kind":"Name","value":"line"}},{"kind":"Field","name":{"kind":"Name","value":"at"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]} as unknown as DocumentNode<DeploymentLogLinesSubscription, DeploymentLogLinesSubscriptionVariables>;
export const ProjectDeploymentUpdatesDocument = {"__meta__":{"hash":"sha256:5c2a05c3921615c59344e503aad997a98bc8ab4082d254629cbda71f5ce8b922"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"ProjectDeploymentUpdates"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"projectId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"projectDeployments"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"projectId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"projectId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DeploymentCard"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DeploymentCard"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Deployment"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"environment"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"strategy"}},{"kind":"Field","name":{"kind":"Name","value":"trafficPercent"}},{"kind":"Field","name":{"kind":"Name","value":"health"}},{"kind":"Field","name":{"kind":"Name","value":"errorMessage"}},{"kind":"Field","name":{"kind":"Name","value":"replicas"}},{"kind":"Field","name":{"kind":"Name","value":"activatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"rolledBackAt"}},{"kind":"Field","name":{"kind":"Name","value":"supersededAt"}},{"kind":"Field","name":{"kind":"Name","value":"deployedUrl"}},{"kind":"Field","name":{"kind":"Name","value":"loopbackUrl"}},{"kind":"Field","name":{"kind":"Name","value":"rollbackTargetId"}},{"kind":"Field","name":{"kind":"Name","value":"rollbackTarget"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"activatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"version"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"versionTag"}},{"kind":"Field","name":{"kind":"Name","value":"versionNumber"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"restoresDeploymentId"}},{"kind":"Field","name":{"kind":"Name","value":"restores"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"activatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"rollbackReason"}},{"kind":"Field","name":{"kind":"Name","value":"isActive"}},{"kind":"Field","name":{"kind":"Name","value":"durationSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"versionId"}},{"kind":"Field","name":{"kind":"Name","value":"version"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"versionTag"}},{"kind":"Field","name":{"kind":"Name","value":"versionNumber"}},{"kind":"Field","name":{"kind":"Name","value":"gitCommitSha"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]} as unknown as DocumentNode<ProjectDeploymentUpdatesSubscription, ProjectDeploymentUpdatesSubscriptionVariables>;
export const CreateDeploymentDocument = {"__meta__":{"hash":"sha256:88e1f6b1d9608fb6e22e051bada27a3398d20f9384e4d3fd20a37e736790c887"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateDeployment"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"projectId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateDeploymentInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createDeployment"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"projectId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"projectId"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DeploymentCard"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DeploymentCard"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Deployment"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"environment"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"strategy"}},{"kind":"Field","name":{"kind":"Name","value":"trafficPercent"}},{"kind":"Field","name":{"kind":"Name","value":"health"}},{"kind":"Field","name":{"kind":"Name","value":"errorMessage"}},{"kind":"Field","name":{"kind":"Name","value":"replicas"}},{"kind":"Field","name":{"kind":"Name","value":"activatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"rolledBackAt"}},{"kind":"Field","name":{"kind":"Name","value":"supersededAt"}},{"kind":"Field","name":{"kind":"Name","value":"deployedUrl"}},{"kind":"Field","name":{"kind":"Name","value":"loopbackUrl"}},{"kind":"Field","name":{"kind":"Name","value":"rollbackTargetId"}},{"kind":"Field","name":{"kind":"Name","value":"rollbackTarget"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"activatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"version"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"versionTag"}},{"kind":"Field","name":{"kind":"Name","value":"versionNumber"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"restoresDeploymentId"}},{"kind":"Field","name":{"kind":"Name","value":"restores"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"activatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"rollbackReason"}},{"kind":"Field","name":{"kind":"Name","value":"isActive"}},{"kind":"Field","name":{"kind":"Name","value":"durationSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"versionId"}},{"kind":"Field","name":{"kind":"Name","value":"version"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"versionTag"}},{"kind":"Field","name":{"kind":"Name","value":"versionNumber"}},{"kind":"Field","name":{"kind":"Name","value":"gitCommitSha"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]} as unknown as DocumentNode<CreateDeploymentMutation, CreateDeploymentMutationVariables>;
export const RollbackDeploymentDocument = {"__meta__":{"hash":"sha256:27a2e56b7dbede4ae9f688a5bc626672c61d10723be981f855d13747c1d5d5c0"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RollbackDeployment"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"RollbackDeploymentInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rollbackDeployment"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DeploymentCard"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DeploymentCard"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Deployment"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"environment"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"strategy"}},{"kind":"Field","name":{"kind":"Name","value":"trafficPercent"}},{"kind":"Field","name":{"kind":"Name","value":"health"}},{"kind":"Field","name":{"kind":"Name","value":"errorMessage"}},{"kind":"Field","name":{"kind":"Name","value":"replicas"}},{"kind":"Field","name":{"kind":"Name","value":"activatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"rolledBackAt"}},{"kind":"Field","name":{"kind":"Name","value":"supersededAt"}},{"kind":"Field","name":{"kind":"Name","value":"deployedUrl"}},{"kind":"Field","name":{"kind":"Name","value":"loopbackUrl"}},{"kind":"Field","name":{"kind":"Name","value":"rollbackTargetId"}},{"kind":"Field","name":{"kind":"Name","value":"rollbackTarget"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"activatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"version"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"versionTag"}},{"kind":"Field","name":{"kind":"Name","value":"versionNumber"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"restoresDeploymentId"}},{"kind":"Field","name":{"kind":"Name","value":"restores"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"activatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"rollbackReason"}},{"kind":"Field","name":{"kind":"Name","value":"isActive"}},{"kind":"Field","name":{"kind":"Name","value":"durationSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"versionId"}},{"kind":"Field","name":{"kind":"Name","value":"version"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"versionTag"}},{"kind":"Field","name":{"kind":"Name","value":"versionNumber"}},{"kind":"Field","name":{"kind":"Name","value":"gitCommitSha"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]} as unknown as DocumentNode<RollbackDeploymentMutation, RollbackDeploymentMutationVariables>;
export const ProjectActiveDeploymentDocument = {"__meta__":{"hash":"sha256:5ea02f7cc427871c98e02fec4757bd0460925b1362348bafa92124c69e8a2a05"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ProjectActiveDeployment"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"projectId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"activeDeployment"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"projectId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"projectId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DeploymentCard"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DeploymentCard"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Deployment"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"environment"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"strategy"}},{"kind":"Field","name":{"kind":"Name","value":"trafficPercent"}},{"kind":"Field","name":{"kind":"Name","value":"health"}},{"kind":"Field","name":{"kind":"Name","value":"errorMessage"}},{"kind":"Field","name":{"kind":"Name","value":"replicas"}},{"kind":"Field","name":{"kind":"Name","value":"activatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"rolledBackAt"}},{"kind":"Field","name":{"kind":"Name","value":"supersededAt"}},{"kind":"Field","name":{"kind":"Name","value":"deployedUrl"}},{"kind":"Field","name":{"kind":"Name","value":"loopbackUrl"}},{"kind":"Field","name":{"kind":"Name","value":"rollbackTargetId"}},{"kind":"Field","name":{"kind":"Name","value":"rollbackTarget"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"activatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"version"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"versionTag"}},{"kind":"Field","name":{"kind":"Name","value":"versionNumber"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"restoresDeploymentId"}},{"kind":"Field","name":{"kind":"Name","value":"restores"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"activatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"rollbackReason"}},{"kind":"Field","name":{"kind":"Name","value":"isActive"}},{"kind":"Field","name":{"kind":"Name","value":"durationSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"versionId"}},{"kind":"Field","name":{"kind":"Name","value":"version"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"versionTag"}},{"kind":"Field","name":{"kind":"Name","value":"versionNumber"}},{"kind":"Field","name":{"kind":"Name","value":"gitCommitSha"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]} as unknown as DocumentNode<ProjectActiveDeploymentQuery, ProjectActiveDeploymentQueryVariables>;
export const ExplorerExampleProjectDocument = {"__meta__":{"hash":"sha256:0df5cb66d5e50163a260d23f62f233525f37696bf7c70c017d48fb4b3c819381"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ExplorerExampleProject"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"projects"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"page"},"value":{"kind":"IntValue","value":"1"}},{"kind":"ObjectField","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"1"}},{"kind":"ObjectField","name":{"kind":"Name","value":"sortBy"},"value":{"kind":"EnumValue","value":"updated_at"}},{"kind":"ObjectField","name":{"kind":"Name","value":"sortOrder"},"value":{"kind":"EnumValue","value":"DESC"}}]}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"projects"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]}}]} as unknown as DocumentNode<ExplorerExampleProjectQuery, ExplorerExampleProjectQueryVariables>;
export const NotificationsDocument = {"__meta__":{"hash":"sha256:334411e864f81e7769d3854246c5b882e3da769bd262813b507ef128f04e772f"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Notifications"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"notificationChannels"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"NotificationChannelRow"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"notificationRules"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"NotificationRuleRow"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"NotificationChannelRow"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"NotificationChannel"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"NotificationRuleRow"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"NotificationRule"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"channelId"}},{"kind":"Field","name":{"kind":"Name","value":"projectId"}},{"kind":"Field","name":{"kind":"Name","value":"events"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]} as unknown as DocumentNode<NotificationsQuery, NotificationsQueryVariables>;
export const NotificationDeliveriesDocument = {"__meta__":{"hash":"sha256:6d6cff2a9066aa118f65dda6736f5b4e93c7bacef82e20d19ded6573dd89c261"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"NotificationDeliveries"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"notificationDeliveries"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"20"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"NotificationDeliveryRow"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"NotificationDeliveryRow"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"NotificationDelivery"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"channelId"}},{"kind":"Field","name":{"kind":"Name","value":"event"}},{"kind":"Field","name":{"kind":"Name","value":"summary"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"attempts"}},{"kind":"Field","name":{"kind":"Name","value":"responseStatus"}},{"kind":"Field","name":{"kind":"Name","value":"error"}},{"kind":"Field","name":{"kind":"Name","value":"durationMs"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"attemptedAt"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]} as unknown as DocumentNode<NotificationDeliveriesQuery, NotificationDeliveriesQueryVariables>;
export const CreateNotificationChannelDocument = {"__meta__":{"hash":"sha256:7b656595049ba4ce89865de02af205a275b316928187d59f54ff96bb22b8771f"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateNotificationChannel"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateNotificationChannelInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createNotificationChannel"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"secret"}},{"kind":"Field","name":{"kind":"Name","value":"channel"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"NotificationChannelRow"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"NotificationChannelRow"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"NotificationChannel"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]} as unknown as DocumentNode<CreateNotificationChannelMutation, CreateNotificationChannelMutationVariables>;
export const DeleteNotificationChannelDocument = {"__meta__":{"hash":"sha256:6bfc2de12a6f448545d357c150cb82d1c21bc61e9437e6525287576539374b14"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DeleteNotificationChannel"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteNotificationChannel"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]}}]} as unknown as DocumentNode<DeleteNotificationChannelMutation, DeleteNotificationChannelMutationVariables>;
export const TestNotificationChannelDocument = {"__meta__":{"hash":"sha256:c2a7b460185137d09e44126c6c0ad57d45bc304661aeee131b182ba351757062"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"TestNotificationChannel"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"testNotificationChannel"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"NotificationDeliveryRow"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"NotificationDeliveryRow"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"NotificationDelivery"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"channelId"}},{"kind":"Field","name":{"kind":"Name","value":"event"}},{"kind":"Field","name":{"kind":"Name","value":"summary"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"attempts"}},{"kind":"Field","name":{"kind":"Name","value":"responseStatus"}},{"kind":"Field","name":{"kind":"Name","value":"error"}},{"kind":"Field","name":{"kind":"Name","value":"durationMs"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"attemptedAt"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]} as unknown as DocumentNode<TestNotificationChannelMutation, TestNotificationChannelMutationVariables>;
export const CreateNotificationRuleDocument = {"__meta__":{"hash":"sha256:cb37da7523f062b4fb3f922c8fdf8525f3c1e46b7dd52eb8c8ce953c74e04666"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateNotificationRule"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateNotificationRuleInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createNotificationRule"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"NotificationRuleRow"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"NotificationRuleRow"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"NotificationRule"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"channelId"}},{"kind":"Field","name":{"kind":"Name","value":"projectId"}},{"kind":"Field","name":{"kind":"Name","value":"events"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]} as unknown as DocumentNode<CreateNotificationRuleMutation, CreateNotificationRuleMutationVariables>;
export const DeleteNotificationRuleDocument = {"__meta__":{"hash":"sha256:b4321293bc47a7823d5a23c2df8bd4f14b674071c093ee9f293e596f936ed340"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DeleteNotificationRule"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteNotificationRule"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]}}]} as unknown as DocumentNode<DeleteNotificationRuleMutation, DeleteNotificationRuleMutationVariables>;
export const ProjectPipelineDocument = {"__meta__":{"hash":"sha256:8fc4af138df2bc9135b64a62ee454ae1ac3ad411bda65c0c875315fd8c69cfa0"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ProjectPipeline"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"project"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"pipelineStatus"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"PipelineStatusFields"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PipelineStatusFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PipelineStatus"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"projectId"}},{"kind":"Field","name":{"kind":"Name","value":"streamName"}},{"kind":"Field","name":{"kind":"Name","value":"overallStatus"}},{"kind":"Field","name":{"kind":"Name","value":"progressPercent"}},{"kind":"Field","name":{"kind":"Name","value":"completedProcessors"}},{"kind":"Field","name":{"kind":"Name","value":"totalProcessors"}},{"kind":"Field","name":{"kind":"Name","value":"runningProcessors"}},{"kind":"Field","name":{"kind":"Name","value":"lastUpdated"}},{"kind":"Field","name":{"kind":"Name","value":"seq"}},{"kind":"Field","name":{"kind":"Name","value":"buildVersion"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"versionTag"}},{"kind":"Field","name":{"kind":"Name","value":"buildStatus"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"processors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"processorName"}},{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"ranOn"}},{"kind":"Field","name":{"kind":"Name","value":"icon"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"attempts"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"completedAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"errorMessage"}},{"kind":"Field","name":{"kind":"Name","value":"substeps"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]} as unknown as DocumentNode<ProjectPipelineQuery, ProjectPipelineQueryVariables>;
export const ProjectPipelineUpdatesDocument = {"__meta__":{"hash":"sha256:7f3847f8f10273a59ba67f2650abdfd622e1a7f0f1da237ee6d3d9bc29347e7a"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"ProjectPipelineUpdates"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"projectId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"projectPipeline"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"projectId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"projectId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"PipelineStatusFields"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PipelineStatusFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PipelineStatus"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"projectId"}},{"kind":"Field","name":{"kind":"Name","value":"streamName"}},{"kind":"Field","name":{"kind":"Name","value":"overallStatus"}},{"kind":"Field","name":{"kind":"Name","value":"progressPercent"}},{"kind":"Field","name":{"kind":"Name","value":"completedProcessors"}},{"kind":"Field","name":{"kind":"Name","value":"totalProcessors"}},{"kind":"Field","name":{"kind":"Name","value":"runningProcessors"}},{"kind":"Field","name":{"kind":"Name","value":"lastUpdated"}},{"kind":"Field","name":{"kind":"Name","value":"seq"}},{"kind":"Field","name":{"kind":"Name","value":"buildVersion"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"versionTag"}},{"kind":"Field","name":{"kind":"Name","value":"buildStatus"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"processors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"processorName"}},{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"ranOn"}},{"kind":"Field","name":{"kind":"Name","value":"icon"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"attempts"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"completedAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"errorMessage"}},{"kind":"Field","name":{"kind":"Name","value":"substeps"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]} as unknown as DocumentNode<ProjectPipelineUpdatesSubscription, ProjectPipelineUpdatesSubscriptionVariables>;
export const RetryProjectPipelineDocument = {"__meta__":{"hash":"sha256:a2b7c998826955a446ed0ae413a1dea3ba193228f7bcd1887c66b98cd2fa9d25"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RetryProjectPipeline"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"projectId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"retryProjectPipeline"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"projectId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"projectId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"PipelineStatusFields"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PipelineStatusFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PipelineStatus"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"projectId"}},{"kind":"Field","name":{"kind":"Name","value":"streamName"}},{"kind":"Field","name":{"kind":"Name","value":"overallStatus"}},{"kind":"Field","name":{"kind":"Name","value":"progressPercent"}},{"kind":"Field","name":{"kind":"Name","value":"completedProcessors"}},{"kind":"Field","name":{"kind":"Name","value":"totalProcessors"}},{"kind":"Field","name":{"kind":"Name","value":"runningProcessors"}},{"kind":"Field","name":{"kind":"Name","value":"lastUpdated"}},{"kind":"Field","name":{"kind":"Name","value":"seq"}},{"kind":"Field","name":{"kind":"Name","value":"buildVersion"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"versionTag"}},{"kind":"Field","name":{"kind":"Name","value":"buildStatus"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"processors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"processorName"}},{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"ranOn"}},{"kind":"Field","name":{"kind":"Name","value":"icon"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"attempts"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"completedAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"errorMessage"}},{"kind":"Field","name":{"kind":"Name","value":"substeps"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]} as unknown as DocumentNode<RetryProjectPipelineMutation, RetryProjectPipelineMutationVariables>;
export const CancelProjectPipelineDocument = {"__meta__":{"hash":"sha256:3dfe1ce05e4285e67bff6bed40464f9cb1efcbc66b8a5a3b963a646aef131416"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CancelProjectPipeline"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"projectId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cancelProjectPipeline"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"projectId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"projectId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"PipelineStatusFields"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PipelineStatusFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PipelineStatus"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"projectId"}},{"kind":"Field","name":{"kind":"Name","value":"streamName"}},{"kind":"Field","name":{"kind":"Name","value":"overallStatus"}},{"kind":"Field","name":{"kind":"Name","value":"progressPercent"}},{"kind":"Field","name":{"kind":"Name","value":"completedProcessors"}},{"kind":"Field","name":{"kind":"Name","value":"totalProcessors"}},{"kind":"Field","name":{"kind":"Name","value":"runningProcessors"}},{"kind":"Field","name":{"kind":"Name","value":"lastUpdated"}},{"kind":"Field","name":{"kind":"Name","value":"seq"}},{"kind":"Field","name":{"kind":"Name","value":"buildVersion"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"versionTag"}},{"kind":"Field","name":{"kind":"Name","value":"buildStatus"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"processors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"processorName"}},{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"ranOn"}},{"kind":"Field","name":{"kind":"Name","value":"icon"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"attempts"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"completedAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"errorMessage"}},{"kind":"Field","name":{"kind":"Name","value":"substeps"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]} as unknown as DocumentNode<CancelProjectPipelineMutation, CancelProjectPipelineMutationVariables>;
export const WizardGithubOrganizationDocument = {"__meta__":{"hash":"sha256:f639023d629a81d6689aec3aea3afe485a28b833a7d493f979a181d5f763c007"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"WizardGithubOrganization"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"settingValue"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"key"},"value":{"kind":"EnumValue","value":"GITHUB_ORGANIZATION"}}]},{"kind":"Field","name":{"kind":"Name","value":"settings"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"configured"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]}}]} as unknown as DocumentNode<WizardGithubOrganizationQuery, WizardGithubOrganizationQueryVariables>;
export const CreateProjectDocument = {"__meta__":{"hash":"sha256:27cf3b44a9de42a154f4b6177838d9ac6b61445b2ec5cfe01e37094dc1ed8f01"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateProject"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateProjectInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createProject"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]}}]} as unknown as DocumentNode<CreateProjectMutation, CreateProjectMutationVariables>;
export const ProjectNameRefusalDocument = {"__meta__":{"hash":"sha256:6b73ece5a621065f4d5aa24a6013bb9bfee232a907f829de9d650da82441842c"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ProjectNameRefusal"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"name"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"projectNameRefusal"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"name"},"value":{"kind":"Variable","name":{"kind":"Name","value":"name"}}}]}]}}]} as unknown as DocumentNode<ProjectNameRefusalQuery, ProjectNameRefusalQueryVariables>;
export const DeleteProjectDocument = {"__meta__":{"hash":"sha256:2192fbb8d9514480de11b93adeb4569a7360fd8335fda87bf36782f5400cb985"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DeleteProject"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteProject"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}]}]}}]} as unknown as DocumentNode<DeleteProjectMutation, DeleteProjectMutationVariables>;
export const ProjectDetailDocument = {"__meta__":{"hash":"sha256:3d20f4e542187d1b7af5079391d2ba5f0038b360b40984e589e87eb0a0b0e670"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ProjectDetail"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"project"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ProjectDetail"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ProjectProviders"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ProjectProviders"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sourceHost"}},{"kind":"Field","name":{"kind":"Name","value":"builder"}},{"kind":"Field","name":{"kind":"Name","value":"registry"}},{"kind":"Field","name":{"kind":"Name","value":"cluster"}},{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ProjectEnvironment"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Project"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"environmentVariables"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"value"}},{"kind":"Field","name":{"kind":"Name","value":"sensitive"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ProjectDetail"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Project"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"tags"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"repositoryUrl"}},{"kind":"Field","name":{"kind":"Name","value":"cloneUrl"}},{"kind":"Field","name":{"kind":"Name","value":"deployedUrl"}},{"kind":"Field","name":{"kind":"Name","value":"templateName"}},{"kind":"Field","name":{"kind":"Name","value":"template"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"providers"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ProjectProviders"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"limits"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"memoryMb"}},{"kind":"Field","name":{"kind":"Name","value":"processes"}},{"kind":"Field","name":{"kind":"Name","value":"cpuPercent"}},{"kind":"Field","name":{"kind":"Name","value":"diskMb"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"sandbox"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sandboxed"}},{"kind":"Field","name":{"kind":"Name","value":"limitsEnforced"}},{"kind":"Field","name":{"kind":"Name","value":"summary"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"ProjectEnvironment"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]} as unknown as DocumentNode<ProjectDetailQuery, ProjectDetailQueryVariables>;
export const ProjectsDocument = {"__meta__":{"hash":"sha256:01e3355f176a7eaee31f1611583e991ad40e3812eb1b4ceebee2c6643c4cb0d6"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Projects"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ProjectsFilterInput"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"projects"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"page"}},{"kind":"Field","name":{"kind":"Name","value":"limit"}},{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"totalPages"}},{"kind":"Field","name":{"kind":"Name","value":"projects"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ProjectCard"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ProjectCard"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Project"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"tags"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"beingDeleted"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]} as unknown as DocumentNode<ProjectsQuery, ProjectsQueryVariables>;
export const ProjectTagsDocument = {"__meta__":{"hash":"sha256:0f240c08fcdfdfc4ee66e296edccdc53dbb866e959c11fdc47cb1f256d3bfc6e"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ProjectTags"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"projectTags"}}]}}]} as unknown as DocumentNode<ProjectTagsQuery, ProjectTagsQueryVariables>;
export const UpdateProjectEnvironmentDocument = {"__meta__":{"hash":"sha256:60778f7c7889f4cbaa5166601883fe395e06f6d53c0af93672612222332a8605"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateProjectEnvironment"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"variables"}},"type":{"kind":"NonNullType","type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"EnvironmentVariableInput"}}}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateProjectEnvironment"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"variables"},"value":{"kind":"Variable","name":{"kind":"Name","value":"variables"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"ProjectEnvironment"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ProjectEnvironment"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Project"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"environmentVariables"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"value"}},{"kind":"Field","name":{"kind":"Name","value":"sensitive"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]} as unknown as DocumentNode<UpdateProjectEnvironmentMutation, UpdateProjectEnvironmentMutationVariables>;
export const UpdateProjectDocument = {"__meta__":{"hash":"sha256:0ad926bbc1ee56f200bcf7123c5e30c8ada0df805a381c166db6103871e37514"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateProject"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateProjectInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateProject"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ProjectDetail"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ProjectProviders"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ProjectProviders"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sourceHost"}},{"kind":"Field","name":{"kind":"Name","value":"builder"}},{"kind":"Field","name":{"kind":"Name","value":"registry"}},{"kind":"Field","name":{"kind":"Name","value":"cluster"}},{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ProjectEnvironment"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Project"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"environmentVariables"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"value"}},{"kind":"Field","name":{"kind":"Name","value":"sensitive"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ProjectDetail"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Project"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"tags"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"repositoryUrl"}},{"kind":"Field","name":{"kind":"Name","value":"cloneUrl"}},{"kind":"Field","name":{"kind":"Name","value":"deployedUrl"}},{"kind":"Field","name":{"kind":"Name","value":"templateName"}},{"kind":"Field","name":{"kind":"Name","value":"template"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"providers"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ProjectProviders"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"limits"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"memoryMb"}},{"kind":"Field","name":{"kind":"Name","value":"processes"}},{"kind":"Field","name":{"kind":"Name","value":"cpuPercent"}},{"kind":"Field","name":{"kind":"Name","value":"diskMb"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"sandbox"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sandboxed"}},{"kind":"Field","name":{"kind":"Name","value":"limitsEnforced"}},{"kind":"Field","name":{"kind":"Name","value":"summary"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"ProjectEnvironment"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]} as unknown as DocumentNode<UpdateProjectMutation, UpdateProjectMutationVariables>;
export const SettingsDocument = {"__meta__":{"hash":"sha256:72d8a1e280760da5b556ad0cbb9ea676b9af3ce98a21e209e64fcb57f48357cb"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Settings"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"settings"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"SettingFields"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"SettingFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Setting"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"secret"}},{"kind":"Field","name":{"kind":"Name","value":"configured"}},{"kind":"Field","name":{"kind":"Name","value":"value"}},{"kind":"Field","name":{"kind":"Name","value":"maskedValue"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]} as unknown as DocumentNode<SettingsQuery, SettingsQueryVariables>;
export const SettingValueDocument = {"__meta__":{"hash":"sha256:282485e82edb23f4743fa40bb22c6f759852b538fa18dec3038d9052d07401a7"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"SettingValue"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"key"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"SettingKey"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"settingValue"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"key"},"value":{"kind":"Variable","name":{"kind":"Name","value":"key"}}}]}]}}]} as unknown as DocumentNode<SettingValueQuery, SettingValueQueryVariables>;
export const SaveSettingsDocument = {"__meta__":{"hash":"sha256:74587109b1c1328532e0936c4668e4595a4fbe7a88d8b4fbf5f33a727bd054a9"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SaveSettings"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"settings"}},"type":{"kind":"NonNullType","type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"SettingInput"}}}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"saveSettings"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"settings"},"value":{"kind":"Variable","name":{"kind":"Name","value":"settings"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"SettingFields"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"SettingFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Setting"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"secret"}},{"kind":"Field","name":{"kind":"Name","value":"configured"}},{"kind":"Field","name":{"kind":"Name","value":"value"}},{"kind":"Field","name":{"kind":"Name","value":"maskedValue"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]} as unknown as DocumentNode<SaveSettingsMutation, SaveSettingsMutationVariables>;
export const TestConnectionDocument = {"__meta__":{"hash":"sha256:2c11d00b8135c710ff3fbb464f57b4a436ede1cc02eda8708829e8fc9286cc57"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"TestConnection"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"provider"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ConnectionProvider"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"settings"}},"type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"SettingInput"}}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"testConnection"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"provider"},"value":{"kind":"Variable","name":{"kind":"Name","value":"provider"}}},{"kind":"Argument","name":{"kind":"Name","value":"settings"},"value":{"kind":"Variable","name":{"kind":"Name","value":"settings"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"provider"}},{"kind":"Field","name":{"kind":"Name","value":"ok"}},{"kind":"Field","name":{"kind":"Name","value":"host"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]}}]} as unknown as DocumentNode<TestConnectionMutation, TestConnectionMutationVariables>;
export const CloudEndpointsDocument = {"__meta__":{"hash":"sha256:cfab20826b9cf371b1b9a770ca8f0771cd3a7eaf99fe9d837225c55a9a88f37a"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"CloudEndpoints"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cloudEndpoints"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CloudEndpointFields"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CloudEndpointFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CloudEndpoint"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"defaultUrl"}},{"kind":"Field","name":{"kind":"Name","value":"overridden"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]} as unknown as DocumentNode<CloudEndpointsQuery, CloudEndpointsQueryVariables>;
export const SaveCloudEndpointsDocument = {"__meta__":{"hash":"sha256:350a8b8b86feee619c2a509ba2ce626f4968e991b118a203b842beeccf1e442c"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SaveCloudEndpoints"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"endpoints"}},"type":{"kind":"NonNullType","type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CloudEndpointInput"}}}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"saveCloudEndpoints"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"endpoints"},"value":{"kind":"Variable","name":{"kind":"Name","value":"endpoints"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CloudEndpointFields"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CloudEndpointFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CloudEndpoint"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"defaultUrl"}},{"kind":"Field","name":{"kind":"Name","value":"overridden"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]} as unknown as DocumentNode<SaveCloudEndpointsMutation, SaveCloudEndpointsMutationVariables>;
export const TemplatesDocument = {"__meta__":{"hash":"sha256:43a91bc267cf38e4734e39838173af05c541059669a97d071f8080681fbca214"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Templates"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"templates"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"TemplateCard"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"TemplateCard"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Template"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"environmentVariables"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"defaultValue"}},{"kind":"Field","name":{"kind":"Name","value":"required"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"toolchains"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"available"}},{"kind":"Field","name":{"kind":"Name","value":"installHint"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]} as unknown as DocumentNode<TemplatesQuery, TemplatesQueryVariables>;
export const AccessTokensDocument = {"__meta__":{"hash":"sha256:e05700a9ae58553216548b734c57497d13e295d7214bbec58a0553cf56c84b49"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"AccessTokens"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"accessTokens"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AccessTokenRow"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AccessTokenRow"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AccessToken"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"tokenPrefix"}},{"kind":"Field","name":{"kind":"Name","value":"scopes"}},{"kind":"Field","name":{"kind":"Name","value":"projectIds"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastUsedAt"}},{"kind":"Field","name":{"kind":"Name","value":"revokedAt"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]} as unknown as DocumentNode<AccessTokensQuery, AccessTokensQueryVariables>;
export const CreateAccessTokenDocument = {"__meta__":{"hash":"sha256:e06530aa5cfcaee89602bc78f58b98598657cdb56394c85f78c525b4a9bbb8b3"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateAccessToken"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateAccessTokenInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createAccessToken"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"token"}},{"kind":"Field","name":{"kind":"Name","value":"accessToken"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AccessTokenRow"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AccessTokenRow"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AccessToken"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"tokenPrefix"}},{"kind":"Field","name":{"kind":"Name","value":"scopes"}},{"kind":"Field","name":{"kind":"Name","value":"projectIds"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastUsedAt"}},{"kind":"Field","name":{"kind":"Name","value":"revokedAt"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]} as unknown as DocumentNode<CreateAccessTokenMutation, CreateAccessTokenMutationVariables>;
export const RevokeAccessTokenDocument = {"__meta__":{"hash":"sha256:e12a93441ab0e52ecd597efdf9b627a5d8c41512aa54f73541e052f7be4a78bf"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RevokeAccessToken"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"revokeAccessToken"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AccessTokenRow"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AccessTokenRow"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AccessToken"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"tokenPrefix"}},{"kind":"Field","name":{"kind":"Name","value":"scopes"}},{"kind":"Field","name":{"kind":"Name","value":"projectIds"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastUsedAt"}},{"kind":"Field","name":{"kind":"Name","value":"revokedAt"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]} as unknown as DocumentNode<RevokeAccessTokenMutation, RevokeAccessTokenMutationVariables>;
export const TokenProjectsDocument = {"__meta__":{"hash":"sha256:9e532ff1102c09cba83efc2578e0133f0a65e118c6d18a952d740288b2154052"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"TokenProjects"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"projects"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"100"}}]}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"projects"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]}}]} as unknown as DocumentNode<TokenProjectsQuery, TokenProjectsQueryVariables>;
export const UsersDocument = {"__meta__":{"hash":"sha256:f8228a52a5b1b30ec4a858c9cb971757cb5bf02d590afe48afcf84adaba195b0"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Users"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"users"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"UserRow"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"UserRow"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"User"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"disabledAt"}},{"kind":"Field","name":{"kind":"Name","value":"passwordResetAt"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]} as unknown as DocumentNode<UsersQuery, UsersQueryVariables>;
export const CreateUserDocument = {"__meta__":{"hash":"sha256:c0db71a09af3873ea123ead479d60f6972cc7c9d0ec2d4123e6064b4e033e629"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateUser"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateUserInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createUser"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"UserRow"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"UserRow"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"User"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"disabledAt"}},{"kind":"Field","name":{"kind":"Name","value":"passwordResetAt"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]} as unknown as DocumentNode<CreateUserMutation, CreateUserMutationVariables>;
export const UpdateUserDocument = {"__meta__":{"hash":"sha256:f9219941e0e5e8afa4ae6648259a0c91735157f8c4f0a5ab975074254126558a"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateUser"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateUserInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateUser"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"UserRow"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"UserRow"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"User"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"disabledAt"}},{"kind":"Field","name":{"kind":"Name","value":"passwordResetAt"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]} as unknown as DocumentNode<UpdateUserMutation, UpdateUserMutationVariables>;
export const SetUserDisabledDocument = {"__meta__":{"hash":"sha256:167913ce1551c681840a27433b4ebca8bb2064bb4494dabf01e64ed367735507"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SetUserDisabled"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"disabled"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Boolean"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"setUserDisabled"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"disabled"},"value":{"kind":"Variable","name":{"kind":"Name","value":"disabled"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"UserRow"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"UserRow"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"User"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"disabledAt"}},{"kind":"Field","name":{"kind":"Name","value":"passwordResetAt"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]} as unknown as DocumentNode<SetUserDisabledMutation, SetUserDisabledMutationVariables>;
export const DeleteUserDocument = {"__meta__":{"hash":"sha256:7eec65beac3a0b9a79e62d5f62ba19f8b3d13194bc6b74bf867a1b464f3e5c36"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DeleteUser"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteUser"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}]}]}}]} as unknown as DocumentNode<DeleteUserMutation, DeleteUserMutationVariables>;
export const ProjectVersionsDocument = {"__meta__":{"hash":"sha256:5d57a6c609dd6840d34f795d570fc2ac08d1512d4590f3b922913d6ea45819a6"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ProjectVersions"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"projectId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"VersionsFilterInput"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"project"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"projectId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"versions"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"page"}},{"kind":"Field","name":{"kind":"Name","value":"limit"}},{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"totalPages"}},{"kind":"Field","name":{"kind":"Name","value":"versions"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"VersionCard"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"VersionCard"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Version"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"versionTag"}},{"kind":"Field","name":{"kind":"Name","value":"versionNumber"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"gitBranch"}},{"kind":"Field","name":{"kind":"Name","value":"gitCommitSha"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"buildStatus"}},{"kind":"Field","name":{"kind":"Name","value":"active"}},{"kind":"Field","name":{"kind":"Name","value":"buildStartedAt"}},{"kind":"Field","name":{"kind":"Name","value":"buildCompletedAt"}},{"kind":"Field","name":{"kind":"Name","value":"buildDurationSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"buildLog"}},{"kind":"Field","name":{"kind":"Name","value":"dockerImageUrl"}},{"kind":"Field","name":{"kind":"Name","value":"artifacts"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"deletionRefusal"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]} as unknown as DocumentNode<ProjectVersionsQuery, ProjectVersionsQueryVariables>;
export const CreateVersionDocument = {"__meta__":{"hash":"sha256:713df89c292ba5478f21dccd0c526fe8822fd29cae8c8cd38d17b478973b6b53"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateVersion"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"projectId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateVersionInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createVersion"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"projectId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"projectId"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"VersionCard"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"VersionCard"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Version"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"versionTag"}},{"kind":"Field","name":{"kind":"Name","value":"versionNumber"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"gitBranch"}},{"kind":"Field","name":{"kind":"Name","value":"gitCommitSha"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"buildStatus"}},{"kind":"Field","name":{"kind":"Name","value":"active"}},{"kind":"Field","name":{"kind":"Name","value":"buildStartedAt"}},{"kind":"Field","name":{"kind":"Name","value":"buildCompletedAt"}},{"kind":"Field","name":{"kind":"Name","value":"buildDurationSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"buildLog"}},{"kind":"Field","name":{"kind":"Name","value":"dockerImageUrl"}},{"kind":"Field","name":{"kind":"Name","value":"artifacts"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"deletionRefusal"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]} as unknown as DocumentNode<CreateVersionMutation, CreateVersionMutationVariables>;
export const ArchiveVersionDocument = {"__meta__":{"hash":"sha256:47b671bc479c1726ab0f79f5007a836601e798ab6c9078930ce3f20af1b1a41f"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ArchiveVersion"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"archiveVersion"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"VersionCard"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"VersionCard"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Version"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"versionTag"}},{"kind":"Field","name":{"kind":"Name","value":"versionNumber"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"gitBranch"}},{"kind":"Field","name":{"kind":"Name","value":"gitCommitSha"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"buildStatus"}},{"kind":"Field","name":{"kind":"Name","value":"active"}},{"kind":"Field","name":{"kind":"Name","value":"buildStartedAt"}},{"kind":"Field","name":{"kind":"Name","value":"buildCompletedAt"}},{"kind":"Field","name":{"kind":"Name","value":"buildDurationSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"buildLog"}},{"kind":"Field","name":{"kind":"Name","value":"dockerImageUrl"}},{"kind":"Field","name":{"kind":"Name","value":"artifacts"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"deletionRefusal"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]} as unknown as DocumentNode<ArchiveVersionMutation, ArchiveVersionMutationVariables>;
export const RestoreVersionDocument = {"__meta__":{"hash":"sha256:d2540cc5014f6eab5c4527843718b4259dab0e371a5cf250b66d8dd86090f835"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestoreVersion"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"restoreVersion"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"VersionCard"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"VersionCard"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Version"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"versionTag"}},{"kind":"Field","name":{"kind":"Name","value":"versionNumber"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"gitBranch"}},{"kind":"Field","name":{"kind":"Name","value":"gitCommitSha"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"buildStatus"}},{"kind":"Field","name":{"kind":"Name","value":"active"}},{"kind":"Field","name":{"kind":"Name","value":"buildStartedAt"}},{"kind":"Field","name":{"kind":"Name","value":"buildCompletedAt"}},{"kind":"Field","name":{"kind":"Name","value":"buildDurationSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"buildLog"}},{"kind":"Field","name":{"kind":"Name","value":"dockerImageUrl"}},{"kind":"Field","name":{"kind":"Name","value":"artifacts"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"deletionRefusal"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]} as unknown as DocumentNode<RestoreVersionMutation, RestoreVersionMutationVariables>;
export const DeleteVersionDocument = {"__meta__":{"hash":"sha256:8cb9a05b63ee2ef48bed1f4291592282d3a454432e83ddec9cdd0ad972ff3edc"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DeleteVersion"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteVersion"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}]}]}}]} as unknown as DocumentNode<DeleteVersionMutation, DeleteVersionMutationVariables>;
export const VersionBuildLogDocument = {"__meta__":{"hash":"sha256:fcbe170d96a12c8b4e68749e7d24b428ef55c1a534c1290828c40cbd81f5823d"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"VersionBuildLog"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"versionId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"versionBuild"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"versionId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"versionId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"logTail"}},{"kind":"Field","name":{"kind":"Name","value":"version"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"VersionCard"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"VersionCard"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Version"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"versionTag"}},{"kind":"Field","name":{"kind":"Name","value":"versionNumber"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"gitBranch"}},{"kind":"Field","name":{"kind":"Name","value":"gitCommitSha"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"buildStatus"}},{"kind":"Field","name":{"kind":"Name","value":"active"}},{"kind":"Field","name":{"kind":"Name","value":"buildStartedAt"}},{"kind":"Field","name":{"kind":"Name","value":"buildCompletedAt"}},{"kind":"Field","name":{"kind":"Name","value":"buildDurationSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"buildLog"}},{"kind":"Field","name":{"kind":"Name","value":"dockerImageUrl"}},{"kind":"Field","name":{"kind":"Name","value":"artifacts"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"deletionRefusal"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]} as unknown as DocumentNode<VersionBuildLogSubscription, VersionBuildLogSubscriptionVariables>;