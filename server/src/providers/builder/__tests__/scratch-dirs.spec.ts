import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { SecretBox } from '../../../common/secret-box.js';
import { createLocalProviders } from '../../local.js';
import { isStaleScratch, ownScratchPrefix } from '../scratch-dirs.js';

/**
 * A worker killed with SIGKILL in the middle of a build leaves its scratch directory and its build's process group
 * behind. Both go when a worker starts (removeStaleScratch) and before the next build (the step's retry); the
 * directories of live processes stay. Real processes: the "worker" is a child process killed for real.
 */
const SERVER_DIR = fileURLToPath(new URL('../../../../', import.meta.url));
const CHILD = fileURLToPath(new URL('./hanging-build.child.ts', import.meta.url));

const dirs: string[] = [];
const children: ChildProcess[] = [];
/** Build process groups the children started: killed at the end whatever the test did. */
const builds: number[] = [];
afterEach(async () => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const pgid of builds.splice(0)) {
    try {
      process.kill(-pgid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function dataDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'slipway-scratch-'));
  await chmod(dir, 0o711);
  dirs.push(dir);
  return dir;
}

function providers(dir: string) {
  return createLocalProviders({ dataDir: dir, secretBox: new SecretBox(randomBytes(32)) });
}

/** A child process in the middle of a build in dir's builds/, with its scratch directory and the build's pid. */
async function workerMidBuild(dir: string): Promise<{ child: ChildProcess; scratch: string; buildPid: number }> {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', CHILD, dir], { cwd: SERVER_DIR, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let output = '';
  // Its output says when the build has started ('building'); its exit before that fails the test.
  await new Promise<void>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk;
      if (output.includes('building')) resolve();
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', () => reject(new Error(`the child did not start its build: ${output}`)));
  });
  const root = path.join(dir, 'builds');
  const scratch = (await readdir(root)).find((name) => name.startsWith(`build-${child.pid}-`))!;
  const { pgid } = JSON.parse(await readFile(path.join(root, scratch, 'build-process.json'), 'utf8'));
  builds.push(pgid);
  return { child, scratch, buildPid: pgid };
}

async function kill9(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

/** Whether pid runs (a zombie does not). */
async function isRunning(pid: number): Promise<boolean> {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  const status = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  return !/^\d+ \(.*\) Z/.test(status);
}

describe('build scratch directories', () => {
  it("are left behind by a worker killed mid-build, and go, with whatever of the build still runs there, when a worker starts", { timeout: 90_000 }, async () => {
    const dir = await dataDir();
    const { child, scratch, buildPid } = await workerMidBuild(dir);
    await kill9(child);
    const root = path.join(dir, 'builds');
    // What the killed worker leaves: its directory (a sandboxed build dies with its worker; one without a sandbox
    // runs on, orphaned, until a worker removes its directory).
    expect(await readdir(root)).toEqual([scratch]);

    expect(await providers(dir).builder.removeStaleScratch()).toEqual([scratch]);
    expect(await readdir(root)).toEqual([]);
    await expect.poll(async () => !(await isRunning(buildPid)), { timeout: 10_000, interval: 50 }).toBe(true);
  });

  it("go before the next build, as when the killed worker's step is retried", { timeout: 90_000 }, async () => {
    const dir = await dataDir();
    const { child, buildPid } = await workerMidBuild(dir);
    await kill9(child);
    const { sourceHost, builder } = providers(dir);
    const repository = { organization: 'acme', name: 'retried' };
    await sourceHost.ensureRepository(repository, { description: 'Test' });
    const files = [{ path: 'index.js', content: Buffer.from("console.log('built')") }];
    const { sha } = await sourceHost.commitFiles(repository, { branch: 'main', message: 'Initial commit', author: { name: 'Ada', email: 'ada@example.com' }, files });
    const lines: string[] = [];
    const result = await builder.build(
      { projectId: repository.name, repository, commitSha: sha, image: { repository: 'acme/retried', tag: 'v0.1.0' }, buildCommand: ['node', 'index.js'], environment: {}, timeoutSeconds: 60 },
      { signal: new AbortController().signal, onLog: (line) => lines.push(line) },
    );
    expect(result, lines.join('\n')).toMatchObject({ status: 'success' });
    expect(lines).toContain('Removed the scratch directory of an interrupted build');
    // The retried build's own directory went when it ended; the killed worker's went before it began.
    expect(await readdir(path.join(dir, 'builds'))).toEqual([]);
    await expect.poll(async () => !(await isRunning(buildPid)), { timeout: 10_000, interval: 50 }).toBe(true);
  });

  it('stay while their process runs: another worker mid-build, and this process', { timeout: 90_000 }, async () => {
    const dir = await dataDir();
    const { scratch, buildPid } = await workerMidBuild(dir);
    const root = path.join(dir, 'builds');
    const own = `${ownScratchPrefix()}abc123`;
    await mkdir(path.join(root, own));
    expect(await providers(dir).builder.removeStaleScratch()).toEqual([]);
    expect((await readdir(root)).sort()).toEqual([scratch, own].sort());
    expect(await isRunning(buildPid)).toBe(true);
  });

  it('are stale when their pid now names another process (one that started at another time), or have an older name', async () => {
    const dir = await dataDir();
    const root = path.join(dir, 'builds');
    await mkdir(root);
    const reused = `build-${process.pid}-1-abc123`;
    const legacy = 'build-Xy12Zq';
    const other = 'not-a-build';
    for (const name of [reused, legacy, other]) await mkdir(path.join(root, name));
    expect(isStaleScratch(reused)).toBe(true);
    expect(isStaleScratch(legacy)).toBe(true);
    expect(isStaleScratch(`${ownScratchPrefix()}abc123`)).toBe(false);
    expect((await providers(dir).builder.removeStaleScratch()).sort()).toEqual([legacy, reused].sort());
    expect(await readdir(root)).toEqual([other]);
  });
});
