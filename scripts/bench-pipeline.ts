/**
 * `npm run bench:pipeline`: what the pipeline engine and its live status cost.
 *
 * (a) Engine overhead per step: runs of BENCH_STEPS (default 50) steps that do nothing, one after another;
 *     per step, the time from the previous step's completion (its completed_at) to this step's start (its
 *     started_at): the finishing transaction, the next job's enqueue and wake-up, the worker's fetch and the
 *     claim. Both are the now() of their transactions, on the database's clock.
 * (b) Live delivery: 1,000 graphql-ws subscriptions on ONE project, held by one owner over 20 sockets in a
 *     separate client process, then a run of steps that take 100 ms each on that project; per subscription and
 *     change, the time from the change's transaction (the snapshot's lastUpdated, the run's updated_at) to its
 *     arrival at the client. The server allows one user 10 sockets and 50 subscriptions by default, so this
 *     benchmark boots it with SLIPWAY_WS_SOCKETS_PER_USER=20 and SLIPWAY_WS_SUBSCRIPTIONS_PER_USER=1000.
 *
 * (c) The product's creation run of a blank project (no template: up to setup-secrets, on the local providers),
 *     for each of the 20 owners' projects, one at a time: its whole time and the same per-step overhead.
 *
 * (d) End to end: a static-site project created through POST /api/projects (BENCH_SITES, default 5, one at a
 *     time), from the request to its app answering 200 at the project's deployed_url (15 steps: repository,
 *     commit, two builds, artifact, deployment on the local cluster). Measured twice: on the PostgreSQL server
 *     as (a)-(c), and in EMBEDDED mode — a second Slipway with no DATABASE_URL, its own embedded PostgreSQL in a
 *     fresh data directory, as `npm start` runs. `--embedded-only` measures only the embedded (d);
 *     `--server-only` (or BENCH_EMBEDDED=0) skips it.
 *
 * Slipway (role all: api and worker in one process) runs in this process on a fresh database on the
 * PostgreSQL server (BENCH_DATABASE_ADMIN_URL, default postgres://postgres@127.0.0.1:5432/postgres), with the
 * benchmark's steps registered beside the product's; the database is dropped at the end.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { percentile, request, timedGet, withBenchSlipway } from './bench-common.js';

const STEPS = Number(process.env.BENCH_STEPS) || 50;
const RUNS = Number(process.env.BENCH_RUNS) || 3;
const OWNERS = 20;
const SITES = Number(process.env.BENCH_SITES) || 5;
/** (b): one owner's subscriptions on one project, spread over its sockets. */
const SUBSCRIBERS = 1000;
const SOCKETS = 20;
/** Sockets opened at once: those not yet signed in count against the per-address limit (20). */
const SOCKETS_AT_ONCE = 10;
const EMBEDDED_ONLY = process.argv.includes('--embedded-only');
const EMBEDDED = !process.argv.includes('--server-only') && process.env.BENCH_EMBEDDED !== '0';
const LIVE_STEPS = 5;
const LIVE_STEP_MS = 100;
const SUBSCRIPTION = 'subscription ($id: ID!) { projectPipeline(projectId: $id) { id seq overallStatus lastUpdated } }';

interface Owner {
  token: string;
  userId: string;
  projectId: string;
}

interface ClientReport {
  latencies: number[];
  missed: number;
  incomplete: number;
}

const ms = (value: number) => value.toFixed(1).padStart(8);

// ---------------------------------------------------------------- the subscribers (a child process)

/**
 * Opens the owner's sockets and subscriptions, says "ready" once every subscription has had its first snapshot
 * (it is then among the project's followers), keeps every snapshot it gets, and once told the measured run's id
 * (a line "measure <id>" on stdin) prints a report when every subscription has seen that run end.
 */
async function subscribers(): Promise<void> {
  const { url, owner } = JSON.parse(process.env.BENCH_CLIENTS!) as { url: string; owner: Owner };
  const clients: Client[] = [];
  const subscriptions: Array<Array<{ runId: string; seq: number; overallStatus: string; latency: number }>> = [];
  // Connected a batch at a time: sockets not yet signed in are limited per address.
  for (let batch = 0; batch < SOCKETS; batch += SOCKETS_AT_ONCE) {
    const sockets = await Promise.all(
      Array.from({ length: Math.min(SOCKETS_AT_ONCE, SOCKETS - batch) }, async () => {
        const client = createClient({ url, webSocketImpl: WebSocket, connectionParams: { authorization: `Bearer ${owner.token}` }, lazy: false, retryAttempts: 0 });
        await new Promise<void>((resolve, reject) => {
          client.on('connected', () => resolve());
          client.on('closed', (event) => reject(new Error(`socket closed: ${JSON.stringify(event)}`)));
        });
        return client;
      }),
    );
    clients.push(...sockets);
  }
  for (let index = 0; index < SUBSCRIBERS; index += 1) {
    const seen: (typeof subscriptions)[number] = [];
    subscriptions.push(seen);
    clients[index % clients.length].subscribe(
      { query: SUBSCRIPTION, variables: { id: owner.projectId } },
      {
        next: ({ data }) => {
          const arrived = Date.now();
          const status = (data as { projectPipeline: { id: string; seq: number; overallStatus: string; lastUpdated: string } }).projectPipeline;
          seen.push({ runId: status.id, seq: status.seq, overallStatus: status.overallStatus, latency: arrived - Date.parse(status.lastUpdated) });
        },
        error: (error) => {
          console.error('subscription error', error);
          process.exit(1);
        },
        complete: () => undefined,
      },
    );
  }
  while (!subscriptions.every((seen) => seen.length > 0)) await sleep(20);
  console.log('ready');
  let measured: string | undefined;
  process.stdin.on('data', (chunk: Buffer) => (measured = /measure (\S+)/.exec(String(chunk))?.[1] ?? measured));
  while (!measured) await sleep(20);
  const ofRun = (seen: (typeof subscriptions)[number]) => seen.filter((change) => change.runId === measured);
  const ended = (seen: (typeof subscriptions)[number]) => ofRun(seen).some((change) => change.overallStatus !== 'running');
  const deadline = Date.now() + 120_000;
  while (!subscriptions.every(ended) && Date.now() < deadline) await sleep(20);
  const report: ClientReport = { latencies: [], missed: 0, incomplete: 0 };
  for (const seen of subscriptions) {
    const changes = ofRun(seen);
    if (!ended(seen)) report.incomplete += 1;
    report.latencies.push(...changes.map((change) => change.latency));
    // A run's changes are numbered 1, 2, ... (seq): a number a subscription never got is a change it did not see
    // (the first snapshot it had of the run may be a later one, if it arrived while the run had begun).
    for (let index = 0; index < changes.length; index += 1) report.missed += changes[index].seq - (changes[index - 1]?.seq ?? 0) - 1;
  }
  console.log(`report ${JSON.stringify(report)}`);
  await Promise.all(clients.map((client) => client.dispose()));
  process.exit(0);
}

// ---------------------------------------------------------------- Slipway and the measurements (this process)

type Query = (sql: string, params: unknown[]) => Promise<Array<Record<string, any>>>;

/** Waits until every run has left 'running'. */
async function untilDone(query: Query, runIds: string[]): Promise<void> {
  for (;;) {
    const rows = await query(`SELECT count(*)::int AS n FROM pipeline_runs WHERE id = ANY($1) AND status <> 'running'`, [runIds]);
    if (rows[0].n === runIds.length) return;
    await sleep(20);
  }
}

/** (d): static-site projects created one after another; per project, POST -> its app answers 200 (ms, sorted). */
async function staticSites(base: string, tokens: string[], query: Query, label: string): Promise<number[]> {
  const sites: number[] = [];
  for (let index = 0; index < SITES; index += 1) {
    const token = tokens[index % tokens.length];
    const started = performance.now();
    const project = await request(base, 'POST', '/projects', token, { name: `Site Bench ${label} ${index}`, template_name: 'static-site' });
    const rows = await query('SELECT id FROM pipeline_runs WHERE project_id = $1', [project.id]);
    await untilDone(query, rows.map((row) => row.id));
    const { deployed_url: url, id } = await request(base, 'GET', `/projects/${project.id}`, token);
    if (!url) throw new Error(`project ${id} has no deployed_url: its creation run did not complete`);
    const answer = await timedGet(url);
    if (!answer.ok) throw new Error(`${url} answered ${answer.detail}`);
    sites.push(performance.now() - started);
  }
  return sites.sort((a, b) => a - b);
}

const siteLine = (mode: string, sites: number[]) =>
  `(d) static-site project, ${mode.padEnd(8)}: POST -> app answers ${String(sites.length).padStart(3)}   ${ms(percentile(sites, 50))} ${ms(percentile(sites, 95))} ${ms(percentile(sites, 99))} ${ms(sites.at(-1)!)}`;
const siteTarget = (mode: string, sites: number[]) => `target (d) static-site creation <= 5 s (median), ${mode}: ${percentile(sites, 50) <= 5000 ? 'met' : 'NOT met'}`;

/**
 * (d) in embedded mode: Slipway as `npm start` runs it — no DATABASE_URL, so it starts its own embedded
 * PostgreSQL in a fresh data directory (removed at the end) — with one owner creating the static sites.
 */
async function embeddedSites(): Promise<number[]> {
  const { loadConfig } = await import('../server/src/config/env.js');
  const { startSlipway } = await import('../server/src/server.js');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'slipway-bench-embedded-'));
  let slipway: Awaited<ReturnType<typeof startSlipway>> | undefined;
  try {
    console.log(`(d) embedded mode: booting Slipway with its embedded PostgreSQL in ${dataDir}...`);
    const config = loadConfig({ SLIPWAY_DATA_DIR: dataDir, SLIPWAY_SECRET_KEY: randomBytes(32).toString('base64'), PORT: '0', HOST: '127.0.0.1' });
    if (config.databaseUrl) throw new Error('embedded mode has no DATABASE_URL');
    slipway = await startSlipway(config);
    const base = slipway.url!.replace('localhost', '127.0.0.1');
    const { token } = await request(base, 'POST', '/auth/register', undefined, { name: 'Bench Embedded', email: 'bench-embedded@example.com', password: 'bench-password' });
    await request(base, 'PUT', '/settings/GITHUB_ORGANIZATION', token, { value: 'bench' });
    const dataSource = slipway.dataSource;
    console.log(`(d) embedded mode: ${SITES} static-site projects created one after another, until each app answers...`);
    return await staticSites(base, [token], (sql, params) => dataSource.query(sql, params), 'embedded');
  } finally {
    await slipway?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  if (EMBEDDED_ONLY) {
    const sites = await embeddedSites();
    console.log('\nmeasure                                                count      p50 ms   p95 ms   p99 ms   max ms');
    console.log(siteLine('embedded', sites));
    console.log(siteTarget('embedded', sites));
    return;
  }
  const { defineStep } = await import('../server/src/pipelines/steps.js');
  const noops = Array.from({ length: STEPS }, (_, index) =>
    defineStep({ id: `bench-noop-${index}`, label: 'No-op', description: 'Does nothing', icon: 'code', timeoutSeconds: 10, run: async () => undefined }),
  );
  const waits = Array.from({ length: LIVE_STEPS }, (_, index) =>
    defineStep({ id: `bench-wait-${index}`, label: 'Wait', description: `Waits ${LIVE_STEP_MS} ms`, icon: 'server', timeoutSeconds: 10, run: () => sleep(LIVE_STEP_MS) }),
  );

  // (b): one owner follows one project with 1,000 subscriptions over 20 sockets (defaults: 10 and 50).
  const env = { SLIPWAY_WS_SOCKETS_PER_USER: String(SOCKETS), SLIPWAY_WS_SUBSCRIPTIONS_PER_USER: String(SUBSCRIBERS) };
  await withBenchSlipway('pipeline', { env, extraPipelineSteps: [...noops, ...waits] }, async ({ base, slipway, db }) => {
    const engine = slipway.pipelines;
    const query: Query = async (sql, params) => (await db.query(sql, params)).rows;
    /** Each step's start after the previous one's completion, from the steps' rows (and the run's status). */
    const stepGaps = async (runId: string) => {
      const { rows } = await db.query(
        `SELECT s.status, r.status AS run_status, extract(epoch FROM s.started_at) * 1000 AS started, extract(epoch FROM s.completed_at) * 1000 AS completed,
                extract(epoch FROM r.created_at) * 1000 AS created
           FROM pipeline_steps s JOIN pipeline_runs r ON r.id = s.run_id WHERE s.run_id = $1 ORDER BY s.position`,
        [runId],
      );
      const gaps = rows.slice(1).map((row, index) => Number(row.started) - Number(rows[index].completed));
      return { status: rows[0].run_status as string, steps: rows.length, gaps, total: Number(rows.at(-1).completed) - Number(rows[0].created) };
    };

    // (c) the product's creation run of a blank project, one project at a time (each owner gets one).
    console.log(`(c) ${OWNERS} blank projects created one after another (their creation runs)...`);
    const owners: Owner[] = [];
    const creation = { gaps: [] as number[], totals: [] as number[], statuses: new Map<string, number>(), steps: 0 };
    for (let index = 0; index < OWNERS; index += 1) {
      const { token, user } = await request(base, 'POST', '/auth/register', undefined, { name: `Bench ${index}`, email: `bench${index}@example.com`, password: 'bench-password' });
      await request(base, 'PUT', '/settings/GITHUB_ORGANIZATION', token, { value: 'bench' });
      const project = await request(base, 'POST', '/projects', token, { name: `Pipeline Bench ${index}` });
      owners.push({ token, userId: user.id, projectId: project.id });
      const { rows } = await db.query('SELECT id FROM pipeline_runs WHERE project_id = $1', [project.id]);
      await untilDone(query, rows.map((row) => row.id));
      const run = await stepGaps(rows[0].id);
      creation.gaps.push(...run.gaps);
      creation.totals.push(run.total);
      creation.steps = run.steps;
      creation.statuses.set(run.status, (creation.statuses.get(run.status) ?? 0) + 1);
    }

    // (d) static-site projects end to end, from the request to the app answering at its URL.
    console.log(`(d) ${SITES} static-site projects created one after another, until each app answers...`);
    const sites = await staticSites(base, owners.map((owner) => owner.token), query, 'server');

    // How busy the machine is: the figures below are a few dozen such round trips each.
    const roundTrips: number[] = [];
    for (let index = 0; index < 200; index += 1) {
      const started = performance.now();
      await db.query('SELECT 1');
      roundTrips.push(performance.now() - started);
    }
    roundTrips.sort((a, b) => a - b);

    // (a) engine overhead per step
    console.log(`(a) ${RUNS} runs of ${STEPS} no-op steps, one after another...`);
    const gaps: number[] = [];
    const toFetch: number[] = [];
    const runTimes: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const runId = await engine.start('bench', noops, { ownerId: owners[0].userId, projectId: owners[0].projectId });
      await untilDone(query, [runId]);
      // The step's job: pg-boss sets started_on when a worker fetches it.
      const { rows } = await db.query(
        `SELECT s.status, extract(epoch FROM s.started_at) * 1000 AS started, extract(epoch FROM s.completed_at) * 1000 AS completed,
                extract(epoch FROM r.created_at) * 1000 AS created, extract(epoch FROM j.started_on) * 1000 AS fetched
           FROM pipeline_steps s JOIN pipeline_runs r ON r.id = s.run_id
           JOIN pgboss.job j ON j.name = 'pipeline.step' AND j.data->>'stepRowId' = s.id::text
          WHERE s.run_id = $1 ORDER BY s.position`,
        [runId],
      );
      if (rows.length !== STEPS || rows.some((row) => row.status !== 'completed')) throw new Error(`run ${runId} did not complete: ${JSON.stringify(rows)}`);
      for (let index = 1; index < rows.length; index += 1) {
        gaps.push(Number(rows[index].started) - Number(rows[index - 1].completed));
        toFetch.push(Number(rows[index].fetched) - Number(rows[index - 1].completed));
      }
      runTimes.push(Number(rows.at(-1).completed) - Number(rows[0].created));
    }

    // (b) 1,000 subscriptions on one project of one owner
    const followed = owners[0];
    console.log(`(b) ${SUBSCRIBERS} subscriptions on one project (one owner, ${SOCKETS} sockets) in a client process...`);
    const child = spawn(process.execPath, [...process.execArgv, process.argv[1], '--subscribers'], {
      env: { ...process.env, BENCH_CLIENTS: JSON.stringify({ url: `${base.replace('http', 'ws')}/api/graphql`, owner: followed }) },
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const said = async (word: string) => {
      while (!output.includes(word)) {
        if (child.exitCode !== null) throw new Error(`the client process exited: ${output}`);
        await sleep(20);
      }
    };
    // Every subscription has had its first snapshot: all 1,000 follow the project.
    await said('ready');
    const liveRun = await engine.start('bench', waits, { ownerId: followed.userId, projectId: followed.projectId });
    child.stdin!.write(`measure ${liveRun}\n`);
    await untilDone(query, [liveRun]);
    await said('report ');
    await exited;
    const report = JSON.parse(/report (.*)/.exec(output)![1]) as ClientReport;
    const { rows: changes } = await db.query(`SELECT seq AS n FROM pipeline_runs WHERE id = $1`, [liveRun]);

    const sortedGaps = [...gaps].sort((a, b) => a - b);
    const latencies = [...report.latencies].sort((a, b) => a - b);
    console.log('\nmeasure                                              count      p50 ms   p95 ms   p99 ms   max ms');
    console.log(`machine: one SELECT 1 round trip                     ${String(roundTrips.length).padStart(5)}   ${ms(percentile(roundTrips, 50))} ${ms(percentile(roundTrips, 95))} ${ms(percentile(roundTrips, 99))} ${ms(roundTrips.at(-1)!)}`);
    console.log(`(a) previous step completed -> next step running    ${String(gaps.length).padStart(5)}   ${ms(percentile(sortedGaps, 50))} ${ms(percentile(sortedGaps, 95))} ${ms(percentile(sortedGaps, 99))} ${ms(sortedGaps.at(-1)!)}`);
    const sortedFetch = [...toFetch].sort((a, b) => a - b);
    console.log(`(a)   of which: to the worker's fetch of the job         ${String(toFetch.length).padStart(5)}   ${ms(percentile(sortedFetch, 50))} ${ms(percentile(sortedFetch, 95))} ${ms(percentile(sortedFetch, 99))} ${ms(sortedFetch.at(-1)!)}`);
    console.log(`(a) whole run of ${STEPS} no-op steps (per run)            ${String(runTimes.length).padStart(5)}   ${ms(percentile([...runTimes].sort((a, b) => a - b), 50))}`);
    const creationGaps = [...creation.gaps].sort((a, b) => a - b);
    const creationTotals = [...creation.totals].sort((a, b) => a - b);
    console.log(`(c) creation run: previous step completed -> next  ${String(creationGaps.length).padStart(5)}   ${ms(percentile(creationGaps, 50))} ${ms(percentile(creationGaps, 95))} ${ms(percentile(creationGaps, 99))} ${ms(creationGaps.at(-1)!)}`);
    console.log(`(c) creation run of a blank project (${creation.steps} steps), whole ${String(creationTotals.length).padStart(5)}   ${ms(percentile(creationTotals, 50))} ${ms(percentile(creationTotals, 95))} ${ms(percentile(creationTotals, 99))} ${ms(creationTotals.at(-1)!)}`);
    console.log(siteLine('server', sites));
    console.log(`(b) change committed -> snapshot at the subscriber ${String(latencies.length).padStart(6)}   ${ms(percentile(latencies, 50))} ${ms(percentile(latencies, 95))} ${ms(percentile(latencies, 99))} ${ms(latencies.at(-1)!)}`);
    console.log(
      `\n(b) ${changes[0].n} changes of one run; ${SUBSCRIBERS} subscriptions on its project; snapshots received: ${report.latencies.length} (expected ${changes[0].n * SUBSCRIBERS}); changes a subscription skipped: ${report.missed}; subscriptions that did not see the run end: ${report.incomplete}`,
    );
    console.log(`(c) creation runs by status: ${[...creation.statuses].map(([status, count]) => `${status} ${count}`).join(', ')}`);
    console.log(`target (a) p95 <= 50 ms: ${percentile(sortedGaps, 95) <= 50 ? 'met' : 'NOT met'}`);
    const everyChange = report.missed === 0 && report.incomplete === 0 && report.latencies.length === changes[0].n * SUBSCRIBERS;
    console.log(`target (b) every subscription receives every step change: ${everyChange ? 'met' : 'NOT met'}`);
    console.log(`target (b) p99 <= 250 ms: ${percentile(latencies, 99) <= 250 ? 'met' : 'NOT met'}`);
    console.log(siteTarget('server', sites));
  });
  if (EMBEDDED) {
    // After the server-mode Slipway has stopped, so that the two do not compete for the machine.
    const embedded = await embeddedSites();
    console.log('\nmeasure                                                count      p50 ms   p95 ms   p99 ms   max ms');
    console.log(siteLine('embedded', embedded));
    console.log(siteTarget('embedded', embedded));
  }
}

(process.argv.includes('--subscribers') ? subscribers() : main()).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
