/**
 * `npm run bench:isolation`: what the sandbox (server/src/providers/sandbox) costs, and what its limits buy.
 *
 * Run twice, each time in a fresh child process: with the sandbox (as this machine allows it) and with
 * SLIPWAY_SANDBOX=off. Each run, on a fresh data directory with the local providers (no database needed):
 *  1. builds the static-site and node-rest-api templates BENCH_ROUNDS times (default 7; the build and, for
 *     node-rest-api, its tests) and deploys each build on the local cluster; reported: the median build time and the
 *     median time from deploy() to the app answering its health check (target: at most 10 % more in the sandbox);
 *  2. deploys a static site as the neighbour and builds node-rest-api BENCH_ROUNDS times beside it (in the sandbox a
 *     build keeps off the first CPU while an app runs); reported: the median build time;
 *  3. sends the neighbour GET requests at BENCH_RATE (default 100) per second on the
 *     loopback URL: first 3 s to warm it up (not counted), then BENCH_PHASES (default 3) times BENCH_SECONDS (default
 *     10) quiet, then as long beside another project's build that burns two cores and 400 MB of memory, in turns so
 *     that a drift of the machine weighs on both; reported: the neighbour's p99 over all quiet and over all busy
 *     phases (3,000 requests each by default) and failed requests (targets: 0 failed, p99 at most 20 % above quiet).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { SecretBox } from '../server/src/common/secret-box.js';
import { loadTemplate } from '../server/src/modules/templates/template-catalog.js';
import { renderTemplate } from '../server/src/modules/templates/template-renderer.js';
import { LocalCluster } from '../server/src/providers/cluster/local-cluster.js';
import { createLocalProviders } from '../server/src/providers/local.js';
import { describeSupport, sandboxSupport } from '../server/src/providers/sandbox/sandbox.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS) || 7;
const RATE = Number(process.env.BENCH_RATE) || 100;
const SECONDS = Number(process.env.BENCH_SECONDS) || 10;
const PHASES = Number(process.env.BENCH_PHASES) || 3;
const WARM_UP_SECONDS = 3;
const TEMPLATES_DIR = fileURLToPath(new URL('../templates', import.meta.url));
const noop = () => undefined;

interface Figures {
  mode: string;
  builds: Record<string, number>;
  starts: Record<string, number>;
  /** node-rest-api's build while the neighbour runs (the sandbox then keeps the build off the first CPU). */
  besideApp: number;
  quiet: { p99: number; failed: number; sent: number };
  busy: { p99: number; failed: number; sent: number };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const p99 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * 0.99))] ?? NaN;

function get(url: string): Promise<number> {
  return new Promise((resolve) => {
    const req = request(url, { agent: false, timeout: 5000 }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', () => resolve(0));
    req.on('timeout', () => req.destroy());
    req.end();
  });
}

interface Load {
  latencies: number[];
  failed: number;
}

/** GETs at RATE per second for that many seconds: their latencies (ms) and failures. */
async function load(url: string, seconds: number): Promise<Load> {
  const latencies: number[] = [];
  let failed = 0;
  const pending: Array<Promise<void>> = [];
  const start = performance.now();
  for (let i = 0; i < RATE * seconds; i++) {
    const due = start + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    const sent = performance.now();
    pending.push(
      get(url).then((status) => {
        if (status === 200) latencies.push(performance.now() - sent);
        else failed += 1;
      }),
    );
  }
  await Promise.all(pending);
  return { latencies, failed };
}

/** The phases' figures together. */
function summary(loads: Load[]): Figures['quiet'] {
  const latencies = loads.flatMap((phase) => phase.latencies);
  const failed = loads.reduce((sum, phase) => sum + phase.failed, 0);
  return { p99: Math.round(p99(latencies) * 10) / 10, failed, sent: latencies.length + failed };
}

async function child(): Promise<void> {
  const found = await sandboxSupport();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'slipway-bench-isolation-'));
  await chmod(dataDir, 0o711);
  const secretBox = new SecretBox(randomBytes(32));
  const local = createLocalProviders({ dataDir, secretBox });
  const cluster = new LocalCluster({ dataDir, registry: local.registry, secretBox, stablePorts: { from: 28_600, to: 28_699 } });
  const figures: Figures = { mode: describeSupport(found), builds: {}, starts: {}, besideApp: 0, quiet: { p99: 0, failed: 0, sent: 0 }, busy: { p99: 0, failed: 0, sent: 0 } };
  let counter = 0;
  const commit = async (name: string, files: Array<{ path: string; content: Buffer; executable?: boolean }>) => {
    const repository = { organization: 'bench', name: `${name}-${++counter}` };
    await local.sourceHost.ensureRepository(repository, { description: 'bench' });
    const { sha } = await local.sourceHost.commitFiles(repository, { branch: 'main', message: 'bench', author: { name: 'Bench', email: 'bench@example.com' }, files });
    return { repository, sha };
  };
  const rendered = async (name: string) => {
    const template = await loadTemplate(TEMPLATES_DIR, name);
    const dir = await mkdtemp(path.join(tmpdir(), 'slipway-bench-render-'));
    try {
      const paths = await renderTemplate(template, dir, { projectName: `Bench ${name}`, description: 'bench' });
      const files = await Promise.all(paths.map(async (file) => ({ path: file, content: await readFile(path.join(dir, file)), executable: ((await stat(path.join(dir, file))).mode & 0o111) !== 0 })));
      const environment = Object.fromEntries(template.environmentVariables.map((v) => [v.name, v.defaultValue || 'bench-value']));
      return { template, files, environment };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };
  const hooks = { signal: new AbortController().signal, onLog: noop };
  const build = async (name: string, appName: string) => {
    const { template, files, environment } = await rendered(name);
    const { repository, sha } = await commit(name, files);
    const projectId = `bench-${appName}`;
    const request = { projectId, ownerId: 'bench', repository, commitSha: sha, image: { repository: `bench/${repository.name}`, tag: 'v1' }, buildCommand: template.runtime.build, testCommand: template.runtime.test ?? null, environment, timeoutSeconds: 300 };
    const log: string[] = [];
    const result = await local.builder.build(request, { ...hooks, onLog: (line) => log.push(line) });
    if (result.status !== 'success') throw new Error(`${name} did not build: ${result.error}\n${log.join('\n')}`);
    return { template, environment, projectId, result };
  };
  const buildAndDeploy = async (name: string, appName: string) => {
    const { template, environment, projectId, result } = await build(name, appName);
    const started = performance.now();
    const status = await cluster.deploy(
      { name: appName, projectId, ownerId: 'bench', artifact: result.artifact!, runtime: { start: template.runtime.start, healthPath: template.runtime.healthPath, portEnv: template.runtime.portEnv }, environment, replicas: 1, healthTimeoutSeconds: 60 },
      hooks,
    );
    return { build: result.durationMs, start: performance.now() - started, url: status.loopbackUrl! };
  };
  try {
    for (const name of ['static-site', 'node-rest-api']) {
      const builds: number[] = [];
      const starts: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const { build: built, start } = await buildAndDeploy(name, `${name}-${round}`);
        builds.push(built);
        starts.push(start);
        await cluster.remove(`${name}-${round}`);
      }
      figures.builds[name] = Math.round(median(builds));
      figures.starts[name] = Math.round(median(starts));
    }
    const neighbour = await buildAndDeploy('static-site', 'neighbour');
    const besideApp: number[] = [];
    for (let round = 0; round < ROUNDS; round++) besideApp.push((await build('node-rest-api', `beside-${round}`)).result.durationMs);
    figures.besideApp = Math.round(median(besideApp));
    await load(neighbour.url, WARM_UP_SECONDS);
    // Another project's heavy build: two busy processes and 400 MB, for longer than a phase.
    const heavy = `const { spawn } = require('node:child_process');
      const burn = 'const end = Date.now() + ${(SECONDS + 2) * 1000}; let x = 0; while (Date.now() < end) x += Math.sqrt(x + 1);';
      for (let i = 0; i < 2; i++) spawn(process.execPath, ['-e', burn], { stdio: 'inherit' });
      const hold = []; for (let i = 0; i < 25; i++) hold.push(Buffer.alloc(16 * 1024 * 1024, 1));
      setTimeout(() => {}, ${(SECONDS + 2) * 1000});`;
    const quiet: Load[] = [];
    const busy: Load[] = [];
    for (let phase = 0; phase < PHASES; phase++) {
      quiet.push(await load(neighbour.url, SECONDS));
      const { repository, sha } = await commit('heavy', [{ path: 'README.md', content: Buffer.from('heavy') }]);
      const heavyBuild = local.builder.build(
        { projectId: 'bench-heavy', ownerId: 'bench', repository, commitSha: sha, image: { repository: `bench/${repository.name}`, tag: `v${phase + 1}` }, buildCommand: [process.execPath, '-e', heavy], environment: {}, timeoutSeconds: 120 },
        hooks,
      );
      await sleep(1000);
      busy.push(await load(neighbour.url, SECONDS));
      await heavyBuild;
    }
    figures.quiet = summary(quiet);
    figures.busy = summary(busy);
  } finally {
    await cluster.shutdown();
    await rm(dataDir, { recursive: true, force: true });
  }
  console.log(`FIGURES ${JSON.stringify(figures)}`);
}

function run(env: Record<string, string>): Promise<Figures> {
  return new Promise((resolve, reject) => {
    const script = fileURLToPath(import.meta.url);
    const proc = spawn('npx', ['tsx', '--conditions=source', '--tsconfig', 'server/tsconfig.json', script, 'child'], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    proc.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    proc.on('exit', (code) => {
      const line = output.split('\n').find((text) => text.startsWith('FIGURES '));
      if (code === 0 && line) resolve(JSON.parse(line.slice('FIGURES '.length)) as Figures);
      else reject(new Error(`the bench run exited with ${code}: ${output.slice(-2000)}`));
    });
  });
}

async function main(): Promise<void> {
  const sandboxed = await run({});
  const plain = await run({ SLIPWAY_SANDBOX: 'off' });
  const change = (a: number, b: number) => `${b >= a ? '+' : ''}${Math.round(((b - a) / a) * 100)} %`;
  const row = (label: string, value: (figures: Figures) => number) => `| ${label} | ${value(plain)} ms | ${value(sandboxed)} ms | ${change(value(plain), value(sandboxed))} |`;
  const lines = [
    `With the sandbox: ${sandboxed.mode}`,
    `Without: ${plain.mode}`,
    '',
    '| | without sandbox | with sandbox | change |',
    '|---|---|---|---|',
    ...Object.keys(plain.builds).flatMap((name) => [
      row(`${name} build (median of ${ROUNDS})`, (figures) => figures.builds[name]),
      row(`${name} app start (deploy to healthy, median)`, (figures) => figures.starts[name]),
    ]),
    row(`node-rest-api build beside a running app (median of ${ROUNDS}; sandboxed, off the first CPU)`, (figures) => figures.besideApp),
    `| neighbour p99, quiet (${RATE} req/s, ${PHASES} × ${SECONDS} s) | ${plain.quiet.p99} ms, ${plain.quiet.failed} failed | ${sandboxed.quiet.p99} ms, ${sandboxed.quiet.failed} failed | |`,
    `| neighbour p99, beside a heavy build | ${plain.busy.p99} ms, ${plain.busy.failed} failed (${change(plain.quiet.p99, plain.busy.p99)} on quiet) | ${sandboxed.busy.p99} ms, ${sandboxed.busy.failed} failed (${change(sandboxed.quiet.p99, sandboxed.busy.p99)} on quiet) | |`,
  ];
  console.log(lines.join('\n'));
}

if (process.argv[2] === 'child') await child();
else await main();
