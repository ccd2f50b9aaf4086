/**
 * `npm run bench:projects`: the projects page (limit 12, search + tag + sort) through REST, through GraphQL (twice:
 * as the web client asks for it, a GET with its trusted document's hash, and as a tool builder would, a POST with
 * the query text) and as the same SQL run directly with `pg`, at 16 concurrent requests for a fixed time each.
 *
 * It creates its own database on the PostgreSQL server (BENCH_DATABASE_ADMIN_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres), boots Slipway on it in a child process, registers 100
 * users, seeds 100,000 projects with bulk INSERT ... SELECT FROM unnest(...), measures, and drops the
 * database at the end. Every mode first runs unmeasured for BENCH_WARMUP_SECONDS (default 5), so the server
 * is measured once V8 has optimised it. BENCH_SECONDS (default 24) sets the measured time per mode; the modes
 * take turns in BENCH_ROUNDS rounds (default 8), so a change in machine load affects all of them alike, and each
 * round's figures are printed; short turns keep back-to-back runs comparable on a shared machine (docs/benchmarks.md).
 * BENCH_SERVER_NODE_ARGS adds node flags to the server (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile
 * it). The server runs on the node that runs this script, so `PATH=/path/to/node-24/bin:$PATH npm run
 * bench:projects` measures Node 24.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { SecretBox } from '../server/src/common/secret-box.js';
import { buildProjectListSql, parseProjectListQuery } from '../server/src/modules/projects/project-list-query.js';
import { ADMIN_URL, percentile, admin } from './bench-common.js';
import { SERVER_NODE_FLAGS } from './server-node-flags.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SECONDS = Number(process.env.BENCH_SECONDS) || 24;
const ROUNDS = Number(process.env.BENCH_ROUNDS) || 8;
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 5);
/** Before each measurement, so the requests in flight when it starts are not counted. */
const SETTLE_SECONDS = 1;
const CONCURRENCY = 16;
const USERS = 100;
const PROJECTS_PER_USER = 1000;
const BATCH = 5000;
const SECRET_KEY = randomBytes(32).toString('base64');
const SERVER_NODE_ARGS = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);

// ---------------------------------------------------------------- realistic data, deterministic

function rng(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}
const random = rng(20261122);
const pick = <T>(items: readonly T[], r = random): T => items[Math.floor(r() * items.length)];

const ADJECTIVES = ['Blue', 'Rapid', 'Silent', 'Golden', 'Crimson', 'Lunar', 'Solar', 'Nimble', 'Quiet', 'Bright', 'Iron', 'Amber', 'Cobalt', 'Swift', 'Northern', 'Hidden'];
const NOUNS = ['Harbor', 'Falcon', 'Ledger', 'Beacon', 'Orchard', 'Compass', 'Anchor', 'Summit', 'Canvas', 'Engine', 'Bridge', 'Atlas', 'Pulse', 'Forge', 'Meadow', 'Signal'];
const KINDS = ['API', 'Service', 'Worker', 'Dashboard', 'Gateway', 'Site', 'Portal', 'Pipeline', 'Store', 'Bot'];
const DOMAINS = ['billing', 'payments', 'search', 'analytics', 'inventory', 'shipping', 'auth', 'notifications', 'reporting', 'onboarding', 'catalog', 'support'];
const PHRASES = [
  'Handles {d} for the customer portal',
  'Internal {d} service with a REST interface',
  'Nightly {d} jobs and data exports',
  'Public {d} dashboard built with React',
  'Event-driven {d} pipeline on Kafka',
  'Legacy {d} system being migrated to Go',
  'Prototype for the new {d} experience',
  'Shared {d} library and its CLI',
];
const TAGS = ['api', 'frontend', 'backend', 'go', 'node', 'react', 'python', 'internal', 'public', 'legacy', 'experimental', 'payments', 'data', 'ml', 'infra', 'mobile', 'docs', 'security', 'team-alpha', 'team-beta', 'team-gamma', 'prod', 'staging', 'archived'];
const TEMPLATES = ['static-site', 'node-rest-api', 'go-api', 'fullstack-notes', 'scheduled-worker', null];
const SEARCHES = ['billing', 'api', 'harbor', 'data', 'service', 'portal', 'nightly', 'falcon', 'search', 'pipe'];
const SORTS: Array<[string, string]> = [
  ['updated_at', 'DESC'],
  ['created_at', 'DESC'],
  ['name', 'ASC'],
  ['name', 'DESC'],
  ['status', 'ASC'],
];

interface Account {
  id: string;
  token: string;
}

interface Question {
  search: string;
  tags: string[];
  sortBy: string;
  sortOrder: string;
}

/** The i-th request of every mode asks the same question, so the three measurements compare like with like. */
function questionFor(i: number, users: Account[]): { user: Account; query: Question } {
  const r = rng(i * 7919 + 17);
  const [sortBy, sortOrder] = pick(SORTS, r);
  return { user: users[i % users.length], query: { search: pick(SEARCHES, r), tags: [pick(TAGS, r)], sortBy, sortOrder } };
}

// ---------------------------------------------------------------- database and server

function startServer(databaseUrl: string, dataDir: string): Promise<{ url: string; child: ChildProcess }> {
  // The compiled server, as `npm start` runs it (`npm run bench:projects` builds it first if needed).
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...SERVER_NODE_ARGS, 'dist/main.js'], {
    cwd: path.join(ROOT, 'server'),
    env: { ...process.env, DATABASE_URL: databaseUrl, SLIPWAY_DATA_DIR: dataDir, SLIPWAY_SECRET_KEY: SECRET_KEY, PORT: '0', HOST: '127.0.0.1', NODE_ENV: 'production', REGISTRATION_LIMIT: '1000' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk;
      const match = /running at (http:\/\/\S+)/.exec(output);
      if (match) resolve({ url: match[1].replace('localhost', '127.0.0.1'), child });
    });
    child.once('exit', (code) => reject(new Error(`Slipway exited with ${code} before it was ready:\n${output}`)));
  });
}

const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });

function http(url: string, method: string, token: string | undefined, body?: unknown, extraHeaders: Record<string, string> = {}): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers: Record<string, string> = { ...extraHeaders };
    if (token) headers.authorization = `Bearer ${token}`;
    if (payload) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(Buffer.byteLength(payload));
    }
    const req = request(url, { method, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
}

async function registerUsers(url: string): Promise<Account[]> {
  const accounts: Account[] = [];
  for (let start = 0; start < USERS; start += 4) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(4, USERS - start) }, async (_, k) => {
        const n = start + k;
        const res = await http(`${url}/api/auth/register`, 'POST', undefined, { name: `Bench User ${n}`, email: `bench${n}@example.com`, password: 'bench-password' });
        if (res.status !== 201) throw new Error(`register failed: ${res.status} ${res.text}`);
        const body = JSON.parse(res.text);
        return { id: body.user.id as string, token: body.token as string };
      }),
    );
    accounts.push(...batch);
  }
  return accounts;
}

async function seed(db: pg.Client, users: Account[]): Promise<void> {
  const box = SecretBox.fromRootSecret(Buffer.from(SECRET_KEY, 'utf8'));
  const now = Date.now();
  const day = 86_400_000;
  let columns = newColumns();
  function newColumns() {
    return { id: [] as string[], owner: [] as string[], name: [] as string[], description: [] as string[], tags: [] as string[], status: [] as string[], template: [] as (string | null)[], env: [] as string[], created: [] as string[], updated: [] as string[] };
  }
  async function flush() {
    if (!columns.id.length) return;
    await db.query(
      `INSERT INTO projects (id, owner_id, name, description, tags, status, template_name, environment_variables_encrypted, created_at, updated_at)
       SELECT id, owner_id, name, description, string_to_array(tags, ','), status::project_status, template_name, env, created_at, updated_at
         FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::timestamptz[], $10::timestamptz[])
           AS t(id, owner_id, name, description, tags, status, template_name, env, created_at, updated_at)`,
      [columns.id, columns.owner, columns.name, columns.description, columns.tags, columns.status, columns.template, columns.env, columns.created, columns.updated],
    );
    columns = newColumns();
  }
  // Owners take turns, as when many users create projects over time: an owner's rows spread over the table.
  for (let n = 0; n < PROJECTS_PER_USER; n += 1) {
    for (const user of users) {
      const id = randomUUID();
      const domain = pick(DOMAINS);
      const tags = [...new Set(Array.from({ length: 1 + Math.floor(random() * 4) }, () => pick(TAGS)))];
      const created = now - Math.floor(random() * 730 * day);
      const updated = created + Math.floor(random() * (now - created));
      const env = { LOG_LEVEL: pick(['info', 'debug', 'warn']), API_KEY: randomBytes(12).toString('hex'), REGION: pick(['fra1', 'nyc3', 'sgp1']) };
      columns.id.push(id);
      columns.owner.push(user.id);
      columns.name.push(`${pick(ADJECTIVES)} ${pick(NOUNS)} ${pick(KINDS)} ${n + 1}`);
      columns.description.push(pick(PHRASES).replace('{d}', domain));
      columns.tags.push(tags.join(','));
      columns.status.push(random() < 0.8 ? 'active' : 'inactive');
      columns.template.push(pick(TEMPLATES));
      columns.env.push(box.seal(JSON.stringify(env), `project:${id}:environment`));
      columns.created.push(new Date(created).toISOString());
      columns.updated.push(new Date(updated).toISOString());
      if (columns.id.length === BATCH) await flush();
    }
  }
  await flush();
  // The state autovacuum reaches after a bulk load: statistics, visibility map and hint bits in place.
  await db.query('VACUUM (ANALYZE) projects');
}

// ---------------------------------------------------------------- load

interface Result {
  label: string;
  requests: number;
  errors: number;
  seconds: number;
  latencies: number[];
  /** CPU seconds the server process and this process (the load generator) spent while counting. */
  serverCpu: number;
  benchCpu: number;
  /** CPU seconds the whole machine (PostgreSQL included) spent busy and idle while counting. */
  machineBusy: number;
  machineIdle: number;
}

const SUMMED = ['requests', 'errors', 'seconds', 'serverCpu', 'benchCpu', 'machineBusy', 'machineIdle'] as const;

/** The CPU seconds (user + system) a process has used so far, from /proc on Linux; NaN elsewhere. */
function processCpuSeconds(pid: number): number {
  try {
    // Fields after the parenthesised command name: utime and stime are the 12th and 13th, in clock ticks (100 Hz).
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /s, '').split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

/** The whole machine's busy and idle CPU seconds so far (all cores), from /proc/stat on Linux; NaN elsewhere. */
function machineCpuSeconds(): { busy: number; idle: number } {
  try {
    // The first line: "cpu" and the clock ticks (100 Hz) spent in user, nice, system, idle, iowait, irq, softirq, steal...
    const ticks = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1, 9).map(Number);
    const idle = ticks[3] + ticks[4];
    return { busy: (ticks.reduce((sum, n) => sum + n, 0) - idle) / 100, idle: idle / 100 };
  } catch {
    return { busy: NaN, idle: NaN };
  }
}

const benchCpuSeconds = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

/**
 * CONCURRENCY workers issue requests back to back for `settle` + `seconds`; only the requests that end in the last
 * `seconds` are counted.
 */
async function measure(label: string, seconds: number, serverPid: number, run: (i: number) => Promise<boolean>, settle = SETTLE_SECONDS): Promise<Result> {
  let next = 0;
  const latencies: number[] = [];
  let errors = 0;
  let counting = false;
  let stop = false;
  const worker = async () => {
    while (!stop) {
      const i = next++;
      const started = process.hrtime.bigint();
      const ok = await run(i).catch(() => false);
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      if (!counting) continue;
      if (ok) latencies.push(ms);
      else errors += 1;
    }
  };
  const workers = Array.from({ length: CONCURRENCY }, worker);
  await new Promise((resolve) => setTimeout(resolve, settle * 1000));
  counting = true;
  const started = process.hrtime.bigint();
  const serverCpu = processCpuSeconds(serverPid);
  const benchCpu = benchCpuSeconds();
  const machine = machineCpuSeconds();
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  stop = true;
  const measured = Number(process.hrtime.bigint() - started) / 1e9;
  const machineNow = machineCpuSeconds();
  const cpu = {
    serverCpu: processCpuSeconds(serverPid) - serverCpu,
    benchCpu: benchCpuSeconds() - benchCpu,
    machineBusy: machineNow.busy - machine.busy,
    machineIdle: machineNow.idle - machine.idle,
  };
  counting = false;
  await Promise.all(workers);
  return { label, requests: latencies.length, errors, seconds: measured, latencies, ...cpu };
}

/** What Apollo Client's HTTP link sends with every request (its content-type also satisfies Apollo Server's CSRF check on a GET). */
const APOLLO_CLIENT_HEADERS = { accept: 'application/graphql-response+json,application/json;q=0.9', 'content-type': 'application/json' };

/**
 * The projects page's own GraphQL document, from the trusted documents codegen writes: the web client sends its
 * hash (the persisted-query wire format, no query text, in a GET); a tool builder would POST the text.
 */
function projectsPageDocument(): { hash: string; text: string } {
  const manifest = JSON.parse(readFileSync(path.join(ROOT, 'client', 'src', 'generated', 'persisted-documents.json'), 'utf8')) as Record<string, string>;
  const found = Object.entries(manifest).find(([, text]) => /\bquery Projects\(/.test(text));
  if (!found) throw new Error('The projects page\'s document (query Projects) is not in the trusted documents: run npm run codegen');
  return { hash: found[0].replace(/^sha256:/, ''), text: found[1] };
}

async function main() {
  const databaseName = `slipway_bench_${process.pid}_${randomBytes(3).toString('hex')}`;
  const url = new URL(ADMIN_URL);
  url.pathname = `/${databaseName}`;
  const databaseUrl = url.toString();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'slipway-bench-'));
  let server: ChildProcess | undefined;
  let db: pg.Client | undefined;
  let pool: pg.Pool | undefined;

  await admin(`CREATE DATABASE ${databaseName}`);
  try {
    console.log(`database ${databaseName}; booting Slipway on Node ${process.versions.node}, ${availableParallelism()} cores...`);
    const started = await startServer(databaseUrl, dataDir);
    server = started.child;
    const base = started.url;

    let t = Date.now();
    const users = await registerUsers(base);
    console.log(`registered ${users.length} users in ${((Date.now() - t) / 1000).toFixed(1)} s`);

    db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    t = Date.now();
    await seed(db, users);
    const count = (await db.query('SELECT count(*)::int AS n FROM projects')).rows[0].n;
    console.log(`seeded ${count.toLocaleString('en')} projects in ${((Date.now() - t) / 1000).toFixed(1)} s`);

    const sample = questionFor(0, users);
    const sampleSql = buildProjectListSql(sample.user.id, parseProjectListQuery({ ...sample.query, limit: 12 }));
    const plan = await db.query(`EXPLAIN (ANALYZE, BUFFERS) ${sampleSql.text}`, sampleSql.values);
    console.log(`\nsample query: ${JSON.stringify(sample.query)}\n${plan.rows.map((r) => `  ${r['QUERY PLAN']}`).join('\n')}\n`);

    pool = new pg.Pool({ connectionString: databaseUrl, max: CONCURRENCY });
    const sqlPool = pool;
    const page = projectsPageDocument();
    const modes: Array<[string, (i: number) => Promise<boolean>]> = [
      [
        'SQL (pg)',
        async (i) => {
          const { user, query } = questionFor(i, users);
          const { text, values } = buildProjectListSql(user.id, parseProjectListQuery({ ...query, limit: 12 }));
          await sqlPool.query(text, values);
          return true;
        },
      ],
      [
        'REST',
        async (i) => {
          const { user, query } = questionFor(i, users);
          const params = new URLSearchParams({ page: '1', limit: '12', search: query.search, tags: query.tags.join(','), sort_by: query.sortBy, sort_order: query.sortOrder });
          const res = await http(`${base}/api/projects?${params}`, 'GET', user.token);
          return res.status === 200 && res.text.startsWith('{"projects":');
        },
      ],
      [
        'GraphQL (hash)',
        async (i) => {
          const { user, query } = questionFor(i, users);
          // A GET with the operation's name, variables and hash, and Apollo Client's headers.
          const params = new URLSearchParams({
            operationName: 'Projects',
            variables: JSON.stringify({ filter: { page: 1, limit: 12, ...query } }),
            extensions: JSON.stringify({ persistedQuery: { version: 1, sha256Hash: page.hash } }),
          });
          const res = await http(`${base}/api/graphql?${params}`, 'GET', user.token, undefined, APOLLO_CLIENT_HEADERS);
          return res.status === 200 && !res.text.includes('"errors"');
        },
      ],
      [
        'GraphQL (text)',
        async (i) => {
          const { user, query } = questionFor(i, users);
          const res = await http(`${base}/api/graphql`, 'POST', user.token, { operationName: 'Projects', query: page.text, variables: { filter: { page: 1, limit: 12, ...query } } });
          return res.status === 200 && !res.text.includes('"errors"');
        },
      ],
    ];

    console.log(`warming up: each mode for ${WARMUP_SECONDS} s, unmeasured...`);
    for (const [label, run] of modes) await measure(label, WARMUP_SECONDS, server.pid!, run, 0);
    console.log(`measuring each mode for ${SECONDS} s in ${ROUNDS} rounds at ${CONCURRENCY} concurrent requests...`);
    const results: Result[] = modes.map(([label]) => ({ label, requests: 0, errors: 0, seconds: 0, latencies: [], serverCpu: 0, benchCpu: 0, machineBusy: 0, machineIdle: 0 }));
    for (let round = 0; round < ROUNDS; round += 1) {
      const figures: string[] = [];
      for (const [index, [label, run]] of modes.entries()) {
        const part = await measure(label, SECONDS / ROUNDS, server.pid!, run);
        figures.push(`${label} ${(part.requests / part.seconds).toFixed(0)} req/s`);
        const total = results[index];
        for (const key of SUMMED) total[key] += part[key];
        total.latencies.push(...part.latencies);
      }
      console.log(`  round ${round + 1}: ${figures.join(', ')}`);
    }

    const sql = results[0];
    const throughput = (r: Result) => r.requests / r.seconds;
    // CPU per request: what the Slipway server, the load generator (this process) and the whole machine (PostgreSQL
    // included) spent on one request; and the share of the machine's CPU time left idle, waiting on the slowest part.
    console.log('\nmode             req/s      p50 ms   p95 ms   p99 ms   errors   server CPU ms/req   bench CPU ms/req   machine CPU ms/req   machine idle   vs SQL');
    for (const r of results) {
      const sorted = [...r.latencies].sort((a, b) => a - b);
      const ratio = r === sql ? '' : `${((throughput(r) / throughput(sql)) * 100).toFixed(0)} %`;
      console.log(
        `${r.label.padEnd(15)} ${throughput(r).toFixed(0).padStart(7)}   ${percentile(sorted, 50).toFixed(2).padStart(6)}   ${percentile(sorted, 95).toFixed(2).padStart(6)}   ${percentile(sorted, 99).toFixed(2).padStart(6)}   ${String(r.errors).padStart(6)}   ${((r.serverCpu / r.requests) * 1000).toFixed(3).padStart(17)}   ${((r.benchCpu / r.requests) * 1000).toFixed(3).padStart(16)}   ${((r.machineBusy / r.requests) * 1000).toFixed(3).padStart(18)}   ${`${((r.machineIdle / (r.machineBusy + r.machineIdle)) * 100).toFixed(0)} %`.padStart(12)}   ${ratio}`,
      );
    }
    // Two targets, read apart: the throughput share (>= 60 % of raw SQL, without errors) and the latency (p95 <= 50 ms),
    // which also depends on the machine: raw SQL's own p95 is printed beside it.
    const p95Of = (r: Result) => percentile([...r.latencies].sort((a, b) => a - b), 95);
    const verdicts = results.slice(1).flatMap((r) => {
      const share = throughput(r) / throughput(sql);
      return [
        `${r.label}: ${(share * 100).toFixed(0)} % of SQL throughput${r.errors ? ` with ${r.errors} errors` : ''}: ${share >= 0.6 && !r.errors ? 'meets' : 'misses'} the target (>= 60 %)`,
        `${r.label}: p95 ${p95Of(r).toFixed(1)} ms (raw SQL's own p95 ${p95Of(sql).toFixed(1)} ms): ${p95Of(r) <= 50 ? 'meets' : 'misses'} the target (<= 50 ms)`,
      ];
    });
    console.log(`\n${verdicts.join('\n')}`);
  } finally {
    await pool?.end();
    await db?.end();
    agent.destroy();
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server!.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    await admin(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    rmSync(dataDir, { recursive: true, force: true });
    console.log(`dropped ${databaseName}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
