import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { expect, inject } from 'vitest';

/** The PostgreSQL server tests create their databases on, chosen once for the run by test/global-setup.ts. */
const ADMIN_URL = inject('databaseAdminUrl');
const { prefix, template } = inject('testDatabases');

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

async function create(clause: string): Promise<TestDatabase> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}${clause}`);
  // Which test file made it: the run's teardown names the file of a database left behind.
  const { testPath } = expect.getState();
  const file = testPath ? path.relative(process.cwd(), testPath) : 'an unknown test file';
  await adminQuery(`COMMENT ON DATABASE ${name} IS '${file.replaceAll("'", "''")}'`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** A fresh, empty database on the test PostgreSQL server, for one test file. */
export function createTestDatabase(): Promise<TestDatabase> {
  return create('');
}

/** A database with Slipway's migrations and pg-boss's schema in place, cloned from the run's template. */
export function createMigratedTestDatabase(): Promise<TestDatabase> {
  return create(` TEMPLATE ${template}`);
}
