/**
 * `npm run bench:front-door`: what Slipway's front door costs a deployed app's users, and how soon apps answer again
 * after a restart of Slipway.
 *
 * BENCH_APPS (default 3) static-site projects are created through the API (each creation run deploys its app). Then
 * a second process (child_process.fork) sends GET requests at a steady BENCH_RATE (default 200) per second, each on
 * a new loopback connection, to one app by turns (BENCH_ROUNDS rounds of BENCH_PHASE_SECONDS each, default 3 x 5 s,
 * so that the machine's other work weighs on every form alike):
 * - direct: the app's own process, on its revision port (read from the cluster's instances.json), no Slipway;
 * - front door: `http://<app>.localhost:<Slipway's port>/` (127.0.0.1 with that Host, as a browser sends it);
 * - loopback URL: `http://127.0.0.1:<app port>/`, Slipway's per-app proxy port.
 * Reported: requests, failed, p50 and p99 of each, and what the front door adds to direct (targets: <= 2 ms at p50,
 * <= 10 ms at p99, 0 failed); the load average before and after. Then Slipway restarts (same database, data directory
 * and port) and each app's front-door URL is polled every 20 ms: the time from the new Slipway's start (the old one
 * has stopped) until the last app answers 200 (target: 5 s), with Slipway's own boot time beside it.
 *
 * Slipway (role all) runs in this process on a fresh database on the PostgreSQL server
 * (BENCH_DATABASE_ADMIN_URL, default postgres://postgres@127.0.0.1:5432/postgres), dropped at the end.
 */
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { type IntervalHistogram, monitorEventLoopDelay } from 'node:perf_hooks';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { percentile, request as api, type Sample, timedGet, until, withBenchSlipway } from './bench-common.js';

const RATE = Number(process.env.BENCH_RATE) || 200;
const APPS = Number(process.env.BENCH_APPS) || 3;
const ROUNDS = Number(process.env.BENCH_ROUNDS) || 3;
const PHASE_SECONDS = Number(process.env.BENCH_PHASE_SECONDS) || 5;
/** With this many requests open, a tick sends nothing (counted as skipped) instead of piling up. */
const MAX_IN_FLIGHT = 32;

interface Target {
  name: string;
  url: string;
}

// ---------------------------------------------------------------- the load (a forked process)

/** Sends RATE requests a second to each target in turn (ROUNDS x PHASE_SECONDS), then reports every sample. */
async function load(): Promise<void> {
  const targets = JSON.parse(process.env.BENCH_TARGETS!) as Target[];
  const samples: Record<string, Sample[]> = Object.fromEntries(targets.map((target) => [target.name, []]));
  let skipped = 0;
  const interval = 1000 / RATE;
  for (let round = 0; round < ROUNDS; round++) {
    for (const target of targets) {
      const pending = new Set<Promise<void>>();
      process.send!({ phase: target.name });
      const start = performance.now();
      for (let tick = 0; tick < RATE * PHASE_SECONDS; tick++) {
        const wait = start + tick * interval - performance.now();
        if (wait > 0) await sleep(wait);
        if (pending.size >= MAX_IN_FLIGHT) {
          skipped++;
          continue;
        }
        const request = timedGet(target.url).then((sample) => {
          samples[target.name].push(sample);
          pending.delete(request);
        });
        pending.add(request);
      }
      await Promise.all(pending);
      process.send!({ phase: null });
    }
  }
  process.send!({ samples, skipped }, () => process.exit(0));
}

// ---------------------------------------------------------------- the benchmark

const row = (cells: Array<string | number>) => cells.map((cell, index) => String(cell).padStart(index === 0 ? 0 : 9).padEnd(index === 0 ? 16 : 0)).join(' ');
const ms = (value: number) => value.toFixed(1);
/** The worst p99 and max event-loop delay of a form's phases, in ms (a histogram counts nanoseconds). */
const delayOf = (phases: IntervalHistogram[]) => `${ms(Math.max(...phases.map((one) => one.percentile(99))) / 1e6)}/${ms(Math.max(...phases.map((one) => one.max)) / 1e6)}`;

async function main(): Promise<void> {
  await withBenchSlipway('front_door', {}, async ({ base, dataDir, restart }) => {
    const { token } = await api(base, 'POST', '/auth/register', undefined, { name: 'Bench', email: 'bench-front-door@example.com', password: 'bench-password' });
    await api(base, 'PUT', '/settings/GITHUB_ORGANIZATION', token, { value: 'bench' });
    console.log(`${APPS} static-site projects: creation runs (repository, build, first deployment)...`);
    const ids: string[] = [];
    for (let index = 0; index < APPS; index++) ids.push((await api(base, 'POST', '/projects', token, { name: `Door ${index + 1}`, template_name: 'static-site' })).id);
    const projects = await Promise.all(
      ids.map(async (id) => {
        await until(`project ${id}'s creation run`, async () => {
          const status = await api(base, 'GET', `/projects/${id}/status`, token);
          if (status.overall_status === 'failed') throw new Error(`creation failed: ${JSON.stringify(status.processors.filter((step: any) => step.status === 'failed'))}`);
          return status.stream_name === 'project_creation' && status.overall_status === 'completed';
        }, 600_000, 250);
        return api(base, 'GET', `/projects/${id}`, token);
      }),
    );

    const project = projects[0];
    const appName = project.active_deployment.kubernetes_namespace as string;
    const instances = JSON.parse(readFileSync(path.join(dataDir, 'cluster', appName, 'instances.json'), 'utf8')) as { instances: Array<{ port: number }> };
    const targets: Target[] = [
      { name: 'direct', url: `http://127.0.0.1:${instances.instances[0].port}/` },
      { name: 'front door', url: project.deployed_url },
      { name: 'loopback URL', url: project.loopback_url },
    ];
    for (const target of targets) console.log(`${target.name.padEnd(13)} ${target.url}`);
    const before = loadavg();
    console.log(`\nload: ${RATE} requests/s, ${ROUNDS} rounds of ${PHASE_SECONDS} s per form, from a second process (${availableParallelism()} CPUs; load average ${before.map((value) => value.toFixed(2)).join(' ')})`);
    const child = fork(process.argv[1], ['--load'], { execArgv: process.execArgv, env: { ...process.env, BENCH_TARGETS: JSON.stringify(targets) }, stdio: 'inherit' });
    // Slipway's CPU time (this process) during each form's phases: what it spends per request it forwards.
    const cpu = new Map<string, number>(targets.map((target) => [target.name, 0]));
    // How long Slipway's event loop was held during each form's phases: what delays every request it forwards.
    const loopDelay = new Map<string, IntervalHistogram[]>(targets.map((target) => [target.name, []]));
    let phase: { name: string; usage: NodeJS.CpuUsage; delay: IntervalHistogram } | null = null;
    const { samples, skipped } = await new Promise<{ samples: Record<string, Sample[]>; skipped: number }>((resolve, reject) => {
      child.on('message', (message: any) => {
        if (!('phase' in message)) return resolve(message as { samples: Record<string, Sample[]>; skipped: number });
        if (phase) {
          const used = process.cpuUsage(phase.usage);
          cpu.set(phase.name, cpu.get(phase.name)! + (used.user + used.system) / 1000);
          phase.delay.disable();
          loopDelay.get(phase.name)!.push(phase.delay);
        }
        phase = message.phase ? { name: message.phase, usage: process.cpuUsage(), delay: monitorEventLoopDelay({ resolution: 1 }) } : null;
        phase?.delay.enable();
      });
      child.on('exit', (code) => reject(new Error(`the load process exited with ${code}`)));
    });
    const after = loadavg();

    const figures = new Map<string, { p50: number; p99: number; failed: number }>();
    console.log(`\n${row(['form', 'requests', 'failed', 'p50 ms', 'p99 ms', 'max ms', 'Slipway CPU ms/request', 'loop delay p99/max ms'])}`);
    for (const target of targets) {
      const all = samples[target.name];
      const times = all.map((sample) => sample.ms).sort((a, b) => a - b);
      const failed = all.filter((sample) => !sample.ok);
      figures.set(target.name, { p50: percentile(times, 50), p99: percentile(times, 99), failed: failed.length });
      console.log(row([target.name, all.length, failed.length, ms(percentile(times, 50)), ms(percentile(times, 99)), ms(times.at(-1)!), (cpu.get(target.name)! / all.length).toFixed(3), delayOf(loopDelay.get(target.name)!)]));
      for (const failure of failed.slice(0, 5)) console.log(`  failed at ${new Date(failure.at).toISOString()}: ${failure.detail}`);
    }
    const direct = figures.get('direct')!;
    const door = figures.get('front door')!;
    const [addedP50, addedP99] = [door.p50 - direct.p50, door.p99 - direct.p99];
    console.log(`\nfront door adds: ${ms(addedP50)} ms at p50, ${ms(addedP99)} ms at p99 (${skipped} ticks skipped with ${MAX_IN_FLIGHT} open)`);
    console.log(`load average after: ${after.map((value) => value.toFixed(2)).join(' ')}`);
    console.log(`target <= 2 ms added at p50: ${addedP50 <= 2 ? 'met' : 'NOT met'}`);
    console.log(`target <= 10 ms added at p99: ${addedP99 <= 10 ? 'met' : 'NOT met'}`);
    console.log(`target 0 failed through the front door: ${door.failed === 0 ? 'met' : 'NOT met'}`);

    console.log(`\nrestart: Slipway stops (its ${APPS} apps with it) and starts again on the same port...`);
    let started = 0;
    let answered: Promise<number[]> = Promise.resolve([]);
    const slipwayUp = restart(() => {
      // The old Slipway has stopped, its apps with it: the new one starts now.
      started = performance.now();
      answered = Promise.all(
        projects.map(async (one) => {
          await until(`${one.deployed_url} to answer`, async () => (await timedGet(one.deployed_url)).ok, 60_000, 20);
          return performance.now() - started;
        }),
      );
    });
    await slipwayUp;
    const booted = performance.now() - started;
    const times = await answered;
    const last = Math.max(...times);
    console.log(`Slipway booted in ${(booted / 1000).toFixed(2)} s; apps answered after ${times.map((time) => (time / 1000).toFixed(2)).join(', ')} s`);
    console.log(`target every app answers within 5 s of the restart: ${last <= 5000 ? 'met' : 'NOT met'} (${(last / 1000).toFixed(2)} s)`);
  });
}

(process.argv.includes('--load') ? load() : main()).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
