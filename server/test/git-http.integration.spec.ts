import { execFile } from 'node:child_process';
import { request } from 'node:http';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, git, processesIn, waitForRun } from './helpers/project-runs.js';
import { registerUser, startTestApp, type TestApp } from './helpers/test-app.js';

/**
 * Git over HTTP against a running Slipway: the real git command line clones, fetches and pushes a local project's
 * repository at its clone URL, signed in with HTTP basic auth; raw HTTP requests try what git would not send.
 */
const run = promisify(execFile);
let app: TestApp;
let owner: Awaited<ReturnType<typeof registerUser>>;
let stranger: Awaited<ReturnType<typeof registerUser>>;
let project: any;
let work: string;

/** The clone URL with credentials in it, as a user would type them (the email's '@' escaped). */
function withCredentials(url: string, email: string, password: string): string {
  const parsed = new URL(url);
  parsed.username = encodeURIComponent(email);
  parsed.password = encodeURIComponent(password);
  return parsed.href;
}

/** `git` that never prompts; answers its exit code and both outputs instead of throwing. */
async function gitResult(args: string[], cwd?: string): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run('git', args, { cwd, env: { PATH: process.env.PATH, HOME: tmpdir(), GIT_TERMINAL_PROMPT: '0' } });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failure = error as { code: number; stdout: string; stderr: string };
    return { code: failure.code, output: failure.stdout + failure.stderr };
  }
}

function basic(email: string, password: string): string {
  return `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`;
}

/** A raw HTTP request: the path goes out exactly as written (fetch would resolve '..' before sending). */
function raw(
  method: string,
  rawPath: string,
  headers: Record<string, string> = {},
  body?: Buffer,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  const { port } = new URL(app.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path: rawPath, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const repositoryPath = () => new URL(project.clone_url).pathname;
const ownerUrl = () => withCredentials(project.clone_url, owner.email, owner.password);

/** A new clone of the project's main branch by its owner, over HTTP (each test works in its own). */
async function freshClone(): Promise<string> {
  const dir = mkdtempSync(path.join(work, 'clone-'));
  const cloned = await gitResult(['clone', ownerUrl(), dir]);
  expect(cloned.code, cloned.output).toBe(0);
  return dir;
}

/** A version cut from main now takes `sha` (the pushed commit) and builds it. */
async function expectVersionBuilt(tag: string, sha: string): Promise<void> {
  const version = await app.api('POST', `/projects/${project.id}/versions`, { token: owner.token, body: { version_tag: tag, git_branch: 'main' } });
  expect(version.status, JSON.stringify(version.body)).toBe(201);
  expect(version.body.git_commit_sha).toBe(sha);
  let built: any;
  await eventually(async () => {
    built = (await app.api('GET', `/projects/${project.id}/versions/${version.body.id}`, { token: owner.token })).body;
    return ['success', 'failed', 'cancelled'].includes(built.build_status);
  }, 120_000);
  expect(built).toMatchObject({ build_status: 'success', git_commit_sha: sha });
}

beforeAll(async () => {
  app = await startTestApp();
  owner = await registerUser(app);
  stranger = await registerUser(app);
  for (const user of [owner, stranger]) {
    expect((await app.api('PUT', '/settings/GITHUB_ORGANIZATION', { token: user.token, body: { value: 'acme' } })).status).toBe(200);
  }
  const created = await app.api('POST', '/projects', { token: owner.token, body: { name: 'Pushed Site', template_name: 'static-site' } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const creation = await waitForRun(app, owner.token, created.body.id, { stream: 'project_creation' });
  expect(creation.overall_status, JSON.stringify(creation.processors)).toBe('completed');
  project = (await app.api('GET', `/projects/${created.body.id}`, { token: owner.token })).body;
  work = mkdtempSync(path.join(tmpdir(), 'slipway-git-http-'));
}, 240_000);

afterAll(async () => {
  await app?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('the clone URL', () => {
  it('is on the project in REST and GraphQL: Slipway’s address, /git/<organization>/<repository>.git', async () => {
    expect(project.clone_url).toBe(`${app.url}/git/acme/pushed-site.git`);
    const { data } = await app.graphql('query ($id: ID!) { project(id: $id) { cloneUrl } }', { id: project.id }, owner.token);
    expect(data.project.cloneUrl).toBe(project.clone_url);
  });

  it('starts with SLIPWAY_PUBLIC_URL when it is set (behind a proxy, or another name for the machine)', async () => {
    const proxied = await startTestApp({ env: { SLIPWAY_PUBLIC_URL: 'https://slipway.example.com/' } });
    try {
      const user = await registerUser(proxied);
      await proxied.api('PUT', '/settings/GITHUB_ORGANIZATION', { token: user.token, body: { value: 'acme' } });
      const created = await proxied.api('POST', '/projects', { token: user.token, body: { name: 'Behind A Proxy' } });
      expect(created.body.clone_url).toBe('https://slipway.example.com/git/acme/behind-a-proxy.git');
    } finally {
      await proxied.stop();
    }
  }, 60_000);
});

describe('clone, push and fetch with the owner’s email and password', () => {
  it('clones the repository, pushes a commit that a new version then builds, and says who pushed it', async () => {
    const dir = await freshClone();
    const url = ownerUrl();
    expect(readFileSync(path.join(dir, 'public', 'index.html'), 'utf8')).toContain('<html');
    // The history the creation run committed.
    expect((await git(['rev-list', 'HEAD'], dir)).split('\n')).toContain(project.build_commit);
    const before = await git(['rev-parse', 'HEAD'], dir);

    const events = new pg.Client({ connectionString: app.databaseUrl });
    await events.connect();
    const pushed: any[] = [];
    events.on('notification', (message) => {
      const event = JSON.parse(message.payload!);
      if (event.topic === 'repository.pushed') pushed.push(event.payload);
    });
    await events.query('LISTEN slipway_events');
    try {
      writeFileSync(path.join(dir, 'public', 'index.html'), '<!doctype html><html><body>pushed over http</body></html>\n');
      await git(['-c', 'user.name=Pusher', '-c', 'user.email=pusher@example.com', 'commit', '--quiet', '-am', 'Say it was pushed\n\nbody'], dir);
      const sha = await git(['rev-parse', 'HEAD'], dir);
      const push = await gitResult(['push', 'origin', 'main'], dir);
      expect(push.code, push.output).toBe(0);
      expect(await git(['ls-remote', url, 'refs/heads/main'])).toContain(sha);

      await eventually(async () => pushed.length > 0, 10_000);
      expect(pushed).toEqual([
        { projectId: project.id, ownerId: owner.user.id, pusherId: owner.user.id, pusherName: owner.name, branch: 'main', before, after: sha, message: 'Say it was pushed' },
      ]);

      await expectVersionBuilt('v2.0.0', sha);

      // The tag the version made comes back on a fetch.
      const fetched = await gitResult(['fetch', '--tags', 'origin'], dir);
      expect(fetched.code, fetched.output).toBe(0);
      expect(await git(['rev-parse', 'v2.0.0^{commit}'], dir)).toBe(sha);
    } finally {
      await events.end();
    }
  }, 180_000);

  it('takes a push larger than git’s post buffer (a chunked body, streamed) to a new branch', async () => {
    const dir = await freshClone();
    await git(['checkout', '--quiet', '-b', 'feature/big'], dir);
    writeFileSync(path.join(dir, 'big.bin'), randomBytes(3 * 1024 * 1024));
    await git(['add', 'big.bin'], dir);
    await git(['-c', 'user.name=Pusher', '-c', 'user.email=pusher@example.com', 'commit', '--quiet', '-m', 'A big file'], dir);
    const push = await gitResult(['-c', 'http.postBuffer=65536', 'push', 'origin', 'feature/big'], dir);
    expect(push.code, push.output).toBe(0);
    const url = ownerUrl();
    expect(await git(['ls-remote', url, 'refs/heads/feature/big'])).toContain(await git(['rev-parse', 'HEAD'], dir));
    const copy = mkdtempSync(path.join(work, 'copy-'));
    const cloned = await gitResult(['clone', '--branch', 'feature/big', url, copy]);
    expect(cloned.code, cloned.output).toBe(0);
    expect(readFileSync(path.join(copy, 'big.bin'))).toEqual(readFileSync(path.join(dir, 'big.bin')));
    // Packing 3 MB of random bytes twice (push, clone) takes a minute on a loaded 2-core machine.
  }, 180_000);

  it('builds a pushed commit that git kept as a pack (more objects than it unpacks)', async () => {
    const dir = await freshClone();
    mkdirSync(path.join(dir, 'public', 'pages'));
    for (let page = 0; page < 150; page += 1) writeFileSync(path.join(dir, 'public', 'pages', `page-${page}.html`), `<p>page ${page}</p>\n`);
    await git(['add', '-A'], dir);
    await git(['-c', 'user.name=Pusher', '-c', 'user.email=pusher@example.com', 'commit', '--quiet', '-m', 'Many pages'], dir);
    const sha = await git(['rev-parse', 'HEAD'], dir);
    const push = await gitResult(['push', 'origin', 'main'], dir);
    expect(push.code, push.output).toBe(0);
    expect(readdirSync(path.join(app.dataDir, 'repos', 'acme', 'pushed-site.git', 'objects', 'pack')).some((file) => file.endsWith('.pack'))).toBe(true);

    await expectVersionBuilt('v3.0.0', sha);
  }, 180_000);

  it('survives a push whose client goes away halfway: no branch, no lock left, no git process, the next push goes through', async () => {
    const pktLine = (line: string) => `${(line.length + 4).toString(16).padStart(4, '0')}${line}`;
    const command = pktLine(`${'0'.repeat(40)} ${'a'.repeat(40)} refs/heads/half\0report-status\n`);
    const { port } = new URL(app.url);
    const repos = path.join(app.dataDir, 'repos');
    const gitProcesses = () => processesIn(repos).map((pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8'));
    /** Sends the start of a 100 kB push, and goes away once `leave()` resolves. */
    const halfPush = (leave: () => Promise<unknown>) =>
      new Promise<void>((resolve) => {
        const req = request({
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: `${repositoryPath()}/git-receive-pack`,
          headers: { authorization: basic(owner.email, owner.password), 'content-type': 'application/x-git-receive-pack-request', 'content-length': '100000' },
        });
        req.on('error', () => resolve());
        req.write(`${command}0000PACK\0\0\0\x02`, () =>
          void leave().finally(() => {
            req.destroy();
            resolve();
          }),
        );
      });
    // Gone while git reads the body (git then sees the body end early, and must stop: told its length, it would spin for ever)…
    await halfPush(() => expect.poll(() => gitProcesses().length, { timeout: 10_000 }).toBeGreaterThan(0));
    await expect.poll(gitProcesses, { timeout: 10_000 }).toEqual([]);
    // …and gone at once, perhaps before git started.
    await halfPush(async () => undefined);
    await expect.poll(gitProcesses, { timeout: 10_000 }).toEqual([]);

    const dir = await freshClone();
    writeFileSync(path.join(dir, 'after.txt'), 'after the broken push\n');
    await git(['add', 'after.txt'], dir);
    await git(['-c', 'user.name=Pusher', '-c', 'user.email=pusher@example.com', 'commit', '--quiet', '-m', 'After'], dir);
    const push = await gitResult(['push', 'origin', 'HEAD:refs/heads/after-broken'], dir);
    expect(push.code, push.output).toBe(0);
    expect(await git(['ls-remote', ownerUrl()])).not.toContain('refs/heads/half');
    const refs = path.join(app.dataDir, 'repos', 'acme', 'pushed-site.git', 'refs', 'heads');
    await eventually(async () => readdirSync(refs).every((name) => !name.endsWith('.lock')), 10_000);
  });

  it('inflates a gzip request body, as git sends large ones', async () => {
    const want = `want ${project.build_commit}\n`;
    const pktLine = (line: string) => `${(line.length + 4).toString(16).padStart(4, '0')}${line}`;
    const body = gzipSync(Buffer.from(`${pktLine(want)}0000${pktLine('done\n')}`));
    const res = await raw('POST', `${repositoryPath()}/git-upload-pack`, {
      authorization: basic(owner.email, owner.password),
      'content-type': 'application/x-git-upload-pack-request',
      'content-encoding': 'gzip',
      'content-length': String(body.length),
    }, body);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/x-git-upload-pack-result');
    expect(res.body.subarray(0, 8).toString()).toBe('0008NAK\n');
    expect(res.body.includes(Buffer.from('PACK'))).toBe(true);
  });
});

describe('personal access tokens as the password', () => {
  async function tokenWith(scopes: string[]): Promise<{ id: string; secret: string }> {
    const expires = new Date(Date.now() + 86_400_000).toISOString();
    const res = await app.api('POST', '/tokens', { token: owner.token, body: { name: `git ${scopes.join(' ')}`, expires_at: expires, scopes, project_ids: [project.id] } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return { id: res.body.access_token.id, secret: res.body.token };
  }

  it('clones with a read token under any username, refuses it a push (403), and pushes with a write token', async () => {
    const read = await tokenWith(['read']);
    const dir = mkdtempSync(path.join(work, 'token-clone-'));
    const cloned = await gitResult(['clone', withCredentials(project.clone_url, 'ci', read.secret), dir]);
    expect(cloned.code, cloned.output).toBe(0);
    const pushAdvertisement = await raw('GET', `${repositoryPath()}/info/refs?service=git-receive-pack`, { authorization: basic('ci', read.secret) });
    expect(pushAdvertisement.status).toBe(403);
    expect(pushAdvertisement.body.toString()).toContain('This token lacks the write scope');

    const write = await tokenWith(['write']);
    await gitResult(['-c', 'user.email=ci@example.com', '-c', 'user.name=CI', 'commit', '--allow-empty', '-m', 'pushed with a token'], dir);
    const pushed = await gitResult(['push', withCredentials(project.clone_url, 'ci', write.secret), 'HEAD:refs/heads/token-push'], dir);
    expect(pushed.code, pushed.output).toBe(0);
  });

  it('refuses a revoked token with 401 at once', async () => {
    const read = await tokenWith(['read']);
    const advertisement = `${repositoryPath()}/info/refs?service=git-upload-pack`;
    expect((await raw('GET', advertisement, { authorization: basic('ci', read.secret) })).status).toBe(200);
    expect((await app.api('DELETE', `/tokens/${read.id}`, { token: owner.token })).status).toBeLessThan(300);
    const res = await raw('GET', advertisement, { authorization: basic('ci', read.secret) });
    expect(res.status).toBe(401);
    expect(res.headers['www-authenticate']).toMatch(/^Basic /);
  });
});

describe('the audit log', () => {
  it("records a member's push with a token: who, with which token, from where, and every branch it moved", async () => {
    const member = await registerUser(app);
    expect((await app.api('POST', `/projects/${project.id}/members`, { token: owner.token, body: { email: member.email, role: 'developer' } })).status).toBe(201);
    const expires = new Date(Date.now() + 86_400_000).toISOString();
    const token = await app.api('POST', '/tokens', { token: member.token, body: { name: 'ci push', expires_at: expires, scopes: ['read', 'write'] } });
    expect(token.status, JSON.stringify(token.body)).toBe(201);
    const dir = await freshClone();
    const main = await git(['rev-parse', 'HEAD'], dir);
    await git(['-c', 'user.email=ci@example.com', '-c', 'user.name=CI', 'commit', '--allow-empty', '-m', 'audited push'], dir);
    const sha = await git(['rev-parse', 'HEAD'], dir);
    const pushed = await gitResult(['push', withCredentials(project.clone_url, 'ci', token.body.token), 'HEAD:refs/heads/audited-a', 'HEAD:refs/heads/audited-b'], dir);
    expect(pushed.code, pushed.output).toBe(0);

    // As the owner reads it in REST, and as the Activity tab asks for it; written once git has answered the push.
    const entries = async () => (await app.api('GET', `/projects/${project.id}/audit?action=repository.push&actor_id=${member.user.id}`, { token: owner.token })).body.entries;
    await expect.poll(entries).toHaveLength(1);
    expect(await entries()).toEqual([
      expect.objectContaining({
        action: 'repository.push',
        actor_user_id: member.user.id,
        actor_email: member.email,
        actor_token_id: token.body.access_token.id,
        address: expect.stringMatching(/127\.0\.0\.1/),
        project_id: project.id,
        result: 'success',
        details: {
          refs: [
            { branch: 'audited-a', before: null, after: sha },
            { branch: 'audited-b', before: null, after: sha },
          ],
        },
      }),
    ]);
    expect(sha).not.toBe(main);
    const activity = await app.graphql('query ($id: ID) { auditLog(projectId: $id, filter: { action: "repository.push" }) { action actorEmail actorTokenId details } }', { id: project.id }, owner.token);
    expect(activity.data.auditLog).toContainEqual({
      action: 'repository.push',
      actorEmail: member.email,
      actorTokenId: token.body.access_token.id,
      details: JSON.stringify({ refs: [{ after: sha, before: null, branch: 'audited-a' }, { after: sha, before: null, branch: 'audited-b' }] }),
    });
  });
});

describe('refusals', () => {
  const advertisement = () => `${repositoryPath()}/info/refs?service=git-upload-pack`;

  it('asks for credentials (401 and a Basic challenge) when none are given, and git fails without them', async () => {
    const res = await raw('GET', advertisement());
    expect(res.status).toBe(401);
    expect(res.headers['www-authenticate']).toMatch(/^Basic realm="Slipway git"/);
    const cloned = await gitResult(['clone', project.clone_url, path.join(work, 'anonymous')]);
    expect(cloned.code).not.toBe(0);
    expect(cloned.output).toMatch(/could not read Username|Authentication failed/);
    const pushRes = await raw('GET', `${repositoryPath()}/info/refs?service=git-receive-pack`);
    expect(pushRes.status).toBe(401);
  });

  it('refuses a wrong password with 401, and git says authentication failed', async () => {
    const res = await raw('GET', advertisement(), { authorization: basic(owner.email, 'not-the-password') });
    expect(res.status).toBe(401);
    expect(res.headers['www-authenticate']).toBeDefined();
    const cloned = await gitResult(['clone', withCredentials(project.clone_url, owner.email, 'wrong-password'), path.join(work, 'wrong')]);
    expect(cloned.code).not.toBe(0);
    expect(cloned.output).toContain('Authentication failed');
  });

  it('answers malformed credentials with 401 and the challenge, never a server error', async () => {
    const encoded = (text: string) => `Basic ${Buffer.from(text, 'latin1').toString('base64')}`;
    for (const authorization of [
      'Basic !!!',
      'Basic',
      `Bearer ${'x'.repeat(40)}`,
      encoded('no-colon-at-all'),
      encoded(':'),
      encoded(`${owner.email}:`),
      encoded('\0:\0'),
      encoded(`${'a'.repeat(300)}@example.com:password`),
      encoded('\xff\xfe@example.com:password'),
      `Basic ${'A'.repeat(3000)}`,
    ]) {
      const res = await raw('GET', advertisement(), { authorization });
      expect(res.status, authorization.slice(0, 40)).toBe(401);
      expect(res.headers['www-authenticate']).toMatch(/^Basic /);
    }
  });

  it('answers another user’s repository exactly as one that does not exist (404), for reading and pushing', async () => {
    const strangers = { authorization: basic(stranger.email, stranger.password) };
    const theirs = await raw('GET', advertisement(), strangers);
    const unknown = await raw('GET', '/git/acme/no-such-project.git/info/refs?service=git-upload-pack', strangers);
    const otherOrganization = await raw('GET', '/git/other/pushed-site.git/info/refs?service=git-upload-pack', { authorization: basic(owner.email, owner.password) });
    expect(theirs.status).toBe(404);
    expect([unknown.status, otherOrganization.status]).toEqual([404, 404]);
    expect(theirs.body.toString()).toBe(unknown.body.toString());
    expect((await raw('GET', `${repositoryPath()}/info/refs?service=git-receive-pack`, strangers)).status).toBe(404);

    const cloned = await gitResult(['clone', withCredentials(project.clone_url, stranger.email, stranger.password), path.join(work, 'stranger')]);
    expect(cloned.code).not.toBe(0);
    expect(cloned.output).toContain('not found');
  });

  it('serves only the smart protocol’s three endpoints: no files of the repository, no path outside it', async () => {
    const auth = { authorization: basic(owner.email, owner.password) };
    const base = repositoryPath();
    for (const attempt of [
      `${base}/HEAD`,
      `${base}/config`,
      `${base}/slipway-secrets.json`,
      `${base}/objects/info/packs`,
      `${base}/info/refs`,
      `${base}/info/refs?service=git-upload-archive`,
      `${base}/../../../secret.key`,
      `/git/acme/../acme/pushed-site.git/info/refs?service=git-upload-pack`,
      `/git/acme/%2e%2e/pushed-site.git/info/refs?service=git-upload-pack`,
      `/git/..%2f..%2fsecret.key/x.git/info/refs?service=git-upload-pack`,
      `/git/acme/pushed-site.git%2finfo/refs?service=git-upload-pack`,
      `/git/acme/pushed-site/info/refs?service=git-upload-pack`,
      `/git/acme/Pushed-Site.git/info/refs?service=git-upload-pack`,
      '/git/acme/.git/info/refs?service=git-upload-pack',
    ]) {
      const res = await raw('GET', attempt, auth);
      expect(res.status, attempt).toBe(404);
      expect(res.body.toString(), attempt).not.toContain('[core]');
    }
    expect((await raw('POST', `${base}/info/refs?service=git-upload-pack`, auth)).status).toBe(405);
    expect((await raw('GET', `${base}/git-upload-pack`, auth)).status).toBe(405);
    expect((await raw('POST', `${base}/git-upload-pack`, { ...auth, 'content-type': 'text/plain' }, Buffer.from('0000'))).status).toBe(415);
    const deflated = await raw('POST', `${base}/git-upload-pack`, { ...auth, 'content-type': 'application/x-git-upload-pack-request', 'content-encoding': 'br' }, Buffer.from('0000'));
    expect(deflated.status).toBe(415);
  });

  it('counts wrong passwords in the sign-in throttle, per account and address: guessing over git locks the sign-in form too', async () => {
    const target = await registerUser(app);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await raw('GET', '/git/acme/anything.git/info/refs?service=git-upload-pack', { authorization: basic(target.email, `guess-${attempt}`) })).status).toBe(401);
    }
    const locked = await raw('GET', '/git/acme/anything.git/info/refs?service=git-upload-pack', { authorization: basic(target.email, target.password) });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    const signIn = await app.api('POST', '/auth/login', { body: { email: target.email, password: target.password } });
    expect(signIn.status).toBe(429);
  });
});
