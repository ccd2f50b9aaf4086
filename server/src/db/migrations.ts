import { Init1795355495488 } from './migrations/1795355495488-Init.js';
import { CommandLogs1795369736315 } from './migrations/1795369736315-CommandLogs.js';
import { ProjectsSettings1795369898043 } from './migrations/1795369898043-ProjectsSettings.js';
import { ProjectsOwnerTagsIndex1795370423383 } from './migrations/1795370423383-ProjectsOwnerTagsIndex.js';
import { ProjectsOwnerTagsNoPendingList1795371278872 } from './migrations/1795371278872-ProjectsOwnerTagsNoPendingList.js';
import { WorkerHeartbeats1795422644166 } from './migrations/1795422644166-WorkerHeartbeats.js';
import { PipelineRuns1795424381866 } from './migrations/1795424381866-PipelineRuns.js';
import { VersionsDeployments1795430000042 } from './migrations/1795430000042-VersionsDeployments.js';
import { VersionBuildRuns1795430000071 } from './migrations/1795430000071-VersionBuildRuns.js';
import { DeploymentRollouts1795430000120 } from './migrations/1795430000120-DeploymentRollouts.js';
import { DeploymentMetrics1795430000300 } from './migrations/1795430000300-DeploymentMetrics.js';
import { ProjectProviders1795430000400 } from './migrations/1795430000400-ProjectProviders.js';
import { VersionNumbers1795430000500 } from './migrations/1795430000500-VersionNumbers.js';
import { LoopbackUrls1795811636334 } from './migrations/1795811636334-LoopbackUrls.js';
import { DeploymentSuperseded1795811847414 } from './migrations/1795811847414-DeploymentSuperseded.js';
import { StepWorkers1795811869176 } from './migrations/1795811869176-StepWorkers.js';
import { PasswordResets1795813041304 } from './migrations/1795813041304-PasswordResets.js';
import { CloudEndpoints1795813863683 } from './migrations/1795813863683-CloudEndpoints.js';
import { AccessTokens1795823401451 } from './migrations/1795823401451-AccessTokens.js';
import { UserDisabled1795830000000 } from './migrations/1795830000000-UserDisabled.js';
import { ProjectLimits1795830000001 } from './migrations/1795830000001-ProjectLimits.js';
import { Notifications1795870000001 } from './migrations/1795870000001-Notifications.js';
import { GithubWebhooks1795890000000 } from './migrations/1795890000000-GithubWebhooks.js';
import { ContinuousHealth1795910000000 } from './migrations/1795910000000-ContinuousHealth.js';
import { KubeconfigSettings1795840000001 } from './migrations/1795840000001-KubeconfigSettings.js';
import { Environments1795850000001 } from './migrations/1795850000001-Environments.js';
import { ProjectMembers1795860000001 } from './migrations/1795860000001-ProjectMembers.js';
import { AuditLog1795860000002 } from './migrations/1795860000002-AuditLog.js';
import { AuditAppend1795920000000 } from './migrations/1795920000000-AuditAppend.js';
import { Domains1795930000000 } from './migrations/1795930000000-Domains.js';
import { CanaryReleases1795940000000 } from './migrations/1795940000000-CanaryReleases.js';
import { IngressSettings1795950000000 } from './migrations/1795950000000-IngressSettings.js';
import { EnvironmentResources1795950000001 } from './migrations/1795950000001-EnvironmentResources.js';
import { PullRequestPreviews1795960000000 } from './migrations/1795960000000-PullRequestPreviews.js';

/**
 * Every migration, oldest first. Listed explicitly (not globbed) so that tsx, vitest and the
 * TypeORM CLI all load them the same way; add each newly generated migration here.
 */
export const migrations = [Init1795355495488, CommandLogs1795369736315, ProjectsSettings1795369898043, ProjectsOwnerTagsIndex1795370423383, ProjectsOwnerTagsNoPendingList1795371278872, WorkerHeartbeats1795422644166, PipelineRuns1795424381866, VersionsDeployments1795430000042, VersionBuildRuns1795430000071, DeploymentRollouts1795430000120, DeploymentMetrics1795430000300, ProjectProviders1795430000400, VersionNumbers1795430000500, LoopbackUrls1795811636334, DeploymentSuperseded1795811847414, StepWorkers1795811869176, PasswordResets1795813041304, CloudEndpoints1795813863683, AccessTokens1795823401451, UserDisabled1795830000000, ProjectLimits1795830000001, KubeconfigSettings1795840000001, Environments1795850000001, ProjectMembers1795860000001, AuditLog1795860000002, Notifications1795870000001, GithubWebhooks1795890000000, ContinuousHealth1795910000000, AuditAppend1795920000000, Domains1795930000000, CanaryReleases1795940000000, IngressSettings1795950000000, EnvironmentResources1795950000001, PullRequestPreviews1795960000000];
