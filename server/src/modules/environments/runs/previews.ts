import { createHash } from 'node:crypto';
import { type DataSource, In } from 'typeorm';
import { AppError, ErrorCode } from '../../../common/app-error.js';
import { logUnexpected } from '../../../common/log.js';
import type { PipelineEngine } from '../../../pipelines/engine.js';
import type { ProjectProviders } from '../../../providers/project-providers.js';
import { IN_PROGRESS, lockProject } from '../../deployments/deployment-transitions.js';
import { Deployment } from '../../deployments/deployment.entity.js';
import { appNameOf } from '../../deployments/runs/deployment-rollout.js';
import type { Project } from '../../projects/project.entity.js';
import { namesOf, versionImage } from '../../projects/runs/run-names.js';
import type { ProjectRecord } from '../../projects/runs/run-ports.js';
import { Version } from '../../versions/version.entity.js';
import { Environment, PreviewSettings } from '../environment.entity.js';

/** How often each process looks for previews idle longer than their project allows. */
export const IDLE_SWEEP_MS = 15_000;

/** A preview's name from its branch: 'pv-' + up to 12 characters of it + 4 of its hash (an environment name, at most 20). */
export function previewName(branch: string): string {
  const slug = branch.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 12).replace(/-+$/, '') || 'branch';
  return `pv-${slug}-${createHash('sha256').update(branch).digest('hex').slice(0, 4)}`;
}

/** A project's preview settings (previews on, no idle limit, for a project that never changed them). */
export async function previewSettingsOf(dataSource: DataSource, project: { id: string; ownerId: string }): Promise<PreviewSettings> {
  return (
    (await dataSource.getRepository(PreviewSettings).findOneBy({ projectId: project.id })) ??
    Object.assign(new PreviewSettings(), { projectId: project.id, ownerId: project.ownerId, enabled: true, idleMinutes: null })
  );
}

/**
 * Previews: a push to a branch that feeds no environment makes one for it (its own app and URL, the project's
 * variables, auto-deploy on), which each later push updates; it goes, with everything it made (its app, its versions'
 * images, tags and rows, its deployments), when the branch is deleted or after the project's idle time.
 */
export class Previews {
  constructor(
    private readonly deps: {
      dataSource: DataSource;
      engine: PipelineEngine;
      providers: Pick<ProjectProviders, 'forProject'>;
    },
  ) {}

  /**
   * The branch's preview (one per branch), made now when previews are on; null when they are off. A pull request's
   * makes it `pr-<number>` (or, that name being another environment's, the branch's name) and takes over an existing one.
   */
  async ensure(project: Project, branch: string, pullRequest?: { number: number; title: string }): Promise<Environment | null> {
    const { dataSource } = this.deps;
    if (!(await previewSettingsOf(dataSource, project)).enabled) return null;
    const repository = dataSource.getRepository(Environment);
    const where = { projectId: project.id, branch, kind: 'preview' as const };
    let preview = await repository.findOneBy(where);
    for (const name of [...(pullRequest ? [`pr-${pullRequest.number}`] : []), previewName(branch)]) {
      if (preview) break;
      await dataSource
        .createQueryBuilder()
        .insert()
        .into(Environment)
        .values({ ownerId: project.ownerId, projectId: project.id, name, branch, autoDeploy: true, kind: 'preview', variablesSealed: '' })
        .orIgnore()
        .execute();
      preview = await repository.findOneBy(where);
    }
    if (preview && pullRequest && (preview.pullRequestNumber !== pullRequest.number || preview.pullRequestTitle !== pullRequest.title)) {
      await repository.update(preview.id, { pullRequestNumber: pullRequest.number, pullRequestTitle: pullRequest.title });
      preview = await repository.findOneBy({ id: preview.id });
    }
    return preview;
  }

  /** The preview of a branch, or null. */
  of(project: Project, branch: string): Promise<Environment | null> {
    return this.deps.dataSource.getRepository(Environment).findOneBy({ projectId: project.id, branch, kind: 'preview' });
  }

  /**
   * Removes the preview and everything it made: its runs still going are cancelled, its app removed, the images and
   * tags of the versions only it used deleted, then its rows (its deployments go with it). Safe to repeat.
   */
  async remove(project: Project, preview: Environment): Promise<void> {
    const { dataSource, engine } = this.deps;
    const deployments = await dataSource.getRepository(Deployment).find({ where: { environmentId: preview.id } });
    for (const deployment of deployments.filter((row) => row.runId && IN_PROGRESS.includes(row.status))) {
      await engine.cancelAndSettle(deployment.runId!, project.ownerId).catch((error: unknown) => {
        if (!(error instanceof AppError && error.code === ErrorCode.Conflict)) throw error;
      });
    }
    const { cluster, registry, sourceHost } = await this.deps.providers.forProject(project);
    const names = namesOf(project as unknown as ProjectRecord);
    await cluster.remove(appNameOf(names, preview.name));
    const versionIds = [...new Set(deployments.map((row) => row.versionId))];
    const used = versionIds.length
      ? await dataSource
          .getRepository(Deployment)
          .createQueryBuilder('d')
          .select('DISTINCT d.version_id', 'id')
          .where('d.version_id IN (:...ids) AND (d.environment_id IS NULL OR d.environment_id <> :preview)', { ids: versionIds, preview: preview.id })
          .getRawMany<{ id: string }>()
      : [];
    const own = versionIds.length ? await dataSource.getRepository(Version).findBy({ id: In(versionIds.filter((id) => !used.some((row) => row.id === id))) }) : [];
    for (const version of own) {
      await registry.deleteTag(versionImage(names, version.versionTag));
      if (version.gitCommitSha) await sourceHost.deleteTag(names.repository, { name: version.versionTag, sha: version.gitCommitSha });
    }
    await dataSource.transaction(async (manager) => {
      await lockProject(manager, project.id, project.ownerId);
      await manager.delete(Environment, { id: preview.id });
      if (own.length) await manager.delete(Version, { id: In(own.map((version) => version.id)) });
    });
  }

  /** Removes every preview idle (no push, no deployment) longer than its project allows. */
  async sweepIdle(): Promise<void> {
    // A process shutting down has closed its pool: nothing to look at.
    if (!this.deps.dataSource.isInitialized) return;
    const idle: Array<{ id: string }> = await this.deps.dataSource.query(
      `SELECT e.id FROM environments e JOIN preview_settings s ON s.project_id = e.project_id AND s.idle_minutes IS NOT NULL
        WHERE e.kind = 'preview'
          AND GREATEST(e.updated_at, COALESCE((SELECT max(d.created_at) FROM deployments d WHERE d.environment_id = e.id), e.created_at))
              < now() - make_interval(mins => s.idle_minutes)`,
    );
    for (const { id } of idle) {
      const preview = await this.deps.dataSource.getRepository(Environment).findOne({ where: { id }, relations: { project: true } });
      if (preview?.project) await this.remove(preview.project, preview).catch((error: unknown) => logUnexpected('idle preview', error));
    }
  }
}
