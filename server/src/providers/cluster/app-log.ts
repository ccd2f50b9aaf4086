import { appendFile, readFile, rename, stat } from 'node:fs/promises';
import type { AppLogEntry } from './cluster.port.js';

/** Bytes of the current log file before it is rotated to `<file>.1` (so a log holds at most twice this). */
const MAX_LOG_BYTES = 1024 * 1024;
/** Longer lines are cut: one runaway line must not fill the log. */
const MAX_LINE_CHARS = 4000;

/** A stored line: `{"t":"<ISO time>","i":"<instance>","s":"<stream>","l":"<line>"}` (one JSON object a line). */
interface StoredLine {
  t: string;
  i: string;
  s: AppLogEntry['stream'];
  l: string;
}

const LEGACY_PREFIX = /^\[(r\d+|slipway)\] ?/;

/**
 * One line of the file as an entry. Files written before lines were stored as JSON hold `[r3] text` and
 * `[slipway] text`: those are read as the revision's stdout and the cluster's notes, without a time.
 */
export function parseLogLine(text: string): AppLogEntry {
  if (text.startsWith('{')) {
    try {
      const stored = JSON.parse(text) as Partial<StoredLine>;
      if (typeof stored.l === 'string' && typeof stored.i === 'string' && typeof stored.t === 'string') {
        const stream = stored.s === 'stderr' || stored.s === 'system' ? stored.s : 'stdout';
        return { instance: stored.i, stream, line: stored.l, at: new Date(stored.t) };
      }
    } catch {
      // Not one of ours: shown as it is below.
    }
  }
  const legacy = LEGACY_PREFIX.exec(text);
  if (legacy?.[1] === 'slipway') return { instance: 'slipway', stream: 'system', line: text.slice(legacy[0].length), at: null };
  if (legacy) return { instance: legacy[1], stream: 'stdout', line: text.slice(legacy[0].length), at: null };
  return { instance: 'slipway', stream: 'system', line: text, at: null };
}

/** The entry as the plain lines `Cluster.logs` answers: `[r3] text` (the revision), `[slipway] text`. */
export function plainLogLine(entry: AppLogEntry): string {
  return entry.stream === 'system' ? `[slipway] ${entry.line}` : `[${entry.instance.replace(/-\d+$/, '')}] ${entry.line}`;
}

/**
 * An app's output, bounded: lines are appended to one file (readable by Slipway only) and the file is rotated
 * once when it grows past MAX_LOG_BYTES. Writes are queued so lines keep their order without blocking. Each
 * line is stored with its time, instance and stream (JSON), so any Slipway process can serve it by instance.
 */
export class AppLog {
  private queue: Promise<void> = Promise.resolve();
  private size: number | null = null;

  constructor(private readonly file: string) {}

  /** A note of the cluster about the app ('[slipway] ' in front is dropped: the stream says it). */
  append(line: string): void {
    this.appendEntry({ instance: 'slipway', stream: 'system', line: line.replace(/^\[slipway\] /, '') });
  }

  /** A line an instance printed. */
  appendEntry(entry: Omit<AppLogEntry, 'at'>): void {
    const line = entry.line.length > MAX_LINE_CHARS ? `${entry.line.slice(0, MAX_LINE_CHARS)}…` : entry.line;
    const text = JSON.stringify({ t: new Date().toISOString(), i: entry.instance, s: entry.stream, l: line } satisfies StoredLine) + '\n';
    this.queue = this.queue.then(() => this.write(text)).catch(() => undefined);
  }

  /** Resolves once every line appended so far is on disk. */
  flush(): Promise<void> {
    return this.queue;
  }

  /** The last `count` lines (both files), oldest first, as plain text (see plainLogLine). */
  async tail(count: number): Promise<string[]> {
    return (await this.entries(count)).map(plainLogLine);
  }

  /** The last `count` lines (both files), oldest first. */
  async entries(count: number): Promise<AppLogEntry[]> {
    await this.flush();
    if (count <= 0) return [];
    const read = (file: string) => readFile(file, 'utf8').catch(() => '');
    const lines = ((await read(`${this.file}.1`)) + (await read(this.file))).split('\n').filter((line) => line !== '');
    return lines.slice(-count).map(parseLogLine);
  }

  private async write(text: string): Promise<void> {
    const bytes = Buffer.byteLength(text);
    this.size ??= await stat(this.file).then((info) => info.size, () => 0);
    if (this.size + bytes > MAX_LOG_BYTES) {
      await rename(this.file, `${this.file}.1`).catch(() => undefined);
      this.size = 0;
    }
    await appendFile(this.file, text, { mode: 0o600 });
    this.size += bytes;
  }
}

/** Splits a stream's chunks into lines, keeping a partial line until its end arrives. */
export function lineSplitter(onLine: (line: string) => void): { push(chunk: Buffer | string): void; end(): void } {
  let partial = '';
  return {
    push(chunk) {
      const lines = (partial + chunk.toString()).split(/\r?\n/);
      partial = lines.pop() ?? '';
      if (partial.length > MAX_LINE_CHARS) {
        onLine(partial);
        partial = '';
      }
      for (const line of lines) onLine(line);
    },
    end() {
      if (partial !== '') onLine(partial);
      partial = '';
    },
  };
}
