import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appGone, eventually, fetchApp, waitForRun } from './helpers/project-runs.js';
import { createTestDatabase, registerUser, startTestApp, type TestApp, type TestDatabase } from './helpers/test-app.js';

/**
 * Deployments survive a restart of Slipway: a static-site project's app is deployed (its creation run), Slipway
 * stops (its apps stop with it, its URLs no longer answer), and a new Slipway on the same data directory, database
 * and port runs the app again at the same URLs (front door and loopback), with the deployment still active. Real
 * PostgreSQL, real processes.
 */
let database: TestDatabase;
let dataDir: string;
let app: TestApp | undefined;
let owner: Awaited<ReturnType<typeof registerUser>>;
let project: any;

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), 'slipway-restart-'));
  chmodSync(dataDir, 0o711);
  app = await startTestApp({ dataDir, databaseUrl: database.url });
  owner = await registerUser(app);
  expect((await app.api('PUT', '/settings/GITHUB_ORGANIZATION', { token: owner.token, body: { value: 'acme' } })).status).toBe(200);
  const created = await app.api('POST', '/projects', { token: owner.token, body: { name: 'Survivor', description: 'Outlives a restart', template_name: 'static-site' } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const run = await waitForRun(app, owner.token, created.body.id, { stream: 'project_creation' });
  expect(run.overall_status).toBe('completed');
  project = (await app.api('GET', `/projects/${created.body.id}`, { token: owner.token })).body;
}, 300_000);

afterAll(async () => {
  await app?.stop();
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a restart of Slipway with an active deployment', () => {
  it('stops the app with Slipway and runs it again at the same URLs when Slipway starts again', async () => {
    const { deployed_url: url, loopback_url: loopback } = project;
    const port = new URL(app!.url).port;
    expect(url).toMatch(new RegExp(`^http://[a-z0-9-]+\\.localhost:${port}/$`));
    expect(loopback).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    const before = await fetchApp(url);
    expect(before).toMatchObject({ status: 200 });
    expect(await fetchApp(loopback)).toEqual(before);

    await app!.stop();
    app = undefined;
    expect(await appGone(url)).toBe(true);
    expect(await appGone(loopback)).toBe(true);

    app = await startTestApp({ dataDir, databaseUrl: database.url, env: { PORT: port } });
    let again: Awaited<ReturnType<typeof fetchApp>> = 'refused';
    await eventually(async () => {
      again = await fetchApp(url);
      return again !== 'refused' && again.status === 200;
    }, 60_000);
    expect(again).toEqual(before);
    expect(await fetchApp(loopback)).toEqual(before);

    const active = await app.api('GET', `/projects/${project.id}/environments/production/active`, { token: owner.token });
    expect(active.status).toBe(200);
    expect(active.body).toMatchObject({ status: 'active', is_active: true, deployed_url: url, loopback_url: loopback, traffic_percent: 100 });
    const health = await app.api('POST', `/projects/${project.id}/deployments/${active.body.id}/health/check`, { token: owner.token });
    expect(health.status).toBe(200);
    expect(health.body.health).toBe('healthy');
  });
});
