import { readFile } from 'node:fs/promises';
import { descendants } from '../sandbox.js';

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
  for (const candidate of [pid, ...descendants(pid).map((below) => below.pid)]) {
    if (await readingFd(candidate, fd)) return candidate;
  }
  return null;
}
