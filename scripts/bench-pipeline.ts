/**
 * `npm run bench:pipeline`: what the pipeline engine and its live status cost.
 *
 * (a) Engine overhead per step: runs of BENCH_STEPS (default 50) steps that do nothing, one after another;
 *     per step, the time from the previous step's completion (its completed_at) to this step's start (its
 *     started_at): the finishing transaction, the next job's enqueue and wake-up, the worker's fetch and the
 *     claim. Both are the now() of their transactions, on the database's clock.
 * (b) Live delivery: 1,000 graphql-ws subscriptions held by a separate client process, then a run of steps
 *     that take 100 ms each on every subscribed project; per subscription and change, the time from the
 *     change's transaction (the snapshot's lastUpdated, the run's updated_at) to its arrival at the client.
 *     The server allows one user 10 sockets and 50 subscriptions (ws-limits), so the 1,000 are 20 owners x 50
 *     subscriptions on each owner's project, and the 20 runs go at once.
 *
 * (c) The product's creation run of a blank project (no template: up to setup-secrets, on the local providers),
 *     for each of the 20 owners' projects, one at a time: its whole time and the same per-step overhead.
 *
 * (d) End to end: a static-site project created through POST /api/projects (BENCH_SITES, default 5, one at a
 *     time), from the request to its app answering 200 at the project's deployed_url (15 steps: repository,
 *     commit, two builds, artifact, deployment on the local cluster).
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
import pg from 'pg';
import WebSocket from 'ws';

const ADMIN_URL = process.env.BENCH_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const STEPS = Number(process.env.BENCH_STEPS) || 50;
const RUNS = Number(process.env.BENCH_RUNS) || 3;
const OWNERS = 20;
const SITES = Number(process.env.BENCH_SITES) || 5;
const SUBSCRIPTIONS_PER_OWNER = 50;
const SOCKETS_PER_OWNER = 10;
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

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const ms = (value: number) => value.toFixed(1).padStart(8);

// ---------------------------------------------------------------- the subscribers (a child process)

/**
 * Opens every owner's sockets and subscriptions, says "ready" once each subscription has seen a completed
 * warm-up run, then records the measured runs' changes and prints a report when every subscription has seen
 * its run complete.
 */
async function subscribers(): Promise<void> {
  const { url, owners } = JSON.parse(process.env.BENCH_CLIENTS!) as { url: string; owners: Owner[] };
  const report: ClientReport = { latencies: [], missed: 0, incomplete: 0 };
  const clients: Client[] = [];
  const subscriptions: Array<{ warmRun: string | null; done: boolean; seqs: number[] }> = [];
  for (const owner of owners) {
    // Connected one owner at a time: sockets not yet signed in are limited per address.
    const sockets = await Promise.all(
      Array.from({ length: SOCKETS_PER_OWNER }, async () => {
        const client = createClient({ url, webSocketImpl: WebSocket, connectionParams: { authorization: `Bearer ${owner.token}` }, lazy: false, retryAttempts: 0 });
        await new Promise<void>((resolve, reject) => {
          client.on('connected', () => resolve());
          client.on('closed', (event) => reject(new Error(`socket closed: ${JSON.stringify(event)}`)));
        });
        return client;
      }),
    );
    clients.push(...sockets);
    for (let index = 0; index < SUBSCRIPTIONS_PER_OWNER; index += 1) {
      const state = { warmRun: null as string | null, done: false, seqs: [] as number[] };
      subscriptions.push(state);
      sockets[index % sockets.length].subscribe(
        { query: SUBSCRIPTION, variables: { id: owner.projectId } },
        {
          next: ({ data }) => {
            const arrived = Date.now();
            const status = (data as { projectPipeline: { id: string; seq: number; overallStatus: string; lastUpdated: string } }).projectPipeline;
            // The first run a subscription sees end is the warm-up; any later run is measured.
            if (state.warmRun === null) {
              if (status.overallStatus === 'completed') state.warmRun = status.id;
            } else if (status.id !== state.warmRun) {
              report.latencies.push(arrived - Date.parse(status.lastUpdated));
              state.seqs.push(status.seq);
              if (status.overallStatus !== 'running') state.done = true;
            }
          },
          error: (error) => {
            console.error('subscription error', error);
            process.exit(1);
          },
          complete: () => undefined,
        },
      );
    }
  }
  while (!subscriptions.every((state) => state.warmRun !== null)) await sleep(20);
  console.log('ready');
  const deadline = Date.now() + 120_000;
  while (!subscriptions.every((state) => state.done) && Date.now() < deadline) await sleep(20);
  for (const state of subscriptions) {
    if (!state.done) report.incomplete += 1;
    // A run's changes are numbered 1, 2, ... (seq): a number a subscription never got is a change it did not see.
    for (let index = 0; index < state.seqs.length; index += 1) report.missed += state.seqs[index] - (state.seqs[index - 1] ?? 0) - 1;
  }
  console.log(`report ${JSON.stringify(report)}`);
  await Promise.all(clients.map((client) => client.dispose()));
  process.exit(0);
}

// ---------------------------------------------------------------- Slipway and the measurements (this process)

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function request(base: string, method: string, route: string, token?: string, body?: unknown) {
  const res = await fetch(`${base}/api${route}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

async function main(): Promise<void> {
  const { loadConfig } = await import('../server/src/config/env.js');
  const { startSlipway } = await import('../server/src/server.js');
  const { defineStep } = await import('../server/src/pipelines/steps.js');

  const noops = Array.from({ length: STEPS }, (_, index) =>
    defineStep({ id: `bench-noop-${index}`, label: 'No-op', description: 'Does nothing', icon: 'code', timeoutSeconds: 10, run: async () => undefined }),
  );
  const waits = Array.from({ length: LIVE_STEPS }, (_, index) =>
    defineStep({ id: `bench-wait-${index}`, label: 'Wait', description: `Waits ${LIVE_STEP_MS} ms`, icon: 'server', timeoutSeconds: 10, run: () => sleep(LIVE_STEP_MS) }),
  );

  const databaseName = `slipway_bench_pipeline_${randomBytes(4).toString('hex')}`;
  const databaseUrl = Object.assign(new URL(ADMIN_URL), { pathname: `/${databaseName}` }).toString();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'slipway-bench-'));
  await admin(`CREATE DATABASE ${databaseName}`);
  const db = new pg.Client({ connectionString: databaseUrl });
  let slipway: Awaited<ReturnType<typeof startSlipway>> | undefined;
  try {
    console.log(`database ${databaseName}; booting Slipway (role all)...`);
    const config = loadConfig({
      DATABASE_URL: databaseUrl,
      SLIPWAY_DATA_DIR: dataDir,
      SLIPWAY_SECRET_KEY: randomBytes(32).toString('base64'),
      PORT: '0',
      HOST: '127.0.0.1',
      REGISTRATION_LIMIT: '1000',
    });
    slipway = await startSlipway(config, { extraPipelineSteps: [...noops, ...waits] });
    const base = slipway.url!.replace('localhost', '127.0.0.1');
    const engine = slipway.pipelines;
    await db.connect();

    const untilDone = async (runIds: string[]) => {
      for (;;) {
        const { rows } = await db.query(`SELECT count(*)::int AS n FROM pipeline_runs WHERE id = ANY($1) AND status <> 'running'`, [runIds]);
        if (rows[0].n === runIds.length) return;
        await sleep(20);
      }
    };
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
      await untilDone(rows.map((row) => row.id));
      const run = await stepGaps(rows[0].id);
      creation.gaps.push(...run.gaps);
      creation.totals.push(run.total);
      creation.steps = run.steps;
      creation.statuses.set(run.status, (creation.statuses.get(run.status) ?? 0) + 1);
    }

    // (d) static-site projects end to end, from the request to the app answering at its URL.
    console.log(`(d) ${SITES} static-site projects created one after another, until each app answers...`);
    const sites: number[] = [];
    for (let index = 0; index < SITES; index += 1) {
      const started = performance.now();
      const project = await request(base, 'POST', '/projects', owners[index % OWNERS].token, { name: `Site Bench ${index}`, template_name: 'static-site' });
      const { rows } = await db.query('SELECT id FROM pipeline_runs WHERE project_id = $1', [project.id]);
      await untilDone(rows.map((row) => row.id));
      const { deployed_url: url, id } = await request(base, 'GET', `/projects/${project.id}`, owners[index % OWNERS].token);
      if (!url) throw new Error(`project ${id} has no deployed_url: its creation run did not complete`);
      const answer = await fetch(url);
      if (answer.status !== 200) throw new Error(`${url} answered ${answer.status}`);
      sites.push(performance.now() - started);
    }
    sites.sort((a, b) => a - b);

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
      await untilDone([runId]);
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

    // (b) 1,000 subscriptions
    console.log(`(b) ${OWNERS * SUBSCRIPTIONS_PER_OWNER} subscriptions (${OWNERS} owners x ${SUBSCRIPTIONS_PER_OWNER}, ${SOCKETS_PER_OWNER} sockets each) in a client process...`);
    const child = spawn(process.execPath, [...process.execArgv, process.argv[1], '--subscribers'], {
      env: { ...process.env, BENCH_CLIENTS: JSON.stringify({ url: `${base.replace('http', 'ws')}/api/graphql`, owners }) },
      stdio: ['ignore', 'pipe', 'inherit'],
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
    // A completed warm-up run on every project tells each subscription it is live.
    await untilDone(await Promise.all(owners.map((owner) => engine.start('bench', [noops[0]], { ownerId: owner.userId, projectId: owner.projectId }))));
    await said('ready');
    const liveRuns = await Promise.all(owners.map((owner) => engine.start('bench', waits, { ownerId: owner.userId, projectId: owner.projectId })));
    await untilDone(liveRuns);
    await said('report ');
    await exited;
    const report = JSON.parse(/report (.*)/.exec(output)![1]) as ClientReport;
    const { rows: changes } = await db.query(`SELECT sum(seq)::int AS n FROM pipeline_runs WHERE id = ANY($1)`, [liveRuns]);

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
    console.log(`(d) static-site project: POST -> its app answers   ${String(sites.length).padStart(5)}   ${ms(percentile(sites, 50))} ${ms(percentile(sites, 95))} ${ms(percentile(sites, 99))} ${ms(sites.at(-1)!)}`);
    console.log(`(b) change committed -> snapshot at the subscriber ${String(latencies.length).padStart(6)}   ${ms(percentile(latencies, 50))} ${ms(percentile(latencies, 95))} ${ms(percentile(latencies, 99))} ${ms(latencies.at(-1)!)}`);
    console.log(
      `\n(b) ${changes[0].n} changes over ${OWNERS} runs; ${OWNERS * SUBSCRIPTIONS_PER_OWNER} subscriptions; changes a subscription skipped: ${report.missed}; subscriptions that did not see their run end: ${report.incomplete}`,
    );
    console.log(`(c) creation runs by status: ${[...creation.statuses].map(([status, count]) => `${status} ${count}`).join(', ')}`);
    console.log(`target (a) p95 <= 50 ms: ${percentile(sortedGaps, 95) <= 50 ? 'met' : 'NOT met'}`);
    console.log(`target (b) p99 <= 250 ms: ${percentile(latencies, 99) <= 250 ? 'met' : 'NOT met'}`);
    console.log(`target (d) static-site creation <= 5 s (median): ${percentile(sites, 50) <= 5000 ? 'met' : 'NOT met'}`);
  } finally {
    await db.end().catch(() => undefined);
    await slipway?.stop();
    await admin(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    rmSync(dataDir, { recursive: true, force: true });
    console.log(`dropped ${databaseName}`);
  }
}

(process.argv.includes('--subscribers') ? subscribers() : main()).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
