import { execFile, spawnSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readFile, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ErrorCode } from '../../../common/app-error.js';
import { type FakeGitHub, type FakeGitHubExchange, startFakeGitHub } from '../../../../fakes/github/fake-github.js';
import { githubOpenApiChecker } from '../../../../fakes/github/openapi-check.js';
import { GitHubSourceHost } from '../github-source-host.js';
import type { CommitRequest, RepositoryRef } from '../source-host.port.js';
import { sourceHostContract } from './source-host.contract.js';

const run = promisify(execFile);
const HAS_GIT = spawnSync('git', ['--version']).status === 0;
const TOKEN = 'ghp_contractToken000000000000000000000001';
const author = { name: 'Ada Lovelace', email: 'ada@example.com' };

sourceHostContract('github (against the fake GitHub)', async () => {
  const github = await startFakeGitHub();
  github.addToken(TOKEN, { login: 'ada', scopes: ['repo', 'workflow', 'delete_repo'] });
  github.addOrganization('acme', { members: [{ login: 'ada', role: 'admin' }] });
  return {
    sourceHost: new GitHubSourceHost({ token: TOKEN, apiUrl: github.url, minWriteIntervalMs: 0 }),
    organization: 'acme',
    cleanup: () => github.close(),
  };
});

const tokens = {
  admin: 'ghp_admin000000000000000000000000000000001',
  noRepoScope: 'ghp_norepo00000000000000000000000000000002',
  fineGrained: 'github_pat_fine0000000000000000000000000003',
  member: 'ghp_member00000000000000000000000000000004',
  outsider: 'ghp_outsider000000000000000000000000000005',
  noDelete: 'ghp_nodelete000000000000000000000000000006',
  unknown: 'ghp_unknown0000000000000000000000000000007',
};

function commit(files: Record<string, string>, executable: string[] = []): CommitRequest {
  return {
    branch: 'main',
    message: 'Generated',
    author,
    files: Object.entries(files).map(([filePath, content]) => ({ path: filePath, content: Buffer.from(content), executable: executable.includes(filePath) })),
  };
}

async function api(github: FakeGitHub, method: string, route: string, token: string | null, body?: unknown) {
  const response = await fetch(`${github.url}${route}`, {
    method,
    headers: { ...(token ? { authorization: `token ${token}` } : {}), accept: 'application/vnd.github+json', 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined };
}

/** Every string a failure carries (message, stack, fields), to look for a token in. */
function everything(error: unknown): string {
  const e = error as Error & Record<string, unknown>;
  return [String(e?.message), String(e?.stack), JSON.stringify({ ...e })].join('\n');
}

async function failure(promise: Promise<unknown>): Promise<Error & { code?: string }> {
  try {
    await promise;
  } catch (error) {
    return error as Error & { code?: string };
  }
  throw new Error('expected a failure');
}

describe('GitHubSourceHost against the fake GitHub', () => {
  let github: FakeGitHub;
  const host = (token: string) => new GitHubSourceHost({ token, apiUrl: github.url, minWriteIntervalMs: 0 });
  let counter = 0;
  const fresh = (): RepositoryRef => ({ organization: 'acme', name: `shop-${(counter += 1)}` });

  beforeAll(async () => {
    github = await startFakeGitHub();
    github.addToken(tokens.admin, { login: 'ada', scopes: ['repo', 'workflow', 'delete_repo', 'read:org'] });
    github.addToken(tokens.noRepoScope, { login: 'bob', scopes: ['workflow', 'read:org'] });
    github.addToken(tokens.fineGrained, { login: 'carol' });
    github.addToken(tokens.member, { login: 'dave', scopes: ['repo', 'workflow'] });
    github.addToken(tokens.outsider, { login: 'erin', scopes: ['repo', 'workflow'] });
    github.addToken(tokens.noDelete, { login: 'frank', scopes: ['repo', 'workflow'] });
    github.addOrganization('acme', {
      members: [
        { login: 'ada', role: 'admin' },
        { login: 'bob', role: 'admin' },
        { login: 'carol', role: 'admin' },
        { login: 'frank', role: 'admin' },
      ],
    });
    github.addOrganization('locked', { members: [{ login: 'dave', role: 'member' }], membersCanCreateRepositories: false });
    github.addOrganization('open', { members: [{ login: 'dave', role: 'member' }], membersCanCreateRepositories: true });
  });
  afterAll(() => github?.close());

  describe('validateAccess', () => {
    it("accepts an owner of the organization, a member where members may create repositories, and a fine-grained token, answering the token's user", async () => {
      await expect(host(tokens.admin).validateAccess('acme')).resolves.toEqual({ login: 'ada' });
      await expect(host(tokens.member).validateAccess('open')).resolves.toEqual({ login: 'dave' });
      await expect(host(tokens.fineGrained).validateAccess('acme')).resolves.toEqual({ login: 'carol' });
    });

    it.each([
      ['a bad token', tokens.unknown, 'acme', ErrorCode.Forbidden, /GitHub token is not valid/],
      ['a missing organization', tokens.admin, 'nowhere', ErrorCode.Forbidden, /organization "nowhere" does not exist/],
      ['a token without the repo scope', tokens.noRepoScope, 'acme', ErrorCode.Forbidden, /lacks the "repo" scope \(it has: workflow, read:org\)/],
      ['a user outside the organization', tokens.outsider, 'acme', ErrorCode.Forbidden, /erin is not a member of the organization "acme"/],
      ['a member who may not create repositories', tokens.member, 'locked', ErrorCode.Forbidden, /dave cannot create repositories in the organization "locked"/],
    ])('refuses %s with a clear message', async (_case, token, organization, code, message) => {
      const error = await failure(host(token).validateAccess(organization));
      expect(error).toMatchObject({ code, message: expect.stringMatching(message) });
      expect(everything(error)).not.toContain(token);
    });

    it('refuses an organization name that is not a safe name before asking GitHub', async () => {
      await expect(host(tokens.admin).validateAccess('../acme')).rejects.toMatchObject({ code: ErrorCode.BadUserInput });
    });
  });

  it('seals secrets with the repository public key: GitHub decrypts them to the values', async () => {
    const ref = fresh();
    const github_ = host(tokens.admin);
    await github_.ensureRepository(ref, { description: 'x' });
    await github_.setSecrets(ref, { API_KEY: 'sk-live-123', DATABASE_URL: 'postgres://u:p@db/x' });
    expect(github.secretValue('acme', ref.name, 'API_KEY')).toBe('sk-live-123');
    expect(github.secretValue('acme', ref.name, 'DATABASE_URL')).toBe('postgres://u:p@db/x');
    await github_.setSecrets(ref, { API_KEY: 'rotated' });
    expect(github.secretValue('acme', ref.name, 'API_KEY')).toBe('rotated');
    expect(github.secretValue('acme', ref.name, 'DATABASE_URL')).toBeNull();
  });

  it('makes one commit and one tag when the same work is asked twice at once', async () => {
    const ref = fresh();
    const sourceHost = host(tokens.admin);
    await sourceHost.ensureRepository(ref, { description: 'x' });
    const files = commit({ 'README.md': '# Shop\n', 'src/app.js': 'run();\n' });
    const [a, b] = await Promise.all([sourceHost.commitFiles(ref, files), sourceHost.commitFiles(ref, files)]);
    expect(a.sha).toBe(b.sha);
    expect([a.created, b.created].sort()).toEqual([false, true]);
    await Promise.all([
      sourceHost.createTag(ref, { name: 'v1', sha: a.sha, message: 'v1' }),
      sourceHost.createTag(ref, { name: 'v1', sha: a.sha, message: 'v1' }),
    ]);
    expect(await sourceHost.tagCommit(ref, 'v1')).toBe(a.sha);
  });

  it('refuses a secret name GitHub reserves, and sends nothing', async () => {
    const ref = fresh();
    await host(tokens.admin).ensureRepository(ref, { description: 'x' });
    await expect(host(tokens.admin).setSecrets(ref, { GITHUB_TOKEN: 'x', OK: 'y' })).rejects.toMatchObject({
      code: ErrorCode.BadUserInput,
      message: expect.stringContaining('GITHUB_'),
    });
    expect(await host(tokens.admin).secretNames(ref)).toEqual([]);
  });

  it('makes the first commit of an empty repository a single parentless commit holding exactly the files', async () => {
    const ref = fresh();
    const sourceHost = host(tokens.admin);
    await sourceHost.ensureRepository(ref, { description: 'x' });
    const { sha } = await sourceHost.commitFiles(ref, commit({ 'bin/start': '#!/bin/sh\n', 'README.md': '# Shop\n' }, ['bin/start']));
    const read = await api(github, 'GET', `/repos/acme/${ref.name}/git/commits/${sha}`, tokens.admin);
    expect(read.body).toMatchObject({ parents: [], message: 'Generated', author: { name: 'Ada Lovelace', email: 'ada@example.com' } });
    const tree = await api(github, 'GET', `/repos/acme/${ref.name}/git/trees/${sha}?recursive=1`, tokens.admin);
    expect((tree.body!.tree as Array<{ path: string; mode: string }>).map(({ path: p, mode }) => `${mode} ${p}`)).toEqual([
      '100644 README.md',
      '040000 bin',
      '100755 bin/start',
    ]);
  });

  it('answers a clear error when the rate limit is used up, saying when it resets', async () => {
    const limited = await startFakeGitHub();
    try {
      limited.addToken(tokens.admin, { login: 'ada', scopes: ['repo', 'workflow'] });
      limited.addOrganization('acme', { members: [{ login: 'ada', role: 'admin' }] });
      const reset = Math.floor(Date.now() / 1000) + 1800;
      limited.rateLimit(0, reset);
      const sourceHost = new GitHubSourceHost({ token: tokens.admin, apiUrl: limited.url, minWriteIntervalMs: 0 });
      const resetText = new Date(reset * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
      for (const attempt of [sourceHost.validateAccess('acme'), sourceHost.ensureRepository({ organization: 'acme', name: 'shop' }, { description: 'x' })]) {
        const error = await failure(attempt);
        expect(error).toMatchObject({ code: ErrorCode.TooManyRequests, message: expect.stringContaining(`rate limit`) });
        expect(error.message).toContain(`It resets at ${resetText}`);
        expect(everything(error)).not.toContain(tokens.admin);
      }
      limited.rateLimit(10);
      await expect(sourceHost.validateAccess('acme')).resolves.toEqual({ login: 'ada' });
    } finally {
      await limited.close();
    }
  });

  it('needs the delete_repo scope to delete a repository, and says so', async () => {
    const ref = fresh();
    await host(tokens.noDelete).ensureRepository(ref, { description: 'x' });
    const error = await failure(host(tokens.noDelete).deleteRepository(ref));
    expect(error).toMatchObject({ code: ErrorCode.Forbidden, message: expect.stringContaining('"delete_repo" scope') });
    expect(await host(tokens.admin).findRepository(ref)).not.toBeNull();
  });

  describe('never lets a token out', () => {
    const printed: string[] = [];
    afterEach(() => vi.restoreAllMocks());

    it('in thrown errors or console output, whatever fails', async () => {
      for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
        vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void printed.push(args.map(String).join(' ')));
      }
      const closed = await startFakeGitHub();
      const unreachable = closed.url;
      await closed.close();
      const attempts: Array<[string, () => Promise<unknown>]> = [
        [tokens.unknown, () => host(tokens.unknown).validateAccess('acme')],
        [tokens.unknown, () => host(tokens.unknown).ensureRepository(fresh(), { description: 'x' })],
        [tokens.unknown, () => host(tokens.unknown).commitFiles(fresh(), commit({ 'a.txt': 'a' }))],
        [tokens.noRepoScope, () => host(tokens.noRepoScope).validateAccess('acme')],
        [tokens.noDelete, async () => {
          const ref = fresh();
          await host(tokens.noDelete).ensureRepository(ref, { description: 'x' });
          await host(tokens.noDelete).deleteRepository(ref);
        }],
        [tokens.admin, () => host(tokens.admin).headCommit(fresh(), 'main')],
        [tokens.admin, () => new GitHubSourceHost({ token: tokens.admin, apiUrl: unreachable, retryBaseDelayMs: 1 }).findRepository(fresh())],
      ];
      for (const [token, attempt] of attempts) {
        const error = await failure(attempt());
        expect(error.message.length).toBeGreaterThan(10);
        expect(everything(error)).not.toContain(token);
      }
      for (const token of Object.values(tokens)) expect(printed.join('\n')).not.toContain(token);
    });

    it('says when GitHub cannot be reached, after retrying', async () => {
      const closed = await startFakeGitHub();
      await closed.close();
      const error = await failure(new GitHubSourceHost({ token: tokens.admin, apiUrl: closed.url, retryBaseDelayMs: 1 }).findRepository(fresh()));
      expect(error.message).toMatch(new RegExp(`^Could not reach GitHub at ${closed.url.replace(/\./g, '\\.')} to read the repository`));
      expect(everything(error)).not.toContain(tokens.admin);
    });
  });
});

describe('fake GitHub', () => {
  let github: FakeGitHub;
  beforeAll(async () => {
    github = await startFakeGitHub();
    github.addToken(tokens.admin, { login: 'ada', scopes: ['repo', 'workflow', 'delete_repo'] });
    github.addToken(tokens.noDelete, { login: 'frank', scopes: ['repo'] });
    github.addToken(tokens.fineGrained, { login: 'carol' });
    github.addOrganization('acme', { members: [{ login: 'ada', role: 'admin' }, { login: 'frank', role: 'admin' }, { login: 'carol', role: 'admin' }] });
  });
  afterAll(() => github?.close());

  it('answers an unknown token with GitHub\'s 401 body', async () => {
    const answer = await api(github, 'GET', '/user', tokens.unknown);
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ message: 'Bad credentials', documentation_url: 'https://docs.github.com/rest', status: '401' });
    expect(answer.headers.get('x-oauth-scopes')).toBeNull();
  });

  it('sends the classic token\'s scopes and counts requests in the rate-limit headers', async () => {
    const first = await api(github, 'GET', '/user', tokens.admin);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ login: 'ada' });
    expect(first.headers.get('x-oauth-scopes')).toBe('repo, workflow, delete_repo');
    expect(first.headers.get('x-ratelimit-limit')).toBe('5000');
    expect(first.headers.get('x-ratelimit-resource')).toBe('core');
    const second = await api(github, 'GET', '/user', tokens.admin);
    expect(Number(second.headers.get('x-ratelimit-remaining'))).toBe(Number(first.headers.get('x-ratelimit-remaining')) - 1);
    expect(Number(second.headers.get('x-ratelimit-used'))).toBe(Number(first.headers.get('x-ratelimit-used')) + 1);
    expect((await api(github, 'GET', '/user', tokens.fineGrained)).headers.get('x-oauth-scopes')).toBeNull();
  });

  it('answers 403 with GitHub\'s rate-limit body once the limit is used up', async () => {
    github.rateLimit(0, 2_000_000_000);
    try {
      const answer = await api(github, 'GET', '/user', tokens.admin);
      expect(answer.status).toBe(403);
      expect(answer.body).toMatchObject({ message: expect.stringMatching(/^API rate limit exceeded for user ID \d+\./), documentation_url: expect.stringContaining('rate-limits') });
      expect(answer.headers.get('x-ratelimit-remaining')).toBe('0');
      expect(answer.headers.get('x-ratelimit-reset')).toBe('2000000000');
    } finally {
      github.rateLimit(5000);
    }
  });

  it('keeps repositories: created, read back, 422 for a taken name, 403 without delete_repo, 404 once deleted', async () => {
    const created = await api(github, 'POST', '/orgs/acme/repos', tokens.admin, { name: 'kept', private: true });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ full_name: 'acme/kept', private: true, default_branch: 'main', owner: { login: 'acme' } });
    expect((await api(github, 'GET', '/repos/acme/kept', tokens.admin)).body).toMatchObject({ id: created.body!.id });
    const taken = await api(github, 'POST', '/orgs/acme/repos', tokens.admin, { name: 'kept' });
    expect(taken.status).toBe(422);
    expect(taken.body).toMatchObject({ message: 'Repository creation failed.', errors: [{ resource: 'Repository', field: 'name', message: 'name already exists on this account' }] });
    expect((await api(github, 'DELETE', '/repos/acme/kept', tokens.noDelete)).status).toBe(403);
    expect((await api(github, 'DELETE', '/repos/acme/kept', tokens.admin)).status).toBe(204);
    const gone = await api(github, 'GET', '/repos/acme/kept', tokens.admin);
    expect(gone.status).toBe(404);
    expect(gone.body).toMatchObject({ message: 'Not Found', status: '404' });
  });

  it('refuses the Git Data API on an empty repository (409) and computes real git object ids', async () => {
    await api(github, 'POST', '/orgs/acme/repos', tokens.admin, { name: 'empty' });
    const refused = await api(github, 'POST', '/repos/acme/empty/git/blobs', tokens.admin, { content: 'hello\n' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ message: 'Git Repository is empty.' });
    expect((await api(github, 'GET', '/repos/acme/empty/git/ref/heads/main', tokens.admin)).status).toBe(409);
    const first = await api(github, 'PUT', '/repos/acme/empty/contents/README.md', tokens.admin, { message: 'init', content: Buffer.from('hello\n').toString('base64') });
    expect(first.status).toBe(201);
    // `git hash-object` of "hello\n".
    expect(first.body).toMatchObject({ content: { sha: 'ce013625030ba8dba906f756967f9e9ca394464a' } });
    const blob = await api(github, 'POST', '/repos/acme/empty/git/blobs', tokens.admin, { content: 'hello\n', encoding: 'utf-8' });
    expect(blob).toMatchObject({ status: 201, body: { sha: 'ce013625030ba8dba906f756967f9e9ca394464a' } });
    const head = await api(github, 'GET', '/repos/acme/empty/git/ref/heads/main', tokens.admin);
    expect(head.body).toMatchObject({ ref: 'refs/heads/main', object: { type: 'commit', sha: (first.body!.commit as { sha: string }).sha } });
  });

  it.runIf(HAS_GIT)('serves clone_url to git with the token as password, and nothing without it', async () => {
    const sourceHost = new GitHubSourceHost({ token: tokens.admin, apiUrl: github.url, minWriteIntervalMs: 0 });
    const ref = { organization: 'acme', name: 'clonable' };
    const { cloneUrl } = await sourceHost.ensureRepository(ref, { description: 'x' });
    const { sha } = await sourceHost.commitFiles(ref, commit({ 'README.md': '# Shop\n', 'bin/run': '#!/bin/sh\n' }, ['bin/run']));
    await sourceHost.createTag(ref, { name: 'v1.0.0', sha, message: 'Version 1.0.0' });
    const scratch = await mkdtemp(path.join(tmpdir(), 'slipway-github-clone-'));
    const env = { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_ASKPASS: '', GIT_CONFIG_NOSYSTEM: '1', HOME: scratch };
    try {
      const withToken = new URL(cloneUrl);
      withToken.username = 'x-access-token';
      withToken.password = tokens.admin;
      await run('git', ['clone', '--quiet', withToken.href, path.join(scratch, 'work')], { env });
      const work = path.join(scratch, 'work');
      expect(await readFile(path.join(work, 'README.md'), 'utf8')).toBe('# Shop\n');
      expect((await stat(path.join(work, 'bin/run'))).mode & 0o111).not.toBe(0);
      expect((await run('git', ['rev-parse', 'HEAD', 'v1.0.0^{commit}'], { cwd: work, env })).stdout.split('\n').slice(0, 2)).toEqual([sha, sha]);
      await expect(run('git', ['clone', '--quiet', cloneUrl, path.join(scratch, 'anonymous')], { env })).rejects.toMatchObject({
        stderr: expect.stringMatching(/could not read Username|Authentication failed/),
      });
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  });

  it('refuses a secret sealed for another key_id, or not sealed for this repository', async () => {
    await api(github, 'POST', '/orgs/acme/repos', tokens.admin, { name: 'secrets' });
    const key = await api(github, 'GET', '/repos/acme/secrets/actions/secrets/public-key', tokens.admin);
    expect(key.body).toMatchObject({ key_id: expect.stringMatching(/^\d+$/), key: expect.any(String) });
    expect(Buffer.from(key.body!.key as string, 'base64')).toHaveLength(32);
    const wrongKey = await api(github, 'PUT', '/repos/acme/secrets/actions/secrets/A', tokens.admin, { encrypted_value: 'AAAA', key_id: '1' });
    expect(wrongKey.status).toBe(422);
    const garbage = await api(github, 'PUT', '/repos/acme/secrets/actions/secrets/A', tokens.admin, {
      encrypted_value: Buffer.alloc(64).toString('base64'),
      key_id: key.body!.key_id,
    });
    expect(garbage.status).toBe(422);
    expect(github.secretValue('acme', 'secrets', 'A')).toBeNull();
    expect((await api(github, 'GET', '/repos/acme/secrets/actions/secrets', tokens.admin)).body).toEqual({ total_count: 0, secrets: [] });
  });
});

describe('webhooks', () => {
  const verified = (secret: string, body: string, signature: string | undefined) =>
    signature === `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

  it('makes one webhook per URL, whose push deliveries are signed with the latest secret', async () => {
    const github = await startFakeGitHub();
    const received: Array<{ event: string; delivery: string; signature?: string; body: string }> = [];
    const receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        received.push({ event: String(req.headers['x-github-event']), delivery: String(req.headers['x-github-delivery']), signature: req.headers['x-hub-signature-256'] as string | undefined, body: Buffer.concat(chunks).toString('utf8') });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      github.addToken(tokens.admin, { login: 'ada', scopes: ['repo', 'workflow'] });
      github.addToken(tokens.member, { login: 'dave', scopes: ['repo', 'workflow'] });
      github.addOrganization('acme', { members: [{ login: 'ada', role: 'admin' }, { login: 'dave', role: 'member' }] });
      const sourceHost = new GitHubSourceHost({ token: tokens.admin, apiUrl: github.url, minWriteIntervalMs: 0 });
      const ref = { organization: 'acme', name: 'hooked' };
      const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
      await sourceHost.ensureRepository(ref, { description: 'x' });
      await sourceHost.ensureWebhook(ref, { url, secret: 'first-secret' });
      await sourceHost.ensureWebhook(ref, { url, secret: 'second-secret' });
      const hooks = (await api(github, 'GET', '/repos/acme/hooked/hooks', tokens.admin)).body as unknown as Array<{ events: string[]; config: Record<string, string> }>;
      expect(hooks).toHaveLength(1);
      expect(hooks[0]).toMatchObject({ events: ['push', 'pull_request'], config: { url, content_type: 'json', secret: '********' } });

      const { sha } = await sourceHost.commitFiles(ref, commit({ 'README.md': '# Hooked\n' }));
      await api(github, 'POST', '/repos/acme/hooked/git/refs', tokens.admin, { ref: 'refs/heads/feature', sha });
      await api(github, 'DELETE', '/repos/acme/hooked/git/refs/heads/feature', tokens.admin);
      await github.deliveriesSettled();

      expect(received.map((one) => one.event)).toEqual(['ping', 'push', 'push', 'push']);
      const [, main, created, deleted] = received.map((one) => JSON.parse(one.body));
      expect(main).toMatchObject({ ref: 'refs/heads/main', before: '0'.repeat(40), after: sha, created: true, deleted: false, head_commit: { id: sha, message: 'Generated' }, repository: { full_name: 'acme/hooked' }, pusher: { name: 'ada' } });
      expect(created).toMatchObject({ ref: 'refs/heads/feature', before: '0'.repeat(40), after: sha, created: true });
      expect(deleted).toMatchObject({ ref: 'refs/heads/feature', before: sha, after: '0'.repeat(40), deleted: true, head_commit: null });
      // The ping went out with the secret the hook was made with; everything after, with the one that replaced it.
      expect(verified('first-secret', received[0].body, received[0].signature)).toBe(true);
      for (const one of received.slice(1)) expect(verified('second-secret', one.body, one.signature), one.event).toBe(true);
      expect(new Set(received.map((one) => one.delivery)).size).toBe(received.length);

      // A pull request: opened, a push to its head (synchronize, after that push's own delivery), closed; each signed.
      received.length = 0;
      const next = await sourceHost.commitFiles(ref, { ...commit({ 'README.md': '# Next\n' }), branch: 'next' });
      const opened = await api(github, 'POST', '/repos/acme/hooked/pulls', tokens.admin, { title: 'Next', head: 'next', base: 'main' });
      expect(opened.status).toBe(201);
      const moved = await sourceHost.commitFiles(ref, { ...commit({ 'README.md': '# Next, moved\n' }), branch: 'next' });
      await api(github, 'PATCH', '/repos/acme/hooked/pulls/1', tokens.admin, { state: 'closed' });
      await github.deliveriesSettled();
      const pullEvents = received.filter((one) => one.event === 'pull_request').map((one) => JSON.parse(one.body));
      expect(pullEvents.map((one) => one.action)).toEqual(['opened', 'synchronize', 'closed']);
      expect(pullEvents[0]).toMatchObject({ number: 1, pull_request: { number: 1, state: 'open', title: 'Next', head: { ref: 'next', sha: next.sha, repo: { full_name: 'acme/hooked' } }, base: { ref: 'main' } }, repository: { full_name: 'acme/hooked' }, sender: { login: 'ada' } });
      expect(pullEvents[1]).toMatchObject({ before: next.sha, after: moved.sha, pull_request: { head: { sha: moved.sha } } });
      expect(pullEvents[2]).toMatchObject({ pull_request: { state: 'closed', closed_at: expect.any(String), merged: false } });
      for (const one of received) expect(verified('second-secret', one.body, one.signature), one.event).toBe(true);

      // Only the repository's administrators manage its webhooks.
      const member = new GitHubSourceHost({ token: tokens.member, apiUrl: github.url, minWriteIntervalMs: 0 });
      await expect(member.ensureWebhook(ref, { url: `${url}/other`, secret: 'x' })).rejects.toMatchObject({ code: ErrorCode.Forbidden, message: expect.stringMatching(/cannot manage the webhooks of acme\/hooked/) });
    } finally {
      await github.close();
      await new Promise((resolve) => receiver.close(resolve));
    }
  });
});

describe('fake GitHub answers match the @octokit/openapi description', () => {
  const checker = githubOpenApiChecker();

  it('for every exchange of a whole project lifecycle, successes and failures', async () => {
    const exchanges: FakeGitHubExchange[] = [];
    const github = await startFakeGitHub({ onResponse: (exchange) => exchanges.push(exchange) });
    const scratch = await mkdtemp(path.join(tmpdir(), 'slipway-github-openapi-'));
    try {
      github.addToken(tokens.admin, { login: 'ada', scopes: ['repo', 'workflow', 'delete_repo'] });
      github.addOrganization('acme', { members: [{ login: 'ada', role: 'admin' }] });
      const sourceHost = new GitHubSourceHost({ token: tokens.admin, apiUrl: github.url, minWriteIntervalMs: 0 });
      const ref = { organization: 'acme', name: 'lifecycle' };

      await sourceHost.validateAccess('acme');
      expect(await sourceHost.findRepository(ref)).toBeNull();
      await sourceHost.ensureRepository(ref, { description: 'A shop' });
      await sourceHost.ensureRepository(ref, { description: 'A shop' });
      expect(await sourceHost.headCommit(ref, 'main')).toBeNull();
      const first = await sourceHost.commitFiles(ref, commit({ 'README.md': '# Shop\n', 'bin/run': '#!/bin/sh\n' }, ['bin/run']));
      const second = await sourceHost.commitFiles(ref, commit({ 'README.md': '# Shop v2\n', 'bin/run': '#!/bin/sh\n' }, ['bin/run']));
      await sourceHost.createTag(ref, { name: 'v1.0.0', sha: second.sha, message: 'Version 1.0.0' });
      await expect(sourceHost.createTag(ref, { name: 'v1.0.0', sha: first.sha, message: 'x' })).rejects.toMatchObject({ code: ErrorCode.Conflict });
      await expect(sourceHost.createTag(ref, { name: 'v2', sha: 'e'.repeat(40), message: 'x' })).rejects.toMatchObject({ code: ErrorCode.NotFound });
      await sourceHost.deleteTag(ref, { name: 'v1.0.0', sha: second.sha });
      // The commits between two: newest first; a reversed range lists nothing and counts what is behind; no base, the history.
      expect(await sourceHost.compareCommits(ref, first.sha, second.sha, 50)).toEqual({ commits: [{ sha: second.sha, message: 'Generated', author: expect.any(String), date: expect.any(String) }], ahead: 1, behind: 0 });
      expect(await sourceHost.compareCommits(ref, second.sha, first.sha, 50)).toEqual({ commits: [], ahead: 0, behind: 1 });
      expect((await sourceHost.compareCommits(ref, null, second.sha, 1)).commits.map((one) => one.sha)).toEqual([second.sha]);
      await api(github, 'POST', '/repos/acme/lifecycle/git/refs', tokens.admin, { ref: 'refs/heads/topic', sha: second.sha });
      const pull = await api(github, 'POST', '/repos/acme/lifecycle/pulls', tokens.admin, { title: 'Topic', head: 'topic', base: 'main', body: 'Why' });
      expect(pull.status).toBe(201);
      expect((await api(github, 'POST', '/repos/acme/lifecycle/pulls', tokens.admin, { title: 'Again', head: 'topic', base: 'main' })).status).toBe(422);
      await api(github, 'GET', '/repos/acme/lifecycle/pulls', tokens.admin);
      await api(github, 'PATCH', '/repos/acme/lifecycle/pulls/1', tokens.admin, { state: 'closed' });
      await api(github, 'GET', '/repos/acme/lifecycle/pulls/1', tokens.admin);
      await sourceHost.ensureWebhook(ref, { url: 'http://127.0.0.1:9/hooks/lifecycle', secret: 'one' });
      await sourceHost.ensureWebhook(ref, { url: 'http://127.0.0.1:9/hooks/lifecycle', secret: 'two' });
      const [hook] = (await api(github, 'GET', '/repos/acme/lifecycle/hooks', tokens.admin)).body as unknown as Array<{ id: number }>;
      await api(github, 'POST', '/repos/acme/lifecycle/git/refs', tokens.admin, { ref: 'refs/heads/feature', sha: first.sha });
      await github.deliveriesSettled();
      const deliveries = (await api(github, 'GET', `/repos/acme/lifecycle/hooks/${hook.id}/deliveries`, tokens.admin)).body as unknown as Array<{ id: number }>;
      await api(github, 'POST', `/repos/acme/lifecycle/hooks/${hook.id}/deliveries/${deliveries[0].id}/attempts`, tokens.admin);
      await sourceHost.setSecrets(ref, { API_KEY: 'a', OTHER: 'b' });
      await sourceHost.setSecrets(ref, { API_KEY: 'c' });
      expect(await sourceHost.secretNames(ref)).toEqual(['API_KEY']);
      await sourceHost.exportTree(ref, first.sha, scratch);
      expect((await readdir(scratch)).sort()).toEqual(['README.md', 'bin']);
      expect(await readFile(path.join(scratch, 'README.md'), 'utf8')).toBe('# Shop\n');
      await expect(sourceHost.exportTree(ref, 'f'.repeat(40), await mkdtemp(path.join(scratch, 'x-')))).rejects.toMatchObject({ code: ErrorCode.NotFound });
      await api(github, 'POST', '/orgs/acme/repos', tokens.admin, { name: 'lifecycle' });
      await sourceHost.deleteRepository(ref);
      await sourceHost.deleteRepository(ref);
      await api(github, 'GET', '/user', tokens.unknown);

      const statuses = new Set(exchanges.map((exchange) => exchange.status));
      expect([...statuses].sort()).toEqual(expect.arrayContaining([200, 201, 204, 401, 404, 409, 422]));
      const problems: string[] = [];
      for (const exchange of exchanges) {
        if (exchange.status === 401) {
          // Documented for GET /user only; every 401 is GitHub's basic error.
          expect(exchange.body).toEqual({ message: 'Bad credentials', documentation_url: 'https://docs.github.com/rest', status: '401' });
          continue;
        }
        // What the adapter sent, and what the fake answered, against the operation's schemas.
        problems.push(...checker.problems(exchange));
      }
      expect(problems).toEqual([]);
      expect(exchanges.length).toBeGreaterThan(30);
      expect(exchanges.filter((exchange) => exchange.requestBody !== undefined).length).toBeGreaterThan(10);
    } finally {
      await github.close();
      await rm(scratch, { recursive: true, force: true });
    }
  });
});
