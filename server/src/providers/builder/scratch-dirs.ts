import { writeFileSync } from 'node:fs';
import { readFile, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { processStart } from '../../common/local-process.js';

/**
 * Scratch directories of local builds, and the ones a dead process left behind.
 *
 * A build's directory is named after the process that made it: `build-<pid>-<start>-XXXXXX`, where <start> is when
 * that process started (its start time in clock ticks since boot, from /proc; '0' where there is no /proc). Any
 * number of workers may share the data directory, so a directory is stale only when its process is gone: no
 * process with that pid, or one that started at another time (the pid was reused, e.g. a restarted container).
 * A directory with any other name (from a Slipway before this naming) is stale too.
 *
 * The build command runs in its own process group, which outlives a worker killed with SIGKILL: its group id and
 * start are kept in the directory (BUILD_PROCESS_FILE), and a stale directory's build group, if that very group
 * still runs, is killed before the directory goes.
 */
export const SCRATCH_PREFIX = 'build-';
const BUILD_PROCESS_FILE = 'build-process.json';

/** This process's directory name prefix: `build-<pid>-<start>-`. */
export function ownScratchPrefix(): string {
  return `${SCRATCH_PREFIX}${process.pid}-${processStart(process.pid) ?? '0'}-`;
}

/** Whether a directory under the scratch root belongs to no running process. */
export function isStaleScratch(name: string): boolean {
  const match = /^build-(\d+)-(\d+)-/.exec(name);
  if (!match) return true;
  const start = processStart(Number(match[1]));
  return start === null || (start !== '0' && match[2] !== '0' && start !== match[2]);
}

/** Records the build's process group in its scratch directory (at once: the worker may die any moment), for whoever finds the directory stale. */
export function recordBuildProcess(dir: string, pgid: number): void {
  writeFileSync(path.join(dir, BUILD_PROCESS_FILE), JSON.stringify({ pgid, start: processStart(pgid) }), { mode: 0o600 });
}

/** Kills the build group recorded in a stale directory, if that same group still runs. */
async function killOrphanBuild(dir: string): Promise<boolean> {
  let recorded: { pgid?: unknown; start?: unknown };
  try {
    recorded = JSON.parse(await readFile(path.join(dir, BUILD_PROCESS_FILE), 'utf8'));
  } catch {
    return false;
  }
  const { pgid, start } = recorded;
  if (typeof pgid !== 'number' || !Number.isInteger(pgid) || pgid <= 1 || typeof start !== 'string') return false;
  const leader = processStart(pgid);
  // Only the very process that led the build's group, never a later one that got its pid. With the leader gone, a
  // group of that id can only be what is left of the build's (a pid is not handed out while a group uses it).
  if (leader !== null && (leader !== start || start === '0')) return false;
  try {
    process.kill(-pgid, 'SIGKILL');
    return true;
  } catch {
    return false;
  }
}

/**
 * Removes the scratch directories under root that no running process owns (a worker killed mid-build leaves
 * its own), killing the builds still running in them; answers the names removed. Directories of live
 * processes, this one's included, are left alone.
 */
export async function removeStaleScratch(root: string): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(root);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const removed: string[] = [];
  for (const name of names) {
    if (!name.startsWith(SCRATCH_PREFIX) || !isStaleScratch(name)) continue;
    const dir = path.join(root, name);
    await killOrphanBuild(dir);
    await rm(dir, { recursive: true, force: true, maxRetries: 3 });
    removed.push(name);
  }
  return removed;
}
