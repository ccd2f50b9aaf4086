import { randomBytes, randomUUID } from 'node:crypto';
import type { AuditRecorder } from '../audit/audit-log.js';
import type { DataSource, EntityManager } from 'typeorm';
import type { PublicAddress } from '../../common/public-address.js';
import type { SecretBox } from '../../common/secret-box.js';
import { isSensitiveName } from '@slipway/domain';
import { invalidInput, isUuid } from '../../common/validation.js';
import { type PoolQuery, poolQuery } from '../../db/pool-query.js';
import type { SettingsService } from '../settings/settings.service.js';
import { providerKindsFrom } from '../../providers/project-providers.js';
import { SettingKey } from '../settings/setting-key.js';
import type { Template } from '../templates/template.model.js';
import { projectSlug } from '../templates/template-renderer.js';
import type { TemplatesService } from '../templates/templates.service.js';
import type { User } from '../users/user.entity.js';
import { EnvironmentVariable, ProjectPage, ProjectStats } from './dtos/project.models.js';
import { Project, type ProjectDetails } from './project.entity.js';
import { Deployment } from '../deployments/deployment.entity.js';
import { Version } from '../versions/version.entity.js';
import { githubOrganizationInvalid, githubOrganizationMissing, projectBeingDeleted, projectNameTaken, projectNotFound, unknownTemplate } from './projects.errors.js';
import {
  PROJECT_COLUMNS,
  REACHABLE_BY_$1,
  beingDeletedSql,
  buildProjectCountSql,
  buildProjectListSql,
  parseProjectListQuery,
  type ProjectListQuery,
} from './project-list-query.js';
import { ProjectStatus } from './project-status.js';
import { GITHUB_WEBHOOK_PREFIX, gitRepositoryPath } from './git-path.js';
import {
  ORGANIZATION_NAME,
  parseEnvironmentVariables,
  validateDescription,
  validateProjectName,
  validateRepositoryUrl,
  validateStatus,
  validateTags,
} from './project.validation.js';
import { sandboxOf, validateLimits } from './project-limits.js';

/** Untyped fields as they come from REST bodies or GraphQL inputs; the service validates every one. */
export interface ProjectInput {
  name?: unknown;
  description?: unknown;
  status?: unknown;
  tags?: unknown;
  templateName?: unknown;
  environmentVariables?: unknown;
  repositoryUrl?: unknown;
  /** The project's own sandbox limits ({memoryMb, processes, cpuPercent, diskMb}), see project-limits.ts. */
  limits?: unknown;
}

type ProjectRow = Record<string, unknown>;
type Owner = Pick<User, 'id'>;

const UNIQUE_VIOLATION = '23505';

function violates(error: unknown, index: string): boolean {
  const driverError = (error as { driverError?: { code?: string; constraint?: string } })?.driverError;
  return driverError?.code === UNIQUE_VIOLATION && driverError.constraint === index;
}
const isNameTaken = (error: unknown) => violates(error, 'UQ_projects_owner_name');
const isRepositoryTaken = (error: unknown) => violates(error, 'UQ_projects_source');

/** What the service asks of the pipelines: a project's creation and deletion are runs (see runs/project-runs.ts). */
export interface ProjectRunStarter {
  startCreation(transaction: EntityManager, project: { ownerId: string; projectId: string; blank: boolean }): Promise<string>;
  startDeletion(transaction: EntityManager, project: { ownerId: string; projectId: string }): Promise<void>;
}

function fromRow(row: ProjectRow): Project {
  return Object.assign(new Project(), {
    id: row.id,
    ownerId: row.owner_id,
    name: row.name,
    description: row.description,
    tags: row.tags,
    status: row.status,
    version: row.version,
    repositoryUrl: row.repository_url,
    deployedUrl: row.deployed_url,
    loopbackUrl: row.loopback_url,
    limitMemoryMb: row.limit_memory_mb,
    limitProcesses: row.limit_processes,
    limitCpuPercent: row.limit_cpu_percent,
    limitDiskMb: row.limit_disk_mb,
    environmentVariablesSealed: row.environment_variables_encrypted,
    templateName: row.template_name,
    buildCommit: row.build_commit,
    dockerImageUrl: row.docker_image_url,
    activeVersionId: row.active_version_id,
    activeDeploymentId: row.active_deployment_id,
    sourceOrganization: row.source_organization,
    sourceRepository: row.source_repository,
    providers: row.providers,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    beingDeleted: row.being_deleted === true,
  });
}

/**
 * Template defaults fill blank values; a required variable must end up non-blank ('{name} is required',
 * as the wizard says); optional variables left blank with no default are dropped.
 */
function withTemplateDefaults(template: Template, given: Record<string, string>): Record<string, string> {
  const variables = { ...given };
  for (const variable of template.environmentVariables) {
    const value = given[variable.name]?.trim() ? given[variable.name] : variable.defaultValue;
    if (variable.required && !value.trim()) throw invalidInput(`${variable.name} is required`, 'environmentVariables');
    if (value) variables[variable.name] = value;
    else delete variables[variable.name];
  }
  return variables;
}

/** Projects of one owner; the only place their rules live, shared by REST and GraphQL. */
export class ProjectsService {
  /** The projects page's queries, run on every list view. */
  private readonly pool: PoolQuery;

  constructor(
    private readonly dataSource: DataSource,
    private readonly box: SecretBox,
    private readonly templates: TemplatesService,
    private readonly settings: SettingsService,
    private readonly runs: ProjectRunStarter,
    /** Where users reach Slipway: the base of the clone URLs of the repositories it serves over HTTP. */
    private readonly publicAddress: PublicAddress,
    private readonly audit: AuditRecorder,
  ) {
    this.pool = poolQuery(dataSource);
  }

  /** One page of the user's projects (their own and those they are a member of), filtered and sorted in SQL; every query argument is optional. */
  async list(owner: Owner, query: ProjectListQuery = {}): Promise<ProjectPage> {
    const parsed = parseProjectListQuery(query);
    const { text, values } = buildProjectListSql(owner.id, parsed);
    const rows = await this.pool<ProjectRow>(text, values);
    let total = rows.length ? Number(rows[0].total_count) : 0;
    if (!rows.length && parsed.page > 1) {
      const count = buildProjectCountSql(owner.id, parsed);
      total = (await this.pool<{ total: number }>(count.text, count.values))[0].total;
    }
    return Object.assign(new ProjectPage(), {
      projects: rows.map((row) => fromRow(row)),
      page: parsed.page,
      limit: parsed.limit,
      total,
      totalPages: Math.ceil(total / parsed.limit),
    });
  }

  /** The owner's project; anyone else's, or an id that is not a UUID, is 'Project not found'. */
  async get(owner: Owner, id: unknown): Promise<Project> {
    if (!isUuid(id)) throw projectNotFound();
    const rows: ProjectRow[] = await this.dataSource.query(
      `SELECT ${PROJECT_COLUMNS}, ${beingDeletedSql('projects')} FROM projects WHERE id = $1 AND owner_id = $2`,
      [id, owner.id],
    );
    if (!rows.length) throw projectNotFound();
    return fromRow(rows[0]);
  }

  /** A project the user owns or is a member of (any role); anyone else's is 'Project not found'. */
  async reachable(user: Owner, id: unknown): Promise<Project> {
    if (!isUuid(id)) throw projectNotFound();
    const rows: ProjectRow[] = await this.dataSource.query(
      `SELECT ${PROJECT_COLUMNS}, ${beingDeletedSql('projects')} FROM projects WHERE id = $2 AND ${REACHABLE_BY_$1}`,
      [user.id, id],
    );
    if (!rows.length) throw projectNotFound();
    return fromRow(rows[0]);
  }

  /**
   * The project with exactly this name (case-sensitive) among those the user owns or is a member of, or null; their
   * own first when a shared one has the same name (names are unique per owner only). One query: their own through
   * the (owner_id, lower(name)) unique index, the shared ones through their memberships.
   */
  async findByName(user: Owner, name: string): Promise<Project | null> {
    const columns = `${PROJECT_COLUMNS}, ${beingDeletedSql('projects')}`;
    const rows: ProjectRow[] = await this.dataSource.query(
      `SELECT * FROM (
         SELECT ${columns}, 0 AS mine_first FROM projects WHERE owner_id = $1 AND lower(name) = lower($2) AND name = $2
         UNION ALL
         SELECT ${columns}, 1 FROM projects WHERE id IN (SELECT project_id FROM project_members WHERE user_id = $1) AND name = $2
       ) AS found ORDER BY mine_first, created_at LIMIT 1`,
      [user.id, name],
    );
    return rows.length ? fromRow(rows[0]) : null;
  }

  /**
   * The project whose repository this is (organization and repository name as it was created with), among those the
   * user owns or is a member of (the access policy then checks their role), or null. Only a project on the local
   * source host that is not being deleted: the repositories Slipway serves over git.
   */
  async findServedRepository(user: Owner, organization: string, repository: string): Promise<Project | null> {
    const rows: ProjectRow[] = await this.dataSource.query(
      `SELECT * FROM (SELECT ${PROJECT_COLUMNS}, ${beingDeletedSql('projects')} FROM projects
         WHERE ${REACHABLE_BY_$1} AND source_organization = $2 AND source_repository = $3 AND providers->>'source_host' = 'local') AS p
        WHERE NOT being_deleted`,
      [user.id, organization, repository],
    );
    return rows.length ? fromRow(rows[0]) : null;
  }

  /**
   * The `git clone` URL of a project's repository served by Slipway over HTTP (`<public URL>/git/<organization>/<name>.git`);
   * null for a repository on GitHub (its own URL is repository_url) or before the API listens.
   */
  cloneUrlOf(project: Project): string | null {
    const base = this.publicAddress.url();
    if (!base || project.providers?.source_host !== 'local' || !project.sourceOrganization || !project.sourceRepository) return null;
    return `${base}${gitRepositoryPath(project.sourceOrganization, project.sourceRepository)}`;
  }

  /**
   * A cloud project's GitHub webhook: the URL GitHub posts its events to, and the secret it signs them with (made the
   * first time, kept sealed, the same on every later call); null while Slipway's public URL is not known.
   */
  async webhookOf(project: Pick<Project, 'id'>): Promise<{ url: string; secret: string } | null> {
    const base = this.publicAddress.url();
    if (!base) return null;
    const fresh = this.box.seal(randomBytes(32).toString('hex'), this.webhookContext(project.id));
    await this.dataSource.query(`UPDATE projects SET webhook_secret_encrypted = $2 WHERE id = $1 AND webhook_secret_encrypted IS NULL`, [project.id, fresh]);
    const found = await this.webhookSecret(project.id);
    return found && { url: `${base}${GITHUB_WEBHOOK_PREFIX}/${project.id}`, secret: found.secret };
  }

  /** The project a webhook delivery names, with its webhook's secret; null for an unknown project or one without a webhook. */
  async webhookSecret(projectId: string): Promise<{ projectId: string; ownerId: string; organization: string; repository: string; secret: string } | null> {
    if (!isUuid(projectId)) return null;
    const rows: Array<{ owner_id: string; source_organization: string; source_repository: string; sealed: string }> = await this.dataSource.query(
      `SELECT owner_id, source_organization, source_repository, webhook_secret_encrypted AS sealed FROM projects
        WHERE id = $1 AND webhook_secret_encrypted IS NOT NULL AND source_repository IS NOT NULL`,
      [projectId],
    );
    if (!rows.length) return null;
    const [row] = rows;
    return { projectId, ownerId: row.owner_id, organization: row.source_organization, repository: row.source_repository, secret: this.box.open(row.sealed, this.webhookContext(projectId)) };
  }

  private webhookContext(projectId: string): string {
    return `project:${projectId}:webhook`;
  }

  /**
   * Why a new project of the owner's could not take this name, as create would answer (its rule, or a project of
   * theirs with the same name ignoring case); null when it can. Lets the wizard say so on its first step.
   */
  async nameRefusal(owner: Owner, value: unknown): Promise<string | null> {
    let name: string;
    try {
      name = validateProjectName(value);
    } catch (error) {
      return (error as Error).message;
    }
    const rows: unknown[] = await this.dataSource.query('SELECT 1 FROM projects WHERE owner_id = $1 AND lower(name) = lower($2)', [owner.id, name]);
    return rows.length ? projectNameTaken(name).message : null;
  }

  async create(owner: Owner, input: ProjectInput): Promise<Project> {
    const name = validateProjectName(input.name);
    const description = validateDescription(input.description);
    const tags = validateTags(input.tags);
    const status = input.status === undefined || input.status === null ? ProjectStatus.active : validateStatus(input.status);
    const repositoryUrl = validateRepositoryUrl(input.repositoryUrl);
    let environment =
      input.environmentVariables === undefined || input.environmentVariables === null ? {} : parseEnvironmentVariables(input.environmentVariables);
    const template = await this.templateFor(input.templateName);
    if (template) environment = withTemplateDefaults(template, environment);
    const settings = await this.settings.valuesFor(owner.id);
    const organization = settings[SettingKey.GITHUB_ORGANIZATION];
    if (!organization) throw githubOrganizationMissing();
    if (!ORGANIZATION_NAME.test(organization)) throw githubOrganizationInvalid();

    const id = randomUUID();
    // The repository is named after the project, unless another project (maybe another user's, in the same
    // organization) has that name: then the project's id tells them apart.
    const slug = projectSlug(name);
    for (const sourceRepository of [slug, `${slug.slice(0, 54)}-${id.slice(0, 8)}`]) {
      try {
        // The project and its creation run exist together or not at all.
        await this.dataSource.transaction(async (manager) => {
          await manager.insert(Project, {
            id,
            ownerId: owner.id,
            name,
            description,
            tags,
            status,
            repositoryUrl,
            templateName: template?.name ?? null,
            environmentVariablesSealed: this.sealEnvironment(id, environment),
            sourceOrganization: organization,
            sourceRepository,
            // Fixed now, from the owner's settings at this moment: a project created locally stays local.
            providers: providerKindsFrom(settings),
          });
          await this.runs.startCreation(manager, { ownerId: owner.id, projectId: id, blank: !template });
          await this.audit.record(manager, { action: 'project.create', projectId: id, target: `project:${id}`, details: { name, template: template?.id ?? null, variables: Object.keys(environment) } });
        });
        return this.get(owner, id);
      } catch (error) {
        if (isNameTaken(error)) throw projectNameTaken(name);
        if (!isRepositoryTaken(error)) throw error;
      }
    }
    throw new Error('No free repository name');
  }

  /**
   * For a change to the owner's project or to what belongs to it (versions, ...): 'Project not found' for anyone
   * else's, 409 while the project is being deleted. In `transaction`, the project's row stays locked (FOR SHARE)
   * until it ends, so a deletion (which locks it FOR UPDATE) cannot start under the change; the deletion check
   * runs after the lock, so it sees a deletion that committed while this waited.
   */
  async assertChangeable(owner: Owner, id: unknown, transaction?: EntityManager): Promise<void> {
    if (!isUuid(id)) throw projectNotFound();
    const manager = transaction ?? this.dataSource.manager;
    const rows: Array<{ name: string }> = await manager.query(
      `SELECT name FROM projects WHERE id = $1 AND owner_id = $2${transaction ? ' FOR SHARE' : ''}`,
      [id, owner.id],
    );
    if (!rows.length) throw projectNotFound();
    const [{ being_deleted: deleting }] = await manager.query(`SELECT ${beingDeletedSql('p')} FROM (SELECT $1::uuid AS id) AS p`, [id]);
    if (deleting) throw projectBeingDeleted(rows[0].name);
  }

  /** Changes only the fields given; repositoryUrl null (or blank) clears it. Refused (409) while the project is being deleted. */
  async update(owner: Owner, id: unknown, input: ProjectInput): Promise<Project> {
    const project = await this.get(owner, id);
    if (project.beingDeleted) throw projectBeingDeleted(project.name);
    const changes: Partial<Project> = {};
    if (input.name !== undefined) changes.name = validateProjectName(input.name);
    if (input.description !== undefined) changes.description = validateDescription(input.description);
    if (input.tags !== undefined) changes.tags = validateTags(input.tags);
    if (input.status !== undefined) changes.status = validateStatus(input.status);
    if (input.repositoryUrl !== undefined) changes.repositoryUrl = validateRepositoryUrl(input.repositoryUrl);
    if (input.limits !== undefined) Object.assign(changes, validateLimits(input.limits));
    if (input.environmentVariables !== undefined) {
      changes.environmentVariablesSealed = this.sealEnvironment(project.id, parseEnvironmentVariables(input.environmentVariables));
    }
    if (!Object.keys(changes).length) return project;
    try {
      await this.dataSource.transaction(async (manager) => {
        await this.assertChangeable(owner, project.id, manager);
        await manager.update(Project, { id: project.id, ownerId: owner.id }, changes);
        // Field names, and the names (never the values) of the variables if they changed.
        const fields = Object.keys(input).filter((key) => input[key as keyof ProjectInput] !== undefined);
        const variables = input.environmentVariables === undefined ? undefined : Object.keys(parseEnvironmentVariables(input.environmentVariables));
        await this.audit.record(manager, { action: 'project.update', projectId: project.id, target: `project:${project.id}`, details: { fields, ...(variables ? { variables } : {}) } });
      });
    } catch (error) {
      if (isNameTaken(error)) throw projectNameTaken(changes.name ?? project.name);
      throw error;
    }
    return this.get(owner, project.id);
  }

  /** Replaces the whole environment (the editor's Save sends its full draft). */
  async setEnvironment(owner: Owner, id: unknown, variables: unknown): Promise<Project> {
    if (variables === undefined || variables === null) {
      throw invalidInput('Environment variables must be an object mapping names to values', 'environmentVariables');
    }
    return this.update(owner, id, { environmentVariables: variables });
  }

  setStatus(owner: Owner, id: unknown, status: unknown): Promise<Project> {
    return this.update(owner, id, { status: validateStatus(status) });
  }

  /**
   * Starts the project's deletion run (spec section 4: validate-deletion ... cleanup-database); the row goes at its
   * last step. Asking again while it runs changes nothing.
   */
  async remove(owner: Owner, id: unknown): Promise<void> {
    if (!isUuid(id)) throw projectNotFound();
    await this.dataSource.transaction(async (manager) => {
      const project = await manager.findOne(Project, { where: { id, ownerId: owner.id }, lock: { mode: 'pessimistic_write' } });
      if (!project) throw projectNotFound();
      await this.runs.startDeletion(manager, { ownerId: owner.id, projectId: project.id });
      await this.audit.record(manager, { action: 'project.delete', projectId: project.id, target: `project:${project.id}`, details: { name: project.name } });
    });
  }

  async stats(owner: Owner): Promise<ProjectStats> {
    const [row] = await this.dataSource.query(
      `SELECT count(*)::int AS total,
              count(*) FILTER (WHERE status = 'active')::int AS active,
              count(*) FILTER (WHERE status = 'inactive')::int AS inactive,
              (SELECT count(DISTINCT tag)::int FROM projects, unnest(tags) AS tag WHERE ${REACHABLE_BY_$1}) AS tags
         FROM projects WHERE ${REACHABLE_BY_$1}`,
      [owner.id],
    );
    return Object.assign(new ProjectStats(), row);
  }

  /** The distinct tags of the user's projects (owned or shared with them), sorted case-insensitively. */
  async tags(owner: Owner): Promise<string[]> {
    const rows: Array<{ tag: string }> = await this.dataSource.query(
      `SELECT tag FROM (SELECT DISTINCT unnest(tags) AS tag FROM projects WHERE ${REACHABLE_BY_$1}) AS t ORDER BY lower(tag), tag`,
      [owner.id],
    );
    return rows.map((row) => row.tag);
  }

  /** One project's answer beyond its row, for a project the caller already holds (so already owned). */
  async details(project: Project): Promise<ProjectDetails> {
    const [activeVersion, activeDeployment] = await Promise.all([this.activeVersion(project), this.activeDeployment(project)]);
    return { environmentVariables: this.environmentOf(project), activeVersion, activeDeployment, cloneUrl: this.cloneUrlOf(project), sandbox: await sandboxOf(project) };
  }

  activeVersion(project: Project): Promise<Version | null> {
    return project.activeVersionId ? this.dataSource.getRepository(Version).findOneBy({ id: project.activeVersionId, ownerId: project.ownerId }) : Promise.resolve(null);
  }

  activeDeployment(project: Project): Promise<Deployment | null> {
    return project.activeDeploymentId
      ? this.dataSource.getRepository(Deployment).findOneBy({ id: project.activeDeploymentId, ownerId: project.ownerId })
      : Promise.resolve(null);
  }

  /** The decrypted environment of a project the caller already holds (so already owned). */
  environmentOf(project: Project): Record<string, string> {
    return JSON.parse(this.box.open(project.environmentVariablesSealed, this.environmentContext(project.id)));
  }

  environmentList(project: Project): EnvironmentVariable[] {
    return Object.entries(this.environmentOf(project)).map(([name, value]) =>
      Object.assign(new EnvironmentVariable(), { name, value, sensitive: isSensitiveName(name) }),
    );
  }

  private async templateFor(name: unknown): Promise<Template | null> {
    if (name === undefined || name === null || name === '') return null;
    if (typeof name !== 'string') throw invalidInput('Template name must be a string', 'templateName');
    const template = await this.templates.find(name);
    if (!template) throw unknownTemplate(name);
    return template;
  }

  private sealEnvironment(projectId: string, variables: Record<string, string>): string {
    return this.box.seal(JSON.stringify(variables), this.environmentContext(projectId));
  }

  private environmentContext(projectId: string): string {
    return `project:${projectId}:environment`;
  }
}
