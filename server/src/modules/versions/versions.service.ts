import { DEFAULT_ENVIRONMENT, gitBranchError, isBuildInProgress, versionDescriptionError, versionTagError } from '@slipway/domain';
import type { AuditRecorder } from '../audit/audit-log.js';
import { type DataSource, type EntityManager, In } from 'typeorm';
import { AppError, ErrorCode } from '../../common/app-error.js';
import { logUnexpected } from '../../common/log.js';
import { invalidInput, isUuid, requireObject } from '../../common/validation.js';
import type { EventBus } from '../../events/event-bus.js';
import type { RunFailure, RunView } from '../../pipelines/engine.js';
import { imageRepositoryOf } from '../projects/runs/run-names.js';
import type { ProjectProviders } from '../../providers/project-providers.js';
import { repositorySecretsOf } from '../../providers/builder/builder.port.js';
import type { RepositoryRef, SourceHost } from '../../providers/source-host/source-host.port.js';
import type { Artifact } from '../../providers/registry/registry.port.js';
import { DeploymentStatus } from '../deployments/deployment-status.js';
import { lockProject } from '../deployments/deployment-transitions.js';
import { Deployment } from '../deployments/deployment.entity.js';
import type { Project } from '../projects/project.entity.js';
import type { ProjectsService } from '../projects/projects.service.js';
import type { User } from '../users/user.entity.js';
import { VersionBuild } from './dtos/version.models.js';
import type { BuildLogs } from './build-logs.js';
import { MAX_TAIL_LINES } from './build-logs.js';
import { parseVersionListQuery, versionListFilters, versionOrder, type VersionListQuery } from './version-list-query.js';
import { BuildStatus, VersionStatus } from './version-status.js';
import { nextVersionNumber, Version } from './version.entity.js';
import {
  artifactNotFound,
  buildInProgress,
  noBuildRunning,
  projectHasNoRepository,
  unknownBranch,
  versionArchived,
  versionIsLive,
  versionIsDeployed,
  versionNotArchived,
  versionNotFound,
  versionTagTaken,
} from './versions.errors.js';

type Owner = Pick<User, 'id'>;

/** What the service asks of the pipelines: a build is a 'version_build' run (see runs/version-build-runs.ts). */
export interface VersionBuildRuns {
  startVersionBuild(transaction: EntityManager, ref: { ownerId: string; projectId: string }): Promise<string>;
  cancelVersionBuild(runId: string, ownerId: string): Promise<boolean>;
  buildRun(runId: string, ownerId: string): Promise<RunView>;
}

export interface VersionPageResult {
  versions: Version[];
  page: number;
  limit: number;
  total: number;
  totalPages: number;
}

export interface CreateVersionFields {
  versionTag?: unknown;
  description?: unknown;
  gitBranch?: unknown;
}

/** The file of a version's artifact, for download. */
export interface ArtifactFile {
  path: string;
  name: string;
  size: number;
}

const DEFAULT_TAIL_LINES = 200;
const UNIQUE_VIOLATION = '23505';

function text(value: unknown, field: string): string {
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') throw invalidInput(`${field} must be text`, field);
  return value.trim();
}

function check(error: string | undefined, field: string): void {
  if (error) throw invalidInput(error, field);
}

/**
 * A project's versions, for the project's owner only (anyone else's project or version is 'not found'). REST and
 * GraphQL both call this service; builds are pipeline runs whose steps write the version's build fields.
 */
export class VersionsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly projects: Pick<ProjectsService, 'get' | 'assertChangeable' | 'environmentOf'>,
    private readonly runs: VersionBuildRuns,
    /** Each project's own source host and registry (local, or its cloud ones). */
    private readonly providers: Pick<ProjectProviders, 'forProject'>,
    private readonly buildLogs: BuildLogs,
    private readonly bus: EventBus,
    private readonly audit: AuditRecorder,
  ) {}

  async list(owner: Owner, projectId: string, query: VersionListQuery = {}): Promise<VersionPageResult> {
    const parsed = parseVersionListQuery(query);
    const project = await this.projects.get(owner, projectId);
    const { where, parameters } = versionListFilters(parsed);
    const builder = this.dataSource
      .getRepository(Version)
      .createQueryBuilder('v')
      .where('v.project_id = :projectId AND v.owner_id = :ownerId', { projectId: project.id, ownerId: owner.id });
    for (const condition of where) builder.andWhere(condition, parameters);
    const [first, ...rest] = versionOrder(parsed);
    builder.orderBy(first[0], first[1]);
    for (const [column, order] of rest) builder.addOrderBy(column, order);
    const [versions, total] = await builder
      .skip((parsed.page - 1) * parsed.limit)
      .take(parsed.limit)
      .getManyAndCount();
    return { versions, page: parsed.page, limit: parsed.limit, total, totalPages: Math.max(1, Math.ceil(total / parsed.limit)) };
  }

  /** The owner's version (of the project, when one is given). */
  async get(owner: Owner, versionId: unknown, projectId?: unknown): Promise<Version> {
    if (!isUuid(versionId) || (projectId !== undefined && !isUuid(projectId))) throw versionNotFound();
    const version = await this.dataSource
      .getRepository(Version)
      .findOneBy({ id: versionId, ownerId: owner.id, ...(projectId === undefined ? {} : { projectId: projectId as string }) });
    if (!version) throw versionNotFound();
    return version;
  }

  /**
   * Tags the branch head in the project's repository, records the version and starts its build, all or nothing: a
   * failure after the tag was made removes it again, and a tag left by a create that died midway is reused.
   */
  async create(owner: Owner, projectId: string, input: CreateVersionFields): Promise<Version> {
    const versionTag = text(input.versionTag, 'version_tag');
    const description = text(input.description, 'description');
    const gitBranch = text(input.gitBranch, 'git_branch');
    check(versionTagError(versionTag), 'version_tag');
    check(gitBranchError(gitBranch), 'git_branch');
    check(versionDescriptionError(description), 'description');
    const project = await this.projects.get(owner, projectId);
    // Before the repository (a deletion run may have removed it already): a project being deleted is a 409.
    await this.projects.assertChangeable(owner, project.id);
    const { sourceHost, builder } = await this.providers.forProject(project);
    const repository = await this.repositoryOf(project, sourceHost);
    if (await this.dataSource.getRepository(Version).existsBy({ projectId: project.id, versionTag })) throw versionTagTaken(versionTag);
    const sha = await sourceHost.headCommit(repository, gitBranch);
    if (!sha) throw unknownBranch(gitBranch);
    // A tag of this name on another commit is someone else's. On the branch head with no version recorded, it is
    // what a create that died between the tag and its commit left (or the same tag made by hand): it is reused.
    const existingTag = await sourceHost.tagCommit(repository, versionTag);
    if (existingTag && existingTag !== sha) throw versionTagTaken(versionTag);
    // The tag's push starts the workflow run that builds it (GitHub Actions), which reads the repository's secrets as
    // they are then: they are stored first, so a token or variable changed since the last build applies.
    if (!existingTag && builder.repositorySecrets) await sourceHost.setSecrets(repository, repositorySecretsOf(this.projects.environmentOf(project), builder));
    let tagged = false;
    const id = await this.dataSource
      .transaction(async (manager) => {
        // The number first: it takes the project's row for this transaction, so creates in one project queue here
        // (after assertChangeable's shared lock, two creates would each wait for the other).
        const versionNumber = await nextVersionNumber(manager, project.id);
        await this.projects.assertChangeable(owner, project.id, manager);
        const version = await manager.save(
          manager.create(Version, { ownerId: owner.id, projectId: project.id, versionTag, versionNumber, description, gitBranch, gitCommitSha: sha }),
        );
        const runId = await this.runs.startVersionBuild(manager, { ownerId: owner.id, projectId: project.id });
        await manager.update(Version, version.id, { buildRunId: runId });
        await this.audit.record(manager, { action: 'version.create', projectId, target: `version:${version.id}`, details: { tag: version.versionTag } });
        // Last: the tag exists only if the version does (a failure here rolls the version back).
        if (!existingTag) {
          await sourceHost.createTag(repository, { name: versionTag, sha, message: description || `Version ${versionTag}` });
          tagged = true;
        }
        return version.id;
      })
      .catch(async (error: unknown) => {
        // The commit failed after the tag was made: the tag goes too, so that nothing is left of this call.
        if (tagged) await sourceHost.deleteTag(repository, { name: versionTag, sha }).catch((cleanup) => logUnexpected('version tag cleanup', cleanup));
        const driverError = (error as { driverError?: { code?: string } }).driverError;
        throw driverError?.code === UNIQUE_VIOLATION ? versionTagTaken(versionTag) : error;
      });
    return this.get(owner, id);
  }

  async update(owner: Owner, versionId: unknown, body: unknown, projectId?: unknown): Promise<Version> {
    const version = await this.get(owner, versionId, projectId);
    const fields = requireObject(body);
    for (const key of Object.keys(fields)) if (key !== 'description') throw invalidInput(`Only the description of a version can change ("${key.slice(0, 100)}")`, key);
    const description = text(fields.description, 'description');
    check(versionDescriptionError(description), 'description');
    await this.dataSource.transaction(async (manager) => {
      await this.projects.assertChangeable(owner, version.projectId, manager);
      await manager.update(Version, version.id, { description });
      await this.audit.record(manager, { action: 'version.update', projectId: version.projectId, target: `version:${version.id}`, details: { fields: ['description'] } });
    });
    return this.changed(owner, version.id);
  }

  /** Deletes a version that is not deployed, with its artifact and its whole log (its tag stays in the repository's history). */
  async remove(owner: Owner, versionId: unknown, projectId?: unknown): Promise<void> {
    const version = await this.get(owner, versionId, projectId);
    const refusal = await this.deletionRefusal(version);
    if (refusal) throw refusal;
    const project = await this.projects.get(owner, version.projectId);
    // Before the row goes: a registry the project cannot reach now leaves the version as it is.
    const { registry } = await this.providers.forProject(project);
    await this.dataSource.transaction(async (manager) => {
      await this.projects.assertChangeable(owner, project.id, manager);
      // Under the project's lock, which a new deployment takes too: none of this version can start meanwhile.
      await lockProject(manager, project.id, owner.id);
      const locked = await manager.findOneBy(Version, { id: version.id, ownerId: owner.id });
      if (!locked) throw versionNotFound();
      const refused = await this.deletionRefusal(locked, manager);
      if (refused) throw refused;
      await manager.delete(Version, { id: version.id, ownerId: owner.id });
      await this.audit.record(manager, { action: 'version.delete', projectId: version.projectId, target: `version:${version.id}`, details: { tag: version.versionTag } });
    });
    await this.buildLogs.remove(version);
    const image = this.imageOf(project, version);
    if (image) await registry.deleteTag(image);
  }

  /**
   * Why the version cannot be deleted now, as the error a deletion answers; null when it can. The one rule for
   * Delete Version, so the list can say it before anyone tries: not while it is live (serving an environment),
   * not while it builds, not once it was deployed (its deployments keep it for their history and rollbacks).
   */
  async deletionRefusal(version: Version, manager: EntityManager = this.dataSource.manager): Promise<AppError | null> {
    const serving = await manager.findOne(Deployment, {
      where: { versionId: version.id, ownerId: version.ownerId, status: DeploymentStatus.active },
      order: { environment: 'ASC' },
    });
    if (serving || version.active) return versionIsLive(version.versionTag, serving?.environment ?? DEFAULT_ENVIRONMENT, 'deleting');
    if (isBuildInProgress(version.buildStatus)) return buildInProgress(version.versionTag);
    if (await manager.existsBy(Deployment, { versionId: version.id, ownerId: version.ownerId })) return versionIsDeployed(version.versionTag);
    return null;
  }

  /** Builds the version again (a new run); not while a build of it runs, nor when it is archived. */
  async build(owner: Owner, versionId: unknown, projectId?: unknown): Promise<Version> {
    const version = await this.get(owner, versionId, projectId);
    if (version.status === VersionStatus.archived) throw versionArchived(version.versionTag);
    await this.dataSource.transaction(async (manager) => {
      await this.projects.assertChangeable(owner, version.projectId, manager);
      const locked = await manager.findOne(Version, { where: { id: version.id, ownerId: owner.id }, lock: { mode: 'pessimistic_write' } });
      if (!locked) throw versionNotFound();
      if (isBuildInProgress(locked.buildStatus)) throw buildInProgress(locked.versionTag);
      const runId = await this.runs.startVersionBuild(manager, { ownerId: owner.id, projectId: locked.projectId });
      await manager.update(Version, locked.id, {
        buildRunId: runId,
        status: VersionStatus.pending,
        buildStatus: BuildStatus.pending,
        buildStartedAt: null,
        buildCompletedAt: null,
        buildLog: '',
      });
      await this.audit.record(manager, { action: 'version.build', projectId: locked.projectId, target: `version:${locked.id}`, details: { tag: locked.versionTag } });
    });
    return this.changed(owner, version.id);
  }

  /** Stops the version's running build: its run is cancelled (the build process killed) and the build is 'cancelled'. */
  async stopBuild(owner: Owner, versionId: unknown, projectId?: unknown): Promise<Version> {
    const version = await this.get(owner, versionId, projectId);
    if (!version.buildRunId || !isBuildInProgress(version.buildStatus)) throw noBuildRunning(version.versionTag);
    // The row first: the build's own late result is dropped once it is no longer running.
    const marked = await this.markCancelled(owner.id, version.buildRunId);
    await this.runs.cancelVersionBuild(version.buildRunId, owner.id);
    if (!marked) throw noBuildRunning(version.versionTag);
    return this.changed(owner, version.id);
  }

  /** After a build run was cancelled another way (the project's pipeline Cancel): its version's build is 'cancelled'. */
  async buildCancelled(run: RunView): Promise<void> {
    if (await this.markCancelled(run.ownerId, run.id)) {
      const version = await this.dataSource.getRepository(Version).findOneBy({ ownerId: run.ownerId, buildRunId: run.id });
      if (version) await this.publish(run.ownerId, version.id);
    }
  }

  /**
   * In the transaction that fails a build run for good (its step broke, or its worker died on its last attempt): a
   * version whose build still shows pending or running ends build_failed/failed, with the reason as the last line of
   * its log, so no build is left 'building' behind a run that is over.
   */
  async buildGivenUp({ manager, run, message }: RunFailure): Promise<void> {
    const line = `Build failed: ${message}`;
    const { raw } = await manager
      .createQueryBuilder()
      .update(Version)
      .set({
        status: VersionStatus.build_failed,
        buildStatus: BuildStatus.failed,
        buildCompletedAt: () => 'now()',
        buildLog: () => "CASE WHEN build_log = '' THEN :line ELSE build_log || chr(10) || :line END",
      })
      .where({ ownerId: run.ownerId, buildRunId: run.id, buildStatus: In([BuildStatus.pending, BuildStatus.running]) })
      .setParameters({ line })
      .returning('id, project_id')
      .execute();
    // The file is the log's whole copy; the row (committed with the run's failure) is what must not be lost.
    for (const row of raw as Array<{ id: string; project_id: string }>) {
      await this.buildLogs.append({ id: row.id, projectId: row.project_id }, line).catch((error) => logUnexpected('build log', error));
    }
  }

  /** The caller's version whose latest build is the run `runId`; null when that run builds none (yet). */
  /** The version a run builds; the run came from an answer that was already access-checked (owner or member). */
  async builtBy(runId: string): Promise<Version | null> {
    if (!isUuid(runId)) return null;
    return this.dataSource.getRepository(Version).findOneBy({ buildRunId: runId });
  }

  /** The version with its latest build run (null before its first build). */
  async progress(owner: Owner, versionId: unknown, projectId?: unknown): Promise<{ version: Version; run: RunView | null }> {
    const version = await this.get(owner, versionId, projectId);
    return { version, run: await this.runOf(version) };
  }

  /** The build snapshot the versionBuild query and subscription answer. */
  async buildSnapshot(owner: Owner, versionId: unknown): Promise<VersionBuild> {
    const version = await this.get(owner, versionId);
    const run = await this.runOf(version);
    return Object.assign(new VersionBuild(), {
      version,
      pipeline: run,
      logTail: version.buildLog,
      seq: `${run?.id}:${run?.seq}:${version.updatedAt.getTime()}`,
    });
  }

  async runOf(version: Version): Promise<RunView | null> {
    if (!version.buildRunId) return null;
    return this.runs.buildRun(version.buildRunId, version.ownerId).catch((error: unknown) => {
      if (error instanceof AppError && error.code === ErrorCode.NotFound) return null;
      throw error;
    });
  }

  /** The last `tail` lines (default 200, at most 10000) of the version's whole build log, secrets already masked. */
  async logs(owner: Owner, versionId: unknown, tail: unknown, projectId?: unknown): Promise<{ version: Version; log: string; lines: number }> {
    const lines = tail === undefined || tail === '' ? DEFAULT_TAIL_LINES : Number(tail);
    if (!Number.isInteger(lines) || lines < 1 || lines > MAX_TAIL_LINES) throw invalidInput(`tail must be an integer between 1 and ${MAX_TAIL_LINES}`, 'tail');
    const version = await this.get(owner, versionId, projectId);
    return { version, log: await this.buildLogs.tail(version, lines), lines };
  }

  /** The version's artifacts as the registry holds them. */
  async artifacts(owner: Owner, versionId: unknown, projectId?: unknown): Promise<{ version: Version; artifacts: Artifact[] }> {
    const version = await this.get(owner, versionId, projectId);
    const project = await this.projects.get(owner, version.projectId);
    const image = this.imageOf(project, version);
    const artifact = image && version.artifacts.length ? await (await this.providers.forProject(project)).registry.find(image) : null;
    return { version, artifacts: artifact && version.artifacts.some((entry) => entry.id === artifact.digest) ? [artifact] : [] };
  }

  /** The file of one of the version's artifacts (by its id, the digest), on this machine. */
  async artifactFile(owner: Owner, versionId: unknown, artifactId: string, projectId?: unknown): Promise<ArtifactFile> {
    const { version, artifacts } = await this.artifacts(owner, versionId, projectId);
    const artifact = artifacts.find((entry) => entry.digest === artifactId);
    const project = await this.projects.get(owner, version.projectId);
    const file = artifact && (await (await this.providers.forProject(project)).registry.localPath(artifact));
    if (!artifact || !file) throw artifactNotFound();
    return { path: file, name: `${project.sourceRepository ?? 'artifact'}-${version.versionTag}.tar.gz`, size: artifact.size };
  }

  async archive(owner: Owner, versionId: unknown, projectId?: unknown): Promise<Version> {
    const version = await this.get(owner, versionId, projectId);
    if (version.status === VersionStatus.archived) throw versionArchived(version.versionTag);
    if (version.active) throw versionIsLive(version.versionTag, DEFAULT_ENVIRONMENT, 'archiving');
    if (isBuildInProgress(version.buildStatus)) throw buildInProgress(version.versionTag);
    await this.dataSource.transaction(async (manager) => {
      await this.projects.assertChangeable(owner, version.projectId, manager);
      await manager.update(Version, version.id, { status: VersionStatus.archived });
      await this.audit.record(manager, { action: 'version.archive', projectId: version.projectId, target: `version:${version.id}`, details: { tag: version.versionTag } });
    });
    return this.changed(owner, version.id);
  }

  /** Back to the state its build left it in: ready after a successful build, build_failed after a failed or stopped one. */
  async restore(owner: Owner, versionId: unknown, projectId?: unknown): Promise<Version> {
    const version = await this.get(owner, versionId, projectId);
    if (version.status !== VersionStatus.archived) throw versionNotArchived(version.versionTag);
    const status = version.buildStatus === BuildStatus.success ? VersionStatus.ready : version.buildStatus === BuildStatus.pending ? VersionStatus.pending : VersionStatus.build_failed;
    await this.dataSource.transaction(async (manager) => {
      await this.projects.assertChangeable(owner, version.projectId, manager);
      await manager.update(Version, version.id, { status });
      await this.audit.record(manager, { action: 'version.restore', projectId: version.projectId, target: `version:${version.id}`, details: { tag: version.versionTag } });
    });
    return this.changed(owner, version.id);
  }

  private async markCancelled(ownerId: string, runId: string): Promise<boolean> {
    const result = await this.dataSource
      .getRepository(Version)
      .update(
        { ownerId, buildRunId: runId, buildStatus: In([BuildStatus.pending, BuildStatus.running]) },
        { status: VersionStatus.build_failed, buildStatus: BuildStatus.cancelled, buildCompletedAt: new Date() },
      );
    return Boolean(result.affected);
  }

  /** Tells live followers, and answers the row as it is now. */
  private async changed(owner: Owner, versionId: string): Promise<Version> {
    await this.publish(owner.id, versionId);
    return this.get(owner, versionId);
  }

  private async publish(ownerId: string, versionId: string): Promise<void> {
    await this.bus.publish('version.updated', { versionId, ownerId }).catch((error) => logUnexpected('version event', error));
  }

  private async repositoryOf(project: Project, sourceHost: SourceHost): Promise<RepositoryRef> {
    if (!project.sourceOrganization || !project.sourceRepository) throw projectHasNoRepository();
    const repository = { organization: project.sourceOrganization, name: project.sourceRepository };
    if (!(await sourceHost.findRepository(repository))) throw projectHasNoRepository();
    return repository;
  }

  private imageOf(project: Project, version: Version) {
    const repository = imageRepositoryOf(project);
    return repository && { repository, tag: version.versionTag };
  }
}
