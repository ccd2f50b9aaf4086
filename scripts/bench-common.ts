// What the benchmark scripts share: their PostgreSQL server and Slipway, a load process, polling, a percentile and a
// signed-in REST call.
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import type { RunningSlipway, StartOptions } from '../server/src/server.js';

/** The PostgreSQL server each benchmark creates its own database on (BENCH_DATABASE_ADMIN_URL). */
export const ADMIN_URL = process.env.BENCH_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The p-th percentile (nearest rank) of ascending values; NaN when there are none. */
export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** One timed request of a load: when it was sent (ms since the epoch), how long it took, and whether it answered 200. */
export interface Sample {
  at: number;
  ms: number;
  ok: boolean;
  detail?: string;
}

/**
 * One GET on a new connection (no keep-alive), as a separate client would. A `*.localhost` URL (an app at Slipway's
 * front door) goes to 127.0.0.1 with its name as the Host, as a browser sends it.
 */
export function timedGet(url: string): Promise<Sample> {
  const target = new URL(url);
  const host = target.hostname.endsWith('.localhost') ? '127.0.0.1' : target.hostname;
  const at = Date.now();
  const started = performance.now();
  return new Promise((resolve) => {
    const options = { host, port: target.port, path: `${target.pathname}${target.search}`, headers: { host: target.host }, agent: false, timeout: 10_000 };
    const req = httpRequest(options, (res) => {
      res.resume();
      res.on('end', () => resolve({ at, ms: performance.now() - started, ok: res.statusCode === 200, detail: res.statusCode === 200 ? undefined : `status ${res.statusCode}` }));
      res.on('error', (error) => resolve({ at, ms: performance.now() - started, ok: false, detail: error.message }));
    });
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', (error) => resolve({ at, ms: performance.now() - started, ok: false, detail: (error as NodeJS.ErrnoException).code ?? error.message }));
    req.end();
  });
}

/** What a load process reports when told to stop: every sample, and the ticks it skipped with too many requests open. */
export interface LoadReport {
  samples: Sample[];
  skipped: number;
}

/**
 * The load process (the bench forked with --load): `rate` GETs a second at BENCH_URL, at most `maxInFlight` open (a
 * tick beyond that sends nothing and counts as skipped), until the parent says stop; then it reports to the parent.
 */
export async function steadyLoad(rate: number, maxInFlight: number): Promise<void> {
  const url = process.env.BENCH_URL!;
  const samples: Sample[] = [];
  const pending = new Set<Promise<void>>();
  let running = true;
  process.on('message', (message) => {
    if (message === 'stop') running = false;
  });
  const interval = 1000 / rate;
  const start = performance.now();
  let ticks = 0;
  let skipped = 0;
  process.send!('ready');
  while (running) {
    const wait = start + ticks * interval - performance.now();
    if (wait > 0) await sleep(wait);
    ticks++;
    if (pending.size >= maxInFlight) {
      skipped++;
      continue;
    }
    const request = timedGet(url).then((sample) => {
      samples.push(sample);
      pending.delete(request);
    });
    pending.add(request);
  }
  await Promise.all(pending);
  process.send!({ samples, skipped } satisfies LoadReport, () => process.exit(0));
}

/** Forks this bench as the load process on `url` and waits until it sends; stop() ends it and answers its report. */
export async function startLoad(url: string): Promise<{ stop(): Promise<LoadReport> }> {
  const child = fork(process.argv[1], ['--load'], { execArgv: process.execArgv, env: { ...process.env, BENCH_URL: url }, stdio: 'inherit' });
  const report = new Promise<LoadReport>((resolve, reject) => {
    child.on('message', (message) => {
      if (typeof message === 'object' && message && 'samples' in message) resolve(message as LoadReport);
    });
    child.on('exit', (code) => reject(new Error(`the load process exited with ${code}`)));
  });
  await new Promise<void>((resolve) => child.once('message', () => resolve()));
  return {
    stop() {
      child.send('stop');
      return report;
    },
  };
}

/** One statement on the admin database (CREATE / DROP DATABASE). */
export async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A REST call to Slipway at `base`; answers the JSON body, throws on a non-2xx answer. */
export async function request(base: string, method: string, route: string, token?: string, body?: unknown) {
  const res = await fetch(`${base}/api${route}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** Polls `check` every `everyMs` until it answers something truthy, which it answers; throws after `timeoutMs`. */
export async function until<T>(what: string, check: () => Promise<T | null | undefined | false>, timeoutMs = 180_000, everyMs = 25): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(everyMs);
  }
}

/** A benchmark's Slipway: its URL, the running server and a client on its database. */
export interface BenchSlipway {
  base: string;
  slipway: RunningSlipway;
  db: pg.Client;
  dataDir: string;
  /** Stops Slipway and starts it again on the same database, data directory and port; `stopped` is called in between. */
  restart(stopped?: () => void): Promise<RunningSlipway>;
}

/**
 * Runs `body` against Slipway (role all) booted in this process on a fresh database `slipway_bench_<name>_…` on the
 * admin server and a fresh data directory (others may pass through it: builds and apps run as nobody when this runs
 * as root); both are removed at the end, whatever happens.
 */
export async function withBenchSlipway(
  name: string,
  options: { env?: Record<string, string>; extraPipelineSteps?: StartOptions['extraPipelineSteps'] },
  body: (bench: BenchSlipway) => Promise<void>,
): Promise<void> {
  const { loadConfig } = await import('../server/src/config/env.js');
  const { startSlipway } = await import('../server/src/server.js');
  const databaseName = `slipway_bench_${name}_${randomBytes(4).toString('hex')}`;
  const databaseUrl = Object.assign(new URL(ADMIN_URL), { pathname: `/${databaseName}` }).toString();
  const dataDir = mkdtempSync(path.join(tmpdir(), `slipway-bench-${name}-`));
  chmodSync(dataDir, 0o711);
  await admin(`CREATE DATABASE ${databaseName}`);
  const db = new pg.Client({ connectionString: databaseUrl });
  let slipway: RunningSlipway | undefined;
  try {
    console.log(`database ${databaseName}; booting Slipway (role all)...`);
    const config = loadConfig({
      DATABASE_URL: databaseUrl,
      SLIPWAY_DATA_DIR: dataDir,
      SLIPWAY_SECRET_KEY: randomBytes(32).toString('base64'),
      PORT: '0',
      HOST: '127.0.0.1',
      REGISTRATION_LIMIT: '1000',
      ...options.env,
    });
    slipway = await startSlipway(config, { extraPipelineSteps: options.extraPipelineSteps });
    await db.connect();
    const base = slipway.url!.replace('localhost', '127.0.0.1');
    const restart = async (stopped?: () => void) => {
      await slipway?.stop();
      slipway = undefined;
      stopped?.();
      slipway = await startSlipway({ ...config, port: Number(new URL(base).port) }, { extraPipelineSteps: options.extraPipelineSteps });
      return slipway;
    };
    await body({ base, slipway, db, dataDir, restart });
  } finally {
    await db.end().catch(() => undefined);
    await slipway?.stop();
    await admin(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    rmSync(dataDir, { recursive: true, force: true });
    console.log(`dropped ${databaseName}`);
  }
}
