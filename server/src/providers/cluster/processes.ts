import { readdir, readFile, readlink } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

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

/** SIGKILLs every process running as `uid` (Linux /proc; nothing elsewhere). */
export async function killUser(uid: number): Promise<void> {
  for (const pid of await processesOf(uid)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Gone meanwhile.
    }
  }
}

/** The pids whose real user is uid (Linux /proc). */
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

/** Whether `pid` is a process that still runs (a zombie waiting for its parent to reap it does not). */
export async function isRunning(pid: number): Promise<boolean> {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it runs, as another user.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  // The state letter follows the command name in parentheses.
  return stat === null || stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
}

/** SIGKILLs the process group `pgid` (led by that pid) and waits until its leader is gone. */
export async function killGroup(pgid: number, timeoutMs = 5_000): Promise<void> {
  signalGroup(pgid, 'SIGKILL');
  const deadline = Date.now() + timeoutMs;
  while ((await isRunning(pgid)) && Date.now() < deadline) await sleep(20);
}
