/**
 * `npm run bench:isolation`: what the sandbox (server/src/providers/sandbox) costs, and what its limits buy.
 *
 * Two child processes, each with the local providers on a fresh data directory (no database needed), run side by side:
 * one with the sandbox (as this machine allows it), one with SLIPWAY_SANDBOX=off. They take turns, each going first in
 * every other round, with a pause after each build, so that a drift of the machine weighs on both modes alike:
 *  1. each builds the static-site and node-rest-api templates BENCH_ROUNDS times (default 11; the build and, for
 *     node-rest-api, its tests) and deploys each build on its local cluster; reported: the median build time and the
 *     median time from deploy() to the app answering its health check (target: at most 10 % more in the sandbox);
 *  2. each deploys a static site as the neighbour and builds node-rest-api BENCH_ROUNDS times beside it (in the
 *     sandbox a build keeps off the first CPU while an app runs); reported: the median build time;
 *  3. one mode after the other, its neighbour gets GET requests at BENCH_RATE (default 100) per second on the
 *     loopback URL: first 3 s to warm it up (not counted), then BENCH_PHASES (default 3) times BENCH_SECONDS (default
 *     10) quiet, then as long beside another project's build that burns two cores and 400 MB of memory, in turns;
 *     reported: the neighbour's p99 over all quiet and over all busy phases (3,000 requests each by default) and
 *     failed requests (targets: 0 failed, p99 at most 20 % above quiet).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { SecretBox } from '../server/src/common/secret-box.js';
import { loadTemplate } from '../server/src/modules/templates/template-catalog.js';
import { renderTemplate } from '../server/src/modules/templates/template-renderer.js';
import { LocalCluster } from '../server/src/providers/cluster/local-cluster.js';
import { createLocalProviders } from '../server/src/providers/local.js';
import { describeSupport, dropSpare, sandboxSupport } from '../server/src/providers/sandbox/sandbox.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS) || 11;
const RATE = Number(process.env.BENCH_RATE) || 100;
const SECONDS = Number(process.env.BENCH_SECONDS) || 10;
const PHASES = Number(process.env.BENCH_PHASES) || 3;
const WARM_UP_SECONDS = 3;
/** The pause after each build of the turns, in which the sandbox makes the next build's sandbox ahead (sandbox.ts). */
const PAUSE_MS = 500;
const TEMPLATES_DIR = fileURLToPath(new URL('../templates', import.meta.url));
const noop = () => undefined;

/** A neighbour's requests of one kind (quiet or beside a heavy build): their p99 (ms), failures and number. */
interface Latency {
  p99: number;
  failed: number;
  sent: number;
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
function summary(loads: Load[]): Latency {
  const latencies = loads.flatMap((phase) => phase.latencies);
  const failed = loads.reduce((sum, phase) => sum + phase.failed, 0);
  return { p99: Math.round(p99(latencies) * 10) / 10, failed, sent: latencies.length + failed };
}

/**
 * What main() asks a child for, one request a line on its stdin; the child answers each with a `REPLY <json>` line,
 * and ends when its stdin does.
 */
type Ask = { op: 'round'; name: string; round: number } | { op: 'neighbour' } | { op: 'beside'; round: number } | { op: 'load' };

/** One mode's Slipway parts (the local providers on a fresh data directory), doing what main() asks, one thing at a time. */
async function child(stablePortsFrom: number): Promise<void> {
  const found = await sandboxSupport();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'slipway-bench-isolation-'));
  await chmod(dataDir, 0o711);
  const secretBox = new SecretBox(randomBytes(32));
  const local = createLocalProviders({ dataDir, secretBox });
  const cluster = new LocalCluster({ dataDir, registry: local.registry, secretBox, stablePorts: { from: stablePortsFrom, to: stablePortsFrom + 99 } });
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
  let neighbourUrl = '';
  const answer = async (ask: Ask): Promise<unknown> => {
    switch (ask.op) {
      case 'round': {
        const { build: built, start } = await buildAndDeploy(ask.name, `${ask.name}-${ask.round}`);
        await cluster.remove(`${ask.name}-${ask.round}`);
        return { build: built, start };
      }
      case 'neighbour':
        neighbourUrl = (await buildAndDeploy('static-site', 'neighbour')).url;
        return {};
      case 'beside':
        return { build: (await build('node-rest-api', `beside-${ask.round}`)).result.durationMs };
      case 'load':
        return neighbourLoad();
    }
  };
  // The neighbour's GETs: quiet phases in turn with phases beside another project's heavy build, so that a drift of
  // the machine weighs on both.
  const neighbourLoad = async () => {
    await load(neighbourUrl, WARM_UP_SECONDS);
    // Another project's heavy build: two busy processes and 400 MB, for longer than a phase.
    const heavy = `const { spawn } = require('node:child_process');
      const burn = 'const end = Date.now() + ${(SECONDS + 2) * 1000}; let x = 0; while (Date.now() < end) x += Math.sqrt(x + 1);';
      for (let i = 0; i < 2; i++) spawn(process.execPath, ['-e', burn], { stdio: 'inherit' });
      const hold = []; for (let i = 0; i < 25; i++) hold.push(Buffer.alloc(16 * 1024 * 1024, 1));
      setTimeout(() => {}, ${(SECONDS + 2) * 1000});`;
    const quiet: Load[] = [];
    const busy: Load[] = [];
    for (let phase = 0; phase < PHASES; phase++) {
      quiet.push(await load(neighbourUrl, SECONDS));
      const { repository, sha } = await commit('heavy', [{ path: 'README.md', content: Buffer.from('heavy') }]);
      const heavyBuild = local.builder.build(
        { projectId: 'bench-heavy', ownerId: 'bench', repository, commitSha: sha, image: { repository: `bench/${repository.name}`, tag: `v${phase + 1}` }, buildCommand: [process.execPath, '-e', heavy], environment: {}, timeoutSeconds: 120 },
        hooks,
      );
      await sleep(1000);
      busy.push(await load(neighbourUrl, SECONDS));
      await heavyBuild;
    }
    return { quiet: summary(quiet), busy: summary(busy) };
  };
  console.log(`REPLY ${JSON.stringify({ mode: describeSupport(found) })}`);
  try {
    for await (const line of createInterface({ input: process.stdin })) {
      console.log(`REPLY ${JSON.stringify(await answer(JSON.parse(line) as Ask))}`);
    }
  } finally {
    await cluster.shutdown();
    await dropSpare();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** A child running one mode: ask() sends it a request and answers its reply. */
function startChild(env: Record<string, string>, stablePortsFrom: number) {
  const script = fileURLToPath(import.meta.url);
  const proc = spawn('npx', ['tsx', '--conditions=source', '--tsconfig', 'server/tsconfig.json', script, 'child', String(stablePortsFrom)], { env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'inherit'] });
  const replies: Array<(line: string) => void> = [];
  const waiting: string[] = [];
  let failure: Error | null = null;
  const lines = createInterface({ input: proc.stdout });
  lines.on('line', (line) => {
    if (!line.startsWith('REPLY ')) return;
    const reply = replies.shift();
    if (reply) reply(line.slice('REPLY '.length));
    else waiting.push(line.slice('REPLY '.length));
  });
  const exited = new Promise<void>((resolve) =>
    proc.on('exit', (code) => {
      failure = new Error(`a bench child (${env.SLIPWAY_SANDBOX === 'off' ? 'without' : 'with'} the sandbox) exited with ${code}`);
      resolve();
    }),
  );
  const next = <T>() =>
    new Promise<T>((resolve, reject) => {
      if (failure) return reject(failure);
      const take = (text: string) => resolve(JSON.parse(text) as T);
      const early = waiting.shift();
      if (early !== undefined) take(early);
      else {
        replies.push(take);
        void exited.then(() => reject(failure));
      }
    });
  return {
    ready: next<{ mode: string }>(),
    ask<T>(request: Ask): Promise<T> {
      proc.stdin.write(`${JSON.stringify(request)}\n`);
      return next<T>();
    },
    /** Ends the child (its stdin), once it has cleaned up. */
    end() {
      proc.stdin.end();
      return exited;
    },
  };
}

async function main(): Promise<void> {
  const sandboxed = startChild({}, 28_600);
  const plain = startChild({ SLIPWAY_SANDBOX: 'off' }, 28_700);
  const modes = { sandboxed: (await sandboxed.ready).mode, plain: (await plain.ready).mode };
  // Both modes take turns, each first in every other round; a pause after each build lets the sandbox make its spare.
  const inTurn = async <T>(round: number, ask: Ask): Promise<{ sandboxed: T; plain: T }> => {
    const answers: Partial<{ sandboxed: T; plain: T }> = {};
    for (const mode of round % 2 ? (['plain', 'sandboxed'] as const) : (['sandboxed', 'plain'] as const)) {
      answers[mode] = await (mode === 'plain' ? plain : sandboxed).ask<T>(ask);
      await sleep(PAUSE_MS);
    }
    return answers as { sandboxed: T; plain: T };
  };
  type Times = { sandboxed: number[]; plain: number[] };
  const figures: Record<string, { build: Times; start: Times }> = {};
  for (const name of ['static-site', 'node-rest-api']) {
    figures[name] = { build: { sandboxed: [], plain: [] }, start: { sandboxed: [], plain: [] } };
    for (let round = 0; round < ROUNDS; round++) {
      const both = await inTurn<{ build: number; start: number }>(round, { op: 'round', name, round });
      for (const mode of ['sandboxed', 'plain'] as const) {
        figures[name].build[mode].push(both[mode].build);
        figures[name].start[mode].push(both[mode].start);
      }
    }
  }
  await Promise.all([sandboxed.ask({ op: 'neighbour' }), plain.ask({ op: 'neighbour' })]);
  const besideApp: Times = { sandboxed: [], plain: [] };
  for (let round = 0; round < ROUNDS; round++) {
    const both = await inTurn<{ build: number }>(round, { op: 'beside', round });
    besideApp.sandboxed.push(both.sandboxed.build);
    besideApp.plain.push(both.plain.build);
  }
  type Loads = { quiet: Latency; busy: Latency };
  const loads = { sandboxed: await sandboxed.ask<Loads>({ op: 'load' }), plain: await plain.ask<Loads>({ op: 'load' }) };
  await Promise.all([sandboxed.end(), plain.end()]);

  const change = (a: number, b: number) => `${b >= a ? '+' : ''}${Math.round(((b - a) / a) * 100)} %`;
  const row = (label: string, times: Times) => {
    const [without, withIt] = [Math.round(median(times.plain)), Math.round(median(times.sandboxed))];
    return `| ${label} | ${without} ms | ${withIt} ms | ${change(without, withIt)} |`;
  };
  const lines = [
    `With the sandbox: ${modes.sandboxed}`,
    `Without: ${modes.plain}`,
    '',
    '| | without sandbox | with sandbox | change |',
    '|---|---|---|---|',
    ...Object.entries(figures).flatMap(([name, times]) => [
      row(`${name} build (median of ${ROUNDS})`, times.build),
      row(`${name} app start (deploy to healthy, median of ${ROUNDS})`, times.start),
    ]),
    row(`node-rest-api build beside a running app (median of ${ROUNDS}; sandboxed, off the first CPU)`, besideApp),
    `| neighbour p99, quiet (${RATE} req/s, ${PHASES} × ${SECONDS} s) | ${loads.plain.quiet.p99} ms, ${loads.plain.quiet.failed} failed | ${loads.sandboxed.quiet.p99} ms, ${loads.sandboxed.quiet.failed} failed | |`,
    `| neighbour p99, beside a heavy build | ${loads.plain.busy.p99} ms, ${loads.plain.busy.failed} failed (${change(loads.plain.quiet.p99, loads.plain.busy.p99)} on quiet) | ${loads.sandboxed.busy.p99} ms, ${loads.sandboxed.busy.failed} failed (${change(loads.sandboxed.quiet.p99, loads.sandboxed.busy.p99)} on quiet) | |`,
  ];
  console.log(lines.join('\n'));
}

if (process.argv[2] === 'child') await child(Number(process.argv[3]));
else await main();
