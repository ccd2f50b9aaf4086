import { readFileSync, readlinkSync } from 'node:fs';

// Whether a process that recorded itself still runs, as another process of the same machine tells: by its pid and
// its start time (a pid is reused, e.g. by a restarted container, never with the same start). Linux only (/proc);
// elsewhere nothing can be told, and a process counts as maybe running.

/** The start of process pid as /proc tells it (clock ticks since boot); null when it does not run, '0' without /proc. */
export function processStart(pid: number): string | null {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it runs, as another user.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return null;
  }
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return '0';
  }
  // pid (comm) state ppid ... : fields after the command name, which may itself hold spaces and parentheses.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // A zombie has ended: only its exit status is left for its parent to read.
  if (fields[0] === 'Z') return null;
  return fields[19] ?? '0';
}

let space: string | null | undefined;

/** The kernel's boot and this process's pid namespace: processes that share them see the same pids. */
function pidSpace(): string | null {
  if (space !== undefined) return space;
  try {
    space = `${readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim()}|${readlinkSync('/proc/self/ns/pid')}`;
  } catch {
    space = null;
  }
  return space;
}

/** This process as another one of its machine can check it (processEnded); null where that cannot be done. */
export function ownProcessKey(): string | null {
  const start = processStart(process.pid);
  const where = pidSpace();
  return where && start && start !== '0' ? `${where}|${process.pid}|${start}` : null;
}

/** True only when `key` (from ownProcessKey) names a process of this machine's pid space that no longer runs. */
export function processEnded(key: string): boolean {
  const parts = key.split('|');
  if (parts.length !== 4 || `${parts[0]}|${parts[1]}` !== pidSpace()) return false;
  return processStart(Number(parts[2])) !== parts[3];
}
