import { randomUUID } from 'node:crypto';
import type { AuditRecorder } from '../audit/audit-log.js';
import { DEFAULT_ENVIRONMENT, MAX_REPLICAS, deploymentHealth } from '@slipway/domain';
import { type DataSource, type EntityManager, In, LessThan } from 'typeorm';
import { AppError, ErrorCode } from '../../common/app-error.js';
import { logUnexpected } from '../../common/log.js';
import type { SecretBox } from '../../common/secret-box.js';
import { invalidInput, isUuid, requireObject } from '../../common/validation.js';
import type { EventBus } from '../../events/event-bus.js';
import type { RunView } from '../../pipelines/engine.js';
import { RunStatus } from '../../pipelines/pipeline-run.entity.js';
import type { ProjectsService } from '../projects/projects.service.js';
import type { User } from '../users/user.entity.js';
import { BuildStatus, VersionStatus } from '../versions/version-status.js';
import { Version } from '../versions/version.entity.js';
import { versionNotFound } from '../versions/versions.errors.js';
import { DeploymentEvent, recordDeploymentEvent } from './deployment-event.entity.js';
import { deploymentListFilters, deploymentOrder, parseDeploymentListQuery, parseEnvironment, type DeploymentListQuery } from './deployment-list-query.js';
import { DeploymentStatus, DeploymentStrategy } from './deployment-status.js';
import { type AppAddresses, IN_PROGRESS, lockProject, markRolledBackAutomatically, moveAddresses, openSnapshot, sealSnapshot } from './deployment-transitions.js';
import { canaryResponse, Deployment } from './deployment.entity.js';
import { CANARY_STEP_SECONDS, DEFAULT_CANARY_STEP_SECONDS, DEFAULT_CANARY_STEPS, MAX_CANARY_STEPS } from './canary/canary-gate.js';
import { effectiveVariables, environmentNamed } from '../environments/environment-rows.js';
import { Environment } from '../environments/environment.entity.js';
import { environmentNotFound } from '../environments/environments.errors.js';
import {
  canaryActionTaken,
  canaryNeedsServing,
  deploymentBusy,
  deploymentInProgress,
  deploymentIsActive,
  deploymentNotFound,
  invalidRollbackTarget,
  noActiveDeployment,
  noRunningCanary,
  notActive,
  projectNotDeployable,
  replicasOnlyWhenActive,
  versionArchivedForDeploy,
  versionNotDeployable,
} from './deployments.errors.js';

type Owner = Pick<User, 'id'>;

/** What the service asks of the pipelines: each rollout, rollback and stop is a 'deployment' run (see runs/deployment-runs.ts). */
export interface DeploymentRuns {
  startDeployment(transaction: EntityManager, ref: { ownerId: string; projectId: string }, canary?: boolean): Promise<string>;
  startDeploymentStop(transaction: EntityManager, ref: { ownerId: string; projectId: string }): Promise<string>;
  deploymentRun(runId: string, ownerId: string): Promise<RunView>;
}

export interface DeploymentPageResult {
  deployments: Deployment[];
  count: number;
  page: number;
  limit: number;
  totalPages: number;
}

export interface CreateDeploymentFields {
  versionId?: unknown;
  deploymentStrategy?: unknown;
  environment?: unknown;
  /** Canary only: the share of new requests (percent) at each step (default 10, 50, 100). */
  canarySteps?: unknown;
  /** Canary only: how long each step is held (default 60 s). */
  canaryStepSeconds?: unknown;
}

export interface RollbackFields {
  targetDeploymentId?: unknown;
  reason?: unknown;
}

const MAX_REASON_LENGTH = 500;
const MAX_ARCHIVE_DAYS = 36_500;
const DEFAULT_ROLLBACK_REASON = 'Manual rollback';

/** Seconds from its creation to its activation (or to its failure); null while it runs or was never either. */
export function durationSeconds(deployment: Deployment): number | null {
  const end = deployment.activatedAt ?? (deployment.errorMessage ? deployment.rolledBackAt : null);
  return end ? Math.max(0, Math.round((end.getTime() - deployment.createdAt.getTime()) / 1000)) : null;
}

/** The REST shape of a deployment in the deployments calls: spec section 3's fields and their aliases. */
export function toDeploymentDetails(deployment: Deployment) {
  const { version } = deployment;
  return {
    id: deployment.id,
    environment: deployment.environment,
    status: deployment.status,
    version_id: deployment.versionId,
    version: version ? { id: version.id, version_tag: version.versionTag, git_commit_sha: version.gitCommitSha } : null,
    strategy: deployment.strategy,
    deployment_strategy: deployment.strategy,
    traffic_percent: deployment.trafficPercent,
    traffic_percentage: deployment.trafficPercent,
    health: deploymentHealth(deployment.healthChecks),
    health_checks: deployment.healthChecks,
    error_message: deployment.errorMessage,
    rollback_reason: deployment.rollbackReason,
    health_failure: deployment.healthFailure,
    health_failed_at: deployment.healthFailedAt,
    config: { replicas: deployment.replicas },
    canary: canaryResponse(deployment),
    replicas: deployment.replicas,
    activated_at: deployment.activatedAt,
    rolled_back_at: deployment.rolledBackAt,
    superseded_at: deployment.supersededAt,
    deployed_url: deployment.deployedUrl,
    deployment_url: deployment.deployedUrl,
    loopback_url: deployment.loopbackUrl,
    rollback_target_id: deployment.rollbackTargetId,
    restores_deployment_id: deployment.restoresDeploymentId,
    is_active: deployment.isActive,
    duration_seconds: durationSeconds(deployment),
    kubernetes_namespace: deployment.kubernetesNamespace,
    kubernetes_deployment_name: deployment.kubernetesDeploymentName,
    kubernetes_service_name: deployment.kubernetesServiceName,
    created_at: deployment.createdAt,
    updated_at: deployment.updatedAt,
  };
}

function reasonOf(value: unknown): string {
  if (value === undefined || value === null) return DEFAULT_ROLLBACK_REASON;
  if (typeof value !== 'string') throw invalidInput('reason must be text', 'reason');
  const reason = value.trim();
  if (reason.length > MAX_REASON_LENGTH) throw invalidInput(`reason must be at most ${MAX_REASON_LENGTH} characters`, 'reason');
  return reason || DEFAULT_ROLLBACK_REASON;
}

/** The strategies a deployment may ask for (initial and all_at_once are the spec's, never offered). */
const CHOSEN_STRATEGIES: readonly DeploymentStrategy[] = [DeploymentStrategy.rolling, DeploymentStrategy.canary];

function strategyOf(value: unknown): DeploymentStrategy {
  if (value === undefined || value === null || value === '') return DeploymentStrategy.rolling;
  const chosen = CHOSEN_STRATEGIES.find((strategy) => strategy === value);
  if (chosen) return chosen;
  if (typeof value === 'string' && (Object.values(DeploymentStrategy) as string[]).includes(value)) {
    throw invalidInput('Only the rolling and canary strategies are available', 'deployment_strategy');
  }
  throw invalidInput(`deployment_strategy must be one of ${CHOSEN_STRATEGIES.join(', ')}`, 'deployment_strategy');
}

const absent = (value: unknown) => value === undefined || value === null;

/** A canary's steps and hold time (the defaults where not given); null for another strategy, which takes neither. */
function canaryOf(strategy: DeploymentStrategy, input: CreateDeploymentFields): { steps: number[]; stepSeconds: number } | null {
  if (strategy !== DeploymentStrategy.canary) {
    if (!absent(input.canarySteps)) throw invalidInput('canary_steps applies to the canary strategy only', 'canary_steps');
    if (!absent(input.canaryStepSeconds)) throw invalidInput('canary_step_seconds applies to the canary strategy only', 'canary_step_seconds');
    return null;
  }
  const steps = absent(input.canarySteps) ? DEFAULT_CANARY_STEPS : input.canarySteps;
  const percent = (value: unknown) => typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 100;
  if (
    !Array.isArray(steps) ||
    steps.length < 1 ||
    steps.length > MAX_CANARY_STEPS ||
    !steps.every(percent) ||
    steps.some((value, index) => index > 0 && (value as number) <= (steps[index - 1] as number)) ||
    steps[steps.length - 1] !== 100
  ) {
    throw invalidInput(`canary_steps must be 1 to ${MAX_CANARY_STEPS} whole percentages from 1 to 100, rising, the last one 100 (e.g. [10, 50, 100])`, 'canary_steps');
  }
  const stepSeconds = absent(input.canaryStepSeconds) ? DEFAULT_CANARY_STEP_SECONDS : input.canaryStepSeconds;
  const { min, max } = CANARY_STEP_SECONDS;
  if (typeof stepSeconds !== 'number' || !Number.isInteger(stepSeconds) || stepSeconds < min || stepSeconds > max) {
    throw invalidInput(`canary_step_seconds must be an integer between ${min} and ${max}`, 'canary_step_seconds');
  }
  return { steps: steps as number[], stepSeconds };
}

function replicasOf(value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > MAX_REPLICAS) {
    throw invalidInput(`replicas must be an integer between 1 and ${MAX_REPLICAS}`, 'replicas');
  }
  return value;
}

/** Why a deployment ended rolled back (or kept serving) when its run ended before it could say. */
export function runEndReason(status: RunStatus): string {
  return status === RunStatus.cancelled ? 'The deployment pipeline was cancelled' : 'The deployment pipeline failed';
}

/** Deployable: its build succeeded and it is ready (spec section 4's Deploy rule), not archived. */
function checkDeployable(version: Version): void {
  if (version.status === VersionStatus.archived) throw versionArchivedForDeploy(version.versionTag);
  const built = version.buildStatus === BuildStatus.success && (version.status === VersionStatus.ready || version.status === VersionStatus.build_success);
  if (!built || !version.artifacts.length) throw versionNotDeployable(version.versionTag);
}

/** Statuses of a deployment that served and was replaced since: the ways back a rollback can take. */
const ROLLBACK_TARGET_STATUSES = [DeploymentStatus.superseded, DeploymentStatus.rolled_back];

/** The target of a rollback of `active`: another deployment of its environment that once served, with its version still built. */
export function checkRollbackTarget(active: Deployment, target: Deployment): void {
  if (target.id === active.id) throw invalidRollbackTarget('it is the active deployment');
  if (target.environment !== active.environment) throw invalidRollbackTarget(`it is a deployment to ${target.environment}`);
  if (!ROLLBACK_TARGET_STATUSES.includes(target.status)) throw invalidRollbackTarget(`it is ${target.status}, not superseded or rolled back`);
  if (!target.activatedAt) throw invalidRollbackTarget('it never served');
  if (!target.version) throw invalidRollbackTarget('its version was deleted');
  if (target.version.status === VersionStatus.archived || target.version.buildStatus !== BuildStatus.success || !target.version.artifacts.length) {
    throw invalidRollbackTarget(`its version ${target.version.versionTag} is no longer built`);
  }
}

/**
 * A project's deployments, for the project's owner only (anyone else's project or deployment is 'not found').
 * REST and GraphQL both call this service. The work (rolling update, rollback, stop) is a 'deployment' pipeline
 * run whose steps move the rows on; this service checks the request, records it and starts the run.
 */
export class DeploymentsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly projects: Pick<ProjectsService, 'get' | 'environmentOf' | 'assertChangeable'>,
    private readonly runs: DeploymentRuns,
    private readonly secretBox: SecretBox,
    private readonly bus: EventBus,
    private readonly audit: AuditRecorder,
  ) {}

  async list(owner: Owner, projectId: unknown, query: DeploymentListQuery = {}): Promise<DeploymentPageResult> {
    const parsed = parseDeploymentListQuery(query);
    const project = await this.projects.get(owner, projectId);
    const { where, parameters } = deploymentListFilters(parsed);
    const builder = this.dataSource
      .getRepository(Deployment)
      .createQueryBuilder('d')
      .leftJoinAndSelect('d.version', 'v')
      .where('d.project_id = :projectId AND d.owner_id = :ownerId', { projectId: project.id, ownerId: owner.id });
    for (const condition of where) builder.andWhere(condition, parameters);
    const [first, ...rest] = deploymentOrder(parsed);
    builder.orderBy(first[0], first[1], first[2]);
    for (const [column, order, nulls] of rest) builder.addOrderBy(column, order, nulls);
    const [deployments, count] = await builder
      .skip((parsed.page - 1) * parsed.limit)
      .take(parsed.limit)
      .getManyAndCount();
    return { deployments, count, page: parsed.page, limit: parsed.limit, totalPages: Math.max(1, Math.ceil(count / parsed.limit)) };
  }

  /** The owner's deployment (of the project, when one is given), with its version. */
  async get(owner: Owner, deploymentId: unknown, projectId?: unknown): Promise<Deployment> {
    if (!isUuid(deploymentId) || (projectId !== undefined && !isUuid(projectId))) throw deploymentNotFound();
    const deployment = await this.dataSource.getRepository(Deployment).findOne({
      where: { id: deploymentId, ownerId: owner.id, ...(projectId === undefined ? {} : { projectId: projectId as string }) },
      relations: { version: true },
    });
    if (!deployment) throw deploymentNotFound();
    return deployment;
  }

  /** The active deployment of the environment, or null. */
  async active(owner: Owner, projectId: unknown, environment: unknown = DEFAULT_ENVIRONMENT): Promise<Deployment | null> {
    const name = parseEnvironment(environment) ?? DEFAULT_ENVIRONMENT;
    const project = await this.projects.get(owner, projectId);
    return this.dataSource.getRepository(Deployment).findOne({
      where: { projectId: project.id, ownerId: owner.id, environment: name, status: DeploymentStatus.active },
      relations: { version: true },
      order: { activatedAt: 'DESC' },
    });
  }

  async requireActive(owner: Owner, projectId: unknown, environment: unknown): Promise<Deployment> {
    const deployment = await this.active(owner, projectId, environment);
    if (!deployment) throw noActiveDeployment(parseEnvironment(environment) ?? DEFAULT_ENVIRONMENT);
    return deployment;
  }

  /**
   * Records a pending deployment of a built version of this project to one of its environments (with a sealed
   * snapshot of the variables it runs with: the project's, overridden by the environment's, as they are now) and
   * starts its run; one deployment in progress per environment.
   */
  /** Locks the project for a change of its deployments; refused (409) while the project is being deleted. */
  private async lockChangeable(manager: EntityManager, owner: Owner, projectId: string): Promise<void> {
    if (!(await lockProject(manager, projectId, owner.id))) throw deploymentNotFound();
    await this.projects.assertChangeable(owner, projectId, manager);
  }

  async create(owner: Owner, projectId: unknown, input: CreateDeploymentFields): Promise<Deployment> {
    const strategy = strategyOf(input.deploymentStrategy);
    const canary = canaryOf(strategy, input);
    const environment = parseEnvironment(input.environment) ?? DEFAULT_ENVIRONMENT;
    if (!isUuid(input.versionId)) {
      if (input.versionId === undefined || input.versionId === null || input.versionId === '') throw invalidInput('version_id is required', 'version_id');
      throw versionNotFound();
    }
    const versionId = input.versionId;
    const project = await this.projects.get(owner, projectId);
    if (!project.templateName || !project.sourceRepository) throw projectNotDeployable();
    const id = randomUUID();
    await this.dataSource.transaction(async (manager) => {
      await this.lockChangeable(manager, owner, project.id);
      const version = await manager.findOneBy(Version, { id: versionId, projectId: project.id, ownerId: owner.id });
      if (!version) throw versionNotFound();
      checkDeployable(version);
      const target = await environmentNamed(manager, { id: project.id, ownerId: owner.id }, environment);
      if (!target) throw environmentNotFound(environment);
      await this.checkIdle(manager, project.id, owner.id, environment);
      const serving = await manager.findOneBy(Deployment, { projectId: project.id, ownerId: owner.id, environment, status: DeploymentStatus.active });
      if (canary && !serving) throw canaryNeedsServing(environment);
      const runId = await this.runs.startDeployment(manager, { ownerId: owner.id, projectId: project.id }, canary !== null);
      const deployment = manager.create(Deployment, {
        id,
        ownerId: owner.id,
        projectId: project.id,
        versionId: version.id,
        environment,
        environmentId: target.id,
        strategy,
        status: DeploymentStatus.pending,
        replicas: target.replicas,
        environmentSnapshot: sealSnapshot(this.secretBox, id, effectiveVariables(this.secretBox, this.projects.environmentOf(project), target)),
        runId,
        canarySteps: canary?.steps ?? null,
        canaryStepSeconds: canary?.stepSeconds ?? null,
      });
      await manager.insert(Deployment, deployment);
      const scheduled = canary
        ? `Canary release of ${version.versionTag} in ${environment} scheduled: ${canary.steps.join(' → ')} % of new requests, each step held ${canary.stepSeconds} s`
        : `Rolling update to ${version.versionTag} in ${environment} scheduled`;
      await recordDeploymentEvent(manager, deployment, 'scheduled', scheduled);
      await this.audit.record(manager, { action: 'deployment.create', projectId: project.id, target: `deployment:${id}`, details: { version: version.versionTag, environment, strategy } });
    });
    return this.changed(owner, id);
  }

  /**
   * Manual rollback of the active deployment to an earlier one of its environment (one that served, and was
   * superseded or rolled back since): a new deployment brings back the target's version with the environment
   * variables the target ran with, and gets its own row in the history; the active one goes rolling_back, then
   * rolled_back once the new one serves. The target's own row (its times, its duration) does not change.
   * Answers the deployment rolling back.
   */
  async rollback(owner: Owner, deploymentId: unknown, body: RollbackFields, projectId?: unknown): Promise<Deployment> {
    const reason = reasonOf(body.reason);
    const current = await this.get(owner, deploymentId, projectId);
    if (!isUuid(body.targetDeploymentId)) {
      if (body.targetDeploymentId === undefined || body.targetDeploymentId === null || body.targetDeploymentId === '') {
        throw invalidInput('target_deployment_id is required', 'target_deployment_id');
      }
      throw deploymentNotFound();
    }
    const targetId = body.targetDeploymentId;
    const project = await this.projects.get(owner, current.projectId);
    const id = randomUUID();
    await this.dataSource.transaction(async (manager) => {
      await this.lockChangeable(manager, owner, current.projectId);
      const locked = await manager.findOneBy(Deployment, { id: current.id, ownerId: owner.id });
      const target = await manager.findOne(Deployment, { where: { id: targetId, ownerId: owner.id, projectId: current.projectId }, relations: { version: true } });
      if (!locked) throw deploymentNotFound();
      if (!target) throw deploymentNotFound();
      if (locked.status !== DeploymentStatus.active) throw notActive();
      checkRollbackTarget(locked, target);
      await this.checkIdle(manager, current.projectId, owner.id, locked.environment);
      const runId = await this.runs.startDeployment(manager, { ownerId: owner.id, projectId: current.projectId });
      const restoring = manager.create(Deployment, {
        id,
        ownerId: owner.id,
        projectId: current.projectId,
        versionId: target.versionId,
        environment: locked.environment,
        environmentId: locked.environmentId,
        strategy: DeploymentStrategy.rolling,
        status: DeploymentStatus.pending,
        // The environment's replicas now (it owns them), the target's for a row from before environments had them.
        replicas: (locked.environmentId && (await manager.findOneBy(Environment, { id: locked.environmentId }))?.replicas) || target.replicas,
        environmentSnapshot: sealSnapshot(this.secretBox, id, openSnapshot(this.secretBox, target) ?? this.projects.environmentOf(project)),
        restoresDeploymentId: target.id,
        runId,
      });
      await manager.insert(Deployment, restoring);
      await manager.update(Deployment, locked.id, { status: DeploymentStatus.rolling_back, rollbackReason: reason });
      const tag = target.version?.versionTag ?? '';
      await recordDeploymentEvent(manager, locked, 'scheduled', `Rollback to ${tag} scheduled: ${reason}`);
      await recordDeploymentEvent(manager, restoring, 'scheduled', `Rollback to ${tag} in ${locked.environment} scheduled, with the environment variables it ran with: ${reason}`);
      await this.audit.record(manager, { action: 'deployment.rollback', projectId: current.projectId, target: `deployment:${locked.id}`, details: { to: target.id, version: tag, environment: locked.environment } });
    });
    await this.publish(owner.id, current.projectId, id);
    return this.changed(owner, current.id);
  }

  /** Promotes a canary in progress by hand: its run gives it all new requests at once, and the old revision drains and stops. */
  promoteCanary(owner: Owner, deploymentId: unknown, projectId?: unknown): Promise<Deployment> {
    return this.canaryAction(owner, deploymentId, 'promote', projectId);
  }

  /** Aborts a canary in progress by hand: its run sends all new requests back to the serving deployment and stops it. */
  abortCanary(owner: Owner, deploymentId: unknown, projectId?: unknown): Promise<Deployment> {
    return this.canaryAction(owner, deploymentId, 'abort', projectId);
  }

  /** Records the action on the row; the canary's run, which looks every second, carries it out. Asking twice is a no-op. */
  private async canaryAction(owner: Owner, deploymentId: unknown, action: 'promote' | 'abort', projectId?: unknown): Promise<Deployment> {
    const deployment = await this.get(owner, deploymentId, projectId);
    await this.dataSource.transaction(async (manager) => {
      await this.lockChangeable(manager, owner, deployment.projectId);
      const locked = await manager.findOneBy(Deployment, { id: deployment.id, ownerId: owner.id });
      if (!locked) throw deploymentNotFound();
      if (locked.strategy !== DeploymentStrategy.canary || !IN_PROGRESS.includes(locked.status)) throw noRunningCanary(action);
      if (locked.canaryAction === action) return;
      if (locked.canaryAction) throw canaryActionTaken(locked.canaryAction);
      await manager.update(Deployment, locked.id, { canaryAction: action });
      const message = action === 'promote' ? 'Promotion asked for: the canary takes all new requests' : 'Abort asked for: all new requests go back to the serving deployment';
      await recordDeploymentEvent(manager, locked, 'scheduled', message);
      await this.audit.record(manager, { action: `deployment.canary_${action}`, projectId: locked.projectId, target: `deployment:${locked.id}`, details: { environment: locked.environment } });
    });
    return this.changed(owner, deployment.id);
  }

  /** The deployment a rollback of this one would return to (its way back), with its version; null when it has none left. */
  async rollbackTargetOf(deployment: Deployment): Promise<Deployment | null> {
    if (!deployment.rollbackTargetId) return null;
    return this.dataSource.getRepository(Deployment).findOne({ where: { id: deployment.rollbackTargetId, ownerId: deployment.ownerId }, relations: { version: true } });
  }

  /** For a rollback, the deployment it brought back; null otherwise (or once that one was deleted). */
  async restoredBy(deployment: Deployment): Promise<Deployment | null> {
    if (!deployment.restoresDeploymentId) return null;
    return this.dataSource.getRepository(Deployment).findOne({ where: { id: deployment.restoresDeploymentId, ownerId: deployment.ownerId }, relations: { version: true } });
  }

  /** Changes the replicas: an active deployment rolls out again with them; any other keeps them for a rollback to it. */
  async update(owner: Owner, deploymentId: unknown, body: unknown, projectId?: unknown): Promise<Deployment> {
    const fields = requireObject(body);
    for (const key of Object.keys(fields)) if (key !== 'replicas') throw invalidInput(`Only the replicas of a deployment can change ("${key.slice(0, 100)}")`, key);
    if (fields.replicas === undefined) throw invalidInput('replicas is required', 'replicas');
    const replicas = replicasOf(fields.replicas);
    const deployment = await this.get(owner, deploymentId, projectId);
    await this.dataSource.transaction(async (manager) => {
      await this.lockChangeable(manager, owner, deployment.projectId);
      const locked = await manager.findOneBy(Deployment, { id: deployment.id, ownerId: owner.id });
      if (!locked) throw deploymentNotFound();
      if (locked.replicas === replicas) return;
      if (IN_PROGRESS.includes(locked.status)) throw deploymentBusy();
      if (locked.status === DeploymentStatus.archived) throw replicasOnlyWhenActive();
      if (locked.status !== DeploymentStatus.active) {
        await manager.update(Deployment, locked.id, { replicas });
        return;
      }
      await this.checkIdle(manager, locked.projectId, owner.id, locked.environment);
      const runId = await this.runs.startDeployment(manager, { ownerId: owner.id, projectId: locked.projectId });
      await manager.update(Deployment, locked.id, { replicas, runId });
      // The environment owns its replicas: scaling the deployment that serves it scales the environment.
      if (locked.environmentId) await manager.update(Environment, locked.environmentId, { replicas });
      await recordDeploymentEvent(manager, locked, 'scheduled', `Scaling from ${locked.replicas} to ${replicas} instances (a rolling update)`);
      await this.audit.record(manager, { action: 'deployment.scale', projectId: locked.projectId, target: `deployment:${locked.id}`, details: { replicas } });
    });
    return this.changed(owner, deployment.id);
  }

  /** Deletes a deployment that neither serves nor runs (with its events). */
  async remove(owner: Owner, deploymentId: unknown, projectId?: unknown): Promise<void> {
    const deployment = await this.get(owner, deploymentId, projectId);
    await this.dataSource.transaction(async (manager) => {
      await this.lockChangeable(manager, owner, deployment.projectId);
      const locked = await manager.findOneBy(Deployment, { id: deployment.id, ownerId: owner.id });
      if (!locked) throw deploymentNotFound();
      if (locked.status === DeploymentStatus.active || locked.isActive) throw deploymentIsActive();
      if (IN_PROGRESS.includes(locked.status)) throw deploymentBusy();
      await manager.delete(Deployment, { id: locked.id, ownerId: owner.id });
      await this.audit.record(manager, { action: 'deployment.delete', projectId: locked.projectId, target: `deployment:${locked.id}` });
    });
    await this.publish(owner.id, deployment.projectId, deployment.id);
  }

  /** Stops the active deployments (of one environment, or all): each goes cleaning_up while its run stops the app, then archived. */
  async stop(owner: Owner, projectId: unknown, environment?: unknown): Promise<Deployment[]> {
    const name = parseEnvironment(environment);
    const project = await this.projects.get(owner, projectId);
    const ids = await this.dataSource.transaction(async (manager) => {
      await this.lockChangeable(manager, owner, project.id);
      const active = await manager.find(Deployment, {
        where: { projectId: project.id, ownerId: owner.id, status: DeploymentStatus.active, ...(name ? { environment: name } : {}) },
      });
      for (const deployment of active) {
        await this.checkIdle(manager, project.id, owner.id, deployment.environment);
        const runId = await this.runs.startDeploymentStop(manager, { ownerId: owner.id, projectId: project.id });
        await manager.update(Deployment, deployment.id, { status: DeploymentStatus.cleaning_up, runId });
        await recordDeploymentEvent(manager, deployment, 'scheduled', 'Stop requested: its instances stop and its URL closes');
        await this.audit.record(manager, { action: 'deployment.stop', projectId: project.id, target: `deployment:${deployment.id}`, details: { environment: deployment.environment } });
      }
      return active.map((deployment) => deployment.id);
    });
    for (const id of ids) await this.publish(owner.id, project.id, id);
    if (!ids.length) return [];
    return this.dataSource.getRepository(Deployment).find({ where: { id: In(ids), ownerId: owner.id }, relations: { version: true }, order: { createdAt: 'DESC' } });
  }

  /** Archives the deployments that do not serve (superseded, rolled back, or pending ones that failed) created more than N days ago. */
  async archive(owner: Owner, projectId: unknown, olderThanDays: unknown): Promise<number> {
    const days = typeof olderThanDays === 'string' && /^\d+$/.test(olderThanDays.trim()) ? Number(olderThanDays) : olderThanDays;
    if (typeof days !== 'number' || !Number.isInteger(days) || days < 0 || days > MAX_ARCHIVE_DAYS) {
      throw invalidInput(`older_than_days must be an integer between 0 and ${MAX_ARCHIVE_DAYS}`, 'older_than_days');
    }
    const project = await this.projects.get(owner, projectId);
    const before = new Date(Date.now() - days * 86_400_000);
    const archived = await this.dataSource.transaction(async (manager) => {
      await this.lockChangeable(manager, owner, project.id);
      const base = { projectId: project.id, ownerId: owner.id, isActive: false, createdAt: LessThan(before) };
      const rows = [
        ...(await manager.findBy(Deployment, { ...base, status: In(ROLLBACK_TARGET_STATUSES) })),
        // A pending one with an error never got going (its run failed before the rollout).
        ...(await manager.find(Deployment, { where: { ...base, status: DeploymentStatus.pending } })).filter((row) => row.errorMessage),
      ];
      for (const row of rows) {
        await manager.update(Deployment, row.id, { status: DeploymentStatus.archived, trafficPercent: 0 });
        await recordDeploymentEvent(manager, row, 'archived', `Archived (older than ${days} days)`);
      }
      return rows.map((row) => row.id);
    });
    for (const id of archived) await this.publish(owner.id, project.id, id);
    return archived.length;
  }

  /** The deployment's events, oldest first. */
  async events(owner: Owner, deploymentId: unknown, projectId?: unknown): Promise<DeploymentEvent[]> {
    const deployment = await this.get(owner, deploymentId, projectId);
    return this.eventsOf(deployment);
  }

  eventsOf(deployment: Pick<Deployment, 'id' | 'ownerId'>): Promise<DeploymentEvent[]> {
    return this.dataSource.getRepository(DeploymentEvent).find({ where: { deploymentId: deployment.id, ownerId: deployment.ownerId }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  /** The deployment's version (owned with it); null only when it was deleted. */
  async versionOf(deployment: Deployment): Promise<Version | null> {
    return deployment.version ?? this.dataSource.getRepository(Version).findOneBy({ id: deployment.versionId, ownerId: deployment.ownerId });
  }

  /** Its latest 'Deployment Pipeline' run; null for the creation run's first deployment. */
  async pipelineOf(deployment: Deployment): Promise<RunView | null> {
    if (!deployment.runId) return null;
    return this.runs.deploymentRun(deployment.runId, deployment.ownerId).catch((error: unknown) => {
      if (error instanceof AppError && error.code === ErrorCode.NotFound) return null;
      throw error;
    });
  }

  /**
   * After a deployment run ended without finishing its deployment (cancelled with the project's pipeline Cancel,
   * or failed for good, e.g. a step whose workers died on every attempt): the deployment does not stay in
   * progress. A rollout ends rolled back (what served keeps serving), a stop goes back to active. Every process
   * hears the run's end; the project's row lock and the status check make the repeats no-ops.
   */
  async runEnded(run: { id: string; ownerId: string }, why: string): Promise<void> {
    const deployment = await this.dataSource.getRepository(Deployment).findOneBy({ ownerId: run.ownerId, runId: run.id });
    if (!deployment || !IN_PROGRESS.includes(deployment.status)) return;
    const changed = await this.dataSource.transaction(async (manager) => {
      if (!(await lockProject(manager, deployment.projectId, deployment.ownerId))) return false;
      const locked = await manager.findOneBy(Deployment, { id: deployment.id });
      if (!locked || locked.runId !== run.id || !IN_PROGRESS.includes(locked.status)) return false;
      if (locked.status === DeploymentStatus.cleaning_up) {
        await manager.update(Deployment, locked.id, { status: DeploymentStatus.active });
        await recordDeploymentEvent(manager, locked, 'healthy', `${why}: it keeps serving`);
      } else {
        await markRolledBackAutomatically(manager, locked, why);
      }
      return true;
    });
    if (changed) await this.publish(run.ownerId, deployment.projectId, deployment.id);
  }

  /** The cluster started an app again at other addresses (its loopback port was taken, or Slipway's port changed). */
  async addressesChanged(addresses: AppAddresses): Promise<void> {
    const moved = await this.dataSource.transaction((manager) => moveAddresses(manager, addresses));
    for (const deployment of moved) await this.publish(deployment.ownerId, deployment.projectId, deployment.id);
  }

  /**
   * runEnded for every deployment still in progress whose run has ended: a run whose end nobody heard (its process
   * died as it ended it, with every other process) leaves none in progress after a restart.
   */
  async settleEndedRuns(): Promise<void> {
    const ended: Array<{ id: string; owner_id: string; status: RunStatus }> = await this.dataSource.query(
      `SELECT r.id, r.owner_id, r.status FROM deployments d JOIN pipeline_runs r ON r.id = d.run_id
        WHERE d.status = ANY($1) AND r.status IN ('failed', 'cancelled')`,
      [IN_PROGRESS],
    );
    for (const run of ended) await this.runEnded({ id: run.id, ownerId: run.owner_id }, runEndReason(run.status));
  }

  private async checkIdle(manager: EntityManager, projectId: string, ownerId: string, environment: string): Promise<void> {
    if (await manager.existsBy(Deployment, { projectId, ownerId, environment, status: In(IN_PROGRESS) })) throw deploymentInProgress(environment);
  }

  /** Tells live followers, and answers the row as it is now. */
  private async changed(owner: Owner, deploymentId: string): Promise<Deployment> {
    const deployment = await this.get(owner, deploymentId);
    await this.publish(owner.id, deployment.projectId, deployment.id);
    return deployment;
  }

  private async publish(ownerId: string, projectId: string, deploymentId: string): Promise<void> {
    await this.bus.publish('deployment.updated', { deploymentId, projectId, ownerId }).catch((error) => logUnexpected('deployment event', error));
  }
}
