import { createHmac } from 'node:crypto';

/**
 * A Slipway backup is one gzipped tar archive, written in this order:
 *   manifest.json           this BackupManifest (first, so a restore knows what follows before it reads it)
 *   database/<n>.tsv        one table's rows in COPY's text format, in the manifest's table order
 *   data/<path>             the data directory's files that DATA_PATHS names
 */
export const ARCHIVE_FORMAT = 1;
export const MANIFEST_ENTRY = 'manifest.json';
export const DATABASE_PREFIX = 'database/';
export const DATA_PREFIX = 'data/';

/**
 * What of the data directory a backup holds, in the order it is read: the secret key, the local repositories, the
 * registry's artifacts, the build logs and the local cluster's record of its apps. Not the database cluster (the
 * database goes as a snapshot), not builds' scratch folders, not the apps' release folders (the cluster unpacks
 * them again from the registry), not logs of processes.
 */
export const DATA_PATHS = ['secret.key', 'repos', 'registry', 'build-logs', 'cluster/state.json'] as const;

/**
 * Inside a folder, these are read last: a git repository's objects after its refs, the registry's blobs after its
 * tags. A ref or tag written while the backup runs then finds its objects in the archive too.
 */
export const READ_LAST = new Set(['objects', 'blobs']);

/** A table's rows in the archive. */
export interface TableEntry {
  schema: string;
  name: string;
  columns: string[];
  rows: number;
  entry: string;
}

export interface BackupManifest {
  format: typeof ARCHIVE_FORMAT;
  createdAt: string;
  /** Where the data came from (a restore elsewhere rewrites paths that name it). */
  source: { dataDir: string; database: 'embedded' | 'DATABASE_URL' };
  /**
   * Whether the archive holds data/secret.key; if not, the instance ran with SLIPWAY_SECRET_KEY, which the restored
   * one needs too. `check` tells a key that decrypts its secrets from one that does not, without revealing it.
   */
  secretKey: { inArchive: boolean; check: string };
  database: {
    serverVersion: string;
    /** The migrations that made the schema, oldest first: a restore runs exactly these, then Slipway's start the rest. */
    migrations: string[];
    /** The job queue's schema version (pg-boss), which a restore must match. */
    jobQueueVersion: number | null;
    /** The job queue's queues (rows of pgboss.queue), made again before their jobs are loaded. */
    queues: Array<Record<string, unknown>>;
    tables: TableEntry[];
    sequences: Array<{ schema: string; name: string; value: string }>;
  };
}

/** A fingerprint of the root secret: equal for the same key, and nothing about the key can be learnt from it. */
export function secretKeyCheck(key: Buffer): string {
  return createHmac('sha256', key).update('slipway backup key check').digest('hex').slice(0, 32);
}

/** Thrown for what the person running a backup or a restore must fix; its message says what and how. */
export class BackupError extends Error {}
