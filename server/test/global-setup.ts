import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDataSource } from '../src/db/data-source.js';
import { answers, openEmbeddedPostgres } from '../src/db/embedded-postgres.js';
import { PgBossQueue } from '../src/jobs/pg-boss-queue.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A superuser URL of the PostgreSQL server the tests create their databases on. */
    databaseAdminUrl: string;
    /** This run's databases: each is named `<prefix>_<random>`; `template` is migrated, for cloning. */
    testDatabases: { prefix: string; template: string };
  }
}

const LOCAL_SERVER = 'postgres://postgres@127.0.0.1:5432/postgres';

function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function adminQuery<T extends pg.QueryResultRow>(adminUrl: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

/**
 * The migrated database every test app's database is cloned from (CREATE DATABASE … TEMPLATE): Slipway's
 * migrations and pg-boss's schema run once per test run instead of once per test file. Nothing may stay
 * connected to a template while it is cloned, so every connection made here is closed before the tests start.
 */
async function createTemplate(adminUrl: string, name: string): Promise<void> {
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const url = databaseUrl(adminUrl, name);
  const dataSource = createDataSource(url, 1);
  await dataSource.initialize();
  try {
    await dataSource.runMigrations({ transaction: 'each' });
  } finally {
    await dataSource.destroy();
  }
  const queue = await PgBossQueue.start(url, { works: false });
  await queue.stop();
}

/** Drops what the run's test files left behind (a file that did not drop its database), saying which file it was. */
async function dropLeftovers(adminUrl: string, prefix: string): Promise<void> {
  const left = await adminQuery<{ name: string; file: string | null }>(
    adminUrl,
    `SELECT datname AS name, shobj_description(oid, 'pg_database') AS file FROM pg_database WHERE datname LIKE '${prefix}\\_%' ORDER BY datname`,
  );
  for (const { name, file } of left) {
    console.warn(`Test database ${name} was left behind by ${file ?? 'an unknown test file'}: dropped`);
    await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

/**
 * The database server for the whole run: TEST_DATABASE_ADMIN_URL if set, else the local server on
 * 127.0.0.1:5432 if it answers, else one embedded PostgreSQL started here and stopped at the end.
 * TEST_DATABASE=embedded forces the embedded one, so CI proves a machine without PostgreSQL works.
 * The run's databases are named after it, so that its teardown drops what is left of them and nothing of
 * another run on the same server.
 */
export default async function setup(project: TestProject) {
  const forced = process.env.TEST_DATABASE === 'embedded';
  let adminUrl = forced ? undefined : process.env.TEST_DATABASE_ADMIN_URL;
  if (!adminUrl && !forced && (await answers(LOCAL_SERVER))) adminUrl = LOCAL_SERVER;
  let stopEmbedded = async () => {};
  if (!adminUrl) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'slipway-test-db-'));
    const embedded = await openEmbeddedPostgres(dataDir, 'own');
    console.log(`Tests use an embedded PostgreSQL (${forced ? 'TEST_DATABASE=embedded' : 'no server on 127.0.0.1:5432'})`);
    adminUrl = embedded.url;
    stopEmbedded = async () => {
      await embedded.stop();
      rmSync(dataDir, { recursive: true, force: true });
    };
  }
  const run = `${process.pid}${randomBytes(2).toString('hex')}`;
  const testDatabases = { prefix: `slipway_test_${run}`, template: `slipway_template_${run}` };
  const server = adminUrl;
  try {
    await createTemplate(server, testDatabases.template);
  } catch (error) {
    await adminQuery(server, `DROP DATABASE IF EXISTS ${testDatabases.template} WITH (FORCE)`).catch(() => undefined);
    await stopEmbedded();
    throw error;
  }
  project.provide('databaseAdminUrl', server);
  project.provide('testDatabases', testDatabases);
  return async () => {
    try {
      await dropLeftovers(server, testDatabases.prefix);
      await adminQuery(server, `DROP DATABASE IF EXISTS ${testDatabases.template} WITH (FORCE)`);
    } finally {
      await stopEmbedded();
    }
  };
}
