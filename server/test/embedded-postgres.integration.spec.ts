import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { openEmbeddedPostgres, type EmbeddedPostgres } from '../src/db/embedded-postgres.js';
import { newAccount, startTestApp, TEST_SECRET_KEY } from './helpers/test-app.js';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const dirs: string[] = [];
const opened: EmbeddedPostgres[] = [];
afterEach(async () => {
  while (opened.length) await opened.pop()!.stop();
  while (dirs.length) rmSync(dirs.pop()!, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'slipway-embedded-'));
  dirs.push(dir);
  return dir;
}

async function open(dir: string, mode: 'own' | 'join') {
  const db = await openEmbeddedPostgres(dir, mode);
  opened.push(db);
  return db;
}

async function query<T = Record<string, unknown>>(url: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

async function refusal(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return 'connected';
  } catch (error) {
    return (error as Error).message;
  } finally {
    await client.end().catch(() => undefined);
  }
}

describe('embedded PostgreSQL server', () => {
  it('runs in the data directory on 127.0.0.1 with a password, and keeps data across a restart', async () => {
    const dir = dataDir();
    const first = await openEmbeddedPostgres(dir, 'own');
    await query(first.url, 'CREATE TABLE kept (value text)');
    await query(first.url, "INSERT INTO kept VALUES ('before restart')");
    const [settings] = await query<{ listen: string; sockets: string }>(
      first.url,
      "SELECT current_setting('listen_addresses') AS listen, current_setting('unix_socket_directories') AS sockets",
    );
    expect(settings).toEqual({ listen: '127.0.0.1', sockets: '' });
    const rules = await query<{ auth_method: string }>(first.url, 'SELECT DISTINCT auth_method FROM pg_hba_file_rules');
    expect(rules).toEqual([{ auth_method: 'scram-sha-256' }]);
    await first.stop();
    expect(await refusal(first.url)).toMatch(/ECONNREFUSED/);

    const second = await open(dir, 'own');
    expect(await query(second.url, 'SELECT value FROM kept')).toEqual([{ value: 'before restart' }]);
    expect(statSync(path.join(dir, 'postgres', 'PG_VERSION')).isFile()).toBe(true);
    expect(statSync(path.join(dir, 'postgres.password')).mode & 0o777).toBe(0o600);
  }, 90_000);

  it('refuses a connection without the password or with a wrong one', async () => {
    const db = await open(dataDir(), 'own');
    const url = new URL(db.url);
    url.password = '';
    expect(await refusal(url.toString())).toMatch(/password/i);
    url.password = 'not-the-password';
    expect(await refusal(url.toString())).toMatch(/password authentication failed for user "postgres"/);
  }, 90_000);

  it('refuses a second owner, and lets a process join the running one', async () => {
    const dir = dataDir();
    const owner = await open(dir, 'own');
    await expect(openEmbeddedPostgres(dir, 'own')).rejects.toThrow(
      `Another Slipway (pid ${process.pid}) is running on ${dir} and owns its embedded PostgreSQL`,
    );
    const joined = await openEmbeddedPostgres(dir, 'join');
    expect(joined.url).toBe(owner.url);
    await query(joined.url, 'CREATE TABLE joined (id int)');
    await joined.stop();
    expect(await query(owner.url, 'SELECT count(*)::int AS n FROM joined')).toEqual([{ n: 0 }]);
  }, 90_000);

  it('says clearly that there is nothing to join when no Slipway runs on the data directory', async () => {
    const dir = dataDir();
    await expect(openEmbeddedPostgres(dir, 'join')).rejects.toThrow(`No Slipway is running with the embedded PostgreSQL of ${dir}`);
    await (await openEmbeddedPostgres(dir, 'own')).stop();
    await expect(openEmbeddedPostgres(dir, 'join')).rejects.toThrow('No Slipway is running');
  }, 90_000);

  it('explains a data directory made by the PGlite engine and leaves it as it was', async () => {
    const dir = dataDir();
    mkdirSync(path.join(dir, 'pgdata'));
    writeFileSync(path.join(dir, 'pgdata', 'PG_VERSION'), '17\n');
    await expect(openEmbeddedPostgres(dir, 'own')).rejects.toThrow(
      `${path.join(dir, 'pgdata')} holds a database made by an earlier Slipway (the PGlite engine), which this version cannot open. It has not been changed.`,
    );
    expect(readdirSync(path.join(dir, 'pgdata'))).toEqual(['PG_VERSION']);
    expect(readFileSync(path.join(dir, 'pgdata', 'PG_VERSION'), 'utf8')).toBe('17\n');
    expect(readdirSync(dir)).toEqual(['pgdata']);
  });

  it.runIf(process.getuid?.() === 0)('as root, puts the cluster of a data directory closed to the postgres user in the system directory, and finds it again', async () => {
    // A checkout or data directory under /root (0700) is what users hit; mkdtemp's 0700 directory stands in for it.
    const closed = dataDir();
    const dir = path.join(closed, 'data');
    mkdirSync(dir, { mode: 0o700 });
    const systemDir = path.join(tmpdir(), `slipway-system-${process.pid}-${Date.now()}`);
    dirs.push(systemDir);

    const first = await openEmbeddedPostgres(dir, 'own', { systemDir });
    await query(first.url, "CREATE TABLE kept AS SELECT 'outside the data directory' AS value");
    await first.stop();
    const cluster = readFileSync(path.join(dir, 'postgres.location'), 'utf8').trim();
    expect(path.dirname(cluster)).toBe(path.join(systemDir, 'clusters'));
    const postgresUid = statSync(cluster).uid;
    expect(postgresUid).not.toBe(0);
    expect(statSync(cluster).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(systemDir, 'clusters'))).toMatchObject({ uid: 0 });
    expect(statSync(path.join(systemDir, 'clusters')).mode & 0o777).toBe(0o711);
    expect(statSync(path.join(dir, 'postgres.location')).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir)).not.toContain('postgres');
    // Nothing was opened: not the closed directory above, not the data directory.
    expect(statSync(closed).mode & 0o777).toBe(0o700);
    expect(statSync(dir).mode & 0o777).toBe(0o700);

    const second = await open(dir, 'own');
    expect(await query(second.url, 'SELECT value FROM kept')).toEqual([{ value: 'outside the data directory' }]);
    await second.stop();

    rmSync(cluster, { recursive: true });
    await expect(openEmbeddedPostgres(dir, 'own', { systemDir })).rejects.toThrow(
      `This data directory's PostgreSQL cluster is recorded in ${path.join(dir, 'postgres.location')} as "${cluster}", which does not exist.`,
    );
  }, 120_000);

  it.runIf(process.getuid?.() === 0)('as root, names the closed directory above a cluster that is already in the data directory instead of moving it', async () => {
    const closed = dataDir();
    const dir = path.join(closed, 'data');
    mkdirSync(dir);
    chmodSync(closed, 0o755);
    await (await openEmbeddedPostgres(dir, 'own')).stop();
    chmodSync(closed, 0o700);
    await expect(openEmbeddedPostgres(dir, 'own')).rejects.toThrow(
      `Running as root, the embedded PostgreSQL runs as the "postgres" OS user, which cannot reach ${dir}: ${closed} is closed to other users.`,
    );
    expect(statSync(closed).mode & 0o777).toBe(0o700);
    expect(existsSync(path.join(dir, 'postgres.location'))).toBe(false);
  }, 120_000);

  it.runIf(process.getuid?.() === 0)('as root, runs the server as the postgres user without opening the secrets to it', async () => {
    // mkdtemp makes the data directory 0700, which the postgres user could not pass through.
    const dir = dataDir();
    const child = startChild(dir, {});
    expect(await child.url).toMatch(/^http/);
    child.child.kill('SIGTERM');
    expect(await child.exit).toBe(0);
    const postgresUid = statSync(path.join(dir, 'postgres')).uid;
    expect(postgresUid).not.toBe(0);
    expect(statSync(path.join(dir, 'postgres', 'PG_VERSION')).uid).toBe(postgresUid);
    expect(statSync(dir).mode & 0o077).toBe(0o011);
    for (const secret of ['secret.key', 'postgres.password']) {
      expect(statSync(path.join(dir, secret))).toMatchObject({ uid: 0 });
      expect(statSync(path.join(dir, secret)).mode & 0o777).toBe(0o600);
    }
  }, 90_000);
});

const SLIPWAY = [process.execPath, '--conditions=source', '--import', 'tsx', 'src/main.ts'];

/**
 * Slipway from main.ts in a child process, as `npm start` runs it; `command` runs it another way (the command
 * execs Slipway in the end, so the child is Slipway).
 */
function startChild(
  dir: string,
  env: Record<string, string> = { SLIPWAY_SECRET_KEY: TEST_SECRET_KEY },
  { ownProcessGroup = false, command = SLIPWAY }: { ownProcessGroup?: boolean; command?: string[] } = {},
): { child: ChildProcessWithoutNullStreams; output: () => string; url: Promise<string>; exit: Promise<number | string | null> } {
  const child = spawn(command[0], command.slice(1), {
    cwd: SERVER_DIR,
    env: { PATH: process.env.PATH, SLIPWAY_DATA_DIR: dir, PORT: '0', HOST: '127.0.0.1', ...env },
    // As in a terminal: Slipway leads a process group that Ctrl-C signals as a whole.
    detached: ownProcessGroup,
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exit = new Promise<number | string | null>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  const url = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', () => {
      const match = /running at (http:\/\/\S+)/.exec(output);
      if (match) resolve(match[1]);
    });
    void exit.then(() => reject(new Error(`exited: ${output}`)));
  });
  url.catch(() => undefined);
  return { child, output: () => output, url, exit };
}

function postmasterPid(dir: string): number {
  return Number(readFileSync(path.join(dir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('embedded PostgreSQL across Slipway processes', () => {
  it('stops the database server after Slipway on Ctrl-C (SIGINT to the terminal\'s process group)', async () => {
    const dir = dataDir();
    const slipway = startChild(dir, { SLIPWAY_SECRET_KEY: TEST_SECRET_KEY }, { ownProcessGroup: true });
    try {
      expect((await fetch(`${await slipway.url}/api/health`)).status).toBe(200);
      const server = postmasterPid(dir);
      process.kill(-slipway.child.pid!, 'SIGINT');
      expect(await slipway.exit).toBe(0);
      expect(slipway.output()).toContain('Slipway stopped');
      expect(slipway.output()).not.toMatch(/error|terminating/i);
      expect(isAlive(server)).toBe(false);
      expect(readdirSync(path.join(dir, 'postgres'))).not.toContain('postmaster.pid');
    } finally {
      slipway.child.kill('SIGKILL');
    }
  }, 90_000);

  it('refuses a second Slipway on the same data directory, and recovers with no data lost after kill -9', async () => {
    const dir = dataDir();
    const account = newAccount();
    const first = startChild(dir);
    try {
      const url = await first.url;
      expect((await fetch(`${url}/api/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(account) })).status).toBe(201);

      const second = startChild(dir);
      expect(await second.exit).toBe(1);
      expect(second.output()).toContain(`Embedded PostgreSQL: Another Slipway (pid ${first.child.pid}) is running on ${dir}`);

      const orphan = postmasterPid(dir);
      first.child.kill('SIGKILL');
      await first.exit;
      // The dead Slipway's server is still running: the next start must deal with it.
      expect(isAlive(orphan)).toBe(true);
    } finally {
      first.child.kill('SIGKILL');
    }

    const app = await startTestApp({ embedded: true, dataDir: dir });
    try {
      const login = await app.api('POST', '/auth/login', { body: { email: account.email, password: account.password } });
      expect(login.status).toBe(200);
      expect(login.body.user.role).toBe('admin');
    } finally {
      await app.stop();
    }
  }, 120_000);
});

describe.runIf(process.getuid?.() === 0)('npm start as root in a checkout under a closed /root', () => {
  it('starts, serves and restarts with its data kept, without opening /root or the data directory', async () => {
    // A private mount namespace shows this checkout as /root/slipway, with /root (0700) and /var/lib backed by
    // temporary directories: the real /root and /var/lib are not touched.
    const root = dataDir();
    const varLib = dataDir();
    chmodSync(varLib, 0o755);
    const checkout = path.dirname(SERVER_DIR);
    const command = [
      'unshare',
      '--mount',
      '--propagation',
      'private',
      'sh',
      '-c',
      'mount --bind "$1" /root && mkdir -p /root/slipway && mount --bind "$2" /root/slipway && mount --bind "$3" /var/lib && cd /root/slipway/server && shift 3 && exec "$@"',
      'sh',
      root,
      checkout,
      varLib,
      ...SLIPWAY,
    ];
    const account = newAccount();
    const dir = path.join(root, 'slipway-data');
    mkdirSync(dir, { mode: 0o700 });

    const first = startChild('/root/slipway-data', {}, { command });
    try {
      const url = await first.url;
      expect((await fetch(`${url}/api/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(account) })).status).toBe(201);
      first.child.kill('SIGTERM');
      expect(await first.exit).toBe(0);
    } finally {
      first.child.kill('SIGKILL');
    }

    expect(statSync(root).mode & 0o777).toBe(0o700);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    const cluster = readFileSync(path.join(dir, 'postgres.location'), 'utf8').trim();
    expect(path.dirname(cluster)).toBe('/var/lib/slipway/clusters');
    const hostCluster = path.join(varLib, path.relative('/var/lib', cluster));
    expect(statSync(hostCluster).uid).not.toBe(0);
    expect(statSync(hostCluster).mode & 0o777).toBe(0o700);
    const binaries = readdirSync(path.join(varLib, 'slipway')).filter((name) => name.startsWith('postgres-'));
    expect(binaries).toHaveLength(1);
    expect(statSync(path.join(varLib, 'slipway', binaries[0], 'bin', 'postgres'))).toMatchObject({ uid: 0 });
    for (const secret of ['secret.key', 'postgres.password']) {
      expect(statSync(path.join(dir, secret))).toMatchObject({ uid: 0 });
      expect(statSync(path.join(dir, secret)).mode & 0o777).toBe(0o600);
    }

    const second = startChild('/root/slipway-data', {}, { command });
    try {
      const url = await second.url;
      const login = await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: account.email, password: account.password }) });
      expect(login.status).toBe(200);
      expect(((await login.json()) as { user: { role: string } }).user.role).toBe('admin');
      second.child.kill('SIGTERM');
      expect(await second.exit).toBe(0);
    } finally {
      second.child.kill('SIGKILL');
    }
  }, 240_000);
});
