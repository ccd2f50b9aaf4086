import { logUnexpected } from '../common/log.js';
import { removeStaleCgroups } from '../providers/sandbox/cgroups.js';
import { describeSupport, dropSpare, sandboxSupport } from '../providers/sandbox/sandbox.js';
import type { Core } from './core.js';

/** How often a worker looks for what dead processes left: their builds and scratch directories, their steps. */
const RECOVER_EVERY_MS = 3000;

/**
 * The worker role on top of the core (whose queue already runs the job handlers, and whose heartbeat already records
 * this process): it sweeps what dead processes left, at once and every few seconds, and restarts the local cluster's
 * apps (it runs them: deployments are pipeline steps), stopping them on a clean stop.
 */
export async function startWorker(core: Core): Promise<{ workerId: string }> {
  const { cluster, builder, pipelines, workers } = core.app;
  // What separates the code this worker runs (local builds and apps), said at start: never silently less.
  const sandbox = await sandboxSupport();
  if (sandbox.sandbox && sandbox.cgroups) console.log(describeSupport(sandbox));
  else console.warn(describeSupport(sandbox));
  // Empty cgroups of sandboxes a Slipway killed with SIGKILL could not remove.
  if (sandbox.cgroups) {
    const stale = await removeStaleCgroups(sandbox.cgroups).catch(() => []);
    if (stale.length) console.log(`Removed ${stale.length} empty sandbox cgroup${stale.length === 1 ? '' : 's'} left by an interrupted Slipway`);
  }
  const recover = async () => {
    // Builds first: a dead worker's build is killed before its step is taken over and built again.
    const stale = await builder.removeStaleScratch();
    if (stale.length) console.log(`Removed ${stale.length} scratch director${stale.length === 1 ? 'y' : 'ies'} of interrupted builds`);
    await pipelines.recover();
  };
  let sweeping: Promise<void> | null = null;
  // A sweep that outlasts the interval is not started again beside itself.
  const sweep = () =>
    (sweeping ??= recover()
      .catch((error: unknown) => logUnexpected('recovery', error))
      .finally(() => (sweeping = null)));
  await sweep();
  for (const feature of core.app.features) await feature.recover?.().catch((error: unknown) => logUnexpected('recovery', error));
  const timer = setInterval(sweep, RECOVER_EVERY_MS);
  timer.unref();
  core.onStop(() => cluster.shutdown());
  core.onStop(() => dropSpare());
  core.onStop(async () => {
    clearInterval(timer);
    await sweeping;
  });
  // One process runs a data directory's local cluster: another worker beside it still runs every other step.
  const runsApps = await cluster.restore().catch((error: unknown) => {
    logUnexpected('local cluster', error);
    return true;
  });
  if (!runsApps) console.warn('Local cluster: another Slipway process runs the apps; this worker takes them over when it stops');
  return { workerId: workers.id };
}
