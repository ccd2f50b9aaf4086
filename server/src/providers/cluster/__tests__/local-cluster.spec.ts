import { execFile, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { once } from 'node:events';
import { type IncomingMessage, request as httpRequest } from 'node:http';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { create as createTar, Header } from 'tar';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { processStart } from '../../../common/local-process.js';
import { SecretBox } from '../../../common/secret-box.js';
import { loadTemplate } from '../../../modules/templates/template-catalog.js';
import { renderTemplate } from '../../../modules/templates/template-renderer.js';
import { LocalRegistry } from '../../registry/local-registry.js';
import type { Artifact } from '../../registry/registry.port.js';
import type { AppRuntime, AppStatus, DeploySpec } from '../cluster.port.js';
import { sandboxSupport } from '../../sandbox/sandbox.js';
import { LocalCluster, type LocalClusterOptions } from '../local-cluster.js';
import { isRunning as alive } from '../processes.js';
import { clusterContract, deployHooks, page, refusesConnections } from './cluster.contract.js';

const run = promisify(execFile);
const __dirname = path.dirname(fileURLToPath(import.meta.url));
const TEMPLATES = path.resolve(__dirname, '../../../../../templates');
const isRoot = process.getuid?.() === 0;
/** Slipway's secret (the apps' environments are sealed with it in the cluster's state). */
const KEY = randomBytes(32);

/** Artifacts made the way the builder makes them (a rendered, built template tree packed as tar.gz), pushed to the registry. */
class Artifacts {
  private tags = 0;

  constructor(
    private readonly dir: string,
    private readonly registry: LocalRegistry,
  ) {}

  /** A hand-made tar.gz of the given entries (paths taken as they are: this is how a hostile archive looks). */
  async raw(entries: Array<{ path: string; type: 'File' | 'SymbolicLink'; body?: string; linkpath?: string }>): Promise<Artifact> {
    const blocks = entries.flatMap(({ body = '', ...entry }) => {
      const data = Buffer.from(body);
      const header = new Header({ ...entry, mode: 0o644, size: data.length, mtime: new Date() });
      header.encode();
      return [header.block!, data, Buffer.alloc((512 - (data.length % 512)) % 512)];
    });
    const file = path.join(this.dir, `${randomUUID()}.tar.gz`);
    await writeFile(file, gzipSync(Buffer.concat([...blocks, Buffer.alloc(1024)])));
    return this.push(file);
  }

  async staticSite(marker: string, extraFiles: Record<string, string> = {}): Promise<Artifact> {
    const tree = path.join(this.dir, randomUUID());
    await renderTemplate(await loadTemplate(TEMPLATES, 'static-site'), tree, { projectName: marker, description: 'A test site' });
    await run(process.execPath, ['build.mjs'], { cwd: tree });
    for (const [file, text] of Object.entries(extraFiles)) await writeFile(path.join(tree, file), text);
    await createTar({ gzip: true, cwd: tree, file: `${tree}.tar.gz`, portable: true }, ['.']);
    return this.push(`${tree}.tar.gz`);
  }

  private push(file: string): Promise<Artifact> {
    return this.registry.push({ repository: 'test/site', tag: `v${++this.tags}` }, file);
  }
}

const STATIC_SITE: AppRuntime = { start: ['node', 'server.mjs'], healthPath: '/health', portEnv: 'PORT' };

/**
 * A fresh data directory with Slipway's local registry and local cluster in it, as in production.
 * restart() = shutdown + a new adapter on the same directory + restore().
 */
async function openLocal(extra: Partial<LocalClusterOptions> = {}) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'slipway-cluster-'));
  const registry = new LocalRegistry(dataDir);
  const artifacts = new Artifacts(workDir, registry);
  // Stable ports apart from the default range other suites' Slipways use at the same time: a port this suite's
  // stopped cluster gives up must not be taken by theirs before it comes back.
  const options: LocalClusterOptions = { dataDir, registry, secretBox: new SecretBox(KEY), stopGraceMs: 3_000, stablePorts: { from: 28_100, to: 28_399 }, ...extra };
  let cluster = new LocalCluster(options);
  await cluster.restore();
  return {
    dataDir,
    registry,
    artifacts,
    options,
    get cluster() {
      return cluster;
    },
    makeArtifact: (marker: string) => artifacts.staticSite(marker),
    async restart() {
      await cluster.shutdown();
      cluster = new LocalCluster(options);
      await cluster.restore();
      return cluster;
    },
    async close() {
      await cluster.shutdown();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

const { sandbox: SANDBOXED } = await sandboxSupport();

let workDir: string;
beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'slipway-artifacts-'));
});
afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

clusterContract('local cluster', { open: () => openLocal(), runtime: STATIC_SITE });

/** An app that reports what it can see: its environment, its user, and whether it can read a given file. */
const PROBE = `
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { randomBytes } from 'node:crypto';
// A name the test finds the process by from outside (in a sandbox, process.pid is a number of its own PID namespace).
const title = 'probe-' + randomBytes(4).toString('hex');
process.title = title;
createServer((req, res) => {
  const url = new URL(req.url, 'http://x');
  if (url.pathname === '/health') {
    // A crashing probe crashes once it has been found healthy, however long its start took.
    if (process.env.CRASH_AFTER_MS) setTimeout(() => process.exit(4), Number(process.env.CRASH_AFTER_MS));
    return res.end('ok');
  }
  if (url.pathname === '/unhealthy') return res.writeHead(503).end('not yet');
  if (url.pathname === '/crash') {
    res.end('bye');
    setTimeout(() => process.exit(3), 10);
    return;
  }
  let read = null;
  if (url.searchParams.has('read')) {
    try { readFileSync(url.searchParams.get('read')); read = 'readable'; } catch (error) { read = error.code; }
  }
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify({ title, pid: process.pid, uid: process.getuid(), groups: process.getgroups(), cwd: process.cwd(), env: process.env, read }));
}).on('upgrade', (req, socket) => {
  // An upgraded connection that echoes what it gets: enough to see the stable URL carry WebSocket traffic.
  socket.write('HTTP/1.1 101 Switching Protocols\\r\\nUpgrade: websocket\\r\\nConnection: Upgrade\\r\\n\\r\\n');
  socket.pipe(socket);
}).listen(Number(process.env.PORT), '127.0.0.1', () => console.log('probe listening'));
process.on('SIGTERM', () => process.exit(0));
`;

interface ProbeAnswer {
  title: string;
  /** Its pid on this machine (found by its title). */
  pid: number;
  uid: number;
  groups: number[];
  cwd: string;
  env: Record<string, string>;
  read: string | null;
}

async function probe(url: string, read?: string): Promise<ProbeAnswer> {
  const { status, text } = await page(read ? `${url}?read=${encodeURIComponent(read)}` : url, 15_000);
  expect(status).toBe(200);
  const answer = JSON.parse(text) as ProbeAnswer;
  return { ...answer, pid: (await pidByTitle(answer.title)) ?? answer.pid };
}

/** The pid of the process that named itself `title` (Linux /proc). */
async function pidByTitle(title: string): Promise<number | null> {
  for (const entry of await readdir('/proc').catch((): string[] => [])) {
    if (/^\d+$/.test(entry) && (await readFile(`/proc/${entry}/comm`, 'utf8').catch(() => '')).trim() === title) return Number(entry);
  }
  return null;
}


describe('local cluster: isolation, supervision and logs', () => {
  let harness: Awaited<ReturnType<typeof openLocal>>;
  let probeArtifact: Artifact;
  const pids = new Set<number>();
  const spec = (name: string, overrides: Partial<DeploySpec> = {}): DeploySpec => ({
    name,
    projectId: randomUUID(),
    ownerId: randomUUID(),
    artifact: probeArtifact,
    runtime: { start: ['node', 'probe.mjs'], healthPath: '/health', portEnv: 'PORT' },
    environment: { GREETING: 'hello' },
    replicas: 1,
    healthTimeoutSeconds: 20,
    ...overrides,
  });

  beforeAll(async () => {
    harness = await openLocal({ restartDelayMs: 100 });
    probeArtifact = await harness.artifacts.staticSite('Probe', { 'probe.mjs': PROBE });
    // What Slipway's own process has and an app must never see.
    process.env.DATABASE_URL = 'postgres://slipway:secret@127.0.0.1/slipway';
    process.env.SLIPWAY_SECRET_KEY = 'a'.repeat(40);
    await writeFile(path.join(harness.dataDir, 'secret.key'), 'top secret', { mode: 0o600 });
  });
  afterAll(async () => {
    delete process.env.DATABASE_URL;
    delete process.env.SLIPWAY_SECRET_KEY;
    await harness?.close();
    for (const pid of pids) expect(await alive(pid)).toBe(false);
  });

  it("gives an app only its project's environment, its port, a scrubbed PATH and its own HOME", async () => {
    const { loopbackUrl: url } = await harness.cluster.deploy(spec('probe-env'), deployHooks());
    const answer = await probe(url!);
    pids.add(answer.pid);
    // In the sandbox, bwrap sets PWD to the working directory.
    expect(Object.keys(answer.env).sort()).toEqual(['GREETING', 'HOME', 'PATH', 'PORT', ...(SANDBOXED ? ['PWD'] : [])].sort());
    expect(answer.env.GREETING).toBe('hello');
    expect(answer.env.PATH).toBe([...new Set([path.dirname(process.execPath), '/usr/local/bin', '/usr/bin', '/bin'])].join(':'));
    // In the sandbox its release is at /app and its home at /home/app; the data directory is not there.
    expect(answer.env.HOME).toBe(SANDBOXED ? '/home/app' : path.join(harness.dataDir, 'cluster', 'probe-env', 'home'));
    expect(answer.cwd).toBe(SANDBOXED ? '/app' : path.join(harness.dataDir, 'cluster', 'probe-env', 'releases', '1'));
    expect(Number(answer.env.PORT)).not.toBe(Number(new URL(url!).port));
  });

  it.runIf(isRoot)("as root, runs each app as its own user that cannot read the data directory's secrets or another app's files", async () => {
    const { loopbackUrl: url } = await harness.cluster.deploy(spec('probe-other'), deployHooks());
    const self = await probe(url!);
    const other = await probe((await harness.cluster.status('probe-env'))!.loopbackUrl!);
    expect(self.uid).not.toBe(0);
    expect(self.uid).not.toBe(other.uid);
    // Its own group only: root's supplementary groups are dropped.
    expect(self.groups.filter((gid) => gid !== self.uid)).toEqual([]);
    // Closed to its user; in the sandbox not there at all.
    const closed = SANDBOXED ? 'ENOENT' : 'EACCES';
    const secretKey = path.join(harness.dataDir, 'secret.key');
    expect((await probe(url!, secretKey)).read).toBe(closed);
    expect((await probe(url!, path.join(harness.dataDir, 'cluster', 'state.json'))).read).toBe(closed);
    expect((await probe(url!, path.join(harness.dataDir, 'cluster', 'probe-env', 'releases', '1', 'probe.mjs'))).read).toBe(closed);
    // Other projects' artifacts (their code) in the registry beside the cluster.
    expect((await probe(url!, (await harness.registry.localPath(probeArtifact))!)).read).toBe(closed);
    expect((await probe(url!, path.join(self.cwd, 'probe.mjs'))).read).toBe('readable');
    await harness.cluster.remove('probe-other');
  });

  it('carries upgraded (WebSocket) connections through the stable URL', async () => {
    const { loopbackUrl: url } = (await harness.cluster.status('probe-env'))!;
    const request = httpRequest(url!, { headers: { connection: 'Upgrade', upgrade: 'websocket' } });
    request.end();
    const [response, socket] = (await once(request, 'upgrade')) as [IncomingMessage, Socket];
    expect(response.statusCode).toBe(101);
    socket.write('ping');
    const [echo] = (await once(socket, 'data')) as [Buffer];
    expect(echo.toString()).toBe('ping');
    socket.destroy();
  });

  it('restarts an app that crashes, behind the same URL', async () => {
    const { loopbackUrl: url } = (await harness.cluster.status('probe-env'))!;
    const before = await probe(url!);
    await page(`${url}crash`);
    await vi.waitFor(async () => expect(await alive(before.pid)).toBe(false), { timeout: 30_000, interval: 20 });
    const after = await probe(url!);
    pids.add(after.pid);
    expect(after.pid).not.toBe(before.pid);
    expect(await harness.cluster.status('probe-env')).toMatchObject({ state: 'running', revision: 1 });
    expect((await harness.cluster.logs('probe-env', 50)).join('\n')).toMatch(/Revision 1 exited with code 3; restarting/);
  });

  it('gives up on an app that keeps crashing, until its next deploy', async () => {
    // Long enough after its health check for the deploy to admit it (its socket check reads /proc, slow under load).
    const crashing = spec('probe-crashy', { environment: { CRASH_AFTER_MS: '1500' } });
    const { loopbackUrl: url } = await harness.cluster.deploy(crashing, deployHooks());
    await vi.waitFor(async () => expect((await harness.cluster.status('probe-crashy'))?.state).toBe('failed'), { timeout: 60_000, interval: 100 });
    expect(await harness.cluster.status('probe-crashy')).toMatchObject({ state: 'failed', revision: 1, replicas: 0, loopbackUrl: url });
    expect((await page(url!)).status).toBe(503);
    const log = (await harness.cluster.logs('probe-crashy', 100)).join('\n');
    expect(log.match(/Revision 1 exited with code 4/g)).toHaveLength(5);
    expect(log).toMatch(/5 crashes in 10 minutes, not restarting until the next deploy/);

    const fixed = await harness.cluster.deploy(spec('probe-crashy'), deployHooks());
    expect(fixed).toMatchObject({ state: 'running', revision: 2, loopbackUrl: url });
    pids.add((await probe(url!)).pid);
    await harness.cluster.remove('probe-crashy');
  }, 120_000);

  it('runs replicas behind the URL in turn, and a crashed replica is replaced while the others serve', async () => {
    const { loopbackUrl: url, replicas } = await harness.cluster.deploy(spec('probe-pair', { replicas: 2 }), deployHooks());
    expect(replicas).toBe(2);
    const [a, b] = [await probe(url!), await probe(url!)];
    expect(a.pid).not.toBe(b.pid);
    await page(`${url}crash`);
    // The survivor answers every request while its partner dies (the log tells) and until its replacement serves.
    const replaced = async () =>
      (await harness.cluster.logs('probe-pair', 50)).some((line) => line.includes('exited with code 3; restarting')) &&
      (await harness.cluster.status('probe-pair'))!.replicas === 2;
    const statuses: number[] = [];
    do statuses.push((await page(url!)).status);
    while (!(await replaced()));
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    expect((await alive(a.pid)) && (await alive(b.pid))).toBe(false);
    expect(await harness.cluster.status('probe-pair')).toMatchObject({ state: 'running', replicas: 2, revision: 1 });
    const answers = [await probe(url!), await probe(url!)];
    for (const { pid } of answers) pids.add(pid);
    expect(new Set(answers.map(({ pid }) => pid)).size).toBe(2);
    await expect(harness.cluster.deploy(spec('probe-pair', { replicas: 0 }), deployHooks())).rejects.toThrow(/runs 1 to 8 replicas/);
    await harness.cluster.remove('probe-pair');
  });

  it("keeps a bounded log of the app's output", async () => {
    const lines = await harness.cluster.logs('probe-env', 2);
    expect(lines.length).toBeLessThanOrEqual(2);
    expect(await harness.cluster.logs('probe-env', 100)).toContain('[r1] probe listening');
    expect(await harness.cluster.logs('no-such-app', 10)).toEqual([]);
  });

  it('redeploys when only the environment changed, and the app sees the new value', async () => {
    const status = await harness.cluster.deploy(spec('probe-env', { environment: { GREETING: 'bonjour' } }), deployHooks());
    expect(status.revision).toBe(2);
    const answer = await probe(status.loopbackUrl!);
    pids.add(answer.pid);
    expect(answer.env.GREETING).toBe('bonjour');
  });

  it('says clearly when the app cannot start, and leaves nothing running', async () => {
    const failing = spec('probe-broken', { runtime: { start: ['node', 'missing.mjs'], healthPath: '/health', portEnv: 'PORT' }, healthTimeoutSeconds: 5 });
    let whileStarting: Promise<AppStatus | null> | undefined;
    const onLog = (line: string) => {
      if (line.startsWith('Revision 1 started')) whileStarting ??= harness.cluster.status('probe-broken');
    };
    await expect(harness.cluster.deploy(failing, { signal: new AbortController().signal, onLog })).rejects.toThrow(/Revision 1 did not become healthy: the process exited with code 1; nothing is serving/);
    expect(await whileStarting).toMatchObject({ state: 'starting', digest: null, revision: 0 });
    expect(await harness.cluster.status('probe-broken')).toMatchObject({ state: 'failed', digest: null, revision: 0 });
    const missing = spec('probe-broken', { runtime: { start: ['no-such-command'], healthPath: '/health', portEnv: 'PORT' }, healthTimeoutSeconds: 5 });
    await expect(harness.cluster.deploy(missing, deployHooks())).rejects.toThrow(/Revision 2 did not become healthy: the process could not start \(ENOENT: the start command or its folder was not found\)/);
    await harness.cluster.remove('probe-broken');
  });

  it('stops waiting for a health check when the deployment is cancelled', async () => {
    const controller = new AbortController();
    const waiting = spec('probe-cancel', { runtime: { start: ['node', 'probe.mjs'], healthPath: '/unhealthy', portEnv: 'PORT' }, healthTimeoutSeconds: 60 });
    // Cancelled once it waits for the health check, as its log says.
    const onLog = (line: string) => line.includes('waiting for GET /unhealthy') && controller.abort();
    await expect(harness.cluster.deploy(waiting, { signal: controller.signal, onLog })).rejects.toThrow(
      'Revision 1 did not become healthy: the deployment was cancelled; nothing is serving',
    );
    expect(await harness.cluster.status('probe-cancel')).toMatchObject({ state: 'failed', replicas: 0 });
    await harness.cluster.remove('probe-cancel');
  });

  it('refuses an archive that writes outside its release folder, and the serving revision stays', async () => {
    const outside = await mkdtemp(path.join(tmpdir(), 'slipway-outside-'));
    onTestFinished(() => rm(outside, { recursive: true, force: true }));
    const hostile = [
      await harness.artifacts.raw([{ path: '../../escaped.txt', type: 'File', body: 'owned' }]),
      await harness.artifacts.raw([
        { path: 'link', type: 'SymbolicLink', linkpath: outside },
        { path: 'link/escaped.txt', type: 'File', body: 'owned' },
      ]),
    ];
    for (const artifact of hostile) {
      await expect(harness.cluster.deploy(spec('probe-env', { artifact }), deployHooks())).rejects.toThrow(/could not be unpacked/);
    }
    expect(await readdir(outside)).toEqual([]);
    expect(await readdir(path.join(harness.dataDir, 'cluster'))).not.toContain('escaped.txt');
    expect(await readdir(path.join(harness.dataDir, 'cluster', 'probe-env'))).not.toContain('escaped.txt');
    expect(await harness.cluster.status('probe-env')).toMatchObject({ state: 'running', digest: probeArtifact.digest });
  });

  it('refuses a bad app name, environment variable or unknown artifact with a clear message, changing nothing', async () => {
    await expect(harness.cluster.deploy(spec('../etc'), deployHooks())).rejects.toThrow(/app name must be lower-case/);
    await expect(harness.cluster.deploy(spec('probe-bad', { environment: { 'BAD NAME': 'x' } }), deployHooks())).rejects.toThrow(/not a valid environment variable name/);
    const unknown = { ...probeArtifact, tag: 'v99', digest: `sha256:${'0'.repeat(64)}` };
    await expect(harness.cluster.deploy(spec('probe-bad', { artifact: unknown }), deployHooks())).rejects.toThrow('The artifact test/site:v99 is not stored on this machine');
    expect(await harness.cluster.status('probe-bad')).toBeNull();
  });

  it('serves concurrent requests without a failure during a rolling update', async () => {
    const { loopbackUrl: url } = (await harness.cluster.status('probe-env'))!;
    let failures = 0;
    let requests = 0;
    let rolling = true;
    const load = (async () => {
      while (rolling) {
        requests++;
        const { status } = await page(url!).catch(() => ({ status: 0 }));
        if (status !== 200) failures++;
      }
    })();
    const status = await harness.cluster.deploy(spec('probe-env', { environment: { GREETING: 'hallo' } }), deployHooks());
    rolling = false;
    await load;
    pids.add((await probe(status.loopbackUrl!)).pid);
    expect(requests).toBeGreaterThan(5);
    expect(failures).toBe(0);
  });

  it('runs a canary beside the serving revision for exactly its share of requests, measured apart, then promotes or aborts it', async () => {
    const name = 'probe-canary';
    const { loopbackUrl: url } = await harness.cluster.deploy(spec(name, { environment: { GREETING: 'stable' } }), deployHooks());
    const greetings = async (count: number) => {
      const seen: string[] = [];
      for (let index = 0; index < count; index++) seen.push((await probe(url!)).env.GREETING);
      return seen;
    };
    await harness.cluster.canary.startCanary(spec(name, { environment: { GREETING: 'canary' } }), deployHooks());
    expect(await greetings(5)).toEqual(Array(5).fill('stable'));
    await harness.cluster.canary.setCanaryWeight(name, 20);
    expect((await greetings(50)).filter((greeting) => greeting === 'canary')).toHaveLength(10);
    const traffic = (await harness.cluster.canary.canaryTraffic(name))!;
    expect(traffic).toMatchObject({ percent: 20, stable: { revision: 1, requests: 45, errors: 0, instances: 1 }, canary: { revision: 2, requests: 10, errors: 0, instances: 1 } });
    const events: string[] = [];
    const promoted = await harness.cluster.canary.promoteCanary(name, { ...deployHooks(), onEvent: (event) => void events.push(event) });
    expect(promoted).toMatchObject({ state: 'running', revision: 2 });
    expect(events).toEqual(['traffic_shifted', 'drained', 'stopped']);
    expect(await greetings(5)).toEqual(Array(5).fill('canary'));
    expect(await harness.cluster.canary.canaryTraffic(name)).toBeNull();

    await harness.cluster.canary.startCanary(spec(name, { environment: { GREETING: 'bad' } }), deployHooks());
    await harness.cluster.canary.setCanaryWeight(name, 50);
    expect(new Set(await greetings(4))).toEqual(new Set(['canary', 'bad']));
    await harness.cluster.canary.abortCanary(name);
    expect(await greetings(6)).toEqual(Array(6).fill('canary'));
    expect(await harness.cluster.status(name)).toMatchObject({ state: 'running', revision: 2, replicas: 1 });
    await expect(harness.cluster.canary.setCanaryWeight(name, 10)).rejects.toThrow(/No canary runs/);
    await harness.cluster.remove(name);
  });

  it('removing an app stops its processes and frees its URL', async () => {
    const { loopbackUrl: url } = (await harness.cluster.status('probe-env'))!;
    const { pid } = await probe(url!);
    await harness.cluster.remove('probe-env');
    expect(await alive(pid)).toBe(false);
    expect(await refusesConnections(url!)).toBe(true);
    await expect(readFile(path.join(harness.dataDir, 'cluster', 'probe-env', 'app.log'))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

/** A Slipway process that deploys the probe, prints its URL and the app's pid, then waits to be killed. */
const CRASHING_SLIPWAY = (dataDir: string, key: string, artifact: Artifact) => `
import { randomUUID } from 'node:crypto';
import { SecretBox } from ${JSON.stringify(path.resolve(__dirname, '../../../common/secret-box.ts'))};
import { LocalRegistry } from ${JSON.stringify(path.resolve(__dirname, '../../registry/local-registry.ts'))};
import { LocalCluster } from ${JSON.stringify(path.resolve(__dirname, '../local-cluster.ts'))};
const dataDir = ${JSON.stringify(dataDir)};
const cluster = new LocalCluster({ dataDir, registry: new LocalRegistry(dataDir), secretBox: new SecretBox(Buffer.from(${JSON.stringify(key)}, 'hex')), stablePorts: { from: 28_100, to: 28_399 } });
const status = await cluster.deploy({ name: 'orphan', projectId: randomUUID(), ownerId: randomUUID(), artifact: ${JSON.stringify(artifact)}, replicas: 1,
  healthTimeoutSeconds: 20, environment: {}, runtime: { start: ['node', 'probe.mjs'], healthPath: '/health', portEnv: 'PORT' } },
  { signal: new AbortController().signal, onLog() {} });
console.log(JSON.stringify(status));
setInterval(() => {}, 1000);
`;

describe('local cluster: after Slipway itself crashed', () => {
  it('ends the app processes the dead Slipway left behind, then restores the app on its URL', async () => {
    const { dataDir, artifacts, options, cluster, close } = await openLocal();
    // The data directory now belongs to the Slipway that is about to crash.
    await cluster.shutdown();
    const artifact = await artifacts.staticSite('Orphans', { 'probe.mjs': PROBE });
    const script = path.join(workDir, 'crashing-slipway.mts');
    await writeFile(script, CRASHING_SLIPWAY(dataDir, KEY.toString('hex'), artifact));
    const slipway = spawn(process.execPath, ['--import', 'tsx', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    const url = await new Promise<string>((resolve, reject) => {
      let output = '';
      slipway.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const line = output.split('\n').find((text) => text.startsWith('{'));
        if (line) resolve((JSON.parse(line) as { loopbackUrl: string }).loopbackUrl);
      });
      slipway.once('exit', (code) => reject(new Error(`the crashing Slipway exited early (${code})`)));
    });
    const orphan = await probe(url);
    slipway.kill('SIGKILL');
    await once(slipway, 'exit');
    // A sandboxed app dies with the Slipway that started it (bwrap --die-with-parent); without the sandbox it lingers.
    if (SANDBOXED) await expect.poll(() => alive(orphan.pid), { timeout: 3000 }).toBe(false);
    else expect(await alive(orphan.pid)).toBe(true);

    const restarted = new LocalCluster(options);
    try {
      await restarted.restore();
      expect(await alive(orphan.pid)).toBe(false);
      const again = await probe(url);
      expect(again.pid).not.toBe(orphan.pid);
      expect(await restarted.status('orphan')).toMatchObject({ state: 'running', revision: 1, loopbackUrl: url });
      await restarted.remove('orphan');
      expect(await alive(again.pid)).toBe(false);
    } finally {
      await restarted.shutdown();
      if (await alive(orphan.pid)) process.kill(orphan.pid, 'SIGKILL');
      await close();
    }
  });
});

describe('local cluster: two data directories on one machine', () => {
  it("keep their apps apart: removing one's app leaves the other's running", async () => {
    const [one, two] = [await openLocal(), await openLocal()];
    try {
      const deployProbe = async (harness: typeof one) => {
        const artifact = await harness.artifacts.staticSite('Twin', { 'probe.mjs': PROBE });
        const runtime = { start: ['node', 'probe.mjs'], healthPath: '/health', portEnv: 'PORT' };
        const { loopbackUrl: url } = await harness.cluster.deploy({ name: 'twin', projectId: randomUUID(), ownerId: randomUUID(), artifact, runtime, environment: {}, replicas: 1, healthTimeoutSeconds: 20 }, deployHooks());
        return { url: url!, ...(await probe(url!)) };
      };
      const [first, second] = [await deployProbe(one), await deployProbe(two)];
      expect(first.url).not.toBe(second.url);
      if (isRoot) expect(first.uid).not.toBe(second.uid);
      await one.cluster.remove('twin');
      expect(await alive(second.pid)).toBe(true);
      expect((await probe(second.url)).pid).toBe(second.pid);
    } finally {
      await one.close();
      await two.close();
    }
  });
});

describe("local cluster: the first version's state file", () => {
  it('restores its apps with one replica each, keeping their user ids (block 0)', async () => {
    const harness = await openLocal();
    try {
      const artifact = await harness.artifacts.staticSite('Old state');
      const deploy = { name: 'old-state', projectId: randomUUID(), ownerId: randomUUID(), artifact, runtime: STATIC_SITE, environment: {}, replicas: 1, healthTimeoutSeconds: 20 };
      const { loopbackUrl: url } = await harness.cluster.deploy(deploy, deployHooks());
      await harness.cluster.shutdown();
      const file = path.join(harness.dataDir, 'cluster', 'state.json');
      const state = JSON.parse(await readFile(file, 'utf8')) as { idBlock?: number; apps: Array<{ current: { replicas?: number } }> };
      const { idBlock } = state;
      delete state.apps[0].current.replicas;
      await writeFile(file, JSON.stringify(state));
      const restarted = await harness.restart();
      expect(await page(url!, 20_000)).toMatchObject({ status: 200 });
      expect(await restarted.status('old-state')).toMatchObject({ state: 'running', replicas: 1 });
      expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ idBlock });

      await restarted.shutdown();
      delete state.idBlock;
      state.apps = [];
      await writeFile(file, JSON.stringify(state));
      await harness.restart();
      expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ idBlock: 0 });
    } finally {
      await harness.close();
    }
  });
});

describe('local cluster: one owner per data directory', () => {
  it("leaves a live owner's apps and state alone, and takes them over once that process is gone", async () => {
    const harness = await openLocal();
    const other = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    try {
      const { loopbackUrl: url } = await harness.cluster.deploy(
        { name: 'owned', projectId: randomUUID(), ownerId: randomUUID(), artifact: await harness.artifacts.staticSite('Owned'), runtime: STATIC_SITE, environment: {}, replicas: 1, healthTimeoutSeconds: 20 },
        deployHooks(),
      );
      await harness.cluster.shutdown();
      const file = path.join(harness.dataDir, 'cluster', 'state.json');
      const state = await readFile(file, 'utf8');
      // Another Slipway process claims the data directory's cluster.
      await writeFile(path.join(harness.dataDir, 'cluster', 'owner.pid'), String(other.pid));

      const waiting = new LocalCluster(harness.options);
      try {
        expect(await waiting.restore()).toBe(false);
        await expect(waiting.status('owned')).rejects.toThrow(`The local cluster is run by another Slipway process (${other.pid})`);
        expect(await refusesConnections(url!)).toBe(true);
        expect(await readFile(file, 'utf8')).toBe(state);

        other.kill('SIGKILL');
        await once(other, 'exit');
        expect(await page(url!, 15_000)).toMatchObject({ status: 200 });
        expect(await waiting.status('owned')).toMatchObject({ state: 'running', loopbackUrl: url });
        // The owner's pid and start: a later process that gets the same pid does not hold the claim.
        expect(await readFile(path.join(harness.dataDir, 'cluster', 'owner.pid'), 'utf8')).toMatch(new RegExp(`^${process.pid} \\d+$`));
      } finally {
        await waiting.shutdown();
      }
    } finally {
      other.kill('SIGKILL');
      await harness.close();
    }
  }, 60_000);

  it('takes over at once a claim whose pid now names another process (a restarted container reuses pids)', async () => {
    const harness = await openLocal();
    const other = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    try {
      await mkdir(path.join(harness.dataDir, 'cluster'), { recursive: true });
      const ownerFile = path.join(harness.dataDir, 'cluster', 'owner.pid');
      const [held, reused] = [new LocalCluster(harness.options), new LocalCluster(harness.options)];
      try {
        await writeFile(ownerFile, `${other.pid} ${processStart(other.pid!)}`);
        expect(await held.restore()).toBe(false);
        // Written by a process that had this pid but started at another time.
        await writeFile(ownerFile, `${other.pid} 1`);
        expect(await reused.restore()).toBe(true);
      } finally {
        await held.shutdown();
        await reused.shutdown();
      }
    } finally {
      other.kill('SIGKILL');
      await harness.close();
    }
  }, 60_000);
});
