import { deploymentHealth } from '@slipway/domain';
import { type DataSource, In, IsNull, Not } from 'typeorm';
import { logUnexpected } from '../../../common/log.js';
import type { EventBus } from '../../../events/event-bus.js';
import { Environment } from '../../environments/environment.entity.js';
import { recordDeploymentEvent } from '../deployment-event.entity.js';
import { DeploymentStatus } from '../deployment-status.js';
import { Deployment } from '../deployment.entity.js';
import { checkRollbackTarget, type DeploymentsService } from '../deployments.service.js';

/** A crash loop: this many crashes (each followed by a restart) of a live deployment's app within CRASH_LOOP_WINDOW_MS. */
export const CRASH_LOOP_RESTARTS = 3;
export const CRASH_LOOP_WINDOW_MS = 60_000;
/** A failing app: this many periodic health checks in a row, over at least FAILING_FOR_MS, found an instance unhealthy (or none serving). */
export const FAILED_CHECKS_IN_A_ROW = 3;
export const FAILING_FOR_MS = 30_000;

/**
 * Watches every live deployment after its rollout: an app that crash-loops or keeps failing its health check marks
 * the deployment failed once (health_failure, a 'failed' event) and, when its environment's auto-rollback is on,
 * rolls back to the newest earlier deployment of the environment that served and was never marked failed. A
 * deployment is marked (and so rolled back) at most once: a rollback that crash-loops too goes further back, never
 * to a failed one, so there is no loop.
 */
export class HealthWatch {
  /** Health checks in a row that found the deployment unhealthy, and since when, per deployment (in the process that checks). */
  private readonly failedChecks = new Map<string, { count: number; since: number }>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly rollbacks: Pick<DeploymentsService, 'rollback'>,
    private readonly bus: EventBus,
  ) {}

  /**
   * Judges a live deployment: `crashes` are its app's crash times, `checked` is true right after a periodic health
   * check (its checks on the row are then new and count towards FAILED_CHECKS_IN_A_ROW).
   */
  async judge(deployment: Deployment, crashes: Date[], checked: boolean): Promise<void> {
    if (!deployment.isActive || deployment.status !== DeploymentStatus.active || deployment.healthFailedAt) return;
    const since = Math.max(deployment.activatedAt?.getTime() ?? 0, Date.now() - CRASH_LOOP_WINDOW_MS);
    const recent = crashes.filter((at) => at.getTime() >= since).length;
    if (recent >= CRASH_LOOP_RESTARTS) return this.fail(deployment, `crash loop (${recent} restarts in ${CRASH_LOOP_WINDOW_MS / 1000} s)`);
    if (!checked) return;
    if (deploymentHealth(deployment.healthChecks) !== 'unhealthy') return void this.failedChecks.delete(deployment.id);
    const failing = this.failedChecks.get(deployment.id) ?? { count: 0, since: Date.now() };
    failing.count++;
    this.failedChecks.set(deployment.id, failing);
    // Over a time as well as a count: a shorter check interval (tests) does not make the rule quicker than a crash loop's.
    const seconds = Math.round((Date.now() - failing.since) / 1000);
    if (failing.count < FAILED_CHECKS_IN_A_ROW || seconds * 1000 < FAILING_FOR_MS) return;
    const why = deployment.healthChecks.find((check) => check.status === 'unhealthy') as { message?: string | null } | undefined;
    await this.fail(deployment, `failing health check (${failing.count} checks in a row over ${seconds} s${why?.message ? `: ${why.message}` : ''})`);
  }

  /** Forgets deployments no longer live (their counts would otherwise stay in memory). */
  forgetAllBut(live: Set<string>): void {
    for (const id of this.failedChecks.keys()) if (!live.has(id)) this.failedChecks.delete(id);
  }

  private async fail(deployment: Deployment, reason: string): Promise<void> {
    this.failedChecks.delete(deployment.id);
    const repository = this.dataSource.getRepository(Deployment);
    // Once only, and only while it still serves: another process (or a rollback by hand) may have got there first.
    const { affected } = await repository
      .createQueryBuilder()
      .update()
      .set({ healthFailure: reason, healthFailedAt: () => 'now()' })
      .where('id = :id AND health_failed_at IS NULL AND status = :active', { id: deployment.id, active: DeploymentStatus.active })
      .execute();
    if (!affected) return;
    const environment = deployment.environmentId ? await this.dataSource.getRepository(Environment).findOneBy({ id: deployment.environmentId }) : null;
    const target = environment?.autoRollback ? await this.lastHealthy(deployment) : null;
    const outcome = !environment?.autoRollback
      ? `automatic rollback is off for ${deployment.environment}, so it keeps serving`
      : target
        ? `rolling back to ${target.version?.versionTag ?? 'the last healthy deployment'}`
        : 'no earlier healthy deployment to roll back to';
    await recordDeploymentEvent(this.dataSource.manager, deployment, 'failed', `Unhealthy after going live: ${reason}; ${outcome}`);
    await this.bus
      .publish('deployment.updated', { deploymentId: deployment.id, projectId: deployment.projectId, ownerId: deployment.ownerId })
      .catch((error: unknown) => logUnexpected('deployment event', error));
    if (!target) return;
    try {
      await this.rollbacks.rollback({ id: deployment.ownerId }, deployment.id, { targetDeploymentId: target.id, reason: `Automatic rollback: ${reason}` });
    } catch (error) {
      // A deployment under way in the environment, or the project being deleted: the user decides from here.
      const message = error instanceof Error ? error.message : String(error);
      await recordDeploymentEvent(this.dataSource.manager, deployment, 'failed', `The automatic rollback did not start: ${message}`);
    }
  }

  /** The newest earlier deployment of the environment that served, was never marked failed and can still be rolled back to. */
  private async lastHealthy(deployment: Deployment): Promise<Deployment | null> {
    const candidates = await this.dataSource.getRepository(Deployment).find({
      where: {
        projectId: deployment.projectId,
        ownerId: deployment.ownerId,
        environment: deployment.environment,
        status: In([DeploymentStatus.superseded, DeploymentStatus.rolled_back]),
        activatedAt: Not(IsNull()),
        healthFailedAt: IsNull(),
      },
      relations: { version: true },
      order: { activatedAt: 'DESC' },
      take: 20,
    });
    return (
      candidates.find((candidate) => {
        try {
          checkRollbackTarget(deployment, candidate);
          return true;
        } catch {
          return false;
        }
      }) ?? null
    );
  }
}
