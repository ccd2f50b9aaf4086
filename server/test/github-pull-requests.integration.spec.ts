import { execFile } from 'node:child_process';
import { createHmac, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeGitHub } from '../fakes/github/fake-github.js';
import { startCloudFakes, type CloudFakes } from './helpers/cloud-fakes.js';
import { appGone, eventually, fetchApp, waitForRun } from './helpers/project-runs.js';
import { registerUser, type TestApp } from './helpers/test-app.js';

/**
 * Pull requests of a cloud project, end to end: the fake GitHub's REST API opens, updates (a push to the head branch)
 * and closes a pull request, and sends its real signed `pull_request` deliveries; Slipway deploys the head to the
 * branch's preview (`pr-<number>` when the pull request makes it), updates it, and removes it when the pull request
 * closes. Forged, replayed and unsupported deliveries change nothing.
 */
const GITHUB_TOKEN = 'ghp_canary_pull_requests_0123456789abcdef';
const run = promisify(execFile);

let fakes: CloudFakes;
let app: TestApp;
let github: FakeGitHub;
let owner: Awaited<ReturnType<typeof registerUser>>;
let project: any;
let hookUrl: string;
let secret: string;
let clone: string;

const call = (method: string, route: string, body?: unknown) => app.api(method, `/projects/${project.id}${route}`, { token: owner.token, body });
const gitHubApi = async (method: string, route: string, body?: unknown) => {
  const response = await fetch(`${github.url}${route}`, {
    method,
    headers: { authorization: `token ${GITHUB_TOKEN}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
};
const deliveries = async () => {
  const [hook] = (await gitHubApi('GET', '/repos/acme/pr-site/hooks')).body;
  return { hook, list: (await gitHubApi('GET', `/repos/acme/pr-site/hooks/${hook.id}/deliveries`)).body as any[] };
};
const deliver = (event: string, payload: unknown, { key = secret, guid = randomUUID() as string } = {}) => {
  const body = JSON.stringify(payload);
  return fetch(hookUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-github-event': event, 'x-github-delivery': guid, 'x-hub-signature-256': `sha256=${createHmac('sha256', key).update(body).digest('hex')}` },
    body,
  });
};

async function git(args: string[], cwd = clone): Promise<string> {
  const { stdout } = await run('git', args, { cwd, env: { PATH: process.env.PATH, HOME: tmpdir(), GIT_TERMINAL_PROMPT: '0' } });
  return stdout.trim();
}

/** Commits public/pr.html with `text` on the branch (from where the clone is) and pushes it to the fake GitHub; answers the commit. */
async function push(branch: string, text: string, message: string): Promise<string> {
  await git(['checkout', '--quiet', '-B', branch]);
  mkdirSync(path.join(clone, 'public'), { recursive: true });
  writeFileSync(path.join(clone, 'public', 'pr.html'), text);
  await git(['add', '-A']);
  await git(['-c', 'user.name=Dev', '-c', 'user.email=dev@example.com', 'commit', '--quiet', '-m', message]);
  await git(['push', '--quiet', 'origin', branch]);
  return git(['rev-parse', 'HEAD']);
}

/** Waits until the environment's active deployment runs the commit; answers the environment. */
async function serving(name: string, sha: string): Promise<any> {
  let environment: any;
  await eventually(async () => {
    environment = (await call('GET', `/environments/${name}`)).body;
    return environment?.active_deployment?.version?.git_commit_sha === sha && environment.state === 'active';
  }, 180_000);
  return environment;
}

beforeAll(async () => {
  fakes = await startCloudFakes({ name: 'pull-requests' });
  ({ app, github } = fakes);
  github.addToken(GITHUB_TOKEN, { login: 'ada', scopes: ['repo', 'workflow', 'delete_repo'] });
  github.addOrganization('acme', { members: [{ login: 'ada', role: 'admin' }] });
  owner = await registerUser(app);
  expect((await app.api('PUT', '/settings', { token: owner.token, body: { settings: { GITHUB_ORGANIZATION: 'acme', GITHUB_TOKEN } } })).status).toBe(200);
  const created = await app.api('POST', '/projects', { token: owner.token, body: { name: 'PR Site', template_name: 'static-site' } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  project = created.body;
  const creation = await waitForRun(app, owner.token, project.id, { stream: 'project_creation' });
  expect(creation.overall_status, JSON.stringify(creation.processors.filter((step: any) => step.status === 'failed'))).toBe('completed');
  hookUrl = `${app.url}/hooks/github/${project.id}`;
  secret = github.webhookSecret('acme', 'pr-site', hookUrl)!;
  clone = mkdtempSync(path.join(tmpdir(), 'slipway-pr-clone-'));
  await git(['clone', '--quiet', `${github.url.replace('http://', `http://x-access-token:${GITHUB_TOKEN}@`)}/acme/pr-site.git`, clone], tmpdir());
}, 240_000);

afterAll(async () => {
  if (clone) rmSync(clone, { recursive: true, force: true });
  await fakes?.close();
});

/**
 * Pushes a new branch while previews are off (so its own push makes no preview), opens a pull request for it and
 * waits for the preview the pull request makes to serve its head.
 */
async function openedPullRequest(branch: string, title: string): Promise<{ number: number; head: string; preview: any }> {
  expect((await call('PUT', '/previews', { enabled: false })).status).toBe(200);
  await git(['checkout', '--quiet', '-B', branch, 'origin/main']);
  const head = await push(branch, `${branch} one`, `Start ${branch}`);
  await eventually(async () => (await call('GET', '/pushes')).body.pushes.some((row: any) => row.commit === head && row.outcome === 'ignored'));
  expect((await call('PUT', '/previews', { enabled: true })).status).toBe(200);
  const opened = await gitHubApi('POST', '/repos/acme/pr-site/pulls', { title, head: branch, base: 'main' });
  expect(opened.status, JSON.stringify(opened.body)).toBe(201);
  expect(opened.body).toMatchObject({ state: 'open', title, head: { ref: branch, sha: head }, base: { ref: 'main' } });
  const { number } = opened.body;
  return { number, head, preview: await serving(`pr-${number}`, head) };
}

describe('pull requests of a cloud project', () => {
  it('opened: the webhook subscribes to them, and the head is deployed to the preview pr-<number>, listed with the pull request', async () => {
    expect((await deliveries()).hook.events).toEqual(['push', 'pull_request']);
    const { number, head, preview } = await openedPullRequest('feature/pr-page', 'A page for pull requests');
    expect(preview).toMatchObject({ name: `pr-${number}`, kind: 'preview', branch: 'feature/pr-page', pull_request: { number, title: 'A page for pull requests' } });
    expect(await fetchApp(preview.url, '/pr.html')).toEqual({ status: 200, text: 'feature/pr-page one' });
    const record = (await call('GET', '/pushes')).body.pushes.find((row: any) => row.environment === preview.name);
    expect(record).toMatchObject({ outcome: 'deploying', summary: `pull request #${number} by ada (GitHub) commit ${head.slice(0, 7)} 'A page for pull requests'` });
    const { data, errors } = await app.graphql(`query ($id: ID!, $name: String!) { environment(projectId: $id, name: $name) { pullRequestNumber pullRequestTitle } }`, { id: project.id, name: preview.name }, owner.token);
    expect(errors).toBeUndefined();
    expect(data.environment).toEqual({ pullRequestNumber: number, pullRequestTitle: 'A page for pull requests' });
    const opening = (await deliveries()).list.find((delivery) => delivery.event === 'pull_request' && delivery.action === 'opened');
    expect(opening).toMatchObject({ status_code: 202 });
  }, 300_000);

  it('synchronize: a push to the head branch updates the preview, deployed once although GitHub sends push and pull_request', async () => {
    const { preview } = await openedPullRequest('feature/sync', 'Synchronized');
    const head = await push('feature/sync', 'sync two', 'Improve sync');
    await serving(preview.name, head);
    expect(await fetchApp(preview.url, '/pr.html')).toEqual({ status: 200, text: 'sync two' });
    await github.deliveriesSettled();
    const events = (await deliveries()).list.filter((delivery) => delivery.status_code === 202).map((delivery) => `${delivery.event}:${delivery.action ?? ''}`);
    expect(events).toContain('pull_request:synchronize');
    const records = (await call('GET', '/pushes')).body.pushes.filter((row: any) => row.commit === head);
    expect(records.map((row: any) => [row.environment, row.outcome])).toEqual([[preview.name, 'deploying']]);
    // Promoting the preview into production would bring its two commits, read with GitHub's compare API.
    const plan = await call('GET', `/environments/production/promotion?from=${preview.name}`);
    expect(plan.status, JSON.stringify(plan.body)).toBe(200);
    expect(plan.body.commits).toMatchObject({ kind: 'forward', more: 0, behind: 0, commits: [{ sha: head, message: 'Improve sync', author: 'Dev' }, { message: 'Start feature/sync', author: 'Dev' }] });
  }, 300_000);

  it('replayed, forged and unsupported pull_request deliveries change nothing', async () => {
    const { number, preview } = await openedPullRequest('feature/replay', 'Replayed');
    const { hook, list } = await deliveries();
    // The newest opening is this pull request's.
    const opening = list.find((delivery) => delivery.event === 'pull_request' && delivery.action === 'opened');
    const versions = (await call('GET', '/versions?limit=100')).body.total;
    const environments = (await call('GET', '/environments')).body.environments.map((row: any) => row.name);
    await gitHubApi('POST', `/repos/acme/pr-site/hooks/${hook.id}/deliveries/${opening.id}/attempts`);
    await github.deliveriesSettled();
    expect((await deliveries()).list[0]).toMatchObject({ guid: opening.guid, redelivery: true, status_code: 200 });

    // An edit is a real delivery Slipway does not act on: 202 and ignored.
    expect((await gitHubApi('PATCH', `/repos/acme/pr-site/pulls/${number}`, { title: 'Renamed' })).status).toBe(200);
    await github.deliveriesSettled();
    expect((await deliveries()).list[0]).toMatchObject({ event: 'pull_request', action: 'edited', status_code: 202 });

    const payload = { action: 'opened', number: 700, pull_request: { title: 'Forged', head: { ref: 'forged', sha: 'f'.repeat(40), repo: { full_name: 'acme/pr-site' } } }, repository: { full_name: 'acme/pr-site' }, sender: { login: 'mallory' } };
    const forged = await deliver('pull_request', payload, { key: 'not-the-secret' });
    expect(forged.status).toBe(401);
    const fork = await deliver('pull_request', { ...payload, pull_request: { ...payload.pull_request, head: { ...payload.pull_request.head, repo: { full_name: 'mallory/pr-site' } } } });
    expect(fork.status).toBe(202);
    expect((await fork.json()).message).toBe('Ignored: pull request #700 comes from another repository (a fork)');
    const malformed = await deliver('pull_request', { action: 'opened', repository: { full_name: 'acme/pr-site' } });
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).message).toBe('The body is not a pull_request event');

    expect((await call('GET', '/versions?limit=100')).body.total).toBe(versions);
    expect((await call('GET', '/environments')).body.environments.map((row: any) => row.name)).toEqual(environments);
    expect((await call('GET', `/environments/${preview.name}`)).body.pull_request).toEqual({ number, title: 'Replayed' });
  }, 300_000);

  it('closed: the preview goes with everything it made', async () => {
    const { number, preview } = await openedPullRequest('feature/closing', 'Closing');
    await waitForRun(app, owner.token, project.id, { stream: 'deployment' });
    const tags = (await call('GET', '/versions?limit=100')).body.versions.map((row: any) => row.version_tag).filter((tag: string) => tag.includes(`-${preview.name}.`));
    expect(tags).toHaveLength(1);
    expect((await gitHubApi('PATCH', `/repos/acme/pr-site/pulls/${number}`, { state: 'closed' })).body).toMatchObject({ state: 'closed' });
    await eventually(async () => (await call('GET', `/environments/${preview.name}`)).status === 404, 60_000);
    expect(await appGone(preview.url)).toBe(true);
    const removal = (await call('GET', '/pushes')).body.pushes.find((row: any) => row.outcome === 'removed' && row.environment === preview.name);
    expect(removal).toMatchObject({ reason: `Pull request #${number} was closed: its preview ${preview.name} is removed`, run_id: expect.any(String) });
    expect((await waitForRun(app, owner.token, project.id, { stream: 'preview_removal' })).overall_status).toBe('completed');
    expect((await call('GET', '/versions?limit=100')).body.versions.filter((row: any) => tags.includes(row.version_tag))).toEqual([]);
    expect((await call('GET', `/deployments?environment=${preview.name}`)).body.count).toBe(0);
    // The branch stays on GitHub; its versions' tags are gone.
    const refs = (await gitHubApi('GET', '/repos/acme/pr-site/git/matching-refs/tags/')).body.map((ref: any) => ref.ref);
    expect(refs.filter((ref: string) => ref.includes(`-${preview.name}.`))).toEqual([]);
  }, 120_000);

  it("takes over the preview its branch's push made (no second build), and goes once when the branch is deleted", async () => {
    await git(['checkout', '--quiet', '-B', 'feature/two', 'origin/main']);
    const head = await push('feature/two', 'two', 'Second feature');
    let branchPreview: any;
    await eventually(async () => {
      branchPreview = (await call('GET', '/environments')).body.environments.find((row: any) => row.branch === 'feature/two');
      return Boolean(branchPreview);
    });
    expect(branchPreview.name).toMatch(/^pv-feature-two-[0-9a-f]{4}$/);
    const opened = await gitHubApi('POST', '/repos/acme/pr-site/pulls', { title: 'Second', head: 'feature/two', base: 'main' });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    const { number } = opened.body;
    await eventually(async () => (await call('GET', `/environments/${branchPreview.name}`)).body.pull_request?.number === number);
    await serving(branchPreview.name, head);
    await eventually(async () => (await call('GET', '/pushes')).body.pushes.filter((row: any) => row.commit === head).length === 2);
    const records = (await call('GET', '/pushes')).body.pushes.filter((row: any) => row.commit === head);
    expect(records.map((row: any) => row.outcome).sort()).toEqual(['deploying', 'ignored']);
    expect(records.find((row: any) => row.outcome === 'ignored').reason).toBe(`Commit ${head.slice(0, 7)} already runs (or is being deployed) in ${branchPreview.name}`);
    // Deleting the head branch sends a push and closes the pull request (two deliveries): the preview goes once.
    await waitForRun(app, owner.token, project.id, { stream: 'deployment' });
    await git(['push', '--quiet', 'origin', '--delete', 'feature/two']);
    await eventually(async () => (await gitHubApi('GET', `/repos/acme/pr-site/pulls/${number}`)).body.state === 'closed');
    await eventually(async () => (await call('GET', `/environments/${branchPreview.name}`)).status === 404, 60_000);
    const removals = (await call('GET', '/pushes')).body.pushes.filter((row: any) => row.outcome === 'removed' && row.environment === branchPreview.name);
    expect(removals).toHaveLength(1);
  }, 300_000);
});
