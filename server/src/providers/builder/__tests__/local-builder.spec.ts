import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SecretBox } from '../../../common/secret-box.js';
import { loadTemplate } from '../../../modules/templates/template-catalog.js';
import { renderTemplate } from '../../../modules/templates/template-renderer.js';
import type { Template } from '../../../modules/templates/template.model.js';
import { createLocalProviders } from '../../local.js';
import type { RepositoryRef, SourceFile } from '../../source-host/source-host.port.js';
import type { BuildRequest } from '../builder.port.js';
import { MAX_LOG_LINE, MAX_LOG_LINES } from '../local-builder.js';
import { sandboxSupport } from '../../sandbox/sandbox.js';
import { projectUser } from '../../sandbox/sandbox-users.js';
import { builderContract } from './builder.contract.js';
import { processesOf } from '../../cluster/processes.js';

const TEMPLATES_DIR = fileURLToPath(new URL('../../../../../templates', import.meta.url));
const IS_ROOT = process.getuid?.() === 0;
const { sandbox: SANDBOXED, cgroups: CGROUPS } = await sandboxSupport();
const HANG = [process.execPath, '-e', 'setInterval(() => {}, 1000)'];

/** Whether pid is a live process (a killed one whose parent is gone may linger as a zombie until reaped). */
async function isRunning(pid: number): Promise<boolean> {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  const status = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  return !/^\d+ \(.*\) Z/.test(status);
}


/** A data directory as Slipway makes it: others may pass through (builds run as nobody under root) but not list. */
async function makeDataDir(): Promise<string> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'slipway-builder-'));
  await chmod(dataDir, 0o711);
  return dataDir;
}

/** The providers as Slipway makes them, and where their builds' scratch directories go. */
function localProviders(dataDir: string) {
  return { ...createLocalProviders({ dataDir, secretBox: new SecretBox(randomBytes(32)) }), scratchRoot: path.join(dataDir, 'builds') };
}

builderContract('local', async () => {
  const dataDir = await makeDataDir();
  return {
    ...localProviders(dataDir),
    organization: 'acme',
    commands: { succeed: ['node', 'index.js'], fail: ['node', '-e', 'process.exit(3)'], hang: HANG },
    cleanup: () => rm(dataDir, { recursive: true, force: true }),
  };
});

describe('LocalBuilder', () => {
  let dataDir: string;
  let providers: ReturnType<typeof localProviders>;
  let counter = 0;

  beforeAll(async () => {
    dataDir = await makeDataDir();
    providers = localProviders(dataDir);
  });

  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  /** Commits files to a fresh repository and answers a request to build them. */
  async function request(files: SourceFile[], buildCommand: string[] | null, environment: Record<string, string> = {}, timeoutSeconds = 60): Promise<BuildRequest> {
    counter += 1;
    const repository: RepositoryRef = { organization: 'acme', name: `app-${counter}` };
    await providers.sourceHost.ensureRepository(repository, { description: 'Test' });
    const { sha } = await providers.sourceHost.commitFiles(repository, { branch: 'main', message: 'Initial commit', author: { name: 'Ada', email: 'ada@example.com' }, files });
    return { projectId: `project-${counter}`, repository, commitSha: sha, image: { repository: `acme/app-${counter}`, tag: 'v0.1.0' }, buildCommand, environment, timeoutSeconds };
  }

  async function build(req: BuildRequest, signal = new AbortController().signal) {
    const lines: string[] = [];
    const result = await providers.builder.build(req, { signal, onLog: (line) => lines.push(line) });
    return { result, lines, output: lines.join('\n') };
  }

  /** The artifact's files, extracted into a fresh directory. */
  async function extract(artifact: NonNullable<Awaited<ReturnType<typeof build>>['result']['artifact']>): Promise<string> {
    const dir = await mkdtemp(path.join(tmpdir(), 'slipway-artifact-'));
    await tar.extract({ file: (await providers.registry.localPath(artifact))!, cwd: dir });
    return dir;
  }

  /** A template from templates/, rendered with its defaults as a project would be, as files to commit. */
  async function renderedTemplate(name: string): Promise<{ template: Template; files: SourceFile[] }> {
    const template = await loadTemplate(TEMPLATES_DIR, name);
    const dir = await mkdtemp(path.join(tmpdir(), 'slipway-render-'));
    try {
      const paths = await renderTemplate(template, dir, { projectName: `Demo ${name}`, description: 'A demo project' });
      const files = await Promise.all(
        paths.map(async (file) => ({
          path: file,
          content: await readFile(path.join(dir, file)),
          executable: ((await stat(path.join(dir, file))).mode & 0o111) !== 0,
        })),
      );
      return { template, files };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  function environmentOf(template: Template): Record<string, string> {
    return Object.fromEntries(template.environmentVariables.map((v) => [v.name, v.defaultValue || (v.required ? 'set-by-test' : '')]));
  }

  it('builds in a data directory closed to others (0700, as mkdtemp makes it): sandboxed it stays closed; as root without the sandbox others may pass through, never list', async () => {
    const closed = await mkdtemp(path.join(tmpdir(), 'slipway-builder-closed-'));
    try {
      const own = localProviders(closed);
      const repository: RepositoryRef = { organization: 'acme', name: 'closed' };
      await own.sourceHost.ensureRepository(repository, { description: 'Test' });
      const files = [{ path: 'index.js', content: Buffer.from("console.log('built')") }];
      const { sha } = await own.sourceHost.commitFiles(repository, { branch: 'main', message: 'Initial commit', author: { name: 'Ada', email: 'ada@example.com' }, files });
      const lines: string[] = [];
      const result = await own.builder.build(
        { projectId: repository.name, repository, commitSha: sha, image: { repository: 'acme/closed', tag: 'v0.1.0' }, buildCommand: ['node', 'index.js'], environment: {}, timeoutSeconds: 60 },
        { signal: new AbortController().signal, onLog: (line) => lines.push(line) },
      );
      expect(result, lines.join('\n')).toMatchObject({ status: 'success' });
      expect((await stat(closed)).mode & 0o777).toBe(IS_ROOT && !SANDBOXED ? 0o701 : 0o700);
    } finally {
      await rm(closed, { recursive: true, force: true });
    }
  });

  it('builds the static-site template: dist/ is in the artifact', async () => {
    const { template, files } = await renderedTemplate('static-site');
    const { result, output } = await build(await request(files, template.runtime.build, environmentOf(template)));
    expect(result, output).toMatchObject({ status: 'success', error: null });
    expect(output).toContain('Built dist/');
    const dir = await extract(result.artifact!);
    try {
      expect(await readFile(path.join(dir, 'dist', 'index.html'), 'utf8')).toContain('Demo static-site');
      expect(JSON.parse(await readFile(path.join(dir, 'dist', 'build.json'), 'utf8'))).toHaveProperty('builtAt');
      expect(await readFile(path.join(dir, 'server.mjs'), 'utf8')).toContain('health');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  /** A request building the template as the pipeline does: its build command, then its tests. */
  async function templateRequest(template: Template, files: SourceFile[]): Promise<BuildRequest> {
    return { ...(await request(files, template.runtime.build, environmentOf(template))), testCommand: template.runtime.test };
  }

  it("builds the node-rest-api template: its own tests run after the build and pass", async () => {
    const { template, files } = await renderedTemplate('node-rest-api');
    const { result, lines, output } = await build(await templateRequest(template, files));
    expect(result, output).toMatchObject({ status: 'success', error: null });
    expect(lines.filter((line) => line.startsWith('> '))).toEqual(['> node --check src/server.js', '> node --test']);
    expect(output).toMatch(/# pass [1-9]/);
    expect(output).toMatch(/# fail 0/);
    const dir = await extract(result.artifact!);
    try {
      expect((await readdir(path.join(dir, 'src'))).sort()).toEqual(['app.js', 'server.js']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('builds the go-api template into an executable bin/server and runs its go tests offline (needs the go toolchain)', async () => {
    const hasGo = spawnSync('go', ['version']).status === 0;
    if (!hasGo) throw new Error('go is not installed: the go-api template cannot be built on this machine (install golang-go)');
    const { template, files } = await renderedTemplate('go-api');
    const { result, lines, output } = await build(await templateRequest(template, files));
    expect(result, output).toMatchObject({ status: 'success', error: null });
    expect(lines.filter((line) => line.startsWith('> '))).toEqual(['> go build -o bin/server .', '> go test ./...']);
    expect(lines.slice(lines.indexOf('> go test ./...'))).toContainEqual(expect.stringMatching(/^ok\s/));
    const dir = await extract(result.artifact!);
    try {
      expect((await stat(path.join(dir, 'bin', 'server'))).mode & 0o111).not.toBe(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 180_000);

  it("gives the build only the project's environment, a scrubbed PATH and its own HOME and TMPDIR", async () => {
    process.env.SLIPWAY_BUILDER_TEST_SECRET = 'must-not-leak';
    try {
      const req = await request([], [process.execPath, '-e', 'console.log("ENV " + JSON.stringify(process.env))'], { GREETING: 'hello', PATH: '/evil' });
      const { result, lines } = await build(req);
      expect(result.status).toBe('success');
      const env = JSON.parse(lines.find((line) => line.startsWith('ENV '))!.slice(4)) as Record<string, string>;
      // In the sandbox, bwrap sets PWD to the working directory (/app).
      const names = ['CGO_ENABLED', 'GOCACHE', 'GOPATH', 'GOPROXY', 'GOTOOLCHAIN', 'GREETING', 'HOME', 'PATH', ...(SANDBOXED ? ['PWD'] : []), 'TMPDIR'];
      expect(Object.keys(env).sort()).toEqual(names);
      expect(env.GREETING).toBe('hello');
      expect(env.PATH.split(':')).toEqual([path.dirname(process.execPath), '/usr/local/bin', '/usr/bin', '/bin'].filter((p, i, all) => all.indexOf(p) === i));
      if (SANDBOXED) {
        expect(env).toMatchObject({ HOME: '/home/app', TMPDIR: '/tmp', PWD: '/app' });
      } else {
        expect(env.HOME.startsWith(providers.scratchRoot)).toBe(true);
        expect(env.TMPDIR.startsWith(providers.scratchRoot)).toBe(true);
      }
      expect(env.GOCACHE.startsWith(env.HOME)).toBe(true);
    } finally {
      delete process.env.SLIPWAY_BUILDER_TEST_SECRET;
    }
  });

  it(
    SANDBOXED
      ? "runs the build as the project's own user in its sandbox, where Slipway's data directory does not exist"
      : IS_ROOT
        ? "runs the build as the project's own user, which cannot read the secret key, repositories or artifacts"
        : 'runs the build as Slipway’s own user (not root: no other user to switch to)',
    async () => {
    await writeFile(path.join(dataDir, 'secret.key'), 'top-secret', { mode: 0o600 });
    const probe = `
      const fs = require('node:fs');
      const tryRead = (p) => { try { fs.readdirSync(p); return 'read'; } catch (e) { return e.code; } };
      const tryFile = (p) => { try { fs.readFileSync(p); return 'read'; } catch (e) { return e.code; } };
      console.log('PROBE ' + JSON.stringify({
        uid: process.getuid(),
        key: tryFile(${JSON.stringify(path.join(dataDir, 'secret.key'))}),
        repos: tryRead(${JSON.stringify(path.join(dataDir, 'repos'))}),
        registry: tryRead(${JSON.stringify(path.join(dataDir, 'registry'))}),
        builds: tryRead(${JSON.stringify(providers.scratchRoot)}),
        ownFiles: fs.readdirSync('.').sort(),
      }));
      fs.writeFileSync('made-by-build.txt', 'ok');
    `;
    const req = await request([{ path: 'hello.txt', content: Buffer.from('hi') }], [process.execPath, '-e', probe]);
    const { result, lines, output } = await build(req);
    expect(result.status, output).toBe('success');
    const seen = JSON.parse(lines.find((line) => line.startsWith('PROBE '))!.slice(6));
    expect(seen.ownFiles).toEqual(['hello.txt']);
    if (SANDBOXED) {
      expect(seen).toMatchObject({ uid: (await projectUser(dataDir, req.projectId)).uid, key: 'ENOENT', repos: 'ENOENT', registry: 'ENOENT', builds: 'ENOENT' });
    } else if (IS_ROOT) {
      expect(seen).toMatchObject({ uid: (await projectUser(dataDir, req.projectId)).uid, key: 'EACCES', repos: 'EACCES', registry: 'EACCES', builds: 'EACCES' });
    } else {
      console.warn('Not running as root: the build runs as this user and its isolation from the data directory is not tested');
      expect(seen.uid).toBe(process.getuid?.());
    }
    const dir = await extract(result.artifact!);
    try {
      expect((await readdir(dir)).sort()).toEqual(['hello.txt', 'made-by-build.txt']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    },
  );

  it('kills what the build started when it times out, a detached process in its own session too, and leaves no scratch directory behind', async () => {
    const script = `
      const { spawn } = require('node:child_process');
      const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore', detached: true });
      child.unref();
      console.log('GRANDCHILD ' + child.pid);
      setInterval(() => {}, 1000);
    `;
    const req = await request([], [process.execPath, '-e', script], {}, 2);
    const { result, lines } = await build(req);
    expect(result).toMatchObject({ status: 'failed', error: 'Build timed out after 2 s' });
    expect(lines.at(-1)).toBe('Build timed out after 2 s');
    const pid = Number(lines.find((line) => line.startsWith('GRANDCHILD '))!.slice('GRANDCHILD '.length));
    expect(pid).toBeGreaterThan(0);
    if (IS_ROOT) {
      // The project's user runs nothing any more (in the sandbox, pid is a number of its own PID namespace).
      const { uid } = await projectUser(dataDir, req.projectId);
      await expect.poll(() => processesOf(uid), { timeout: 3000 }).toEqual([]);
    } else {
      await expect.poll(() => isRunning(pid), { timeout: 3000 }).toBe(false);
    }
    expect(await readdir(providers.scratchRoot)).toEqual([]);
  });

  it('stops a build that passes its memory limit with a clear reason', { skip: !CGROUPS }, async () => {
    const flood = `const chunks = []; for (;;) chunks.push(Buffer.alloc(16 * 1024 * 1024, 1));`;
    const req = { ...(await request([], [process.execPath, '-e', flood])), limits: { memoryMb: 128, processes: 64, cpuPercent: 100, diskMb: 64 } };
    const { result, lines } = await build(req);
    expect(result).toMatchObject({ status: 'failed', error: 'Build stopped: out of memory: limit 128 MB' });
    expect(lines.at(-1)).toBe('Build stopped: out of memory: limit 128 MB');
  });

  it('counts what a build writes against its disk limit, not the source it was given', { skip: !CGROUPS }, async () => {
    // 24 MB of source against a 16 MB limit, and a command that outlasts a few of the limit's checks (every 2 s).
    const source = [{ path: 'big.bin', content: Buffer.alloc(24 * 1024 * 1024, 7) }];
    const req = { ...(await request(source, [process.execPath, '-e', 'setTimeout(() => {}, 4500)'])), limits: { memoryMb: 256, processes: 64, cpuPercent: 100, diskMb: 16 } };
    const { result, output } = await build(req);
    expect(result.status, output).toBe('success');
  });

  it('builds an image once when two builds of it run at the same time', async () => {
    const req = await request([{ path: 'a.txt', content: Buffer.from('a') }], [process.execPath, '-e', 'console.log("BUILDING")']);
    const [first, second] = await Promise.all([build(req), build(req)]);
    expect(second.result.artifact).toEqual(first.result.artifact);
    expect([first.output, second.output].filter((output) => output.includes('BUILDING'))).toHaveLength(1);
  });

  it('ends when the command ends, even if a process that left its group still holds the output pipes', async () => {
    const script = `
      const { spawn } = require('node:child_process');
      const escaped = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { detached: true, stdio: 'inherit' });
      escaped.unref();
      console.log('ESCAPED ' + escaped.pid);
    `;
    const req = await request([], [process.execPath, '-e', script]);
    const { result, lines } = await build(req);
    const pid = Number(lines.find((line) => line.startsWith('ESCAPED '))!.slice('ESCAPED '.length));
    try {
      // The escaped process holds the pipes for 60 s, past the test's timeout: a build waiting for them fails the test.
      expect(result.status).toBe('success');
    } finally {
      // In the sandbox pid is a number of its PID namespace, and the process is gone with it.
      if (SANDBOXED) expect(await processesOf((await projectUser(dataDir, req.projectId)).uid)).toEqual([]);
      else process.kill(pid, 'SIGKILL');
    }
  });

  it('runs the tests after the build in the same directory and environment, each under its own header', async () => {
    const phases: string[] = [];
    const req = {
      ...(await request([{ path: 'index.js', content: Buffer.from('hi') }], [process.execPath, '-e', 'require("node:fs").writeFileSync("built.txt", "yes")'], { GREETING: 'hello' })),
      testCommand: [process.execPath, '-e', 'console.log("TESTED " + require("node:fs").readFileSync("built.txt") + " " + process.env.GREETING)'],
    };
    const lines: string[] = [];
    const result = await providers.builder.build(req, {
      signal: new AbortController().signal,
      onLog: (line) => lines.push(line),
      onPhase: (phase, status) => phases.push(`${phase} ${status}`),
    });
    expect(result, lines.join('\n')).toMatchObject({ status: 'success', error: null });
    const [buildHeader, testHeader] = lines.filter((line) => line.startsWith('> '));
    expect(buildHeader).toMatch(/^> \S+ -e require/);
    expect(testHeader).toMatch(/^> \S+ -e console\.log\("TESTED/);
    expect(lines.indexOf('TESTED yes hello')).toBeGreaterThan(lines.indexOf(testHeader));
    expect(phases).toEqual(['build running', 'build success', 'test running', 'test success']);
    const dir = await extract(result.artifact!);
    try {
      expect((await readdir(dir)).sort()).toEqual(['built.txt', 'index.js']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('fails the build when its tests fail, with their output in the log, and stores nothing', async () => {
    const phases: string[] = [];
    const req = {
      ...(await request([{ path: 'index.js', content: Buffer.from('hi') }], null, { API_KEY: 'sk-test-secret' })),
      testCommand: [process.execPath, '-e', 'console.log("not ok 1 - adds " + process.env.API_KEY); process.exit(1)'],
    };
    const lines: string[] = [];
    const result = await providers.builder.build(req, {
      signal: new AbortController().signal,
      onLog: (line) => lines.push(line),
      onPhase: (phase, status) => phases.push(`${phase} ${status}`),
    });
    expect(result).toMatchObject({ status: 'failed', artifact: null, error: 'Tests failed (exit code 1)' });
    expect(lines).toContain('not ok 1 - adds ***');
    expect(lines.at(-1)).toBe('Tests failed (exit code 1)');
    expect(phases).toEqual(['test running', 'test failed']);
    expect(await providers.registry.find(req.image)).toBeNull();
  });

  it('stops tests that run past the build’s time limit, and tests that are cancelled', async () => {
    const timedOut = await build({ ...(await request([], [process.execPath, '-e', '0'], {}, 2)), testCommand: HANG });
    expect(timedOut.result).toMatchObject({ status: 'failed', artifact: null, error: 'Build timed out after 2 s' });
    expect(timedOut.lines.filter((line) => line.startsWith('> '))).toHaveLength(2);
    // Cancelled once its tests run, as they say.
    const controller = new AbortController();
    const onLog = (line: string) => line === 'tests running' && controller.abort();
    const testCommand = [process.execPath, '-e', 'console.log("tests running"); setInterval(() => {}, 1000)'];
    const cancelled = await providers.builder.build({ ...(await request([], null)), testCommand }, { signal: controller.signal, onLog });
    expect(controller.signal.aborted).toBe(true);
    expect(cancelled).toMatchObject({ status: 'failed', artifact: null, error: 'Build cancelled' });
  });

  it('runs no tests when the build fails, and leaves nothing of their sandbox (made while the build ran)', async () => {
    const marker = `TESTS RAN ${randomBytes(6).toString('hex')}`;
    const req = {
      ...(await request([], [process.execPath, '-e', 'setTimeout(() => process.exit(2), 300)'])),
      testCommand: [process.execPath, '-e', `console.log(${JSON.stringify(marker)})`],
    };
    const { result, output } = await build(req);
    expect(result).toMatchObject({ status: 'failed', error: 'Build exited with code 2' });
    expect(output).not.toContain(marker);
    // No process is left that was to run the tests (its command line names them).
    const waiting = async () => {
      const found: string[] = [];
      for (const pid of (await readdir('/proc')).filter((entry) => /^\d+$/.test(entry))) {
        if ((await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')).includes(marker)) found.push(pid);
      }
      return found;
    };
    await expect.poll(waiting, { timeout: 3000 }).toEqual([]);
  });

  it('reports a command that does not exist, and an empty one', async () => {
    const missing = await build(await request([], ['no-such-build-tool-xyz']));
    expect(missing.result).toMatchObject({ status: 'failed', error: 'Build could not start: no-such-build-tool-xyz was not found' });
    const empty = await build(await request([], []));
    expect(empty.result).toMatchObject({ status: 'failed', error: 'Build command is empty' });
    const missingTests = await build({ ...(await request([], null)), testCommand: ['no-such-test-tool-xyz'] });
    expect(missingTests.result).toMatchObject({ status: 'failed', error: 'Tests could not start: no-such-test-tool-xyz was not found' });
  });

  it('packs the tree as committed when the project needs no build', async () => {
    const { result, lines } = await build(await request([{ path: 'bin/run', content: Buffer.from('#!/bin/sh\n'), executable: true }], null));
    expect(result.status).toBe('success');
    expect(lines.some((line) => line.startsWith('>'))).toBe(false);
    const dir = await extract(result.artifact!);
    try {
      expect((await stat(path.join(dir, 'bin', 'run'))).mode & 0o111).not.toBe(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it(`passes on at most ${MAX_LOG_LINES} lines of output and says how many more there were`, async () => {
    const { result, lines } = await build(await request([], [process.execPath, '-e', `for (let i = 0; i < ${MAX_LOG_LINES + 250}; i++) console.log('line ' + i)`]));
    expect(result.status).toBe('success');
    const output = lines.filter((line) => line.startsWith('line '));
    expect(output).toHaveLength(MAX_LOG_LINES);
    expect(output.at(-1)).toBe(`line ${MAX_LOG_LINES - 1}`);
    expect(lines).toContain('… 250 more lines of build output not shown');
  });

  it('cuts long lines, masks the values of sensitive variables and leaves .git out of the artifact', async () => {
    const script = `
      console.log('x'.repeat(${MAX_LOG_LINE * 3}));
      process.stdout.write('half of a stdout line, ');
      process.stderr.write('a stderr line\\n');
      process.stdout.write('the other half ' + '€'.repeat(40000) + '\\n');
      console.log('token is ' + process.env.API_KEY + ' and level is ' + process.env.LOG_LEVEL);
      require('node:fs').mkdirSync('.git');
      require('node:fs').writeFileSync('.git/config', 'secret');
    `;
    const { result, lines } = await build(await request([], [process.execPath, '-e', script], { API_KEY: 'sk-live-abcdef', LOG_LEVEL: 'debug' }));
    expect(result.status).toBe('success');
    expect(lines).toContain('x'.repeat(MAX_LOG_LINE));
    expect(lines).toContain('a stderr line');
    expect(lines).toContain(`half of a stdout line, the other half ${'€'.repeat(MAX_LOG_LINE - 38)}`);
    expect(lines).toContain('token is *** and level is debug');
    expect(lines.join('\n')).not.toContain('sk-live-abcdef');
    const dir = await extract(result.artifact!);
    try {
      expect(await readdir(dir)).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
