import { AppError } from '../common/app-error.js';
import { logUnexpected } from '../common/log.js';
import type { Core } from './core.js';

/**
 * The worker role on top of the core: the core's queue already runs the job handlers in this role; the worker
 * restarts the local cluster's apps (it runs them: deployments are pipeline steps) and stops them on a clean stop,
 * and records a heartbeat so that the API's health report lists it, and removes it on a clean stop.
 */
export async function startWorker(core: Core): Promise<{ workerId: string }> {
  const { cluster } = core.app;
  core.onStop(() => cluster.shutdown());
  // One process runs a data directory's local cluster: another worker beside it still runs every other step.
  await cluster.restore().catch((error: unknown) => {
    if (error instanceof AppError) console.warn(`Local cluster not run by this worker: ${error.message}`);
    else logUnexpected('local cluster', error);
  });
  const membership = await core.app.workers.join(core.config.role, (error) => logUnexpected('worker heartbeat', error));
  core.onStop(() => membership.leave());
  return { workerId: membership.id };
}
