import type { DataSource } from 'typeorm';
import type { Role } from '../../common/process-role.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { Feature } from '../feature.js';
import { healthRoutes } from './health.routes.js';
import { type HealthReport, HealthService } from './health.service.js';
import { SystemResolver } from './system.resolver.js';
import { WorkerHeartbeat } from './worker-heartbeat.entity.js';
import { WorkerRegistry } from './worker-registry.js';

/** Deletes rows that no longer count (sessions, login failures, gone workers); enqueued by every process. */
export const CLEANUP_JOB = 'maintenance.cleanup';
export const CLEANUP_EVERY_MS = 3600_000;

/** Health, the live clock subscription, the worker registry and the maintenance job running the features' cleanups. */
export function systemModule(deps: {
  dataSource: DataSource;
  queue: Pick<JobQueue, 'state'>;
  role: Role;
  mode: HealthReport['mode'];
  cleanups: Array<() => Promise<void>>;
}) {
  const workers = new WorkerRegistry(deps.dataSource.getRepository(WorkerHeartbeat));
  const health = new HealthService(deps.dataSource, deps.queue, workers, { role: deps.role, mode: deps.mode });
  const cleanup = async () => {
    for (const step of deps.cleanups) await step();
    await workers.forgetGone();
  };
  const feature: Feature = {
    rest: { routes: healthRoutes(health) },
    resolvers: [new SystemResolver()],
    defineJobs: (queue) => queue.define(CLEANUP_JOB, cleanup, { retryLimit: 2, expireInSeconds: 300 }),
  };
  return { health, workers, feature };
}
