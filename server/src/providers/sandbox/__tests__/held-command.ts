import { readdir, readFile } from 'node:fs/promises';

/** The system call read: 0 on x86-64, 63 on arm64. */
const READ = process.arch === 'arm64' ? '63' : '0';

/** Whether pid is blocked in a read of its file descriptor fd. */
async function readingFd(pid: number, fd: number): Promise<boolean> {
  const syscall = (await readFile(`/proc/${pid}/syscall`, 'utf8').catch(() => '')).split(' ');
  return syscall[0] === READ && syscall[1] === `0x${fd.toString(16)}`;
}

/**
 * The process that holds a held sandbox's command, at or below pid, blocked in a read of its file descriptor fd until
 * release() writes to it; null when there is none.
 */
export async function waitingForRelease(pid: number | undefined, fd: number): Promise<number | null> {
  if (pid === undefined) return null;
  const parents = new Map<number, number>();
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    // pid (comm) state ppid …: comm may hold spaces and parentheses, so the fields are read after its last ')'.
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (Number.isInteger(ppid)) parents.set(Number(entry), ppid);
  }
  const below = (candidate: number): boolean => candidate === pid || (parents.has(candidate) && below(parents.get(candidate)!));
  for (const candidate of [pid, ...[...parents.keys()].filter((other) => other !== pid && below(other))]) {
    if (await readingFd(candidate, fd)) return candidate;
  }
  return null;
}
