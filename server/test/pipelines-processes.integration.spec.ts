import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { createClient } from 'graphql-ws';
import pg from 'pg';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { EVENT_CHANNEL } from '../src/events/postgres-event-bus.js';
import { quick, quickToo, testSteps } from './helpers/pipeline-test-steps.js';
import { TEST_SECRET_KEY, registerUser, startTestApp, type TestApp } from './helpers/test-app.js';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface Child {
  child: ChildProcess;
  output: () => string;
  /** The HTTP address of an api process, once it said it is running. */
  started: Promise<string>;
}

/** Slipway with the test steps as a separate OS process on the test's database. */
function startProcess(role: 'api' | 'worker', databaseUrl: string, dataDir: string): Child {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'test/helpers/slipway-with-test-steps.ts'], {
    cwd: SERVER_DIR,
    env: { PATH: process.env.PATH, SLIPWAY_ROLE: role, DATABASE_URL: databaseUrl, SLIPWAY_DATA_DIR: dataDir, SLIPWAY_SECRET_KEY: TEST_SECRET_KEY, PORT: '0', HOST: '127.0.0.1' },
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const started = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${role} did not start: ${output}`)), 60_000);
    child.stdout!.on('data', () => {
      const match = /Slipway is running at (\S+)|Slipway worker \S+ is running/.exec(output);
      if (!match) return;
      clearTimeout(timer);
      resolve(match[1] ?? '');
    });
    child.once('exit', (code) => reject(new Error(`${role} exited with ${code}: ${output}`)));
  });
  started.catch(() => undefined);
  return { child, output: () => output, started };
}

/** This process is the first api (it starts runs: an api process only enqueues their steps), plus a second api and a worker. */
let firstApi: TestApp;
let secondApi: Child;
let worker: Child;
let dataDir: string;
beforeAll(async () => {
  firstApi = await startTestApp({ role: 'api', extraPipelineSteps: testSteps });
  dataDir = mkdtempSync(path.join(tmpdir(), 'slipway-processes-'));
  secondApi = startProcess('api', firstApi.databaseUrl!, dataDir);
  worker = startProcess('worker', firstApi.databaseUrl!, dataDir);
  await Promise.all([secondApi.started, worker.started]);
}, 90_000);
afterAll(async () => {
  for (const { child } of [secondApi, worker]) {
    if (child?.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  }
  await firstApi?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}, 30_000);

type Seen = { id: string; seq: number; overallStatus: string; processors: Array<{ status: string }> };

/** An owner with a project, subscribed to it on the second api; `until` waits for a run's end there. */
async function subscribedOwner(name: string) {
  const owner = await registerUser(firstApi);
  await firstApi.api('PUT', '/settings/GITHUB_ORGANIZATION', { token: owner.token, body: { value: 'acme' } });
  const projectId: string = (await firstApi.api('POST', '/projects', { token: owner.token, body: { name } })).body.id;
  const secondUrl = await secondApi.started;
  const client = createClient({
    url: `${secondUrl.replace('http', 'ws')}/api/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${owner.token}` },
    retryAttempts: 0,
  });
  const seen: Seen[] = [];
  const stop = client.subscribe(
    { query: 'subscription ($id: ID!) { projectPipeline(projectId: $id) { id seq overallStatus processors { status } } }', variables: { id: projectId } },
    { next: (message) => void seen.push((message.data as { projectPipeline: Seen }).projectPipeline), error: () => undefined, complete: () => undefined },
  );
  const start = (steps: typeof testSteps) => firstApi.slipway.pipelines.start('test_stream', steps, { ownerId: owner.user.id, projectId });
  const until = async (runId: string) => {
    await vi.waitFor(() => expect(seen.at(-1)).toMatchObject({ id: runId, overallStatus: 'completed' }), { timeout: 20_000, interval: 25 });
    return seen.filter((status) => status.id === runId);
  };
  // A first run shows the subscription is live.
  await until(await start([quick]));
  const close = async () => {
    stop();
    await client.dispose();
  };
  return { owner, projectId, secondUrl, start, until, close };
}

describe('two api processes and a worker process on one database', () => {
  it("streams the worker's progress on a run started on one api to a subscriber on the other", async () => {
    const { owner, projectId, secondUrl, start, until, close } = await subscribedOwner('Across Processes');
    try {
      // A new run of the project, which the subscription must follow from its start.
      const runId = await start([quick, quickToo]);
      const run = await until(runId);
      expect(run.at(-1)).toMatchObject({ overallStatus: 'completed', processors: [{ status: 'completed' }, { status: 'completed' }] });
      for (let index = 1; index < run.length; index += 1) expect(run[index].seq).toBeGreaterThan(run[index - 1].seq);
      // Each step was seen running: the changes arrived one by one, not just the end.
      expect(run.some((status) => status.processors[0].status === 'running')).toBe(true);
      expect(run.some((status) => status.processors[1].status === 'running')).toBe(true);
      const res = await fetch(`${secondUrl}/api/projects/${projectId}/status`, { headers: { authorization: `Bearer ${owner.token}` } });
      expect(await res.json()).toMatchObject({ id: runId, overall_status: 'completed', progress_percent: 100 });
    } finally {
      await close();
    }
    expect(worker.output()).not.toMatch(/error/i);
  }, 60_000);

  it('sends the run as it is once the events missed while the event connections were down are lost', async () => {
    const { start, until, close } = await subscribedOwner('Missed Events');
    const db = new pg.Client({ connectionString: firstApi.databaseUrl });
    await db.connect();
    try {
      const terminate = async () =>
        (await db.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query = $1`, [`LISTEN ${EVENT_CHANNEL}`])).rows.length;
      expect(await terminate()).toBe(3);
      // The worker runs this while the processes keep losing their event connections (each reconnects after a second).
      const runId = await start([quick, quickToo]);
      const completed = async () => (await db.query('SELECT status FROM pipeline_runs WHERE id = $1', [runId])).rows[0].status === 'completed';
      while (!(await completed())) {
        await terminate();
        await sleep(20);
      }
      const run = await until(runId);
      expect(run.at(-1)).toMatchObject({ overallStatus: 'completed', processors: [{ status: 'completed' }, { status: 'completed' }] });
    } finally {
      await db.end();
      await close();
    }
  }, 60_000);
});
