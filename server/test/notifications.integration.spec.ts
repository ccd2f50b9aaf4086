import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectedSignature, startHookReceiver, startMailReceiver } from './helpers/notification-receivers.js';
import { eventually, getPage, pushBranch, waitForRun } from './helpers/project-runs.js';
import { refusal, registerUser, startTestApp, type TestApp } from './helpers/test-app.js';

/**
 * Notifications end to end: real PostgreSQL, real HTTP to a webhook receiver on 127.0.0.1 (allowed here through
 * SLIPWAY_WEBHOOK_ALLOW; a second Slipway without the allowance shows the refusals) and a real SMTP server.
 */
let app: TestApp;
let strict: TestApp;
let hooks: Awaited<ReturnType<typeof startHookReceiver>>;
let mail: Awaited<ReturnType<typeof startMailReceiver>>;
let owner: Awaited<ReturnType<typeof registerUser>>;
let stranger: Awaited<ReturnType<typeof registerUser>>;
let dataDir: string;

const call = (method: string, route: string, body?: unknown, token = owner.token) => app.api(method, `/notifications${route}`, { token, body });

async function webhookChannel(pathName: string, token = owner.token): Promise<{ channel: any; secret: string }> {
  const created = await call('POST', '/channels', { name: `Hook ${pathName}`, kind: 'webhook', url: hooks.url(pathName) }, token);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}

async function delivery(id: string, until: (delivery: any) => boolean, token = owner.token): Promise<any> {
  let found: any;
  await eventually(async () => {
    found = (await call('GET', '/deliveries', undefined, token)).body.deliveries.find((candidate: any) => candidate.id === id);
    return found !== undefined && until(found);
  }, 60_000);
  return found;
}

beforeAll(async () => {
  hooks = await startHookReceiver();
  mail = await startMailReceiver();
  dataDir = mkdtempSync(path.join(tmpdir(), 'slipway-notifications-'));
  chmodSync(dataDir, 0o711);
  app = await startTestApp({ dataDir, env: { SLIPWAY_WEBHOOK_ALLOW: '127.0.0.1/32', SLIPWAY_SMTP_URL: mail.url, SLIPWAY_SMTP_FROM: 'Slipway <slipway@example.com>' } });
  strict = await startTestApp();
  owner = await registerUser(app);
  stranger = await registerUser(app);
}, 120_000);

afterAll(async () => {
  await app?.stop();
  await strict?.stop();
  await hooks?.close();
  await mail?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('webhook channels', () => {
  it('shows the secret once, keeps it sealed, and signs a test delivery with it', async () => {
    const { channel, secret } = await webhookChannel('/signed');
    expect(channel).toEqual({ id: expect.any(String), name: 'Hook /signed', kind: 'webhook', url: hooks.url('/signed'), email: null, created_at: expect.any(String) });
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(JSON.stringify((await call('GET', '/channels')).body)).not.toContain(secret);
    const client = new pg.Client({ connectionString: app.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query('SELECT secret_sealed FROM notification_channels WHERE id = $1', [channel.id]);
      expect(rows[0].secret_sealed).toMatch(/^v1:/);
      expect(rows[0].secret_sealed).not.toContain(secret);
    } finally {
      await client.end();
    }

    const test = await call('POST', `/channels/${channel.id}/test`);
    expect(test).toMatchObject({ status: 202, body: { channel_id: channel.id, event: 'test', status: 'pending', attempts: 0 } });
    const hook = await hooks.waitFor((received) => received.path === '/signed');
    expect(hook.headers['content-type']).toBe('application/json');
    expect(hook.headers['x-slipway-signature-256']).toBe(expectedSignature(secret, hook.body));
    expect(hook.headers['x-slipway-event']).toBe('test');
    expect(hook.headers['x-slipway-delivery']).toBe(test.body.id);
    expect(Number(hook.headers['x-slipway-timestamp'])).toBeGreaterThan(1_700_000_000);
    expect(JSON.parse(hook.body)).toMatchObject({ id: test.body.id, event: 'test', project: null, summary: 'Test notification for Hook /signed' });

    const done = await delivery(test.body.id, (found) => found.status === 'delivered');
    expect(done).toMatchObject({ attempts: 1, response_status: 200, response_body: 'thanks', error: null, duration_ms: expect.any(Number), attempted_at: expect.any(String) });
  });

  it('retries a failed delivery with backoff until the receiver takes it', async () => {
    const { channel } = await webhookChannel('/flaky');
    let calls = 0;
    hooks.answerWith((hook) => (hook.path === '/flaky' && ++calls === 1 ? { status: 503 } : { status: 200 }));
    const test = await call('POST', `/channels/${channel.id}/test`);
    const retrying = await delivery(test.body.id, (found) => found.attempts >= 1);
    expect(retrying).toMatchObject({ status: 'retrying', response_status: 503, error: 'The receiver answered 503' });
    expect(await delivery(test.body.id, (found) => found.status === 'delivered')).toMatchObject({ attempts: 2, response_status: 200, error: null });
    hooks.answerWith(() => ({ status: 200 }));
  });

  it('does not follow a redirect', async () => {
    const { channel } = await webhookChannel('/moved');
    hooks.answerWith((hook) => (hook.path === '/moved' ? { status: 302, headers: { location: hooks.url('/landed') } } : { status: 200 }));
    const test = await call('POST', `/channels/${channel.id}/test`);
    const first = await delivery(test.body.id, (found) => found.attempts >= 1);
    expect(first).toMatchObject({ status: 'retrying', response_status: 302, error: `Redirect to ${hooks.url('/landed')} not followed` });
    expect(hooks.received.filter((hook) => hook.path === '/landed')).toEqual([]);
    await call('DELETE', `/channels/${channel.id}`);
    hooks.answerWith(() => ({ status: 200 }));
  });

  it.each([
    ['http://127.0.0.2:9/', 'Webhook URL must not point to a loopback address (127.0.0.2)'],
    ['http://[::1]/', 'Webhook URL must not point to a loopback address (::1)'],
    ['http://[::ffff:127.0.0.2]/', 'Webhook URL must not point to a loopback address (::ffff:7f00:2)'],
    ['http://2130706434/', 'Webhook URL must not point to a loopback address (127.0.0.2)'],
    ['http://10.1.2.3/', 'Webhook URL must not point to a private address (10.1.2.3)'],
    ['http://172.16.0.1/', 'Webhook URL must not point to a private address (172.16.0.1)'],
    ['http://192.168.1.1/', 'Webhook URL must not point to a private address (192.168.1.1)'],
    ['http://169.254.169.254/latest/meta-data', 'Webhook URL must not point to a link-local address (169.254.169.254)'],
    ['http://100.64.0.1/', 'Webhook URL must not point to a carrier-grade NAT address (100.64.0.1)'],
    ['http://224.0.0.1/', 'Webhook URL must not point to a multicast address (224.0.0.1)'],
    ['http://0.0.0.0/', 'Webhook URL must not point to a unspecified address (0.0.0.0)'],
    ['http://[fe80::1]/', 'Webhook URL must not point to a link-local address (fe80::1)'],
    ['http://[fd00::1]/', 'Webhook URL must not point to a private (unique local) address (fd00::1)'],
    ['ftp://example.com/', 'Webhook URL must be an http:// or https:// URL'],
    ['not a url', 'Webhook URL must be an http:// or https:// URL'],
  ])('refuses %s beyond the allowed range, changing nothing', async (url, message) => {
    const before = (await call('GET', '/channels')).body.channels.length;
    expect(await call('POST', '/channels', { name: 'Bad', kind: 'webhook', url })).toEqual(refusal(400, message, 'url'));
    expect((await call('GET', '/channels')).body.channels).toHaveLength(before);
  });

  it('without an allowance, refuses loopback, a host name that resolves to loopback, and the same refusal over GraphQL', async () => {
    const user = await registerUser(strict);
    const create = (url: string) => strict.api('POST', '/notifications/channels', { token: user.token, body: { name: 'Local', kind: 'webhook', url } });
    expect(await create(hooks.url('/x'))).toEqual(refusal(400, 'Webhook URL must not point to a loopback address (127.0.0.1)', 'url'));
    expect(await create(`http://localhost:${hooks.port}/x`)).toEqual(refusal(400, 'Webhook URL must not point to a loopback address (127.0.0.1)', 'url'));
    const answer = await strict.graphql(
      'mutation($input: CreateNotificationChannelInput!) { createNotificationChannel(input: $input) { secret } }',
      { input: { name: 'Local', kind: 'webhook', url: `http://localhost:${hooks.port}/x` } },
      user.token,
    );
    expect(answer.errors?.[0]).toMatchObject({ message: 'Webhook URL must not point to a loopback address (127.0.0.1)', extensions: { code: 'BAD_USER_INPUT', field: 'url' } });
    // No SMTP server is configured there: email channels are refused with why.
    expect(await strict.api('POST', '/notifications/channels', { token: user.token, body: { name: 'Mail', kind: 'email', email: 'a@example.com' } })).toEqual(
      refusal(400, 'Email notifications need an SMTP server: ask an admin to set SLIPWAY_SMTP_URL', 'kind'),
    );
    expect((await strict.api('GET', '/notifications/channels', { token: user.token })).body).toEqual({ channels: [] });
  });
});

describe('email channels', () => {
  it('sends a test email through the SMTP server', async () => {
    const created = await call('POST', '/channels', { name: 'On call', kind: 'email', email: 'OnCall@Example.com' });
    expect(created).toMatchObject({ status: 201, body: { channel: { kind: 'email', email: 'oncall@example.com', url: null }, secret: null } });
    const test = await call('POST', `/channels/${created.body.channel.id}/test`);
    const message = await mail.waitFor((received) => received.to.includes('oncall@example.com'));
    expect(message.raw).toContain('Subject: [Slipway] Test notification for On call');
    expect(message.raw).toContain('From: Slipway <slipway@example.com>');
    expect(await delivery(test.body.id, (found) => found.status === 'delivered')).toMatchObject({ attempts: 1, response_status: 250, error: null });
  });

  it('refuses a bad address or kind, changing nothing', async () => {
    expect(await call('POST', '/channels', { name: 'Mail', kind: 'email', email: 'nope' })).toEqual(refusal(400, 'Invalid email address', 'email'));
    expect(await call('POST', '/channels', { name: 'Mail', kind: 'pager' })).toEqual(refusal(400, 'Kind must be webhook or email', 'kind'));
    expect(await call('POST', '/channels', { name: ' ', kind: 'email', email: 'a@example.com' })).toEqual(refusal(400, 'Name is required', 'name'));
  });
});

describe('rules, ownership and GraphQL', () => {
  it('refuses bad rules and keeps every user to their own channels, rules and deliveries', async () => {
    const { channel } = await webhookChannel('/owned');
    expect(await call('POST', '/rules', { channel_id: channel.id, events: [] })).toEqual(refusal(400, 'Choose at least one event', 'events'));
    expect(await call('POST', '/rules', { channel_id: channel.id, events: ['everything'] })).toEqual(
      refusal(400, 'Unknown event "everything"; events are pipeline_failed, deployment_failed, app_unhealthy, production_deployed', 'events'),
    );
    expect(await call('POST', '/rules', { channel_id: channel.id, events: ['pipeline_failed'] }, stranger.token)).toEqual(refusal(400, 'Choose one of your channels', 'channelId'));
    expect((await app.api('PUT', '/settings/GITHUB_ORGANIZATION', { token: stranger.token, body: { value: 'others' } })).status).toBe(200);
    const strangersProject = await app.api('POST', '/projects', { token: stranger.token, body: { name: 'Theirs', description: 'Not yours', template_name: null } });
    expect(strangersProject.status, JSON.stringify(strangersProject.body)).toBe(201);
    expect(await call('POST', '/rules', { channel_id: channel.id, project_id: strangersProject.body.id, events: ['pipeline_failed'] })).toEqual(refusal(404, 'Project not found'));
    expect(await call('DELETE', `/channels/${channel.id}`, undefined, stranger.token)).toEqual(refusal(404, 'Notification channel not found'));
    expect(await call('POST', `/channels/${channel.id}/test`, undefined, stranger.token)).toEqual(refusal(404, 'Notification channel not found'));
    expect((await call('GET', '/channels', undefined, stranger.token)).body).toEqual({ channels: [] });
    expect((await call('GET', '/deliveries', undefined, stranger.token)).body).toEqual({ deliveries: [] });
    expect(await call('GET', '/deliveries?limit=0')).toEqual(refusal(400, 'Limit must be between 1 and 100', 'limit'));

    const created = await app.graphql(
      'mutation($input: CreateNotificationRuleInput!) { createNotificationRule(input: $input) { id channelId projectId events } }',
      { input: { channelId: channel.id, events: ['deployment_failed', 'app_unhealthy'] } },
      owner.token,
    );
    expect(created.data?.createNotificationRule).toEqual({ id: expect.any(String), channelId: channel.id, projectId: null, events: ['deployment_failed', 'app_unhealthy'] });
    const listed = await app.graphql('{ notificationRules { id } notificationChannels { id kind } }', {}, owner.token);
    expect(listed.data.notificationRules.map((rule: any) => rule.id)).toContain(created.data.createNotificationRule.id);
    expect((await app.graphql('{ notificationRules { id } }', {}, stranger.token)).data).toEqual({ notificationRules: [] });
    const removed = await app.graphql('mutation($id: ID!) { deleteNotificationRule(id: $id) { id } }', { id: created.data.createNotificationRule.id }, stranger.token);
    expect(removed.errors?.[0]).toMatchObject({ message: 'Notification rule not found', extensions: { code: 'NOT_FOUND' } });
    expect((await call('DELETE', `/rules/${created.data.createNotificationRule.id}`)).status).toBe(200);
    expect((await call('GET', '/rules')).body.rules.map((rule: any) => rule.id)).not.toContain(created.data.createNotificationRule.id);
  });
});

describe('events of a real project', () => {
  it('sends a production deploy, a failed deployment (webhook and email), a failed build pipeline and an app turned unhealthy', async () => {
    const { channel, secret } = await webhookChannel('/events');
    const email = await call('POST', '/channels', { name: 'Events mail', kind: 'email', email: 'events@example.com' });
    const events = ['pipeline_failed', 'deployment_failed', 'app_unhealthy', 'production_deployed'];
    expect((await call('POST', '/rules', { channel_id: channel.id, events })).status).toBe(201);
    expect((await call('POST', '/rules', { channel_id: email.body.channel.id, events: ['deployment_failed'] })).status).toBe(201);
    expect((await app.api('PUT', '/settings/GITHUB_ORGANIZATION', { token: owner.token, body: { value: 'acme' } })).status).toBe(200);
    const created = await app.api('POST', '/projects', { token: owner.token, body: { name: 'Notified', description: 'Tells', template_name: 'static-site' } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const run = await waitForRun(app, owner.token, created.body.id, { stream: 'project_creation' });
    expect(run.overall_status).toBe('completed');
    const project = (await app.api('GET', `/projects/${created.body.id}`, { token: owner.token })).body;

    const live = await hooks.waitFor((hook) => hook.path === '/events' && JSON.parse(hook.body).event === 'production_deployed');
    expect(live.headers['x-slipway-signature-256']).toBe(expectedSignature(secret, live.body));
    expect(JSON.parse(live.body)).toMatchObject({ project: { id: project.id, name: 'Notified' }, details: { environment: 'production', status: 'active' } });

    await pushBranch(project.repository_url, 'release-crash', { 'server.mjs': "throw new Error('DATABASE_URL is not set');\n" });
    const version = await app.api('POST', `/projects/${project.id}/versions`, { token: owner.token, body: { version_tag: 'v9.0.0', git_branch: 'release-crash' } });
    expect(version.status, JSON.stringify(version.body)).toBe(201);
    await eventually(async () => (await app.api('GET', `/projects/${project.id}/versions/${version.body.id}`, { token: owner.token })).body.status === 'ready', 120_000);
    const deployment = await app.api('POST', `/projects/${project.id}/deployments`, { token: owner.token, body: { version_id: version.body.id } });
    expect(deployment.status, JSON.stringify(deployment.body)).toBe(201);

    const failed = await hooks.waitFor((hook) => hook.path === '/events' && JSON.parse(hook.body).event === 'deployment_failed');
    expect(JSON.parse(failed.body)).toMatchObject({
      summary: expect.stringMatching(/^Deployment of v9\.0\.0 to production failed: Revision \d+ did not become healthy/),
      details: { deployment_id: deployment.body.id, reason: 'failed', version: 'v9.0.0' },
    });
    const message = await mail.waitFor((received) => received.to.includes('events@example.com'));
    expect(message.raw).toMatch(/Subject: \[Slipway\] Deployment of v9\.0\.0 to production failed/);
    // A build that fails is a failed pipeline.
    await pushBranch(project.repository_url, 'broken-build', { 'build.mjs': "throw new Error('missing asset');\n" });
    const broken = await app.api('POST', `/projects/${project.id}/versions`, { token: owner.token, body: { version_tag: 'v9.1.0', git_branch: 'broken-build' } });
    expect(broken.status, JSON.stringify(broken.body)).toBe(201);
    const pipeline = await hooks.waitFor((hook) => hook.path === '/events' && JSON.parse(hook.body).event === 'pipeline_failed');
    expect(JSON.parse(pipeline.body)).toMatchObject({ project: { id: project.id }, summary: expect.stringMatching(/^Pipeline .+ failed/), details: { run_id: expect.any(String) } });
    // An app that serves until told to break: from then on its health checks fail.
    const breakableSource = `import { createServer } from 'node:http';
let broken = false;
const server = createServer((req, res) => {
  if (req.url === '/break') broken = true;
  res.writeHead(req.url === '/health' && broken ? 503 : 200).end(broken ? 'broken' : 'ok');
});
server.listen(Number(process.env.PORT), '127.0.0.1');
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.close(() => process.exit(0)));
`;
    await pushBranch(project.repository_url, 'release-breakable', { 'server.mjs': breakableSource });
    const breakable = await app.api('POST', `/projects/${project.id}/versions`, { token: owner.token, body: { version_tag: 'v9.2.0', git_branch: 'release-breakable' } });
    await eventually(async () => (await app.api('GET', `/projects/${project.id}/versions/${breakable.body.id}`, { token: owner.token })).body.status === 'ready', 120_000);
    await eventually(async () => (await app.api('GET', `/projects/${project.id}/status`, { token: owner.token })).body.overall_status !== 'running', 60_000);
    const serving = await app.api('POST', `/projects/${project.id}/deployments`, { token: owner.token, body: { version_id: breakable.body.id } });
    expect(serving.status, JSON.stringify(serving.body)).toBe(201);
    await eventually(async () => (await app.api('GET', `/projects/${project.id}/deployments/${serving.body.id}`, { token: owner.token })).body.status === 'active', 120_000);
    const active = (await app.api('GET', `/projects/${project.id}/deployments/${serving.body.id}`, { token: owner.token })).body;
    expect((await getPage(new URL('/break', active.loopback_url))).status).toBe(200);
    // The monitor checks every 15 s; asking for a check now gets there sooner.
    expect((await app.api('POST', `/projects/${project.id}/deployments/${serving.body.id}/health/check`, { token: owner.token })).body).toMatchObject({ health: 'unhealthy' });
    const unhealthy = await hooks.waitFor((hook) => hook.path === '/events' && JSON.parse(hook.body).event === 'app_unhealthy');
    expect(JSON.parse(unhealthy.body)).toMatchObject({ summary: expect.stringMatching(/^The app of v9\.2\.0 in production is unhealthy/), details: { deployment_id: serving.body.id } });
    // Each event once, however many processes heard it.
    const sent = (await call('GET', `/deliveries?channel_id=${channel.id}`)).body.deliveries.map((found: any) => found.event);
    expect(sent.filter((event: string) => event === 'deployment_failed')).toHaveLength(1);
    // The template's first deployment and v9.2.0 went live; the failed v9.0.0 did not.
    expect(sent.filter((event: string) => event === 'production_deployed')).toHaveLength(2);
    expect(sent.filter((event: string) => event === 'app_unhealthy')).toHaveLength(1);
  }, 300_000);
});

describe("rules of a project's members", () => {
  it('tell members about a shared project (a rule on it, or on all their projects), each in their own deliveries; not a removed member', async () => {
    expect((await app.api('PUT', '/settings/GITHUB_ORGANIZATION', { token: owner.token, body: { value: 'acme' } })).status).toBe(200);
    const created = await app.api('POST', '/projects', { token: owner.token, body: { name: 'Shared notified', template_name: 'static-site' } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect((await waitForRun(app, owner.token, created.body.id, { stream: 'project_creation' })).overall_status).toBe('completed');
    const projectId: string = created.body.id;
    const [viewer, developer, removed] = [await registerUser(app), await registerUser(app), await registerUser(app)];
    for (const [member, role] of [[viewer, 'viewer'], [developer, 'developer'], [removed, 'viewer']] as const) {
      expect((await app.api('POST', `/projects/${projectId}/members`, { token: owner.token, body: { email: member.email, role } })).status).toBe(201);
    }
    // A viewer's rule on the shared project, a developer's on all their projects, and one of a member removed later.
    const rules = [
      { member: viewer, path: '/member-viewer', project_id: projectId },
      { member: developer, path: '/member-developer', project_id: null },
      { member: removed, path: '/member-removed', project_id: projectId },
    ];
    const channels: string[] = [];
    for (const rule of rules) {
      const { channel } = await webhookChannel(rule.path, rule.member.token);
      channels.push(channel.id);
      const saved = await call('POST', '/rules', { channel_id: channel.id, project_id: rule.project_id, events: ['production_deployed'] }, rule.member.token);
      expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    }
    expect((await app.api('DELETE', `/projects/${projectId}/members/${removed.user.id}`, { token: owner.token })).status).toBe(204);
    // Still no rule on a project that is not shared with them.
    const { channel: strangers } = await webhookChannel('/member-stranger', stranger.token);
    expect(await call('POST', '/rules', { channel_id: strangers.id, project_id: projectId, events: ['production_deployed'] }, stranger.token)).toEqual(refusal(404, 'Project not found'));

    const version = await app.api('POST', `/projects/${projectId}/versions`, { token: developer.token, body: { version_tag: 'v1.1.0', git_branch: 'main' } });
    expect(version.status, JSON.stringify(version.body)).toBe(201);
    await eventually(async () => (await app.api('GET', `/projects/${projectId}/versions/${version.body.id}`, { token: owner.token })).body.status === 'ready', 120_000);
    await eventually(async () => (await app.api('GET', `/projects/${projectId}/status`, { token: owner.token })).body.overall_status !== 'running', 60_000);
    const deployment = await app.api('POST', `/projects/${projectId}/deployments`, { token: developer.token, body: { version_id: version.body.id } });
    expect(deployment.status, JSON.stringify(deployment.body)).toBe(201);

    const isDeploy = (path: string) => (hook: { path: string; body: string }) => hook.path === path && JSON.parse(hook.body).details?.version === 'v1.1.0';
    for (const path of ['/member-viewer', '/member-developer']) {
      expect(JSON.parse((await hooks.waitFor(isDeploy(path))).body)).toMatchObject({ event: 'production_deployed', project: { id: projectId, name: 'Shared notified' } });
    }
    // Each member sees their delivery among their own; the removed member's rule matched nothing in the same trigger.
    for (const [index, member] of [viewer, developer].entries()) {
      const listed = (await call('GET', `/deliveries?channel_id=${channels[index]}`, undefined, member.token)).body.deliveries;
      expect(listed.filter((found: any) => found.event === 'production_deployed' && found.project_id === projectId)).toHaveLength(1);
    }
    expect((await call('GET', '/deliveries', undefined, removed.token)).body.deliveries).toEqual([]);
    expect((await call('GET', '/deliveries', undefined, owner.token)).body.deliveries.map((found: any) => found.channel_id)).not.toEqual(expect.arrayContaining([channels[0]]));
  }, 300_000);
});
