import { logUnexpected } from '../common/log.js';
import type { Core } from './core.js';

/**
 * The worker role on top of the core: it first removes the build scratch directories of dead processes; the core's queue already runs the job handlers in this role; the worker
 * restarts the local cluster's apps (it runs them: deployments are pipeline steps) and stops them on a clean stop,
 * and records a heartbeat so that the API's health report lists it, and removes it on a clean stop.
 */
export async function startWorker(core: Core): Promise<{ workerId: string }> {
  const { cluster, builder } = core.app;
  // What a worker killed mid-build left: its scratch directories and the build still running in them.
  const stale = await builder.removeStaleScratch().catch((error: unknown) => {
    logUnexpected('build scratch clean-up', error);
    return [];
  });
  if (stale.length) console.log(`Removed ${stale.length} scratch director${stale.length === 1 ? 'y' : 'ies'} of interrupted builds`);
  core.onStop(() => cluster.shutdown());
  // One process runs a data directory's local cluster: another worker beside it still runs every other step.
  const runsApps = await cluster.restore().catch((error: unknown) => {
    logUnexpected('local cluster', error);
    return true;
  });
  if (!runsApps) console.warn('Local cluster: another Slipway process runs the apps; this worker takes them over when it stops');
  const membership = await core.app.workers.join(core.config.role, (error) => logUnexpected('worker heartbeat', error));
  core.onStop(() => membership.leave());
  return { workerId: membership.id };
}
