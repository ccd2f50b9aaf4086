import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { chmod, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import pg from 'pg';
import { extract as tarExtract } from 'tar-stream';
import type { DataLocation } from '../config/env.js';
import { ARCHIVE_FORMAT, BackupError, type BackupManifest, DATA_PATHS, DATA_PREFIX, DATABASE_PREFIX, MANIFEST_ENTRY, secretKeyCheck } from './backup-archive.js';
import { openDataDatabase } from './backup.js';
import { type DatabaseImport, importDatabase } from './database-import.js';

export interface RestoreSummary {
  dataDir: string;
  database: BackupManifest['source']['database'];
  tables: number;
  rows: number;
  files: number;
}

/** A restore fills an empty data directory only: one holding anything is refused, saying what it holds. */
async function assertEmptyDataDir(dataDir: string): Promise<void> {
  const entries = await readdir(dataDir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[];
    throw error;
  });
  if (entries.length) {
    const shown = entries.sort().slice(0, 4).join(', ');
    throw new BackupError(
      `Refusing to restore into ${dataDir}: it is not empty (it holds ${shown}${entries.length > 4 ? ', …' : ''}), and a restore never replaces data. ` +
        'Restore into a new or empty directory (set SLIPWAY_DATA_DIR), or move this one away first.',
    );
  }
}

/** The key the restored Slipway will use must be the backup's, or its secrets could not be read. */
function assertKey(manifest: BackupManifest, location: DataLocation): void {
  if (!location.secretKey) {
    if (manifest.secretKey.inArchive) return;
    throw new BackupError(
      "This backup was made by a Slipway that ran with SLIPWAY_SECRET_KEY, which is not in the archive: set SLIPWAY_SECRET_KEY to the same value to restore it (its settings are encrypted with it).",
    );
  }
  if (secretKeyCheck(location.secretKey) !== manifest.secretKey.check) {
    throw new BackupError(
      manifest.secretKey.inArchive
        ? "SLIPWAY_SECRET_KEY is set, but this backup's secrets are encrypted with the key in the archive: unset SLIPWAY_SECRET_KEY to restore it (Slipway will then use the archive's key)."
        : "SLIPWAY_SECRET_KEY is not the key this backup's secrets are encrypted with: set it to the value the backed-up Slipway ran with.",
    );
  }
}

/** A data entry's path inside the data directory, refused unless it is under one of DATA_PATHS (no `..`, no absolute path). */
function dataTarget(dataDir: string, name: string): string {
  const relative = path.posix.normalize(name.slice(DATA_PREFIX.length));
  const allowed = DATA_PATHS.some((root) => relative === root || relative.startsWith(`${root}/`));
  if (!allowed || relative.startsWith('..') || path.posix.isAbsolute(relative)) throw new BackupError(`The archive holds an entry outside what a backup holds (${name.slice(0, 200)}): it is not a Slipway backup.`);
  return path.join(dataDir, ...relative.split('/'));
}

async function readManifest(entry: AsyncIterable<unknown>): Promise<BackupManifest> {
  const chunks: Buffer[] = [];
  for await (const chunk of entry) chunks.push(Buffer.from(chunk as Uint8Array));
  const manifest = JSON.parse(Buffer.concat(chunks).toString('utf8')) as BackupManifest;
  if (manifest.format !== ARCHIVE_FORMAT) throw new BackupError(`This archive has backup format ${manifest.format}; this Slipway reads format ${ARCHIVE_FORMAT}.`);
  return manifest;
}

/**
 * The local cluster's record of its apps, as it restarts them: the processes it names belonged to the machine the
 * backup came from, and must not be ended here.
 */
async function forgetProcesses(stateFile: string): Promise<void> {
  if (!existsSync(stateFile)) return;
  const state = JSON.parse(await readFile(stateFile, 'utf8')) as { apps?: Array<{ pids?: number[] }> };
  for (const app of state.apps ?? []) if (Array.isArray(app.pids)) app.pids = [];
  await writeFile(stateFile, JSON.stringify(state, null, 2), { mode: 0o600 });
}

/**
 * Restores `archive` (made by createBackup) into the empty data directory and database of `location`: the database
 * schema made by the migrations the backup lists, its rows, then the data directory's files. Refuses a data
 * directory or database that is not empty, an archive of a newer Slipway, and a key that cannot read its secrets;
 * a restore that fails part-way removes what it wrote to the data directory. Slipway's next start runs the
 * migrations made since the backup, and the local cluster restarts the apps that were running.
 */
export async function restoreBackup(location: DataLocation, archive: string, onProgress: (line: string) => void = () => undefined): Promise<RestoreSummary> {
  if (!existsSync(archive)) throw new BackupError(`${archive} does not exist.`);
  await assertEmptyDataDir(location.dataDir);
  const dataDirExisted = existsSync(location.dataDir);
  let database: Awaited<ReturnType<typeof openDataDatabase>> | undefined;
  let loading: DatabaseImport | undefined;
  let manifest: BackupManifest | undefined;
  const summary: RestoreSummary = { dataDir: location.dataDir, database: location.databaseUrl ? 'DATABASE_URL' : 'embedded', tables: 0, rows: 0, files: 0 };
  const extract = tarExtract();
  const reading = pipeline(createReadStream(archive), createGunzip(), extract);
  reading.catch(() => undefined);
  try {
    for await (const entry of extract) {
      const { name, type } = entry.header;
      if (!manifest) {
        if (name !== MANIFEST_ENTRY) throw new BackupError(`${archive} is not a Slipway backup (it does not start with ${MANIFEST_ENTRY}).`);
        manifest = await readManifest(entry);
        assertKey(manifest, location);
        await mkdir(location.dataDir, { recursive: true, mode: 0o700 });
        onProgress('database: making the schema');
        database = await openDataDatabase(location, { create: true });
        loading = await importDatabase(database.url, manifest.database);
        continue;
      }
      if (name.startsWith(DATABASE_PREFIX)) {
        const table = manifest.database.tables.find((candidate) => candidate.entry === name);
        if (!table) throw new BackupError(`The archive holds rows of a table its manifest does not list (${name.slice(0, 200)}).`);
        const rows = await loading!.load(table, entry);
        if (rows !== table.rows) throw new BackupError(`The archive's ${table.schema}.${table.name} holds ${rows} rows where its manifest says ${table.rows}: it is damaged.`);
        summary.tables += 1;
        summary.rows += rows;
        onProgress(`database: ${summary.tables}/${manifest.database.tables.length} tables, ${summary.rows.toLocaleString('en')} rows`);
        continue;
      }
      if (!name.startsWith(DATA_PREFIX)) throw new BackupError(`The archive holds an unexpected entry (${name.slice(0, 200)}): it is not a Slipway backup.`);
      const target = dataTarget(location.dataDir, name);
      if (type === 'directory') {
        await mkdir(target, { recursive: true, mode: 0o700 });
        entry.resume();
        continue;
      }
      if (type !== 'file') throw new BackupError(`The archive holds a ${type} (${name.slice(0, 200)}); a backup holds files and folders only.`);
      await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      // Closed to other users, whatever the archive says: Slipway opens what builds and apps must reach itself.
      await pipeline(entry, createWriteStream(target, { mode: entry.header.mode & 0o100 ? 0o700 : 0o600, flags: 'wx' }));
      summary.files += 1;
      if (summary.files % 200 === 0) onProgress(`files: ${summary.files.toLocaleString('en')}`);
    }
    await reading;
    if (!manifest || !loading || summary.tables !== manifest.database.tables.length) throw new BackupError(`${archive} ends before the backup does: it is incomplete.`);
    onProgress('database: finishing (sequences, statistics)');
    await loading.finish();
    await relocateRepositories(database!.url, manifest.source.dataDir, location.dataDir);
    await forgetProcesses(path.join(location.dataDir, 'cluster', 'state.json'));
    if (existsSync(path.join(location.dataDir, 'secret.key'))) await chmod(path.join(location.dataDir, 'secret.key'), 0o600);
    return summary;
  } catch (error) {
    extract.destroy();
    await loading?.close().catch(() => undefined);
    loading = undefined;
    await database?.stop().catch(() => undefined);
    database = undefined;
    await removeRestored(location.dataDir, dataDirExisted);
    if (location.databaseUrl && manifest && !(error instanceof BackupError && /not empty/.test(error.message))) {
      throw new BackupError(`${(error as Error).message}\nThe database at DATABASE_URL may now hold part of the backup: drop it and create it empty again before retrying.`);
    }
    throw error;
  } finally {
    await loading?.close();
    await database?.stop();
  }
}

/**
 * Local projects' repository URLs name the data directory (file://<dataDir>/repos/...): restored elsewhere, they
 * name the new one.
 */
async function relocateRepositories(url: string, from: string, to: string): Promise<void> {
  if (from === to) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('UPDATE projects SET repository_url = $2 || substr(repository_url, length($1) + 1) WHERE starts_with(repository_url, $1)', [
      `file://${from}/repos/`,
      `file://${to}/repos/`,
    ]);
  } finally {
    await client.end();
  }
}

/** Puts the data directory back as it was (empty, or absent), with the embedded cluster it may have got elsewhere. */
async function removeRestored(dataDir: string, existed: boolean): Promise<void> {
  const location = path.join(dataDir, 'postgres.location');
  if (existsSync(location)) await rm((await readFile(location, 'utf8')).trim(), { recursive: true, force: true });
  if (!existed) {
    await rm(dataDir, { recursive: true, force: true });
    return;
  }
  for (const name of await readdir(dataDir).catch(() => [] as string[])) await rm(path.join(dataDir, name), { recursive: true, force: true });
}
