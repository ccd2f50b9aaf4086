import { open, stat } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseLogLine } from './app-log.js';
import type { AppLogEntry } from './cluster.port.js';

/** How often a follower looks for new lines: the file is written by whichever process runs the app. */
const FOLLOW_POLL_MS = 250;

/** Bytes [from, size) of the file and its inode; empty when it does not exist. */
async function readFrom(file: string, from: number): Promise<{ text: string; ino: number; size: number }> {
  const handle = await open(file, 'r').catch(() => null);
  if (!handle) return { text: '', ino: -1, size: 0 };
  try {
    const { ino, size } = await handle.stat();
    if (size <= from) return { text: '', ino, size };
    const buffer = Buffer.alloc(size - from);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, from);
    return { text: buffer.subarray(0, bytesRead).toString('utf8'), ino, size: from + bytesRead };
  } finally {
    await handle.close();
  }
}

/**
 * An app log's last `tail` lines, then every line appended after them, until `signal` aborts. It reads the file
 * (any Slipway process can: the lines carry their instance and stream), follows the rotation to `<file>.1`,
 * and tolerates the file not existing yet. Lines are never sent twice or skipped between the tail and the rest.
 */
export async function* followAppLog(file: string, tail: number, signal: AbortSignal, pollMs = FOLLOW_POLL_MS): AsyncGenerator<AppLogEntry> {
  const rotated = await readFrom(`${file}.1`, 0);
  const current = await readFrom(file, 0);
  let ino = current.ino;
  // A line still being written is read again, whole, by the first poll.
  const unfinished = current.text.endsWith('\n') ? '' : current.text.slice(current.text.lastIndexOf('\n') + 1);
  let offset = current.size - Buffer.byteLength(unfinished);
  let partial = '';
  const text = rotated.text + current.text;
  const first = text.split('\n').slice(0, -1).filter((line) => line !== '');
  if (tail > 0) for (const line of first.slice(-tail)) yield parseLogLine(line);

  while (!signal.aborted) {
    await sleep(pollMs, undefined, { signal }).catch(() => undefined);
    if (signal.aborted) break;
    const info = await stat(file).catch(() => null);
    let fresh = '';
    if (info && ino !== -1 && (info.ino !== ino || info.size < offset)) {
      // Rotated: the rest of the file we read is now <file>.1 (when it still is the same file).
      const old = await readFrom(`${file}.1`, offset);
      if (old.ino === ino) fresh += old.text;
      offset = 0;
    }
    if (info) {
      const next = await readFrom(file, offset);
      ino = next.ino;
      offset = next.size;
      fresh += next.text;
    }
    if (fresh === '') continue;
    const lines = (partial + fresh).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) if (line !== '') yield parseLogLine(line);
  }
}
