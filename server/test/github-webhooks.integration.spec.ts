import { createHmac, randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FakeGitHub } from '../fakes/github/fake-github.js';
import { startCloudFakes, type CloudFakes } from './helpers/cloud-fakes.js';
import { pushBranch, waitForRun } from './helpers/project-runs.js';
import { registerUser, type TestApp } from './helpers/test-app.js';

/**
 * A cloud project's GitHub webhook, end to end: the creation run makes it on the fake GitHub, whose real signed
 * deliveries (a git push over HTTP, a branch deleted, a redelivery) reach Slipway; forged, replayed, unknown and
 * unsupported deliveries are refused and change nothing. What Slipway does with a push is the `repository.pushed`
 * event every process hears (as for a push over its own git HTTP).
 */
const GITHUB_TOKEN = 'ghp_canary_webhooks_github_0123456789abcd';

let fakes: CloudFakes;
let app: TestApp;
let github: FakeGitHub;
let events: pg.Client;
let project: any;
let ownerId: string;
let hookUrl: string;
let secret: string;
const pushed: any[] = [];

const gitHubApi = async (method: string, route: string) => {
  const response = await fetch(`${github.url}${route}`, { method, headers: { authorization: `token ${GITHUB_TOKEN}` } });
  const text = await response.text();
  return text ? JSON.parse(text) : undefined;
};
const deliveries = async () => {
  const [hook] = await gitHubApi('GET', '/repos/acme/hooked-site/hooks');
  return { hook, list: (await gitHubApi('GET', `/repos/acme/hooked-site/hooks/${hook.id}/deliveries`)) as any[] };
};
/** A delivery as GitHub would send it, signed with `key`. */
const deliver = (event: string, payload: unknown, { key = secret, guid = randomUUID() as string, url = hookUrl } = {}) => {
  const body = JSON.stringify(payload);
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-github-event': event, 'x-github-delivery': guid, 'x-hub-signature-256': `sha256=${createHmac('sha256', key).update(body).digest('hex')}` },
    body,
  });
};
const pushPayload = (ref = 'refs/heads/main', repository = 'acme/hooked-site') => ({
  ref,
  before: 'a'.repeat(40),
  after: 'b'.repeat(40),
  repository: { full_name: repository },
  pusher: { name: 'mallory' },
  head_commit: { message: 'Forged' },
});

beforeAll(async () => {
  fakes = await startCloudFakes({ name: 'webhooks' });
  ({ app, github } = fakes);
  github.addToken(GITHUB_TOKEN, { login: 'ada', scopes: ['repo', 'workflow', 'delete_repo'] });
  github.addOrganization('acme', { members: [{ login: 'ada', role: 'admin' }] });
  const owner = await registerUser(app);
  ownerId = owner.user.id;
  expect((await app.api('PUT', '/settings', { token: owner.token, body: { settings: { GITHUB_ORGANIZATION: 'acme', GITHUB_TOKEN } } })).status).toBe(200);
  const created = await app.api('POST', '/projects', { token: owner.token, body: { name: 'Hooked Site', template_name: 'static-site' } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  project = created.body;
  const run = await waitForRun(app, owner.token, project.id, { stream: 'project_creation' });
  expect(run.overall_status, JSON.stringify(run.processors.filter((step: any) => step.status === 'failed'))).toBe('completed');
  hookUrl = `${app.url}/hooks/github/${project.id}`;
  secret = github.webhookSecret('acme', 'hooked-site', hookUrl)!;

  events = new pg.Client({ connectionString: app.databaseUrl });
  await events.connect();
  events.on('notification', (message) => {
    const event = JSON.parse(message.payload!);
    if (event.topic === 'repository.pushed') pushed.push(event.payload);
  });
  await events.query('LISTEN slipway_events');
}, 240_000);

afterAll(async () => {
  await events?.end();
  await fakes?.close();
});

describe("a cloud project's GitHub webhook", () => {
  it('is made by the creation run with a secret of its own, kept sealed, and answers GitHub\'s ping', async () => {
    const { hook, list } = await deliveries();
    expect(hook).toMatchObject({ events: ['push', 'pull_request'], active: true, config: { url: hookUrl, content_type: 'json', secret: '********' } });
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    // Made after the creation's own commit and tag: GitHub has sent its ping alone.
    expect(list.map((delivery) => [delivery.event, delivery.status_code])).toEqual([['ping', 200]]);
    const { rows } = await fakes.db.query(`SELECT * FROM projects WHERE id = $1`, [project.id]);
    expect(rows[0].webhook_secret_encrypted).toBeTruthy();
    expect(JSON.stringify(rows)).not.toContain(secret);
  });

  it('turns a real push on GitHub into a repository.pushed event, once, whatever the redeliveries', async () => {
    pushed.length = 0;
    const repositoryUrl = `${github.url.replace('http://', `http://x-access-token:${GITHUB_TOKEN}@`)}/acme/hooked-site.git`;
    const sha = await pushBranch(repositoryUrl, 'feature', { 'public/extra.html': '<p>extra</p>\n' });
    await github.deliveriesSettled();
    await vi.waitFor(() => expect(pushed).toHaveLength(1), { timeout: 10_000 });
    expect(pushed[0]).toEqual({ projectId: project.id, ownerId, pusherId: null, pusherName: 'ada (GitHub)', branch: 'feature', before: null, after: sha, message: 'On feature' });

    const { hook, list } = await deliveries();
    const push = list.find((delivery) => delivery.event === 'push');
    expect(push).toMatchObject({ status_code: 202 });
    await gitHubApi('POST', `/repos/acme/hooked-site/hooks/${hook.id}/deliveries/${push.id}/attempts`);
    await github.deliveriesSettled();
    expect((await deliveries()).list[0]).toMatchObject({ guid: push.guid, redelivery: true, status_code: 200 });
    // A deleted branch is a push with no head after it.
    await gitHubApi('DELETE', '/repos/acme/hooked-site/git/refs/heads/feature');
    await github.deliveriesSettled();
    await vi.waitFor(() => expect(pushed).toHaveLength(2), { timeout: 10_000 });
    expect(pushed[1]).toMatchObject({ branch: 'feature', before: sha, after: null, message: null, pusherId: null });
    expect(pushed.filter((event) => event.after === sha)).toHaveLength(1);
  });

  it.each([
    ['a wrong signature', () => deliver('push', pushPayload(), { key: 'not-the-secret' }), 401, /signature does not match/],
    ['no signature', () => fetch(hookUrl, { method: 'POST', headers: { 'x-github-event': 'push', 'x-github-delivery': randomUUID() }, body: JSON.stringify(pushPayload()) }), 401, /X-Hub-Signature-256/],
    ['an unknown project', () => deliver('push', pushPayload(), { url: `${app.url}/hooks/github/${randomUUID()}` }), 404, /No webhook here/],
    ['a project id that is not one', () => deliver('push', pushPayload(), { url: `${app.url}/hooks/github/..%2F..%2Fetc` }), 404, /No webhook here/],
    ['an unsupported event', () => deliver('issues', { action: 'opened' }), 400, /Unsupported event "issues": this webhook takes push and pull_request events/],
    ['another repository', () => deliver('push', pushPayload('refs/heads/main', 'acme/other')), 404, /not acme\/other/],
    ['a body that is not a push', () => deliver('push', { hello: 'world' }), 400, /not a push event/],
    ['no delivery id', () => deliver('push', pushPayload(), { guid: '' }), 400, /X-GitHub-Delivery/],
  ])('refuses %s and changes nothing', async (_case, send, status, message) => {
    pushed.length = 0;
    const before = (await fakes.db.query('SELECT count(*)::int AS n FROM webhook_deliveries')).rows[0].n;
    const response = await send();
    expect(response.status).toBe(status);
    expect((await response.json()).message).toMatch(message);
    expect((await fakes.db.query('SELECT count(*)::int AS n FROM webhook_deliveries')).rows[0].n).toBe(before);
    // A signed push sent after it is heard: had the refused one published anything, it would have come first.
    const guid = randomUUID();
    expect((await deliver('push', { ...pushPayload('refs/heads/probe'), after: 'c'.repeat(40) }, { guid })).status).toBe(202);
    await vi.waitFor(() => expect(pushed.length).toBeGreaterThan(0), { timeout: 10_000 });
    expect(pushed.map((event) => event.branch)).toEqual(['probe']);
  });

  it('acts on a replayed delivery once', async () => {
    pushed.length = 0;
    const guid = randomUUID();
    expect((await deliver('push', pushPayload('refs/heads/replayed'), { guid })).status).toBe(202);
    const replay = await deliver('push', pushPayload('refs/heads/replayed'), { guid });
    expect(replay.status).toBe(200);
    expect((await replay.json()).message).toMatch(/Already received/);
    const marker = randomUUID();
    expect((await deliver('push', pushPayload('refs/heads/after-replay'), { guid: marker })).status).toBe(202);
    await vi.waitFor(() => expect(pushed.map((event) => event.branch)).toContain('after-replay'), { timeout: 10_000 });
    expect(pushed.map((event) => event.branch)).toEqual(['replayed', 'after-replay']);
  });
});
