import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { DataSource } from 'typeorm';
import { createDataSource } from '../db/data-source.js';
import { migrations as allMigrations } from '../db/migrations.js';
import { PgBossQueue } from '../jobs/pg-boss-queue.js';
import { BackupError, type BackupManifest, type TableEntry } from './backup-archive.js';
import { qualified, quote } from './database-export.js';

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
