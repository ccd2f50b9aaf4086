import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { chmod, lstat, mkdtemp, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { pack as tarPack, type Header, type Pack } from 'tar-stream';
import type { DataLocation } from '../config/env.js';
import { hasEmbeddedCluster, openEmbeddedPostgres, type EmbeddedPostgres, EmbeddedPostgresError } from '../db/embedded-postgres.js';
import {
  ARCHIVE_FORMAT,
  BackupError,
  type BackupManifest,
  DATA_PATHS,
  DATA_PREFIX,
  MANIFEST_ENTRY,
  READ_LAST,
  secretKeyCheck,
} from './backup-archive.js';
import { exportDatabase } from './database-export.js';

export interface BackupSummary {
  file: string;
  bytes: number;
  tables: number;
  rows: number;
  files: number;
  fileBytes: number;
}

/**
 * The database a backup or restore works on: DATABASE_URL's, or the embedded server of the data directory. A
 * running Slipway's embedded server is joined (a backup runs beside it); with none running, the server is started
 * for the time the work takes, and stopped after.
 */
export async function openDataDatabase(location: DataLocation, { create }: { create: boolean }): Promise<{ url: string; kind: BackupManifest['source']['database']; stop(): Promise<void> }> {
  if (location.databaseUrl) return { url: location.databaseUrl, kind: 'DATABASE_URL', stop: async () => undefined };
  if (!create && !hasEmbeddedCluster(location.dataDir)) {
    throw new BackupError(
      `${location.dataDir} holds no Slipway database (no embedded PostgreSQL cluster): set SLIPWAY_DATA_DIR to Slipway's data directory, and DATABASE_URL if Slipway uses a PostgreSQL server.`,
    );
  }
  let embedded: EmbeddedPostgres;
  try {
    embedded = await openEmbeddedPostgres(location.dataDir, 'join');
  } catch (error) {
    if (!(error instanceof EmbeddedPostgresError) || !/^No Slipway is running/.test(error.message)) throw error;
    embedded = await openEmbeddedPostgres(location.dataDir, 'own');
  }
  return { url: embedded.url, kind: 'embedded', stop: () => embedded.stop() };
}

/** The root secret Slipway uses: SLIPWAY_SECRET_KEY, else the data directory's secret.key (as config/env.ts reads it). */
async function secretKeyOf(location: DataLocation): Promise<{ key: Buffer; inArchive: boolean }> {
  if (location.secretKey) return { key: location.secretKey, inArchive: false };
  const file = path.join(location.dataDir, 'secret.key');
  if (!existsSync(file)) throw new BackupError(`${file} does not exist and SLIPWAY_SECRET_KEY is not set: without the key, the backup's secrets could not be read.`);
  return { key: Buffer.from((await readFile(file, 'utf8')).trim(), 'utf8'), inArchive: true };
}

function addEntry(pack: Pack, header: Partial<Header> & Pick<Header, 'name'>, content: Buffer | Readable): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (error?: Error | null) => (error ? reject(error) : resolve());
    if (Buffer.isBuffer(content)) {
      pack.entry(header, content, done);
      return;
    }
    content.once('error', reject);
    content.pipe(pack.entry(header, done));
  });
}

/** Files written half (a temporary file before its rename, a lock) are skipped: what they become is read instead. */
const UNFINISHED = /\.(tmp|lock)$/;

/**
 * The data directory's files under `relative`, depth first, READ_LAST folders after their siblings. Each file is
 * read up to the size it had when listed (a build log still growing), and a file gone meanwhile is skipped.
 */
async function* dataFiles(dataDir: string, relative: string): AsyncGenerator<{ relative: string; size: number; mode: number; mtime: Date; directory: boolean }> {
  const full = path.join(dataDir, relative);
  const info = await lstat(full).catch(() => null);
  if (!info) return;
  if (info.isFile() && !UNFINISHED.test(relative)) yield { relative, size: info.size, mode: info.mode & 0o777, mtime: info.mtime, directory: false };
  if (!info.isDirectory()) return;
  yield { relative, size: 0, mode: info.mode & 0o777, mtime: info.mtime, directory: true };
  const names = (await readdir(full).catch(() => [] as string[])).sort((a, b) => Number(READ_LAST.has(a)) - Number(READ_LAST.has(b)) || (a < b ? -1 : 1));
  for (const name of names) yield* dataFiles(dataDir, path.join(relative, name));
}

const megabytes = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

/**
 * Writes one archive of everything Slipway needs to `output` (mode 0600), while Slipway runs: the database as one
 * consistent snapshot, then the data directory's files (DATA_PATHS). The archive holds the secret key and the
 * encrypted secrets: keep it as closed as the data directory. `onProgress` gets a line saying where it is.
 */
export async function createBackup(location: DataLocation, output: string, onProgress: (line: string) => void = () => undefined): Promise<BackupSummary> {
  const database = await openDataDatabase(location, { create: false });
  const { key, inArchive } = await secretKeyOf(location).catch(async (error: unknown) => {
    await database.stop();
    throw error;
  });
  const staging = await mkdtemp(path.join(path.dirname(output), '.slipway-backup-'));
  const partial = `${output}.partial`;
  try {
    onProgress('database: snapshot starting');
    const snapshot = await exportDatabase(database.url, staging, ({ tablesDone, tables, rows }) =>
      onProgress(`database: ${tablesDone}/${tables} tables, ${rows.toLocaleString('en')} rows`),
    );
    await database.stop();
    const manifest: BackupManifest = {
      format: ARCHIVE_FORMAT,
      createdAt: new Date().toISOString(),
      source: { dataDir: location.dataDir, database: database.kind },
      secretKey: { inArchive, check: secretKeyCheck(key) },
      database: snapshot,
    };

    const pack = tarPack();
    // Artifacts and git objects are compressed already: a light level costs little time for what it saves.
    const written = pipeline(Readable.from(pack), createGzip({ level: 1 }), createWriteStream(partial, { mode: 0o600 }));
    written.catch(() => undefined);
    await addEntry(pack, { name: MANIFEST_ENTRY, mode: 0o600 }, Buffer.from(JSON.stringify(manifest, null, 2)));
    for (const table of snapshot.tables) {
      const file = path.join(staging, path.basename(table.entry));
      await addEntry(pack, { name: table.entry, mode: 0o600, size: (await stat(file)).size }, createReadStream(file));
    }
    const rows = snapshot.tables.reduce((sum, table) => sum + table.rows, 0);
    let files = 0;
    let fileBytes = 0;
    for (const root of DATA_PATHS) {
      if (root === 'secret.key' && !inArchive) continue;
      for await (const file of dataFiles(location.dataDir, root)) {
        const name = `${DATA_PREFIX}${file.relative.split(path.sep).join('/')}`;
        if (file.directory) {
          await addEntry(pack, { name, type: 'directory', mode: file.mode, mtime: file.mtime }, Buffer.alloc(0));
          continue;
        }
        // Opened before its entry starts: a file removed meanwhile (a deleted project's) is skipped, and one removed
        // after is still read whole through its descriptor.
        const handle = await open(path.join(location.dataDir, file.relative)).catch((error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT') return null;
          throw error;
        });
        if (!handle) continue;
        const size = Math.min(file.size, (await handle.stat()).size);
        const content = size === 0 ? Buffer.alloc(0) : handle.createReadStream({ start: 0, end: size - 1 });
        try {
          await addEntry(pack, { name, mode: file.mode, mtime: file.mtime, size }, content);
        } finally {
          await handle.close().catch(() => undefined);
        }
        files += 1;
        fileBytes += size;
        if (files % 200 === 0) onProgress(`files: ${files.toLocaleString('en')} (${megabytes(fileBytes)})`);
      }
    }
    onProgress(`files: ${files.toLocaleString('en')} (${megabytes(fileBytes)})`);
    pack.finalize();
    await written;
    await rename(partial, output);
    await chmod(output, 0o600);
    return { file: output, bytes: (await stat(output)).size, tables: snapshot.tables.length, rows, files, fileBytes };
  } finally {
    await database.stop();
    await rm(staging, { recursive: true, force: true });
    await rm(partial, { force: true });
  }
}
