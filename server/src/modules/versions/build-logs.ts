import { createWriteStream, type WriteStream } from 'node:fs';
import { appendFile, mkdir, open, rm } from 'node:fs/promises';
import path from 'node:path';
import { logSecretsOf, maskLogSecrets } from '@slipway/domain';
import { isUuid } from '../../common/validation.js';

/** Most lines a tail call answers, and most bytes it reads from the end of a log to find them. */
export const MAX_TAIL_LINES = 10_000;
const MAX_TAIL_BYTES = 4 * 1024 * 1024;
const CHUNK = 64 * 1024;

/** Hides the values of the environment's sensitive variables in a text (the domain's one rule for build logs). */
export function secretMasker(environment: Record<string, string>): (text: string) => string {
  const secrets = logSecretsOf(environment);
  return (text) => maskLogSecrets(text, secrets);
}

/** One build's log being written: lines go to the file as they come; close() waits until they are on disk. */
export class BuildLogWriter {
  constructor(private readonly stream: WriteStream) {}

  write(line: string): void {
    this.stream.write(`${line}\n`);
  }

  close(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.stream.once('error', reject);
      this.stream.end(resolve);
    });
  }
}

/** The version a log belongs to. */
export interface LogOwner {
  id: string;
  projectId: string;
}

/**
 * Each version's whole build log, one file per version in `<dataDir>/build-logs/<projectId>/<versionId>.log` (a
 * build writes it afresh; the project's deletion removes its directory). The version row keeps only a short tail; `tail` reads a log from its end, never a huge file whole.
 */
export class BuildLogs {
  private readonly dir: string;

  constructor(dataDir: string) {
    this.dir = path.join(path.resolve(dataDir), 'build-logs');
  }

  async open(version: LogOwner): Promise<BuildLogWriter> {
    const file = this.file(version);
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    const stream = createWriteStream(file, { flags: 'w', mode: 0o600 });
    await new Promise<void>((resolve, reject) => stream.once('open', () => resolve()).once('error', reject));
    return new BuildLogWriter(stream);
  }

  /** Adds a line to the end of the version's log (starting one if it has none). */
  async append(version: LogOwner, line: string): Promise<void> {
    const file = this.file(version);
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    await appendFile(file, `${line}\n`, { mode: 0o600 });
  }

  /** The last `lines` lines of the version's log ('' when it has none). */
  async tail(version: LogOwner, lines: number): Promise<string> {
    const handle = await open(this.file(version), 'r').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    });
    if (!handle) return '';
    try {
      const { size } = await handle.stat();
      const chunks: Buffer[] = [];
      let position = size;
      let newlines = 0;
      // One newline more than lines: the file ends with one.
      while (position > 0 && newlines <= lines && size - position < MAX_TAIL_BYTES) {
        const length = Math.min(CHUNK, position);
        position -= length;
        const chunk = Buffer.alloc(length);
        await handle.read(chunk, 0, length, position);
        chunks.unshift(chunk);
        for (const byte of chunk) if (byte === 10) newlines += 1;
      }
      const text = Buffer.concat(chunks).toString('utf8').replace(/\n$/, '');
      return text.split('\n').slice(-lines).join('\n');
    } finally {
      await handle.close();
    }
  }

  async remove(version: LogOwner): Promise<void> {
    await rm(this.file(version), { force: true });
  }

  /** Every build log of the project. */
  async removeProject(projectId: string): Promise<void> {
    await rm(this.projectDir(projectId), { recursive: true, force: true });
  }

  private projectDir(projectId: string): string {
    if (!isUuid(projectId)) throw new Error('Build logs are named by their project and version ids');
    return path.join(this.dir, projectId.toLowerCase());
  }

  private file(version: LogOwner): string {
    if (!isUuid(version.id)) throw new Error('Build logs are named by their project and version ids');
    return path.join(this.projectDir(version.projectId), `${version.id.toLowerCase()}.log`);
  }
}
