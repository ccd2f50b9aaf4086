import {
  DEFAULT_ENVIRONMENT,
  ENVIRONMENT_RESOURCE_KEYS,
  type EnvironmentResourceKey,
  type EnvironmentResourceValues,
  MAX_REPLICAS,
  deploymentHealth,
  environmentResourceError,
  environmentResourcesError,
  gitBranchError,
  isSensitiveName,
} from '@slipway/domain';
import { type DataSource, type EntityManager, In } from 'typeorm';
import { AppError } from '../../common/app-error.js';
import { logUnexpected } from '../../common/log.js';
import type { SecretBox } from '../../common/secret-box.js';
import type { ProjectProviders } from '../../providers/project-providers.js';
import type { CommitSummary } from '../../providers/source-host/source-host.port.js';
import { invalidInput, requireObject } from '../../common/validation.js';
import { parseEnvironment } from '../deployments/deployment-list-query.js';
import { DeploymentStatus } from '../deployments/deployment-status.js';
import { DeploymentHealth } from '../deployments/dtos/deployment.models.js';
import { IN_PROGRESS } from '../deployments/deployment-transitions.js';
import { Deployment } from '../deployments/deployment.entity.js';
import { parseEnvironmentVariables } from '../projects/project.validation.js';
import type { Project } from '../projects/project.entity.js';
import type { ProjectsService } from '../projects/projects.service.js';
import type { DeploymentsService } from '../deployments/deployments.service.js';
import { deploymentInProgress } from '../deployments/deployments.errors.js';
import { nothingToPromote, samePromotion } from './environments.errors.js';
import type { User } from '../users/user.entity.js';
import { EnvironmentState, VariableSource } from './dtos/environment.models.js';
import { Environment, PreviewSettings } from './environment.entity.js';
import { previewSettingsOf } from './runs/previews.js';
import { effectiveVariables, environmentNamed, overridesOf, sealOverrides } from './environment-rows.js';
import { environmentNameTaken, environmentNotFound, environmentServing, productionIsPermanent } from './environments.errors.js';

type Owner = Pick<User, 'id'>;

/** One difference between the variables two environments run with; values only for variables that are not sensitive. */
export interface VariableDifference {
  name: string;
  sensitive: boolean;
  /** The source's value; null when it has none or the variable is sensitive. */
  sourceValue: string | null;
  /** The target's value (what the promoted build runs with there); null when it has none or the variable is sensitive. */
  targetValue: string | null;
}

/** How many commits a promotion plan lists (the newest); it says how many more there are. */
export const PROMOTION_COMMITS = 50;

/**
 * How the source's commit stands to the target's: `forward` (the target gains the listed commits), `diverged` (it gains
 * them and loses `behind` of its own), `rollback` (the target runs newer commits: the listed ones leave it), `same`
 * (the same commit), `initial` (the target serves nothing: the source's recent history).
 */
export type PromotionRangeKind = 'forward' | 'diverged' | 'rollback' | 'same' | 'initial';

/** The commits a promotion moves the target over. */
export interface PromotionCommits {
  kind: PromotionRangeKind;
  /** Newest first, at most PROMOTION_COMMITS: what the target gains (for a rollback: what it loses). */
  commits: CommitSummary[];
  /** How many more there are beyond those listed. */
  more: number;
  /** How many commits the target runs that the source lacks (they leave it). */
  behind: number;
}

/** What a promotion would do, shown before it is confirmed. */
export interface PromotionPlan {
  source: Environment;
  target: Environment;
  /** The build that would run in the target: the source's active deployment's version (same artifact, no rebuild). */
  deployment: Deployment;
  /** The target's active deployment now, or null. */
  current: Deployment | null;
  /** Where the two environments' variables differ: the build moves, the target keeps its own variables. */
  variables: VariableDifference[];
  /** The commits between the target's serving commit and the source's; null when they could not be read. */
  commits: PromotionCommits | null;
}

/** What promotion needs of the deployments: a deployment of a built version to an environment. */
export type PromotionDeployments = Pick<DeploymentsService, 'create'>;

/** The longest idle time a project may give its previews: 30 days. */
export const MAX_IDLE_MINUTES = 43_200;

/** How many environments a project may have (production included). */
export const MAX_ENVIRONMENTS = 20;

export interface EnvironmentFields {
  name?: unknown;
  branch?: unknown;
  autoDeploy?: unknown;
  autoRollback?: unknown;
  variables?: unknown;
  /** Another environment of the project whose own variables the new one starts with. */
  copyVariablesFrom?: unknown;
  /** With copyVariablesFrom: also copy its sensitive variables (never done unless asked). */
  copySensitive?: unknown;
}

/** One variable as the environment runs with it, and where its value comes from. */
export interface EnvironmentVariableView {
  name: string;
  value: string;
  sensitive: boolean;
  /** 'project': inherited from the project's variables; 'environment': the environment's own (an override or an addition). */
  source: VariableSource;
}

/** What an environment shows: its row, the variables it runs with, and its serving and latest deployments. */
export interface EnvironmentDetails {
  environment: Environment;
  variables: EnvironmentVariableView[];
  active: Deployment | null;
  latest: Deployment | null;
  state: EnvironmentState;
}

function branchOf(value: unknown): string | null {
  if (value === null || value === '') return null;
  if (typeof value !== 'string') throw invalidInput('branch must be text', 'branch');
  const error = gitBranchError(value);
  if (error) throw invalidInput(error, 'branch');
  return value.trim();
}

function booleanOf(value: unknown, field: string): boolean {
  if (typeof value !== 'boolean') throw invalidInput(`${field} must be true or false`, field);
  return value;
}

/** REST's names of the resource fields (GraphQL's are the keys). */
export const RESOURCE_FIELDS: Record<EnvironmentResourceKey, string> = {
  cpuRequest: 'cpu_request',
  cpuLimit: 'cpu_limit',
  memoryRequestMb: 'memory_request_mb',
  memoryLimitMb: 'memory_limit_mb',
};

const resourceKeyOf = (key: string): EnvironmentResourceKey | undefined =>
  ENVIRONMENT_RESOURCE_KEYS.find((candidate) => candidate === key || RESOURCE_FIELDS[candidate] === key);

export function replicasOf(value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > MAX_REPLICAS) {
    throw invalidInput(`replicas must be an integer between 1 and ${MAX_REPLICAS}`, 'replicas');
  }
  return value;
}

/** The environment's resources as they are. */
export const resourcesOf = (row: EnvironmentResourceValues): EnvironmentResourceValues => ({
  cpuRequest: row.cpuRequest,
  cpuLimit: row.cpuLimit,
  memoryRequestMb: row.memoryRequestMb,
  memoryLimitMb: row.memoryLimitMb,
});

function variablesOf(value: unknown): Record<string, string> {
  try {
    return parseEnvironmentVariables(value);
  } catch (error) {
    // Same rules as the project's variables; the field is this call's.
    throw invalidInput((error as Error).message, 'variables');
  }
}

/** The state an environment shows: deploying while a deployment is under way, else what its latest deployment says. */
export function environmentState(active: Deployment | null, latest: Deployment | null): EnvironmentState {
  if (latest && IN_PROGRESS.includes(latest.status)) return EnvironmentState.deploying;
  if (active) return EnvironmentState.active;
  // Failed: its latest deployment never became healthy (an automatic rollback says why); a manual rollback is not a failure.
  return latest?.status === DeploymentStatus.rolled_back && latest.errorMessage ? EnvironmentState.failed : EnvironmentState.idle;
}

/**
 * A project's environments, for its owner only (anyone else's project is 'not found'). REST and GraphQL both call
 * this service. Variables: an environment runs with the project's, each overridden by its own; its own are sealed.
 */
export class EnvironmentsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly projects: Pick<ProjectsService, 'get' | 'environmentOf' | 'assertChangeable'>,
    private readonly box: SecretBox,
    private readonly deployments: PromotionDeployments,
    private readonly providers: Pick<ProjectProviders, 'forProject'>,
  ) {}

  async list(owner: Owner, projectId: unknown): Promise<Environment[]> {
    const project = await this.projects.get(owner, projectId);
    await environmentNamed(this.dataSource.manager, project, DEFAULT_ENVIRONMENT);
    // Production first, then the others by name.
    return this.dataSource
      .getRepository(Environment)
      .createQueryBuilder('e')
      .where('e.project_id = :projectId AND e.owner_id = :ownerId', { projectId: project.id, ownerId: owner.id })
      .orderBy(`e.name = '${DEFAULT_ENVIRONMENT}'`, 'DESC')
      .addOrderBy('e.name', 'ASC')
      .getMany();
  }

  async get(owner: Owner, projectId: unknown, name: unknown): Promise<Environment> {
    const project = await this.projects.get(owner, projectId);
    return this.find(this.dataSource.manager, project, name);
  }

  async create(owner: Owner, projectId: unknown, input: EnvironmentFields): Promise<Environment> {
    const name = parseEnvironment(input.name, 'name');
    if (!name) throw invalidInput('name is required', 'name');
    const branch = input.branch === undefined ? null : branchOf(input.branch);
    const autoDeploy = input.autoDeploy === undefined || input.autoDeploy === null ? false : booleanOf(input.autoDeploy, 'auto_deploy');
    const autoRollback = input.autoRollback === undefined || input.autoRollback === null ? false : booleanOf(input.autoRollback, 'auto_rollback');
    const given = input.variables === undefined || input.variables === null ? {} : variablesOf(input.variables);
    const copySensitive = input.copySensitive === undefined || input.copySensitive === null ? false : booleanOf(input.copySensitive, 'copy_sensitive');
    const project = await this.projects.get(owner, projectId);
    const id = await this.dataSource.transaction(async (manager) => {
      await this.projects.assertChangeable(owner, project.id, manager);
      await environmentNamed(manager, project, DEFAULT_ENVIRONMENT);
      if (await manager.existsBy(Environment, { projectId: project.id, name })) throw environmentNameTaken(name);
      if ((await manager.countBy(Environment, { projectId: project.id })) >= MAX_ENVIRONMENTS) {
        throw invalidInput(`A project can have at most ${MAX_ENVIRONMENTS} environments`, 'name');
      }
      let copied: Record<string, string> = {};
      if (input.copyVariablesFrom !== undefined && input.copyVariablesFrom !== null && input.copyVariablesFrom !== '') {
        const source = await this.find(manager, project, input.copyVariablesFrom, 'copy_variables_from');
        // Sensitive values stay where they were set unless the caller asked for them too.
        copied = Object.fromEntries(Object.entries(overridesOf(this.box, source)).filter(([key]) => copySensitive || !isSensitiveName(key)));
      }
      const row = manager.create(Environment, { ownerId: owner.id, projectId: project.id, name, branch, autoDeploy, autoRollback, variablesSealed: '' });
      await manager.insert(Environment, row);
      await manager.update(Environment, row.id, { variablesSealed: sealOverrides(this.box, row.id, { ...copied, ...given }) });
      return row.id;
    });
    return this.dataSource.getRepository(Environment).findOneByOrFail({ id });
  }

  /**
   * Changes the branch, auto-deploy, auto-rollback, the environment's own variables (the whole set, as the editor's
   * Save sends it), its replicas or its resources (each null for none).
   */
  async update(owner: Owner, projectId: unknown, name: unknown, body: unknown): Promise<Environment> {
    const fields = requireObject(body);
    const changes: Partial<Environment> = {};
    const resources: Partial<EnvironmentResourceValues> = {};
    let variables: Record<string, string> | undefined;
    for (const [key, value] of Object.entries(fields)) {
      const resource = resourceKeyOf(key);
      if (key === 'branch') changes.branch = branchOf(value);
      else if (key === 'autoDeploy' || key === 'auto_deploy') changes.autoDeploy = booleanOf(value, 'auto_deploy');
      else if (key === 'autoRollback' || key === 'auto_rollback') changes.autoRollback = booleanOf(value, 'auto_rollback');
      else if (key === 'variables') variables = variablesOf(value);
      else if (key === 'replicas') changes.replicas = replicasOf(value);
      else if (resource) {
        const error = environmentResourceError(resource, value);
        if (error) throw invalidInput(error, RESOURCE_FIELDS[resource]);
        resources[resource] = (value ?? null) as number | null;
      } else throw invalidInput(`Unknown field "${key.slice(0, 100)}"`, key);
    }
    const project = await this.projects.get(owner, projectId);
    const { environment, redeploy } = await this.dataSource.transaction(async (manager) => {
      await this.projects.assertChangeable(owner, project.id, manager);
      const row = await this.find(manager, project, name);
      const next = { ...resourcesOf(row), ...resources };
      const tooMuch = environmentResourcesError(next);
      if (tooMuch) throw invalidInput(tooMuch.error, RESOURCE_FIELDS[tooMuch.key]);
      Object.assign(changes, resources);
      const variablesChanged = variables !== undefined && JSON.stringify(variables) !== JSON.stringify(overridesOf(this.box, row));
      const scaled = changes.replicas !== undefined && changes.replicas !== row.replicas;
      const resized = JSON.stringify(next) !== JSON.stringify(resourcesOf(row));
      let serving: Deployment | null = null;
      if (variablesChanged || scaled || resized) {
        // A new deployment of the same build takes them: refused up front while another is under way.
        if (await manager.existsBy(Deployment, { environmentId: row.id, status: In(IN_PROGRESS) })) throw deploymentInProgress(row.name);
        serving = await manager.findOneBy(Deployment, { environmentId: row.id, status: DeploymentStatus.active });
      }
      if (variablesChanged) changes.variablesSealed = sealOverrides(this.box, row.id, variables!);
      if (Object.keys(changes).length) await manager.update(Environment, row.id, changes);
      return { environment: row, redeploy: serving };
    });
    // Changed variables, replicas or resources roll out a new deployment of the build that serves (no rebuild).
    if (redeploy) await this.deployments.create(owner, project.id, { versionId: redeploy.versionId, environment: environment.name });
    return this.dataSource.getRepository(Environment).findOneByOrFail({ id: environment.id });
  }

  /** Deletes an environment other than production that nothing serves from (its past deployments go with it). */
  async remove(owner: Owner, projectId: unknown, name: unknown): Promise<void> {
    const project = await this.projects.get(owner, projectId);
    await this.dataSource.transaction(async (manager) => {
      await this.projects.assertChangeable(owner, project.id, manager);
      const row = await this.find(manager, project, name);
      if (row.name === DEFAULT_ENVIRONMENT) throw productionIsPermanent();
      const busy = await manager.existsBy(Deployment, { environmentId: row.id, status: In([DeploymentStatus.active, ...IN_PROGRESS]) });
      if (busy) throw environmentServing(row.name);
      await manager.delete(Environment, row.id);
    });
  }

  /**
   * What promoting `from` into the target would do: the source's serving build, the target's current one (the two
   * commits are the range it moves over), and where the two environments' variables differ (names only for
   * sensitive ones).
   */
  async promotionPlan(owner: Owner, projectId: unknown, targetName: unknown, from: unknown): Promise<PromotionPlan> {
    const project = await this.projects.get(owner, projectId);
    const target = await this.find(this.dataSource.manager, project, targetName);
    const source = await this.find(this.dataSource.manager, project, from, 'from');
    if (source.id === target.id) throw samePromotion();
    const repository = this.dataSource.getRepository(Deployment);
    const active = (environment: Environment) =>
      repository.findOne({ where: { environmentId: environment.id, status: DeploymentStatus.active }, relations: { version: true }, order: { activatedAt: 'DESC' } });
    const [deployment, current] = await Promise.all([active(source), active(target)]);
    if (!deployment) throw nothingToPromote(source.name);
    const projectVariables = this.projects.environmentOf(project);
    const [inSource, inTarget] = [effectiveVariables(this.box, projectVariables, source), effectiveVariables(this.box, projectVariables, target)];
    const variables: VariableDifference[] = [];
    for (const name of [...new Set([...Object.keys(inSource), ...Object.keys(inTarget)])].sort()) {
      if (inSource[name] === inTarget[name]) continue;
      const sensitive = isSensitiveName(name);
      variables.push({ name, sensitive, sourceValue: sensitive ? null : (inSource[name] ?? null), targetValue: sensitive ? null : (inTarget[name] ?? null) });
    }
    const commits = await this.commitRange(project, current?.version?.gitCommitSha ?? null, deployment.version?.gitCommitSha ?? null);
    return { source, target, deployment, current, variables, commits };
  }

  /** The commits from the target's serving commit to the source's, read from the project's repository (local or GitHub). */
  private async commitRange(project: Project, from: string | null, to: string | null): Promise<PromotionCommits | null> {
    if (!to || !project.sourceOrganization || !project.sourceRepository) return null;
    if (from === to) return { kind: 'same', commits: [], more: 0, behind: 0 };
    const repository = { organization: project.sourceOrganization, name: project.sourceRepository };
    const listed = (kind: PromotionRangeKind, range: { commits: CommitSummary[]; ahead: number }, behind: number) => ({ kind, commits: range.commits, more: range.ahead - range.commits.length, behind });
    try {
      const { sourceHost } = await this.providers.forProject(project);
      const range = await sourceHost.compareCommits(repository, from, to, PROMOTION_COMMITS);
      if (!from) return listed('initial', range, 0);
      if (range.ahead || !range.behind) return listed(range.behind ? 'diverged' : 'forward', range, range.behind);
      // The target runs newer commits than the source: list those, which the promotion takes away.
      const back = await sourceHost.compareCommits(repository, to, from, PROMOTION_COMMITS);
      return listed('rollback', back, back.ahead);
    } catch (error) {
      // The plan stands without its commit list (a repository or GitHub that cannot be read now says so in the plan).
      if (!(error instanceof AppError)) logUnexpected('promotion commits', error);
      return null;
    }
  }

  /** Deploys the exact build serving `from` (same version, same artifact: no rebuild) to the target, with the target's own variables. */
  async promote(owner: Owner, projectId: unknown, targetName: unknown, from: unknown): Promise<Deployment> {
    const plan = await this.promotionPlan(owner, projectId, targetName, from);
    return this.deployments.create(owner, plan.target.projectId, { versionId: plan.deployment.versionId, environment: plan.target.name });
  }

  async previewSettings(owner: Owner, projectId: unknown): Promise<PreviewSettings> {
    const project = await this.projects.get(owner, projectId);
    return previewSettingsOf(this.dataSource, project);
  }

  /** Turns previews on or off and sets how long one may stay idle (minutes, null for ever) before it is removed. */
  async updatePreviewSettings(owner: Owner, projectId: unknown, body: unknown): Promise<PreviewSettings> {
    const fields = requireObject(body);
    const project = await this.projects.get(owner, projectId);
    const settings = await previewSettingsOf(this.dataSource, project);
    for (const [key, value] of Object.entries(fields)) {
      if (key === 'enabled') settings.enabled = booleanOf(value, 'enabled');
      else if (key === 'idleMinutes' || key === 'idle_minutes') {
        if (value !== null && (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > MAX_IDLE_MINUTES)) {
          throw invalidInput(`idle_minutes must be null or an integer between 1 and ${MAX_IDLE_MINUTES}`, 'idle_minutes');
        }
        settings.idleMinutes = value;
      } else throw invalidInput(`Unknown field "${key.slice(0, 100)}"`, key);
    }
    await this.dataSource.transaction(async (manager) => {
      await this.projects.assertChangeable(owner, project.id, manager);
      await manager.upsert(PreviewSettings, settings, ['projectId']);
    });
    return settings;
  }

  /** The environment's variables as its next deployment runs with them: the project's, overridden by its own. */
  variables(project: Project, environment: Environment): EnvironmentVariableView[] {
    const inherited = this.projects.environmentOf(project);
    const own = overridesOf(this.box, environment);
    const merged: Record<string, EnvironmentVariableView> = {};
    for (const [name, value] of Object.entries(inherited)) merged[name] = { name, value, sensitive: isSensitiveName(name), source: VariableSource.project };
    for (const [name, value] of Object.entries(own)) merged[name] = { name, value, sensitive: isSensitiveName(name), source: VariableSource.environment };
    return Object.values(merged).sort((a, b) => a.name.localeCompare(b.name));
  }

  async details(owner: Owner, environment: Environment): Promise<EnvironmentDetails> {
    const project = await this.projects.get(owner, environment.projectId);
    const repository = this.dataSource.getRepository(Deployment);
    const [active, latest] = await Promise.all([
      repository.findOne({ where: { environmentId: environment.id, status: DeploymentStatus.active }, relations: { version: true }, order: { activatedAt: 'DESC' } }),
      repository.findOne({ where: { environmentId: environment.id }, relations: { version: true }, order: { createdAt: 'DESC' } }),
    ]);
    return { environment, variables: this.variables(project, environment), active, latest, state: environmentState(active, latest) };
  }

  /** Its deployments, newest first (its history). */
  history(environment: Environment, limit = 10): Promise<Deployment[]> {
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) throw invalidInput('limit must be an integer between 1 and 100', 'limit');
    return this.dataSource.getRepository(Deployment).find({ where: { environmentId: environment.id }, relations: { version: true }, order: { createdAt: 'DESC' }, take: limit });
  }

  health(details: EnvironmentDetails): DeploymentHealth {
    return (details.active ? deploymentHealth(details.active.healthChecks) : 'unknown') as DeploymentHealth;
  }

  private async find(manager: EntityManager, project: { id: string; ownerId: string }, value: unknown, field = 'environment'): Promise<Environment> {
    const name = parseEnvironment(value, field);
    if (!name) throw invalidInput(`${field} is required`, field);
    const row = await environmentNamed(manager, project, name);
    if (!row) throw environmentNotFound(name);
    return row;
  }
}
