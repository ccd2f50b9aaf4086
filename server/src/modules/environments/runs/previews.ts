import { createHash } from 'node:crypto';
import { StreamName } from '@slipway/domain';
import { type DataSource, In } from 'typeorm';
import { AppError, ErrorCode } from '../../../common/app-error.js';
import { logUnexpected } from '../../../common/log.js';
import type { PipelineEngine } from '../../../pipelines/engine.js';
import type { RunInfo } from '../../../pipelines/steps.js';
import { IN_PROGRESS, lockProject } from '../../deployments/deployment-transitions.js';
import { Deployment } from '../../deployments/deployment.entity.js';
import type { Project } from '../../projects/project.entity.js';
import { Version } from '../../versions/version.entity.js';
import { type PreviewRemovalRecords, previewRemovalSteps } from './preview-removal.steps.js';
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
 * images, tags and rows, its deployments), when the branch is deleted, its pull request closed or after the project's
 * idle time: a Preview Removal run (preview-removal.steps.ts) whose rows side is PreviewRemovalRecords below.
 */
export class Previews {
  constructor(private readonly deps: { dataSource: DataSource; engine: PipelineEngine }) {}

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
   * Starts the preview's removal run (a Preview Removal on the project page), once: the process that sets the
   * preview's removal run first starts it. Answers the run (another process's, when it came first), null when the
   * preview is gone.
   */
  async remove(project: Project, preview: Environment): Promise<string | null> {
    const { dataSource, engine } = this.deps;
    const started = await dataSource
      .transaction(async (manager) => {
        const runId = await engine.start(StreamName.previewRemoval, previewRemovalSteps, { ownerId: project.ownerId, projectId: project.id, transaction: manager });
        const claimed = await manager.createQueryBuilder().update(Environment).set({ removalRunId: runId }).where('id = :id AND removal_run_id IS NULL', { id: preview.id }).execute();
        // Not claimed: the run made here goes with the transaction.
        if (!claimed.affected) throw new RemovalClaimed();
        return runId;
      })
      .catch((error: unknown) => {
        if (error instanceof RemovalClaimed) return null;
        throw error;
      });
    return started ?? (await dataSource.getRepository(Environment).findOneBy({ id: preview.id }))?.removalRunId ?? null;
  }

  /** Starts the removal of every preview idle (no push, no deployment) longer than its project allows. */
  async sweepIdle(): Promise<void> {
    // A process shutting down has closed its pool: nothing to look at.
    if (!this.deps.dataSource.isInitialized) return;
    const idle: Array<{ id: string }> = await this.deps.dataSource.query(
      `SELECT e.id FROM environments e JOIN preview_settings s ON s.project_id = e.project_id AND s.idle_minutes IS NOT NULL
        WHERE e.kind = 'preview' AND e.removal_run_id IS NULL
          AND GREATEST(e.updated_at, COALESCE((SELECT max(d.created_at) FROM deployments d WHERE d.environment_id = e.id), e.created_at))
              < now() - make_interval(mins => s.idle_minutes)`,
    );
    for (const { id } of idle) {
      const preview = await this.deps.dataSource.getRepository(Environment).findOne({ where: { id }, relations: { project: true } });
      if (preview?.project) await this.remove(preview.project, preview).catch((error: unknown) => logUnexpected('idle preview', error));
    }
  }
}

/** Thrown inside the removal's transaction when another process claimed the preview's removal first. */
class RemovalClaimed extends Error {}

/** The rows side of a preview's removal run: the preview is the one whose removal run it is. */
export class DatabasePreviewRemovalRecords implements PreviewRemovalRecords {
  constructor(
    private readonly deps: { dataSource: DataSource; engine: PipelineEngine },
    private readonly run: RunInfo,
  ) {}

  async subject(): Promise<{ project: Project; preview: Environment } | null> {
    const preview = await this.deps.dataSource.getRepository(Environment).findOne({ where: { removalRunId: this.run.id, ownerId: this.run.ownerId }, relations: { project: true } });
    return preview?.project ? { project: preview.project, preview } : null;
  }

  async stopDeploys(project: Project, preview: Environment): Promise<number> {
    const deployments = await this.deps.dataSource.getRepository(Deployment).findBy({ environmentId: preview.id, status: In(IN_PROGRESS) });
    let cancelled = 0;
    for (const deployment of deployments.filter((row) => row.runId)) {
      await this.deps.engine
        .cancelAndSettle(deployment.runId!, project.ownerId)
        .then(() => (cancelled += 1))
        .catch((error: unknown) => {
          // Ended on its own meanwhile.
          if (!(error instanceof AppError && error.code === ErrorCode.Conflict)) throw error;
        });
    }
    return cancelled;
  }

  async ownVersions(preview: Environment): Promise<Version[]> {
    const { dataSource } = this.deps;
    const deployments = await dataSource.getRepository(Deployment).find({ where: { environmentId: preview.id } });
    const versionIds = [...new Set(deployments.map((row) => row.versionId))];
    if (!versionIds.length) return [];
    const used = await dataSource
      .getRepository(Deployment)
      .createQueryBuilder('d')
      .select('DISTINCT d.version_id', 'id')
      .where('d.version_id IN (:...ids) AND (d.environment_id IS NULL OR d.environment_id <> :preview)', { ids: versionIds, preview: preview.id })
      .getRawMany<{ id: string }>();
    return dataSource.getRepository(Version).findBy({ id: In(versionIds.filter((id) => !used.some((row) => row.id === id))) });
  }

  async deleteRows(project: Project, preview: Environment): Promise<void> {
    const own = await this.ownVersions(preview);
    await this.deps.dataSource.transaction(async (manager) => {
      await lockProject(manager, project.id, project.ownerId);
      await manager.delete(Environment, { id: preview.id });
      if (own.length) await manager.delete(Version, { id: In(own.map((version) => version.id)) });
    });
  }
}
