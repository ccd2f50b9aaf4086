import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { DataSource } from 'typeorm';
import { createDataSource } from '../db/data-source.js';
import { migrations as allMigrations } from '../db/migrations.js';
import { PgBossQueue } from '../jobs/pg-boss-queue.js';
import { BackupError, type BackupManifest, DATABASE_PREFIX, type TableEntry } from './backup-archive.js';

/**
 * Slipway's database as a snapshot from PostgreSQL itself: every table of its two schemas (`public`, and the job
 * queue's `pgboss`) copied out with COPY inside one REPEATABLE READ READ ONLY transaction, so every table is read
 * at the same instant while Slipway goes on writing. No pg_dump: the embedded server ships none, and a PostgreSQL
 * server's pg_dump must be as new as the server. The schema is not copied: a restore makes it again by running the
 * migrations the manifest lists, and the job queue's own setup.
 */
const SCHEMAS = ['public', 'pgboss'];
/** Made again by a restore rather than copied: the migrations' record, and the job queue's version and queues. */
const REMADE = new Set(['public.migrations', 'pgboss.version', 'pgboss.queue']);

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
const qualified = (table: { schema: string; name: string }) => `${quote(table.schema)}.${quote(table.name)}`;

export interface SnapshotProgress {
  tables: number;
  tablesDone: number;
  rows: number;
}

/** Copies every table into `dir` (one file per table, COPY's text format) from one snapshot; answers the manifest's database part. */
export async function exportDatabase(url: string, dir: string, onProgress: (progress: SnapshotProgress) => void): Promise<BackupManifest['database']> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    const { rows: found } = await client.query<{ schema: string; name: string; columns: string[] }>(
      `SELECT n.nspname AS schema, c.relname AS name,
              ARRAY(SELECT a.attname FROM pg_attribute a
                    WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
                    ORDER BY a.attnum)::text[] AS columns
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = ANY($1) AND c.relkind IN ('r', 'p') AND NOT c.relispartition
       ORDER BY 1, 2`,
      [SCHEMAS],
    );
    const tables = found.filter((table) => !REMADE.has(`${table.schema}.${table.name}`));
    const migrations = (await client.query<{ name: string }>('SELECT name FROM public.migrations ORDER BY timestamp, id')).rows.map((row) => row.name);
    const hasJobQueue = found.some((table) => table.schema === 'pgboss' && table.name === 'version');
    const jobQueueVersion = hasJobQueue ? Number((await client.query<{ version: number }>('SELECT version FROM pgboss.version')).rows[0]?.version ?? null) : null;
    const queues = hasJobQueue ? (await client.query('SELECT * FROM pgboss.queue ORDER BY dead_letter NULLS FIRST, name')).rows : [];
    const sequences = (
      await client.query<{ schema: string; name: string; value: string | null }>(
        'SELECT schemaname AS schema, sequencename AS name, last_value::text AS value FROM pg_sequences WHERE schemaname = ANY($1)',
        [SCHEMAS],
      )
    ).rows.filter((sequence): sequence is { schema: string; name: string; value: string } => sequence.value !== null);
    const serverVersion = (await client.query<{ server_version: string }>('SHOW server_version')).rows[0].server_version;

    const progress: SnapshotProgress = { tables: tables.length, tablesDone: 0, rows: 0 };
    const entries: TableEntry[] = [];
    for (const [index, table] of tables.entries()) {
      const entry = `${DATABASE_PREFIX}${String(index).padStart(3, '0')}-${table.schema}.${table.name}.tsv`;
      const columns = table.columns.map(quote).join(', ');
      const copy = client.query(copyTo(`COPY (SELECT ${columns} FROM ${qualified(table)}) TO STDOUT`));
      await pipeline(copy, createWriteStream(path.join(dir, path.basename(entry)), { mode: 0o600 }));
      entries.push({ schema: table.schema, name: table.name, columns: table.columns, rows: copy.rowCount, entry });
      progress.tablesDone += 1;
      progress.rows += copy.rowCount;
      onProgress(progress);
    }
    await client.query('COMMIT');
    return { serverVersion, migrations, jobQueueVersion, queues, tables: entries, sequences };
  } finally {
    await client.end();
  }
}

/** The database a restore fills: its schema made, its rows loaded one table at a time, then finished. */
export interface DatabaseImport {
  load(table: TableEntry, rows: AsyncIterable<unknown>): Promise<number>;
  finish(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Makes the schema the manifest describes on an empty database (the migrations it lists, the job queue's schema
 * and queues) and answers what loads the rows: one transaction for all of them, committed by finish(). Tables
 * refer to each other both ways (a project to its active version, a version to its project), so the foreign keys
 * are checked once every row is in: made deferrable for the load, checked, and made as they were again.
 */
export async function importDatabase(url: string, database: BackupManifest['database']): Promise<DatabaseImport> {
  const known = new Map(allMigrations.map((migration) => [migration.name, migration]));
  const unknown = database.migrations.filter((name) => !known.has(name));
  if (unknown.length) {
    throw new BackupError(`This backup was made by a newer Slipway (its database has migrations this one does not know: ${unknown.join(', ')}): restore it with that version or a later one.`);
  }
  await assertEmpty(url);
  const base = createDataSource(url, 2);
  const schema = new DataSource({ ...base.options, migrations: database.migrations.map((name) => known.get(name)!) });
  await schema.initialize();
  try {
    await schema.runMigrations({ transaction: 'each' });
  } finally {
    await schema.destroy();
  }
  if (database.jobQueueVersion !== null) await (await PgBossQueue.start(url, { works: false })).stop();

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  /** The foreign keys that are checked at once, made deferrable for the load. */
  let immediate: Array<{ table: string; name: string }> = [];
  try {
    if (database.jobQueueVersion !== null) {
      const version = Number((await client.query<{ version: number }>('SELECT version FROM pgboss.version')).rows[0].version);
      if (version !== database.jobQueueVersion) {
        throw new BackupError(
          `This backup's job queue has schema version ${database.jobQueueVersion} and this Slipway's has ${version}: restore it with the Slipway version that made it, then upgrade.`,
        );
      }
      for (const queue of database.queues) {
        await client.query('SELECT pgboss.create_queue($1, $2)', [
          queue.name,
          {
            policy: queue.policy,
            retryLimit: queue.retry_limit,
            retryDelay: queue.retry_delay,
            retryBackoff: queue.retry_backoff,
            expireInSeconds: queue.expire_seconds,
            retentionMinutes: queue.retention_minutes,
            deadLetter: queue.dead_letter,
          },
        ]);
      }
    }
    await client.query('BEGIN');
    const { rows } = await client.query<{ table: string; name: string }>(
      "SELECT conrelid::regclass::text AS table, conname AS name FROM pg_constraint WHERE contype = 'f' AND NOT condeferrable AND connamespace = 'public'::regnamespace",
    );
    immediate = rows;
    for (const { table, name } of immediate) await client.query(`ALTER TABLE ${table} ALTER CONSTRAINT ${quote(name)} DEFERRABLE INITIALLY DEFERRED`);
  } catch (error) {
    await client.end();
    throw error;
  }
  return {
    async load(table, rows) {
      const columns = table.columns.map(quote).join(', ');
      const copy = client.query(copyFrom(`COPY ${qualified(table)} (${columns}) FROM STDIN`));
      await pipeline(rows, copy);
      return copy.rowCount;
    },
    async finish() {
      for (const sequence of database.sequences) {
        await client.query('SELECT setval($1::regclass, $2::bigint)', [`${quote(sequence.schema)}.${quote(sequence.name)}`, sequence.value]);
      }
      await client.query('SET CONSTRAINTS ALL IMMEDIATE');
      for (const { table, name } of immediate) await client.query(`ALTER TABLE ${table} ALTER CONSTRAINT ${quote(name)} NOT DEFERRABLE`);
      await client.query('COMMIT');
      await client.query('ANALYZE');
    },
    close: () => client.end(),
  };
}

/** A restore fills an empty database only: one with tables of its own is refused, saying which. */
async function assertEmpty(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      `SELECT n.nspname || '.' || c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE c.relkind IN ('r', 'p') AND NOT c.relispartition AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg_toast%'
       ORDER BY n.nspname <> 'public', 1 LIMIT 4`,
    );
    if (rows.length) {
      const names = rows.slice(0, 3).map((row) => row.name).join(', ');
      throw new BackupError(`Refusing to restore into a database that is not empty (it has tables: ${names}${rows.length > 3 ? ', …' : ''}): restore into a new, empty database.`);
    }
  } finally {
    await client.end();
  }
}
