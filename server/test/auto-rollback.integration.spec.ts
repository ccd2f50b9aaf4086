import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAndClone, deploymentOfCommit, fetchApp, pushCrashable } from './helpers/project-runs.js';
import { startHookReceiver } from './helpers/notification-receivers.js';
import { registerUser, startTestApp, type TestApp } from './helpers/test-app.js';

/**
 * Continuous health against a running Slipway (health checked every second): a pushed commit whose app starts,
 * passes its first health check and then crash-loops marks its deployment failed with an event; in production
 * (auto-rollback on by default) the previous deployment serves again, with the reason on the history row; in an
 * environment with auto-rollback off it is only marked. Real PostgreSQL, real git pushes, real app processes.
 */
let app: TestApp;
let hooks: Awaited<ReturnType<typeof startHookReceiver>>;
let owner: Awaited<ReturnType<typeof registerUser>>;
let project: any;
let work: string;
let clone: string;

const call = (method: string, route: string, body?: unknown) => app.api(method, `/projects/${project.id}${route}`, { token: owner.token, body });

const push = (branch: string, text: string, crashes = false) => pushCrashable(clone, branch, text, crashes);

/** The deployment of this commit that matches `check`, once there is one. */
const deploymentOf = (sha: string, check: (deployment: any) => boolean) => deploymentOfCommit(app, owner.token, project.id, sha, check);

const eventsOf = async (id: string): Promise<Array<{ type: string; message: string }>> => (await call('GET', `/deployments/${id}/events`)).body.events;

beforeAll(async () => {
  hooks = await startHookReceiver();
  app = await startTestApp({ env: { SLIPWAY_HEALTH_CHECK_SECONDS: '1', SLIPWAY_WEBHOOK_ALLOW: '127.0.0.1/32' } });
  owner = await registerUser(app);
  expect((await app.api('PUT', '/settings/GITHUB_ORGANIZATION', { token: owner.token, body: { value: 'acme' } })).status).toBe(200);
  ({ project, work, clone } = await createAndClone(app, owner, { name: 'Wobbly', template_name: 'static-site' }));
}, 240_000);

afterAll(async () => {
  await app?.stop();
  await hooks?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('continuous health', () => {
  it('production has auto-rollback on; another environment has it off unless set, and it can be changed over REST and GraphQL', async () => {
    expect((await call('GET', '/environments/production')).body.auto_rollback).toBe(true);
    const staging = await call('POST', '/environments', { name: 'staging', branch: 'develop', auto_deploy: true });
    expect(staging.status, JSON.stringify(staging.body)).toBe(201);
    expect(staging.body.auto_rollback).toBe(false);
    expect((await call('PUT', '/environments/staging', { auto_rollback: 'yes' })).status).toBe(400);
    expect((await call('PUT', '/environments/staging', { auto_rollback: true })).body.auto_rollback).toBe(true);
    const changed = await app.graphql(
      'mutation($p: ID!) { updateEnvironment(projectId: $p, name: "staging", input: { autoRollback: false }) { name autoRollback } }',
      { p: project.id },
      owner.token,
    );
    expect(changed.data?.updateEnvironment).toEqual({ name: 'staging', autoRollback: false });
    expect((await call('GET', '/environments/staging')).body.auto_rollback).toBe(false);
  });

  it('marks a deployment whose app crash-loops failed and rolls production back to the last healthy one', async () => {
    const good = await push('main', 'good one');
    const healthy = await deploymentOf(good, (row) => row.status === 'active');
    expect(await fetchApp(project.deployed_url)).toEqual({ status: 200, text: 'good one' });

    const bad = await push('main', 'bad one', true);
    const failed = await deploymentOf(bad, (row) => row.status === 'rolled_back');
    expect(failed.health_failure).toMatch(/^crash loop \(\d+ restarts in 60 s\)$/);
    expect(failed.rollback_reason).toBe(`Automatic rollback: ${failed.health_failure}`);
    const events = await eventsOf(failed.id);
    expect(events).toContainEqual(expect.objectContaining({ type: 'failed', message: expect.stringMatching(/^Unhealthy after going live: crash loop .*; rolling back to v/) }));
    expect(events.at(-1)).toMatchObject({ type: 'rolled_back', message: `Rolled back: ${failed.rollback_reason}` });

    // The rollback is a new deployment of the good version, serving at the same URL.
    const restoring = await deploymentOf(good, (row) => row.id !== healthy.id && row.status === 'active');
    expect(restoring.restores_deployment_id).toBe(healthy.id);
    expect(await fetchApp(project.deployed_url)).toEqual({ status: 200, text: 'good one' });
    const graph = await app.graphql('query($id: ID!) { deployment(id: $id) { healthFailure rollbackReason status } }', { id: failed.id }, owner.token);
    expect(graph.data?.deployment).toEqual({ healthFailure: failed.health_failure, rollbackReason: failed.rollback_reason, status: 'rolled_back' });
  }, 480_000);

  it('with auto-rollback off only marks the deployment failed; it keeps serving, and the owner is told the app is unhealthy', async () => {
    if ((await call('GET', '/environments/staging')).status === 404) await call('POST', '/environments', { name: 'staging', branch: 'develop', auto_deploy: true });
    const channel = await app.api('POST', '/notifications/channels', { token: owner.token, body: { name: 'Health', kind: 'webhook', url: hooks.url('/health') } });
    expect(channel.status, JSON.stringify(channel.body)).toBe(201);
    const rule = await app.api('POST', '/notifications/rules', { token: owner.token, body: { channel_id: channel.body.channel.id, project_id: project.id, events: ['app_unhealthy'] } });
    expect(rule.status, JSON.stringify(rule.body)).toBe(201);
    expect((await call('PUT', '/environments/staging', { auto_rollback: false })).status).toBe(200);
    const good = await push('develop', 'staging good');
    await deploymentOf(good, (row) => row.status === 'active');
    const bad = await push('develop', 'staging bad', true);
    const marked = await deploymentOf(bad, (row) => row.health_failure !== null);
    expect(marked).toMatchObject({ environment: 'staging', status: 'active', rollback_reason: null });
    expect(marked.health_failure).toMatch(/^crash loop/);
    expect(await eventsOf(marked.id)).toContainEqual(
      expect.objectContaining({ type: 'failed', message: expect.stringMatching(/^Unhealthy after going live: crash loop .*; automatic rollback is off for staging, so it keeps serving$/) }),
    );
    // Marked once and not rolled back: the bad deployment is still staging's active one.
    expect((await call('GET', '/environments/staging')).body.active_deployment.id).toBe(marked.id);
    const told = await hooks.waitFor((hook) => hook.path === '/health' && JSON.parse(hook.body).details?.environment === 'staging');
    expect(JSON.parse(told.body)).toMatchObject({ event: 'app_unhealthy', summary: expect.stringMatching(/^The app of v\S+ in staging is unhealthy: /) });
  }, 480_000);
});
