import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { DataLocation } from '../src/config/env.js';
import { createBackup } from '../src/backup/backup.js';
import { restoreBackup } from '../src/backup/restore.js';
import { createTestDatabase, newAccount, startTestApp, TEST_SECRET_KEY } from './helpers/test-app.js';

/**
 * A seeded Slipway backed up while it runs, restored elsewhere, started, and compared with what it answered before:
 * users, settings (decrypted), projects with their environment, versions, deployments, the console's history, the
 * repositories, and the deployed app serving again. With the embedded database through `npm run backup` and
 * `npm run restore` in their own processes; with DATABASE_URL through the same functions in this one.
 */
const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROOT = path.dirname(SERVER_DIR);
const TSX = [process.execPath, '--conditions=source', '--import', 'tsx'];
const SETTINGS = { GITHUB_TOKEN: 'ghp_backupTestToken0123456789abcdef', DOCKER_USERNAME: 'backupuser', DOCKER_TOKEN: 'dckr_pat_backupTest0123456789' };

const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  // Run as root, builds and apps run as other users, who pass through to their folders.
  chmodSync(dir, 0o711);
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

type Api = (method: string, route: string, options?: { body?: unknown; token?: string }) => Promise<{ status: number; body: any }>;

function apiAt(url: string): Api {
  return async (method, route, { body, token } = {}) => {
    const res = await fetch(`${url}/api${route}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  };
}

function until<T>(what: string, check: () => Promise<T | false | undefined>, timeoutMs = 180_000): Promise<T> {
  return vi.waitFor(
    async () => {
      const value = await check();
      if (!value) throw new Error(`still waiting for ${what}`);
      return value;
    },
    { timeout: timeoutMs, interval: 250 },
  );
}

interface Seeded {
  accounts: Array<{ email: string; password: string }>;
  token: string;
  projectId: string;
}

/** Two users, a project whose creation built and deployed it, a second version, settings saved after, a command. */
async function seed(api: Api): Promise<Seeded> {
  const admin = newAccount();
  const other = newAccount();
  const token = (await api('POST', '/auth/register', { body: admin })).body.token as string;
  expect((await api('POST', '/auth/register', { body: other })).status).toBe(201);
  expect((await api('PUT', '/settings/GITHUB_ORGANIZATION', { token, body: { value: 'backup-org' } })).status).toBe(200);
  const created = await api('POST', '/projects', {
    token,
    body: { name: 'Kept Shop', description: 'Backed up', template_name: 'static-site', tags: ['kept'], environment_variables: { GREETING: 'still here', API_SECRET_KEY: 'kept-secret' } },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const projectId = created.body.id as string;
  await until('the creation run', async () => {
    const status = (await api('GET', `/projects/${projectId}/status`, { token })).body;
    if (status.overall_status === 'failed') throw new Error(`creation failed: ${JSON.stringify(status.processors)}`);
    return status.stream_name === 'project_creation' && status.overall_status === 'completed';
  });
  const version = (await api('POST', `/projects/${projectId}/versions`, { token, body: { version_tag: 'v1.1.0', git_branch: 'main' } })).body;
  await until('v1.1.0 to build', async () => (await api('GET', `/projects/${projectId}/versions/${version.id}`, { token })).body.status === 'ready');
  for (const [name, value] of Object.entries(SETTINGS)) expect((await api('PUT', `/settings/${name}`, { token, body: { value } })).status).toBe(200);
  expect((await api('POST', '/commands', { token, body: { command: 'projects' } })).status).toBe(200);
  return { accounts: [admin, other], token, projectId };
}

/**
 * A deployment without its latest health checks, which the health monitor rewrites every few seconds, and without
 * its update time: a restored Slipway on another port records the app's new front-door URL on it.
 */
const withoutChecks = (deployment: Record<string, unknown> | null) => deployment && { ...deployment, health_checks: undefined, updated_at: undefined };

/**
 * The app's front-door URL and the clone URL name the port of the Slipway that answers, and the loopback URL a free port of the
 * machine it runs on: the restored one listens elsewhere, on a machine where that port may be taken.
 */
function atAnyPort<T>(value: T, slipwayUrl: string): T {
  const port = new URL(slipwayUrl).port;
  const text = JSON.stringify(value).replaceAll(`localhost:${port}/`, 'localhost:<slipway port>/');
  return JSON.parse(text.replace(/http:\/\/127\.0\.0\.1:\d+\//g, 'http://127.0.0.1:<app port>/')) as T;
}

/** What a user sees of everything that was seeded (health checks, which are read anew, aside). */
async function answers(api: Api, { token, projectId }: Seeded) {
  const project = (await api('GET', `/projects/${projectId}`, { token })).body;
  const deployments = (await api('GET', `/projects/${projectId}/deployments?limit=100`, { token })).body;
  return {
    users: (await api('GET', '/users', { token })).body,
    settings: (await api('GET', '/settings', { token })).body,
    secrets: await Promise.all(Object.keys(SETTINGS).map(async (name) => (await api('GET', `/settings/${name}`, { token })).body.value)),
    // The project's update time moves with the URL the restored Slipway records, as its deployments' do.
    project: { ...project, updated_at: undefined, repository_url: path.basename(project.repository_url ?? ''), active_deployment: withoutChecks(project.active_deployment) },
    versions: (await api('GET', `/projects/${projectId}/versions?limit=100`, { token })).body,
    deployments: { ...deployments, deployments: deployments.deployments.map(withoutChecks) },
    commandLogs: (await api('GET', '/command-logs', { token })).body,
  };
}

/** Slipway from main.ts in its own process, as `npm start` runs it. */
function startSlipwayProcess(dataDir: string): { url: Promise<string>; stop(): Promise<void>; child: ChildProcessWithoutNullStreams } {
  const child = spawn(TSX[0], [...TSX.slice(1), 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: { PATH: process.env.PATH, SLIPWAY_DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', SLIPWAY_APP_PORTS: process.env.SLIPWAY_APP_PORTS, REGISTRATION_LIMIT: '100' },
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const url = new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk;
      const match = /running at (http:\/\/\S+)/.exec(output);
      if (match) resolve(match[1]);
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    void exited.then(() => reject(new Error(`Slipway exited:\n${output}`)));
  });
  url.catch(() => undefined);
  cleanups.push(() => void child.kill('SIGKILL'));
  return {
    url,
    child,
    async stop() {
      child.kill('SIGTERM');
      expect(await exited, output).toBe(0);
    },
  };
}

/** `npm run <script>` as a user runs it, from the repository root, with this data directory. */
function runScript(script: 'backup' | 'restore', args: string[], dataDir: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn('npm', ['run', '--silent', script, '--', ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, SLIPWAY_DATA_DIR: dataDir },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })));
}

describe('backup and restore with the embedded database', () => {
  it('backs up a running Slipway with npm run backup, restores it elsewhere with npm run restore, and it answers as before, its app serving', async () => {
    const source = tempDir('slipway-backup-source-');
    const target = path.join(tempDir('slipway-backup-target-'), 'data');
    const archive = path.join(tempDir('slipway-backup-archive-'), 'kept.tar.gz');

    const original = startSlipwayProcess(source);
    const api = apiAt(await original.url);
    const seeded = await seed(api);
    const before = atAnyPort(await answers(api, seeded), await original.url);
    const backup = await runScript('backup', ['--output', archive], source);
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stderr).toMatch(/^Backup: database: \d+\/\d+ tables, [\d,]+ rows/m);
    expect(backup.stdout).toContain(`to ${archive}`);
    expect(statSync(archive).mode & 0o777).toBe(0o600);
    // Still running, untouched, while it was backed up.
    expect((await api('GET', `/projects/${seeded.projectId}`, { token: seeded.token })).status).toBe(200);
    await original.stop();

    const restore = await runScript('restore', [archive], target);
    expect(restore.code, restore.stderr).toBe(0);
    expect(restore.stdout).toContain(`into ${target}`);
    const again = await runScript('restore', [archive], target);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`Restore failed: Refusing to restore into ${target}: it is not empty`);

    const restored = startSlipwayProcess(target);
    try {
      const restoredUrl = await restored.url;
      const restoredApi = apiAt(restoredUrl);
      for (const account of seeded.accounts) {
        expect((await restoredApi('POST', '/auth/login', { body: { email: account.email, password: account.password } })).status).toBe(200);
      }
      const token = (await restoredApi('POST', '/auth/login', { body: { email: seeded.accounts[0].email, password: seeded.accounts[0].password } })).body.token;
      // The apps come back before Slipway listens: their deployments learn the new port's URLs within moments.
      await expect.poll(async () => atAnyPort(await answers(restoredApi, { ...seeded, token }), restoredUrl), { timeout: 5000 }).toEqual(before);
      const after = await answers(restoredApi, { ...seeded, token });
      expect(after.project.deployed_url).toContain(`.localhost:${new URL(restoredUrl).port}/`);
      expect(after.secrets).toEqual(Object.values(SETTINGS));
      // The restored project's repository is in the new data directory, with its tags.
      expect(existsSync(path.join(target, 'repos', 'backup-org', after.project.repository_url))).toBe(true);
      // The local cluster starts the app that was serving, on its URL, from the restored artifact.
      const page = await until('the app to serve again', async () => {
        const res = await fetch(after.project.loopback_url).catch(() => null);
        return res?.ok ? res.text() : false;
      }, 60_000);
      expect(page).toContain('Kept Shop');
    } finally {
      await restored.stop();
    }
  }, 600_000);
});

describe('backup and restore with DATABASE_URL', () => {
  it('restores into an empty database and data directory, refusing a database that is not empty', async () => {
    const source = await startTestApp({});
    const seeded = await seed(source.api);
    const before = atAnyPort(await answers(source.api, seeded), source.url);
    const archive = path.join(tempDir('slipway-backup-url-'), 'kept.tar.gz');
    const sourceLocation: DataLocation = { dataDir: source.dataDir, databaseUrl: source.databaseUrl, secretKey: Buffer.from(TEST_SECRET_KEY) };
    const lines: string[] = [];
    const summary = await createBackup(sourceLocation, archive, (line) => lines.push(line));
    expect(summary.rows).toBeGreaterThan(0);
    expect(lines.at(-1)).toMatch(/^files: /);
    // Backed up with the key from the environment: the archive does not hold it.
    expect(summary.files).toBeGreaterThan(0);

    const database = await createTestDatabase();
    cleanups.push(() => database.drop());
    const target = path.join(tempDir('slipway-restore-url-'), 'data');
    const location: DataLocation = { dataDir: target, databaseUrl: database.url, secretKey: Buffer.from(TEST_SECRET_KEY) };
    await expect(restoreBackup({ ...location, secretKey: undefined }, archive)).rejects.toThrow('set SLIPWAY_SECRET_KEY to the same value');
    expect(existsSync(target)).toBe(false);
    await restoreBackup(location, archive);
    expect(readdirSync(target)).not.toContain('secret.key');

    const occupied = path.join(tempDir('slipway-restore-url-'), 'data');
    await expect(restoreBackup({ ...location, dataDir: occupied }, archive)).rejects.toThrow(
      /^Refusing to restore into a database that is not empty \(it has tables: public\.\w+, public\.\w+, public\.\w+, …\): restore into a new, empty database\.$/,
    );
    expect(existsSync(occupied)).toBe(false);

    await source.stop();
    const restored = await startTestApp({ databaseUrl: database.url, dataDir: target });
    try {
      const token = (await restored.api('POST', '/auth/login', { body: { email: seeded.accounts[0].email, password: seeded.accounts[0].password } })).body.token;
      await expect.poll(async () => atAnyPort(await answers(restored.api, { ...seeded, token }), restored.url), { timeout: 5000 }).toEqual(before);
    } finally {
      await restored.stop();
    }
  }, 600_000);
});
