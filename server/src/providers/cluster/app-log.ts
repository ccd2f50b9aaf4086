import { appendFile, readFile, rename, stat } from 'node:fs/promises';

/** Bytes of the current log file before it is rotated to `<file>.1` (so a log holds at most twice this). */
const MAX_LOG_BYTES = 1024 * 1024;
/** Longer lines are cut: one runaway line must not fill the log. */
const MAX_LINE_CHARS = 4000;

/**
 * An app's output, bounded: lines are appended to one file (readable by Slipway only) and the file is rotated
 * once when it grows past MAX_LOG_BYTES. Writes are queued so lines keep their order without blocking.
 */
export class AppLog {
  private queue: Promise<void> = Promise.resolve();
  private size: number | null = null;

  constructor(private readonly file: string) {}

  append(line: string): void {
    const text = (line.length > MAX_LINE_CHARS ? `${line.slice(0, MAX_LINE_CHARS)}…` : line) + '\n';
    this.queue = this.queue.then(() => this.write(text)).catch(() => undefined);
  }

  /** Resolves once every line appended so far is on disk. */
  flush(): Promise<void> {
    return this.queue;
  }

  /** The last `count` lines (both files), oldest first. */
  async tail(count: number): Promise<string[]> {
    await this.flush();
    const read = (file: string) => readFile(file, 'utf8').catch(() => '');
    const lines = ((await read(`${this.file}.1`)) + (await read(this.file))).split('\n').filter((line) => line !== '');
    return count > 0 ? lines.slice(-count) : [];
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
