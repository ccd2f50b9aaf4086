/**
 * The Slipway under fuzz: one the fuzzer boots itself (a child process on embedded PostgreSQL in a fresh data directory, so a
 * crash or a blocked event loop is the server's, not the fuzzer's), or a running one at FUZZ_URL.
 */
import { spawn } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deriveKey } from '../src/common/keys.js';
import type { FuzzContext } from './generators/values.js';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface Target {
  url: URL;
  /** The server's root secret, when known: the fuzzer then also sends validly signed tokens with forged claims. */
  secretKey?: string;
  /** Where the server's own output goes (its logged stack traces name the cause of a 500). */
  logFile?: string;
  /** Set when the server process died. */
  exited?: string;
  /** Everything the server wrote to stderr so far ('' for a server at FUZZ_URL). */
  stderr: string;
  /** Stops the server and removes its data directory; its log is kept for a run that failed. */
  stop(keepLog: boolean): Promise<void>;
}

/** Where the fuzzed server's cloud adapters point: nothing listens there. */
const CLOSED_PORT_URL = 'http://127.0.0.1:9';

export async function startTarget(env: NodeJS.ProcessEnv): Promise<Target> {
  if (env.FUZZ_URL) {
    return { url: new URL(env.FUZZ_URL), secretKey: env.FUZZ_SECRET_KEY || undefined, stderr: '', stop: async () => {} };
  }
  // Embedded PostgreSQL in a fresh data directory: the fuzzer needs no database server, and never touches one
  // named by DATABASE_URL in the caller's environment.
  const { DATABASE_URL: _ignored, ...ownEnv } = env;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'slipway-fuzz-'));
  const logFile = path.join(dataDir, 'server.log');
  const log = createWriteStream(logFile);
  const secretKey = randomBytes(32).toString('base64');
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    // The server's own tsconfig (decorators); tsx hands a relative --tsconfig down to children otherwise.
    env: {
      ...ownEnv,
      TSX_TSCONFIG_PATH: path.join(SERVER_DIR, 'tsconfig.json'),
      SLIPWAY_DATA_DIR: dataDir,
      SLIPWAY_SECRET_KEY: secretKey,
      PORT: env.FUZZ_PORT ?? '0',
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      // Connection tests and cloud projects reach nothing outside this machine: a closed port refuses them at once.
      ...Object.fromEntries(['SLIPWAY_GITHUB_API_URL', 'SLIPWAY_DOCKERHUB_URL', 'SLIPWAY_DOCKER_REGISTRY_URL', 'SLIPWAY_DIGITALOCEAN_API_URL'].map((name) => [name, CLOSED_PORT_URL])),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const target: Target = {
    url: new URL('http://127.0.0.1'),
    stderr: '',
    secretKey,
    logFile,
    async stop(keepLog) {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      log.end();
      if (!keepLog) rmSync(dataDir, { recursive: true, force: true });
    },
  };
  child.stderr.on('data', (chunk: Buffer) => {
    target.stderr += chunk;
    log.write(chunk);
  });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk;
      log.write(chunk);
      const match = /running at (http:\/\/\S+)/.exec(output);
      if (match) {
        target.url = new URL(match[1].replace('localhost', '127.0.0.1'));
        resolve();
      }
    });
    child.once('exit', (code, signal) => {
      target.exited = `Slipway exited (${signal ?? `code ${code}`})`;
      reject(new Error(`${target.exited} before it was ready; see ${logFile}`));
    });
  });
  return target;
}

/** A token signed with the server's own key, carrying whatever claims the generator chose. */
export function tokenForger(secretKey: string): (claims: Record<string, unknown>) => string {
  const key = deriveKey(Buffer.from(secretKey, 'utf8'), 'token-signing');
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return (claims) => {
    const unsigned = `${part({ alg: 'HS256' })}.${part({ iat: Math.floor(Date.now() / 1000), ...claims })}`;
    return `${unsigned}.${createHmac('sha256', key).update(unsigned).digest('base64url')}`;
  };
}

/** The parts of REST answers the fuzzer reads: a sign-in and a created project. */
interface ApiBody {
  token: string;
  user: { id: string };
  id: string;
}

async function api(url: URL, method: string, route: string, body: unknown, token?: string): Promise<{ status: number; body: ApiBody }> {
  const res = await fetch(new URL(`/api${route}`, url), {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json().catch(() => undefined) };
}

/** The fuzzing user's session and project, reused while both still work. */
export interface Fuzzer {
  ctx: FuzzContext;
  account: { email: string; password: string };
}

/**
 * A signed-in, non-admin user with one project to point at. The first account of a fresh server is the
 * admin, so an owner account is registered first; fuzzing as the admin could delete the fuzzing users.
 * A case may have signed the user out or deleted the project: then it signs in again or starts over, but
 * as rarely as possible, so login and registration throttles never stand in the way.
 */
export async function signIn(target: Target, previous: Fuzzer | undefined): Promise<Fuzzer> {
  if (previous) {
    const { token, projectId } = previous.ctx;
    const [me, project] = await Promise.all([api(target.url, 'GET', '/users/me', undefined, token), api(target.url, 'GET', `/projects/${projectId}`, undefined, token)]);
    if (me.status === 200 && project.status === 200) return previous;
  }
  let account = previous?.account;
  let session = account && (await api(target.url, 'POST', '/auth/login', account));
  if (!session || session.status !== 200) {
    const id = randomBytes(4).toString('hex');
    await api(target.url, 'POST', '/auth/register', { name: 'Fuzz Owner', email: `fuzz-owner-${id}@example.com`, password: `owner-${id}` });
    account = { email: `fuzz-${id}@example.com`, password: `fuzz-${id}` };
    session = await api(target.url, 'POST', '/auth/register', { name: 'Fuzz User', ...account });
    if (session.status !== 201) throw new Error(`cannot register the fuzzing user: ${session.status} ${JSON.stringify(session.body)}`);
  }
  const token = session.body.token;
  // Projects need a GitHub organization in Settings (a case may have deleted it).
  const organization = await api(target.url, 'PUT', '/settings/GITHUB_ORGANIZATION', { value: 'fuzz-org' }, token);
  if (organization.status !== 200) throw new Error(`cannot set the fuzzing user's GitHub organization: ${organization.status} ${JSON.stringify(organization.body)}`);
  const project = await api(target.url, 'POST', '/projects', { name: `Fuzz target ${randomBytes(4).toString('hex')}`, description: 'what the fuzzer points at' }, token);
  if (project.status !== 201) throw new Error(`cannot create the fuzzing user's project: ${project.status} ${JSON.stringify(project.body)}`);
  const forge = target.secretKey ? tokenForger(target.secretKey) : undefined;
  return { ctx: { token, userId: session.body.user.id, projectId: project.body.id, forge }, account: account! };
}
