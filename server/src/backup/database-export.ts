import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { type BackupManifest, DATABASE_PREFIX, type TableEntry } from './backup-archive.js';

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

export const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
export const qualified = (table: { schema: string; name: string }) => `${quote(table.schema)}.${quote(table.name)}`;

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
