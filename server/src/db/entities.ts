import { LoginFailure } from '../modules/auth/login-failure.entity.js';
import { Session } from '../modules/auth/session.entity.js';
import { CommandLog } from '../modules/commands/command-log.entity.js';
import { WorkingDirectory } from '../modules/commands/working-directory.entity.js';
import { User } from '../modules/users/user.entity.js';
import { Domain } from '../modules/domains/domain.entity.js';
import { NotificationChannel, NotificationDelivery, NotificationRule } from '../modules/notifications/notification.entities.js';
import { Project } from '../modules/projects/project.entity.js';
import { Version } from '../modules/versions/version.entity.js';
import { Deployment } from '../modules/deployments/deployment.entity.js';
import { DeploymentEvent } from '../modules/deployments/deployment-event.entity.js';
import { UserSetting } from '../modules/settings/user-setting.entity.js';
import { CloudEndpointOverride } from '../modules/settings/cloud-endpoint.entity.js';
import { WorkerHeartbeat } from '../modules/system/worker-heartbeat.entity.js';
import { PipelineRun } from '../pipelines/pipeline-run.entity.js';
import { PipelineStep } from '../pipelines/pipeline-step.entity.js';
import { ProjectMemberRow } from '../modules/members/project-member.entity.js';
import { AuditEntry } from '../modules/audit/audit-entry.entity.js';
import { AccessToken } from '../modules/tokens/access-token.entity.js';

import { Environment, PreviewSettings } from '../modules/environments/environment.entity.js';
import { Push } from '../modules/environments/push.entity.js';

/** Every TypeORM entity; features add theirs here. */
export const entities = [User, Session, AccessToken, LoginFailure, CommandLog, WorkingDirectory, UserSetting, CloudEndpointOverride, Project, Version, Deployment, DeploymentEvent, Environment, PreviewSettings, Push, WorkerHeartbeat, PipelineRun, PipelineStep, NotificationChannel, NotificationRule, NotificationDelivery, ProjectMemberRow, AuditEntry, Domain];
