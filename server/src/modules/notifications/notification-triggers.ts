import { deploymentHealth } from '@slipway/domain';
import type { DataSource } from 'typeorm';
import { logUnexpected } from '../../common/log.js';
import type { EventBus } from '../../events/event-bus.js';
import { PipelineRun } from '../../pipelines/pipeline-run.entity.js';
import { Deployment } from '../deployments/deployment.entity.js';
import { DeploymentStatus } from '../deployments/deployment-status.js';
import { NotificationEventKind } from './notification-kinds.js';
import type { NotificationsService, NotificationTrigger } from './notifications.service.js';

/** A deployment that went live longer ago than this is old news (a restart replaying events sends nothing). */
const FRESH_MS = 10 * 60_000;

/**
 * Turns what the bus reports into notification triggers: a run that failed ('pipeline.updated'), and a deployment
 * that failed, was rolled back, went live in production, or whose app turned unhealthy — crash loops included, the
 * deployment monitor's checks see it ('deployment.updated'). Every process hears every event; the trigger's key
 * makes one of them send it.
 */
export class NotificationTriggers {
  constructor(
    private readonly dataSource: DataSource,
    private readonly bus: EventBus,
    private readonly service: Pick<NotificationsService, 'trigger' | 'rearm'>,
  ) {}

  start(): () => void {
    const handle = (work: Promise<void>) => void work.catch((error: unknown) => logUnexpected('notification trigger', error));
    const stops = [
      this.bus.subscribe('pipeline.updated', (event) => {
        if (event.status === 'failed' && event.projectId) handle(this.runFailed(event.runId));
      }),
      this.bus.subscribe('deployment.updated', (event) => handle(this.deploymentChanged(event.deploymentId))),
    ];
    return () => stops.forEach((stop) => stop());
  }

  private async runFailed(runId: string): Promise<void> {
    const run = await this.dataSource.getRepository(PipelineRun).findOneBy({ id: runId });
    if (!run?.projectId) return;
    const [step]: Array<{ step_id: string; error_message: string | null }> = await this.dataSource.query(
      `SELECT step_id, error_message FROM pipeline_steps WHERE run_id = $1 AND status = 'failed' ORDER BY position LIMIT 1`,
      [runId],
    );
    await this.fire({
      key: `pipeline_failed:${run.id}`,
      kind: NotificationEventKind.pipeline_failed,
      ownerId: run.ownerId,
      projectId: run.projectId,
      summary: `Pipeline ${run.streamName} failed${step ? ` at ${step.step_id}` : ''}${step?.error_message ? `: ${step.error_message}` : ''}`,
      details: { run_id: run.id, stream: run.streamName, step: step?.step_id ?? null, error: step?.error_message ?? null },
    });
  }

  private async deploymentChanged(deploymentId: string): Promise<void> {
    const deployment = await this.dataSource.getRepository(Deployment).findOne({ where: { id: deploymentId }, relations: { version: true } });
    if (!deployment) return;
    const details = {
      deployment_id: deployment.id,
      environment: deployment.environment,
      version: deployment.version?.versionTag ?? null,
      status: deployment.status,
      url: deployment.deployedUrl,
    };
    const base = { ownerId: deployment.ownerId, projectId: deployment.projectId };
    const version = deployment.version?.versionTag ?? 'a version';
    if (deployment.status === DeploymentStatus.rolled_back) {
      const failed = deployment.errorMessage !== null;
      await this.fire({
        ...base,
        key: `deployment_failed:${deployment.id}`,
        kind: NotificationEventKind.deployment_failed,
        summary: failed
          ? `Deployment of ${version} to ${deployment.environment} failed: ${deployment.errorMessage}`
          : `Deployment of ${version} in ${deployment.environment} was rolled back${deployment.rollbackReason ? `: ${deployment.rollbackReason}` : ''}`,
        details: { ...details, reason: failed ? 'failed' : 'rolled_back', error: deployment.errorMessage, rollback_reason: deployment.rollbackReason },
      });
      return;
    }
    if (deployment.status !== DeploymentStatus.active || !deployment.isActive) return;
    const fresh = deployment.activatedAt !== null && Date.now() - deployment.activatedAt.getTime() < FRESH_MS;
    if (deployment.environment === 'production' && fresh && !deployment.restoresDeploymentId) {
      await this.fire({
        ...base,
        key: `production_deployed:${deployment.id}`,
        kind: NotificationEventKind.production_deployed,
        summary: `${version} is live in production`,
        details,
      });
    }
    const unhealthyKey = `app_unhealthy:${deployment.id}`;
    const health = deploymentHealth(deployment.healthChecks);
    // The health watch's mark (a crash loop, failing checks) says it too, whatever the latest check found.
    if (health === 'unhealthy' || deployment.healthFailure) {
      const checks = deployment.healthChecks as Array<{ name: string; status: string; message?: string | null }>;
      const why = deployment.healthFailure ?? checks.find((check) => check.status === 'unhealthy')?.message ?? null;
      await this.fire({
        ...base,
        key: unhealthyKey,
        kind: NotificationEventKind.app_unhealthy,
        summary: `The app of ${version} in ${deployment.environment} is unhealthy${why ? `: ${why}` : ''}`,
        details: { ...details, reason: why },
      });
    } else if (health === 'healthy') {
      await this.service.rearm(unhealthyKey);
    }
  }

  private async fire(trigger: NotificationTrigger): Promise<void> {
    await this.service.trigger(trigger);
  }
}
