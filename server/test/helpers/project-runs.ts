import { execFile } from 'node:child_process';
import { request } from 'node:http';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, vi } from 'vitest';
import WebSocket from 'ws';
import type { TestApp } from './test-app.js';

const run = promisify(execFile);

/** The project's stream status (GET /projects/{id}/status) once it is terminal; fails after `timeoutMs` with the last one. */
export function waitForRun(
  app: TestApp,
  token: string,
  projectId: string,
  { stream, timeoutMs = 180_000 }: { stream: string; timeoutMs?: number },
): Promise<any> {
  return vi.waitFor(
    async () => {
      const { status, body } = await app.api('GET', `/projects/${projectId}/status`, { token });
      if (status === 200 && body.stream_name === stream && ['completed', 'failed', 'cancelled'].includes(body.overall_status)) return body;
      throw new Error(`run not finished: ${status} ${JSON.stringify(body)}`);
    },
    { timeout: timeoutMs, interval: 250 },
  );
}

/** Polls until `check` holds, at most `timeoutMs`. */
export async function eventually(check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  // vi.waitFor, not expect.poll: hooks (beforeAll) wait with it too.
  await vi.waitFor(
    async () => {
      if (!(await check())) throw new Error('not yet');
    },
    { timeout: timeoutMs, interval: 200 },
  );
}

/** `git` with an argument vector (no shell), answering its trimmed output. */
export async function git(args: string[], cwd?: string): Promise<string> {
  const { stdout } = await run('git', args, { cwd, env: { PATH: process.env.PATH, HOME: tmpdir(), GIT_TERMINAL_PROMPT: '0' } });
  return stdout.trim();
}

/**
 * Creates a project with `body` (POST /projects) for the owner, waits for its creation run to complete and clones its
 * repository over HTTP with the owner's credentials; answers the project, a new folder and the clone inside it.
 */
export async function createAndClone(app: TestApp, owner: { token: string; email: string; password: string }, body: Record<string, unknown>) {
  const created = await app.api('POST', '/projects', { token: owner.token, body });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const creation = await waitForRun(app, owner.token, created.body.id, { stream: 'project_creation' });
  expect(creation.overall_status, JSON.stringify(creation.processors)).toBe('completed');
  const project = (await app.api('GET', `/projects/${created.body.id}`, { token: owner.token })).body;
  const work = mkdtempSync(path.join(tmpdir(), 'slipway-clone-'));
  const clone = path.join(work, 'clone');
  const url = new URL(project.clone_url);
  url.username = encodeURIComponent(owner.email);
  url.password = encodeURIComponent(owner.password);
  await git(['clone', '--quiet', url.href, clone], work);
  return { project, work, clone };
}

/** The project's deployment of this commit that matches `check`, once there is one (the list's last 50). */
export async function deploymentOfCommit(app: TestApp, token: string, projectId: string, sha: string, check: (deployment: any) => boolean): Promise<any> {
  let found: any;
  let all: any[] = [];
  await eventually(async () => {
    all = (await app.api('GET', `/projects/${projectId}/deployments?limit=50`, { token })).body.deployments;
    found = all.find((row: any) => row.version?.git_commit_sha === sha && check(row));
    return Boolean(found);
  }, 240_000).catch((error: unknown) => {
    throw new Error(`${String(error)}; deployments: ${JSON.stringify(all.map((row) => [row.environment, row.version?.version_tag, row.status, row.error_message, row.health_failure]))}`);
  });
  return found;
}

/**
 * A server.mjs answering `text` on / (with `status`, 200 unless given) and ok on /health; a crashing one exits 3 s after
 * each start's first health check.
 */
export const crashableServer = (text: string, crashes: boolean, status = 200) => `import { createServer } from 'node:http';
let checked = false;
const server = createServer((req, res) => {
  if (req.url === '/health') {
    if (${crashes} && !checked) setTimeout(() => process.exit(4), 3000);
    checked = true;
    return res.writeHead(200).end('ok');
  }
  res.writeHead(${status}, { 'content-type': 'text/plain' }).end(${JSON.stringify(text)});
});
server.listen(Number(process.env.PORT), '127.0.0.1');
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.close(() => process.exit(0)));
`;

/** Commits crashableServer(text, crashes) as server.mjs on `branch` of the clone and pushes it; answers its commit (hash). */
export async function pushCrashable(clone: string, branch: string, text: string, crashes = false): Promise<string> {
  await git(['checkout', '--quiet', '-B', branch], clone);
  writeFileSync(path.join(clone, 'server.mjs'), crashableServer(text, crashes));
  await git(['add', '-A'], clone);
  await git(['-c', 'user.name=Dev', '-c', 'user.email=dev@example.com', 'commit', '--quiet', '--allow-empty', '-m', text], clone);
  await git(['push', '--quiet', 'origin', branch], clone);
  return git(['rev-parse', 'HEAD'], clone);
}

/**
 * An app's server.mjs: `<edition> for <Host>` on every path but /health, a WebSocket that greets with
 * `<edition> over a WebSocket`, and (listenAfterMs) a slow start.
 */
export const greeterServer = (edition: string, listenAfterMs = 0) => `import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
const server = createServer((req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end(req.url === '/health' ? 'ok' : '${edition} for ' + req.headers.host));
server.on('upgrade', (req, socket) => {
  const accept = createHash('sha1').update(req.headers['sec-websocket-key'] + '258EAFA5-E914-47DA-95CA-C5AB0DC85B11').digest('base64');
  const payload = Buffer.from('${edition} over a WebSocket');
  socket.write('HTTP/1.1 101 Switching Protocols\\r\\nUpgrade: websocket\\r\\nConnection: Upgrade\\r\\nSec-WebSocket-Accept: ' + accept + '\\r\\n\\r\\n');
  socket.write(Buffer.concat([Buffer.from([0x81, payload.length]), payload]));
});
setTimeout(() => server.listen(Number(process.env.PORT), '127.0.0.1'), ${listenAfterMs});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
`;

/** Pushes a branch off main with these extra files, through a clone of the repository; answers its commit (hash). */
export async function pushBranch(repositoryUrl: string, branch: string, files: Record<string, string>): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'slipway-push-'));
  try {
    await git(['clone', '--quiet', repositoryUrl, dir]);
    await git(['checkout', '--quiet', '-b', branch], dir);
    for (const [file, content] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), content);
    }
    await git(['add', '-A'], dir);
    await git(['-c', 'user.name=Test', '-c', 'user.email=test@example.com', 'commit', '--quiet', '-m', `On ${branch}`], dir);
    await git(['push', '--quiet', 'origin', branch], dir);
    return await git(['rev-parse', 'HEAD'], dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Pushes `files` on a branch, builds version `tag` from it and starts its deployment; answers the deployment once started. */
export async function deployBranch(app: TestApp, token: string, project: { id: string; repository_url: string }, tag: string, files: Record<string, string>) {
  const branch = `release-${tag.replace(/\W/g, '-')}`;
  await pushBranch(project.repository_url, branch, files);
  const version = await app.api('POST', `/projects/${project.id}/versions`, { token, body: { version_tag: tag, git_branch: branch } });
  expect(version.status, JSON.stringify(version.body)).toBe(201);
  await eventually(async () => (await app.api('GET', `/projects/${project.id}/versions/${version.body.id}`, { token })).body.status === 'ready', 120_000);
  const deployment = await app.api('POST', `/projects/${project.id}/deployments`, { token, body: { version_id: version.body.id } });
  expect(deployment.status, JSON.stringify(deployment.body)).toBe(201);
  return deployment.body as { id: string };
}

/** What a `git clone` of the URL shows: the commits on main, the tags and the files, or null when it cannot be cloned. */
export async function cloneSummary(url: string): Promise<{ commits: string[]; tags: string[]; files: string[] } | null> {
  const dir = mkdtempSync(path.join(tmpdir(), 'slipway-clone-'));
  try {
    await git(['clone', '--quiet', url, dir]).catch(() => {
      throw new Error('clone failed');
    });
    return {
      commits: (await git(['rev-list', 'HEAD'], dir)).split('\n'),
      tags: (await git(['tag', '--list'], dir)).split('\n').filter(Boolean),
      files: (await git(['ls-files'], dir)).split('\n'),
    };
  } catch (error) {
    if ((error as Error).message === 'clone failed') return null;
    throw error;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Whether nothing serves at the app's URL any more: the connection is refused or, when the freed port has meanwhile
 * been given to another test's server (the test files run side by side), what answers there fails the request.
 */
export async function appGone(url: string): Promise<boolean> {
  const answer = await fetchApp(url);
  return answer === 'refused' || answer.status >= 400;
}

/**
 * GET `url` as a browser would: a `*.localhost` name goes to 127.0.0.1 with its name as the Host (Node's resolver on
 * Debian does not know these names, and Node's fetch does not send a Host of its own: node:http does). A `host`
 * in `headers` is sent instead: a custom domain reached on 127.0.0.1.
 */
export function getPage(url: string | URL, { timeoutMs = 5000, headers = {} }: { timeoutMs?: number; headers?: Record<string, string> } = {}): Promise<{ status: number; text: string }> {
  const target = new URL(url);
  const local = target.hostname.endsWith('.localhost');
  return new Promise((resolve, reject) => {
    const req = request(
      { host: local ? '127.0.0.1' : target.hostname, port: target.port || 80, path: `${target.pathname}${target.search}`, headers: { host: target.host, ...headers }, timeout: timeoutMs },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    req.end();
  });
}

/** The first message of a WebSocket at `url`, reached as getPage reaches it (a `host` header wins); rejects when refused. */
export function firstMessage(url: string, headers: Record<string, string> = {}): Promise<string> {
  const target = new URL(url);
  const local = target.hostname.endsWith('.localhost');
  const socket = new WebSocket(`ws://${local ? '127.0.0.1' : target.hostname}:${target.port}/`, { headers: { host: target.host, ...headers } });
  return new Promise((resolve, reject) => {
    socket.once('message', (data) => {
      resolve(String(data));
      socket.terminate();
    });
    socket.once('unexpected-response', (_req, res) => reject(new Error(`refused with ${res.statusCode}`)));
    socket.once('error', reject);
  });
}

/** The app's answer at url + path, or 'refused' when nothing accepts the connection. */
export async function fetchApp(url: string, route = '/'): Promise<{ status: number; text: string } | 'refused'> {
  try {
    return await getPage(new URL(route, url));
  } catch {
    return 'refused';
  }
}

/** Process ids of this machine's processes whose command line mentions text. */
/** The processes whose working directory is `dir` or under it. */
export function processesIn(dir: string): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const cwd = readlinkSync(`/proc/${pid}/cwd`);
        return cwd === dir || cwd.startsWith(`${dir}/`);
      } catch {
        return false;
      }
    })
    .map(Number);
}

export function processesMentioning(text: string): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(text);
      } catch {
        return false;
      }
    })
    .map(Number);
}
