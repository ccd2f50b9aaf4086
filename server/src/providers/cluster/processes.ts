import { readdir, readFile, readlink } from 'node:fs/promises';
import path from 'node:path';

/** Sends `signal` to a process group; a group that is already gone is fine. */
export function signalGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch {
    // ESRCH: nothing left in that group.
  }
}

/**
 * Whether `pid` is a live process whose working directory is inside `dir`: how a restarted Slipway tells an
 * app process it started before (and must end) from an unrelated process that reuses the id. Linux only
 * (/proc); elsewhere nothing is claimed.
 */
export async function runsInside(pid: number, dir: string): Promise<boolean> {
  const cwd = await readlink(`/proc/${pid}/cwd`).catch(() => null);
  return cwd !== null && (cwd === dir || cwd.startsWith(dir + path.sep));
}

/** Every process running as `uid` (Linux /proc; empty elsewhere). */
export async function processesOf(uid: number): Promise<number[]> {
  const entries = await readdir('/proc').catch((): string[] => []);
  const pids: number[] = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const status = await readFile(`/proc/${entry}/status`, 'utf8').catch(() => '');
    const real = /^Uid:\s+(\d+)/m.exec(status)?.[1];
    if (real !== undefined && Number(real) === uid) pids.push(Number(entry));
  }
  return pids;
}
