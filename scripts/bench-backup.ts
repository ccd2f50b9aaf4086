// `npm run bench:backup`: how long `npm run backup` and `npm run restore` take for an instance with 1,000 projects,
// 50 of them deployed apps (targets: backup ≤ 30 s, restore ≤ 60 s). Slipway runs from main.ts in its own
// process with the embedded PostgreSQL in a temporary data directory; 50 static-site projects are created
// through the API (each creation run makes its repository, builds and deploys its app), and 950 more projects are
// inserted into the database (with encrypted environments, as Slipway stores them). The backup is made while
// Slipway runs; the restore goes into a new data directory. BENCH_PORT (default 4521) is Slipway's port,
// SLIPWAY_APP_PORTS (default 28000-28099) its apps'; BENCH_APPS and BENCH_PROJECTS change the sizes.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { SecretBox } from '../server/src/common/secret-box.js';
import { openEmbeddedPostgres } from '../server/src/db/embedded-postgres.js';
import { request, until } from './bench-common.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const PORT = Number(process.env.BENCH_PORT) || 4521;
const APP_PORTS = process.env.SLIPWAY_APP_PORTS ?? '28000-28099';
const APPS = Number(process.env.BENCH_APPS) || 50;
const PROJECTS = Number(process.env.BENCH_PROJECTS) || 1000;
const CREATIONS_AT_ONCE = 5;

const load = () => loadavg().map((value) => value.toFixed(1)).join(' / ');

function run(command: string, args: string[], env: Record<string, string>): Promise<number> {
  const started = performance.now();
  const child = spawn(command, args, { cwd: ROOT, env: { PATH: process.env.PATH!, ...env }, stdio: ['ignore', 'inherit', 'inherit'] });
  return new Promise((resolve, reject) =>
    child.once('exit', (code) => (code === 0 ? resolve((performance.now() - started) / 1000) : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`)))),
  );
}

function startSlipway(dataDir: string) {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'src/main.ts'], {
    cwd: path.join(ROOT, 'server'),
    env: { PATH: process.env.PATH, SLIPWAY_DATA_DIR: dataDir, PORT: String(PORT), HOST: '127.0.0.1', SLIPWAY_APP_PORTS: APP_PORTS, REGISTRATION_LIMIT: '100' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      output += chunk;
      if (output.includes('running at')) resolve();
    });
    void exited.then(() => reject(new Error(`Slipway exited:\n${output}`)));
  });
  return {
    ready,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** 950 (PROJECTS - APPS) more projects as Slipway stores them, owned by the same user. */
async function insertProjects(dataDir: string, ownerId: string, count: number): Promise<void> {
  const box = SecretBox.fromRootSecret(Buffer.from(readFileSync(path.join(dataDir, 'secret.key'), 'utf8').trim(), 'utf8'));
  const database = await openEmbeddedPostgres(dataDir, 'join');
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  try {
    const ids = Array.from({ length: count }, () => randomUUID());
    await db.query(
      `INSERT INTO projects (id, owner_id, name, description, tags, status, template_name, environment_variables_encrypted)
       SELECT id, $2, 'Bulk project ' || n, 'A project of the backup benchmark', ARRAY['bench'], 'active', 'static-site', env
         FROM unnest($1::uuid[], $3::text[]) WITH ORDINALITY AS t(id, env, n)`,
      [ids, ownerId, ids.map((id) => box.seal(JSON.stringify({ GREETING: 'hello', API_KEY: randomUUID() }), `project:${id}:environment`))],
    );
  } finally {
    await db.end();
    await database.stop();
  }
}

async function main(): Promise<void> {
  const work = mkdtempSync(path.join(tmpdir(), 'slipway-bench-backup-'));
  // Run as root, builds and apps run as other users, who pass through to their folders.
  chmodSync(work, 0o711);
  const source = path.join(work, 'source');
  const target = path.join(work, 'restored');
  const archive = path.join(work, 'bench.tar.gz');
  console.log(`Node ${process.version}, ${cpus().length} cores; load average (1/5/15 min) at start: ${load()}`);
  const slipway = startSlipway(source);
  try {
    await slipway.ready;
    const base = `http://127.0.0.1:${PORT}`;
    const { token, user } = await request(base, 'POST', '/auth/register', undefined, { name: 'Bench', email: 'bench-backup@example.com', password: 'bench-password' });
    await request(base, 'PUT', '/settings/GITHUB_ORGANIZATION', token, { value: 'bench' });
    console.log(`creating ${APPS} projects through the API (repository, build, deployment each), ${CREATIONS_AT_ONCE} at a time...`);
    const t = performance.now();
    for (let first = 0; first < APPS; first += CREATIONS_AT_ONCE) {
      await Promise.all(
        Array.from({ length: Math.min(CREATIONS_AT_ONCE, APPS - first) }, async (_, index) => {
          const project = await request(base, 'POST', '/projects', token, { name: `Bench App ${first + index + 1}`, template_name: 'static-site' });
          await until(
            `project ${first + index + 1}'s creation`,
            async () => {
              const status = await request(base, 'GET', `/projects/${project.id}/status`, token);
              if (status.overall_status === 'failed') throw new Error(`creation failed: ${JSON.stringify(status.processors.filter((step: any) => step.status === 'failed'))}`);
              return status.stream_name === 'project_creation' && status.overall_status === 'completed';
            },
            600_000,
            500,
          );
        }),
      );
    }
    console.log(`${APPS} deployed apps in ${((performance.now() - t) / 1000).toFixed(0)} s; inserting ${PROJECTS - APPS} more projects...`);
    await insertProjects(source, user.id, PROJECTS - APPS);

    console.log(`npm run backup (Slipway running; load average ${load()})...`);
    const backupSeconds = await run('npm', ['run', '--silent', 'backup', '--', '--output', archive], { SLIPWAY_DATA_DIR: source });
    await slipway.stop();
    console.log(`npm run restore (into a new data directory; load average ${load()})...`);
    const restoreSeconds = await run('npm', ['run', '--silent', 'restore', '--', archive], { SLIPWAY_DATA_DIR: target });
    console.log('');
    console.log(`instance: ${PROJECTS} projects, ${APPS} deployed apps; archive ${(statSync(archive).size / 1e6).toFixed(1)} MB`);
    console.log(`backup:  ${backupSeconds.toFixed(1)} s (target ≤ 30 s)`);
    console.log(`restore: ${restoreSeconds.toFixed(1)} s (target ≤ 60 s)`);
    console.log(`load average (1/5/15 min) at the end: ${load()} on ${cpus().length} cores`);
  } finally {
    await slipway.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
