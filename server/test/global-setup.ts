import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { answers, openEmbeddedPostgres } from '../src/db/embedded-postgres.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A superuser URL of the PostgreSQL server the tests create their databases on. */
    databaseAdminUrl: string;
  }
}

const LOCAL_SERVER = 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * The database server for the whole run: TEST_DATABASE_ADMIN_URL if set, else the local server on
 * 127.0.0.1:5432 if it answers, else one embedded PostgreSQL started here and stopped at the end.
 * TEST_DATABASE=embedded forces the embedded one, so CI proves a machine without PostgreSQL works.
 */
export default async function setup(project: TestProject) {
  const forced = process.env.TEST_DATABASE === 'embedded';
  let url = forced ? undefined : process.env.TEST_DATABASE_ADMIN_URL;
  if (!url && !forced && (await answers(LOCAL_SERVER))) url = LOCAL_SERVER;
  if (url) {
    project.provide('databaseAdminUrl', url);
    return;
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'slipway-test-db-'));
  const embedded = await openEmbeddedPostgres(dataDir, 'own');
  console.log(`Tests use an embedded PostgreSQL (${forced ? 'TEST_DATABASE=embedded' : 'no server on 127.0.0.1:5432'})`);
  project.provide('databaseAdminUrl', embedded.url);
  return async () => {
    await embedded.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
