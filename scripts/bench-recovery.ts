/**
 * `npm run bench:recovery`: how soon Slipway goes on after every one of its processes was killed (SIGKILL) mid-step
 * and it was started again.
 *
 * Slipway (role all: the compiled server, as `npm start` runs it, built first if stale) runs as a child process on a
 * fresh database on the PostgreSQL server (BENCH_DATABASE_ADMIN_URL, default postgres://postgres@127.0.0.1:5432/
 * postgres) and a fresh data directory, both removed at the end. One node-rest-api project goes through its
 * creation, version builds and deployments, and Slipway is killed while each of these steps runs, then started again
 * at once: creation's check-build-status, check-github-version-build and deploy-to-doks, a version's build-version,
 * a deployment's roll-out. Per kill it prints the time from the restart (the new process spawned) to the interrupted
 * run going on (the step's next attempt claimed), and the part of it the boot took (until the process says it runs);
 * for a rollout also the time until its environment accepts deploys again (the deployment finished or rolled back,
 * then checked with a deploy request that is accepted). Then p50 and max. Target: <= 30 s.
 *
 * Two more kills (a build and a rollout) as if Slipway had run on another machine: its heartbeat then names no
 * process this machine can check, so the death is noticed only once the heartbeat has lapsed (15 s).
 *
 * At the end every run must have completed with each effect made once (one version per tag, one active deployment).
 * The machine's load average is printed before and after: on a busy machine the boot takes longer.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { ADMIN_URL, admin, percentile, request, until } from './bench-common.js';
import { SERVER_NODE_FLAGS } from './server-node-flags.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SECRET_KEY = randomBytes(32).toString('base64');
const APP_PORTS = process.env.SLIPWAY_APP_PORTS ?? '27000-27999';
const TARGET_SECONDS = 30;
const IN_PROGRESS = ['pending', 'deploying', 'rolling_back', 'cleaning_up'];

interface Kill {
  what: string;
  /** From the restart to the step's next attempt, and the boot within it (ms). */
  goesOn: number;
  boot: number;
  /** For a rollout: from the restart to its environment accepting deploys (ms), and how the deployment ended. */
  accepts?: number;
  ended?: string;
}

interface Slipway {
  child: ChildProcess;
  base: string;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const load = () => loadavg().map((value) => value.toFixed(2)).join(' ');

/** The compiled server, as `npm start` runs it, on the bench's database and data directory; resolves once it serves. */
function startSlipway(databaseUrl: string, dataDir: string): Promise<Slipway> {
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'dist/main.js'], {
    cwd: path.join(ROOT, 'server'),
    env: { ...process.env, DATABASE_URL: databaseUrl, SLIPWAY_DATA_DIR: dataDir, SLIPWAY_SECRET_KEY: SECRET_KEY, SLIPWAY_APP_PORTS: APP_PORTS, PORT: '0', HOST: '127.0.0.1', NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk;
      const match = /running at (http:\/\/\S+)/.exec(output);
      if (match) resolve({ child, base: match[1].replace('localhost', '127.0.0.1') });
    });
    child.once('exit', (code, signal) => reject(new Error(`Slipway exited (${code ?? signal}) before it was ready:\n${output}`)));
  });
}

function stopped(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill(signal);
  return exited;
}

async function main(): Promise<void> {
  console.log(`bench:recovery on Node ${process.version}, ${cpus().length} cores; load average ${load()}`);
  execFileSync(process.execPath, [path.join(ROOT, 'scripts/build.mjs'), '--if-stale'], { cwd: ROOT, stdio: 'inherit' });
  const databaseName = `slipway_bench_recovery_${randomBytes(4).toString('hex')}`;
  const databaseUrl = Object.assign(new URL(ADMIN_URL), { pathname: `/${databaseName}` }).toString();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'slipway-bench-recovery-'));
  chmodSync(dataDir, 0o711);
  await admin(`CREATE DATABASE ${databaseName}`);
  const db = new pg.Client({ connectionString: databaseUrl });
  let slipway: Slipway | undefined;
  try {
    slipway = await startSlipway(databaseUrl, dataDir);
    await db.connect();
    console.log(`database ${databaseName}; Slipway (role all) at ${slipway.base}`);
    const query = async (text: string, values: unknown[]) => (await db.query(text, values)).rows;
    const call = (method: string, route: string, body?: unknown) => request(slipway!.base, method, route, token, body);
    const { token } = await request(slipway.base, 'POST', '/auth/register', undefined, { name: 'Bench', email: 'bench@example.com', password: 'bench-password' });
    await call('PUT', '/settings/GITHUB_ORGANIZATION', { value: 'acme' });
    const project = await call('POST', '/projects', { name: 'Recovery Bench', template_name: 'node-rest-api', environment_variables: { API_KEY: 'bench-api-key-123' } });

    /** The latest run of that stream's step, once it runs; throws if the run went past it unseen. */
    const running = (stream: string, stepId: string) =>
      until(`${stepId} running`, async () => {
        const [step] = await query(
          `SELECT s.id, s.status, s.attempts FROM pipeline_steps s JOIN pipeline_runs r ON r.id = s.run_id
            WHERE r.project_id = $1 AND r.stream_name = $2 AND s.step_id = $3 ORDER BY r.created_at DESC LIMIT 1`,
          [project.id, stream, stepId],
        );
        if (step && step.status !== 'pending' && step.status !== 'running') throw new Error(`${stepId} ended (${step.status}) before the bench saw it run`);
        return step?.status === 'running' ? (step as { id: string; attempts: number }) : null;
      }, 300_000, 2);

    /** Kills Slipway while that step runs, starts it again and times the run going on (and the environment, for a deployment). */
    const killAt = async (stream: string, stepId: string, { elsewhere = false, deploymentId }: { elsewhere?: boolean; deploymentId?: string } = {}): Promise<Kill> => {
      const step = await running(stream, stepId);
      const killed = slipway!.child.pid;
      await stopped(slipway!.child, 'SIGKILL');
      // As a process of another machine would look: nothing tells its death but its heartbeat's lapse.
      if (elsewhere) await query('UPDATE worker_heartbeats SET process_key = NULL WHERE pid = $1', [killed]);
      const restart = performance.now();
      slipway = await startSlipway(databaseUrl, dataDir);
      const boot = performance.now() - restart;
      await until(`${stepId} taken over`, async () => {
        const [row] = await query('SELECT status, attempts FROM pipeline_steps WHERE id = $1', [step.id]);
        return row.attempts > step.attempts && row.status !== 'pending';
      }, 120_000, 20);
      const kill: Kill = { what: `${stream} ${stepId}${elsewhere ? ' (as from another machine)' : ''}`, goesOn: performance.now() - restart, boot };
      if (deploymentId) {
        const ended = await until('the deployment to end', async () => {
          const [row] = await query('SELECT status FROM deployments WHERE id = $1', [deploymentId]);
          return IN_PROGRESS.includes(row.status) ? null : (row.status as string);
        }, 120_000, 20);
        kill.accepts = performance.now() - restart;
        kill.ended = ended;
      }
      console.log(
        `  killed during ${kill.what}: goes on ${seconds(kill.goesOn)} after the restart (boot ${seconds(kill.boot)})` +
          (kill.accepts === undefined ? '' : `; environment accepts deploys after ${seconds(kill.accepts)} (deployment ${kill.ended})`),
      );
      return kill;
    };
    const runEnded = (stream: string) =>
      until(`the ${stream} run to end`, async () => {
        const [run] = await query('SELECT status FROM pipeline_runs WHERE project_id = $1 AND stream_name = $2 ORDER BY created_at DESC LIMIT 1', [project.id, stream]);
        return run && run.status !== 'running' ? (run.status as string) : null;
      }, 300_000, 50);
    const buildVersion = async (tag: string, elsewhere = false) => {
      const version = await call('POST', `/projects/${project.id}/versions`, { version_tag: tag, git_branch: 'main' });
      const kill = await killAt('version_build', 'build-version', { elsewhere });
      if ((await runEnded('version_build')) !== 'completed') throw new Error(`the build of ${tag} did not complete`);
      return { version, kill };
    };
    const deploy = async (versionId: string, elsewhere = false) => {
      const deployment = await call('POST', `/projects/${project.id}/deployments`, { version_id: versionId, deployment_strategy: 'rolling' });
      const kill = await killAt('deployment', 'roll-out', { elsewhere, deploymentId: deployment.id });
      await runEnded('deployment');
      // Accepted (not 409): the same version once more, a no-op rollout.
      await call('POST', `/projects/${project.id}/deployments`, { version_id: versionId, deployment_strategy: 'rolling' });
      await runEnded('deployment');
      return kill;
    };

    console.log('Killed on this machine, started again at once:');
    const local: Kill[] = [];
    for (const stepId of ['check-build-status', 'check-github-version-build', 'deploy-to-doks']) local.push(await killAt('project_creation', stepId));
    if ((await runEnded('project_creation')) !== 'completed') throw new Error('the creation did not complete');
    const first = await buildVersion('v1.0.0');
    local.push(first.kill);
    local.push(await deploy(first.version.id));

    console.log('Killed as if on another machine (noticed by the heartbeat lapse):');
    const second = await buildVersion('v1.1.0', true);
    const remote = [second.kill, await deploy(second.version.id, true)];

    const [counts] = await query(
      `SELECT (SELECT count(*)::int FROM versions WHERE project_id = $1) AS versions,
              (SELECT count(DISTINCT version_tag)::int FROM versions WHERE project_id = $1) AS tags,
              (SELECT count(*)::int FROM deployments WHERE project_id = $1 AND status = 'active') AS active,
              (SELECT count(*)::int FROM pipeline_runs WHERE project_id = $1 AND status <> 'completed') AS unfinished`,
      [project.id],
    );
    if (counts.versions !== counts.tags || counts.active !== 1 || counts.unfinished !== 0) throw new Error(`effects not made once: ${JSON.stringify(counts)}`);
    console.log(`Every run completed; ${counts.versions} versions, one per tag; ${counts.active} active deployment.`);

    const summary = (label: string, values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      const max = sorted.at(-1) ?? NaN;
      console.log(`  ${label}: p50 ${seconds(percentile(sorted, 50))}, max ${seconds(max)} over ${values.length} (target <= ${TARGET_SECONDS} s: ${max <= TARGET_SECONDS * 1000 ? 'met' : 'MISSED'})`);
    };
    console.log('Summary:');
    summary('restart -> interrupted run goes on, this machine', local.map((kill) => kill.goesOn));
    summary('  of which the boot', local.map((kill) => kill.boot));
    summary('restart -> environment accepts deploys, this machine', local.flatMap((kill) => (kill.accepts === undefined ? [] : [kill.accepts])));
    summary('restart -> interrupted run goes on, another machine', remote.map((kill) => kill.goesOn));
    summary('restart -> environment accepts deploys, another machine', remote.flatMap((kill) => (kill.accepts === undefined ? [] : [kill.accepts])));
    console.log(`load average at the end ${load()}`);
  } finally {
    await db.end().catch(() => undefined);
    if (slipway) await stopped(slipway.child, 'SIGTERM');
    await admin(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    rmSync(dataDir, { recursive: true, force: true });
    console.log(`dropped ${databaseName}`);
  }
}

await main();
