import { readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pidusage from 'pidusage';
import { LOOPBACK } from './app-proxy.js';
import type { InstanceHealth, InstanceUsage } from './cluster.port.js';

/** A health check request gets this long before the instance counts as not answering. */
const HEALTH_CHECK_MS = 2_000;
const SNAPSHOT_FILE = 'instances.json';

export interface ObservedInstance {
  instance: string;
  port: number;
  pid: number | null;
}

/** The instances of an app taking traffic, as the process running it last wrote them (for the other processes). */
export interface ObservedApp {
  /** The project the app belongs to (its traffic is recorded under it); absent in snapshots of older versions. */
  projectId?: string;
  healthPath: string;
  instances: ObservedInstance[];
  /** While a canary runs: its processes and their share of new requests (health checks look at `instances` only). */
  canary?: { instances: ObservedInstance[]; percent: number };
}

/** Writes `<appDir>/instances.json` (0600, whole, through a rename). */
export async function writeObservedApp(appDir: string, app: ObservedApp): Promise<void> {
  const file = path.join(appDir, SNAPSHOT_FILE);
  const temp = `${file}.tmp`;
  await writeFile(temp, JSON.stringify(app), { mode: 0o600 });
  await rename(temp, file);
}

/** What writeObservedApp last wrote; null when the app has no such file (absent, or never served). */
export async function readObservedApp(appDir: string): Promise<ObservedApp | null> {
  const text = await readFile(path.join(appDir, SNAPSHOT_FILE), 'utf8').catch(() => null);
  if (text === null) return null;
  try {
    const app = JSON.parse(text) as ObservedApp;
    return typeof app.healthPath === 'string' && Array.isArray(app.instances) ? app : null;
  } catch {
    return null;
  }
}

/** GET healthPath on each instance's own port at once: 2xx is healthy, anything else (or no answer in 2 s) unhealthy. */
export function checkInstances(app: ObservedApp): Promise<InstanceHealth[]> {
  return Promise.all(
    app.instances.map(async ({ instance, port }): Promise<InstanceHealth> => {
      let message: string | null;
      try {
        const response = await fetch(`http://${LOOPBACK}:${port}${app.healthPath}`, { redirect: 'manual', signal: AbortSignal.timeout(HEALTH_CHECK_MS) });
        await response.body?.cancel();
        message = response.ok ? null : `GET ${app.healthPath} answered ${response.status}`;
      } catch {
        message = `GET ${app.healthPath} got no answer within ${HEALTH_CHECK_MS / 1000} s`;
      }
      return { instance, status: message === null ? 'healthy' : 'unhealthy', path: app.healthPath, checkedAt: new Date(), message };
    }),
  );
}

/** Each sampled process's CPU time at its last sample: CPU percent is the CPU time used between two samples. */
const lastSamples = new Map<number, { ctime: number; at: number }>();
/** A process not sampled for this long is forgotten (it ended, or is no longer observed). */
const FORGET_AFTER_MS = 10 * 60_000;

/**
 * CPU percent (of one core) since the previous sample of the same process (its first sample: since it started)
 * and resident memory, of each instance; instances whose process is gone are left out.
 */
export async function usageOf(instances: ObservedInstance[]): Promise<InstanceUsage[]> {
  const sampled = await Promise.all(
    instances.map(async ({ instance, pid }) => {
      if (pid === null) return null;
      const stats = await pidusage(pid).catch(() => null);
      if (!stats) {
        lastSamples.delete(pid);
        return null;
      }
      const previous = lastSamples.get(pid);
      lastSamples.set(pid, { ctime: stats.ctime, at: stats.timestamp });
      const cpu =
        previous && stats.timestamp > previous.at
          ? ((stats.ctime - previous.ctime) / (stats.timestamp - previous.at)) * 100
          : stats.elapsed > 0
            ? (stats.ctime / stats.elapsed) * 100
            : 0;
      return { instance, cpuPercent: Math.round(Math.max(0, cpu) * 100) / 100, memoryBytes: stats.memory };
    }),
  );
  const now = Date.now();
  for (const [pid, sample] of lastSamples) if (now - sample.at > FORGET_AFTER_MS) lastSamples.delete(pid);
  return sampled.filter((usage): usage is InstanceUsage => usage !== null);
}
