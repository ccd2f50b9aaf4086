import { readFile } from 'node:fs/promises';

/** The system call read: 0 on x86-64, 63 on arm64. */
const READ = process.arch === 'arm64' ? '63' : '0';

/** Whether a held sandbox's process is still its waiting wrapper (/bin/sh), blocked in a read of its stdin. */
export async function waitingOnStdin(pid: number | undefined): Promise<boolean> {
  const syscall = (await readFile(`/proc/${pid}/syscall`, 'utf8').catch(() => '')).split(' ');
  return (await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')).startsWith('/bin/sh') && syscall[0] === READ && syscall[1] === '0x0';
}
