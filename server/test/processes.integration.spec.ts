import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/env.js';
import { startSlipway } from '../src/server.js';
import { TEST_SECRET_KEY, createTestDatabase, registerUser, startTestApp, type TestApp } from './helpers/test-app.js';
import { eventually } from './helpers/project-runs.js';
import { workerProcesses } from './helpers/worker-processes.js';

/** An api process (this one) and a worker process (a child running main.ts) on one PostgreSQL database. */
let api: TestApp;
let db: pg.Client;
beforeAll(async () => {
  api = await startTestApp({ role: 'api' });
  db = new pg.Client({ connectionString: api.databaseUrl });
  await db.connect();
});
afterAll(async () => {
  await db?.end();
  await api?.stop();
});

async function count(sql: string): Promise<number> {
  const { rows } = await db.query(sql);
  return Number(rows[0].count);
}
const revokedSessions = () => count('SELECT count(*) FROM sessions WHERE revoked_at IS NOT NULL');
async function cleanupJobs(): Promise<Array<{ id: string; state: string }>> {
  return (await db.query(`SELECT id, state FROM pgboss.job WHERE name = 'maintenance.cleanup' ORDER BY created_on`)).rows;
}
const health = async () => (await api.api('GET', '/health')).body;

const workers = workerProcesses(() => api);

describe('api and worker processes', () => {
  it('leaves jobs waiting on an api process alone, and a worker added beside it takes them and shows in health', async () => {
    // A signed-out session for the maintenance job to delete; the api process enqueued that job when it started.
    const { token } = await registerUser(api);
    expect((await api.api('POST', '/users/logout', { token })).status).toBe(200);
    expect(await revokedSessions()).toBe(1);
    const [enqueuedByApi, ...others] = await cleanupJobs();
    expect(enqueuedByApi.state).toBe('created');
    expect(others).toEqual([]);
    // No process works the queue: one that does joins the worker registry, which health lists. So the job waits.
    expect(await health()).toMatchObject({ status: 'ok', role: 'api', jobQueue: 'up', workers: [] });

    const dataDir = mkdtempSync(path.join(tmpdir(), 'slipway-worker-'));
    const worker = workers.start({ dataDir });
    try {
      await worker.started;
      await eventually(async () => (await revokedSessions()) === 0);
      expect((await cleanupJobs()).find((job) => job.id === enqueuedByApi.id)?.state).toBe('completed');
      expect((await health()).workers).toEqual([expect.objectContaining({ role: 'worker', pid: worker.child.pid })]);

      const exit = new Promise<number | null>((resolve) => worker.child.once('exit', (code) => resolve(code)));
      worker.child.kill('SIGTERM');
      expect(await exit).toBe(0);
      expect((await health()).workers).toEqual([]);
      expect(worker.output()).not.toMatch(/error/i);
    } finally {
      worker.child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});

describe('processes starting together', () => {
  it('migrates a fresh database once when two processes boot on it at the same moment', async () => {
    const database = await createTestDatabase();
    const apps = await Promise.allSettled([startTestApp({ databaseUrl: database.url }), startTestApp({ databaseUrl: database.url, role: 'api' })]);
    try {
      expect(apps.map((app) => (app.status === 'rejected' ? String(app.reason) : app.status))).toEqual(['fulfilled', 'fulfilled']);
      const [first, second] = apps.map((app) => (app as PromiseFulfilledResult<TestApp>).value);
      const account = await registerUser(first);
      expect((await second.api('GET', '/users/me', { token: account.token })).body.email).toBe(account.email);
    } finally {
      for (const app of apps) if (app.status === 'fulfilled') await app.value.stop();
      await database.drop();
    }
  }, 60_000);
});

describe('a worker on embedded PostgreSQL', () => {
  it('joins the embedded server of the Slipway running on its data directory, and leaves it running when it stops', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'slipway-worker-'));
    const embeddedApi = await startTestApp({ embedded: true, dataDir, role: 'api' });
    const worker = workers.start({ dataDir, embedded: true });
    try {
      await worker.started;
      const workers = async () => (await embeddedApi.api('GET', '/health')).body.workers as Array<{ pid: number }>;
      await eventually(async () => (await workers()).some((seen) => seen.pid === worker.child.pid));
      const exit = new Promise<number | null>((resolve) => worker.child.once('exit', (code) => resolve(code)));
      worker.child.kill('SIGTERM');
      expect(await exit).toBe(0);
      expect(await embeddedApi.api('GET', '/health')).toMatchObject({ status: 200, body: { status: 'ok', database: 'up', mode: 'embedded' } });
      expect((await registerUser(embeddedApi)).user.role).toBe('admin');
    } finally {
      worker.child.kill('SIGKILL');
      await embeddedApi.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);

  it('is refused with a clear message when no Slipway runs on its data directory', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'slipway-worker-'));
    try {
      const config = loadConfig({ SLIPWAY_DATA_DIR: dataDir, SLIPWAY_ROLE: 'worker', SLIPWAY_SECRET_KEY: TEST_SECRET_KEY });
      await expect(startSlipway(config)).rejects.toThrow(`No Slipway is running with the embedded PostgreSQL of ${dataDir}`);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
