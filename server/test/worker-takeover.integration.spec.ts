import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEAD_AFTER_SECONDS } from '../src/modules/system/worker-registry.js';
import { fileGate, quick, slowOnFileGate, testSteps } from './helpers/pipeline-test-steps.js';
import { eventually } from './helpers/project-runs.js';
import { registerUser, startTestApp, type TestApp } from './helpers/test-app.js';
import { sql, workerProcesses } from './helpers/worker-processes.js';

/**
 * Workers that die mid-step (SIGKILL: real processes, real signals) and workers that are only slow. The api is this
 * process (it starts the runs, and runs no step); each worker is its own OS process with the test steps, on the same
 * database and data directory. The step waits on a gate the test opens, and notes its effect (under a checkpoint)
 * and each attempt's process in the gate's folder.
 */
let api: TestApp;
let owner: Awaited<ReturnType<typeof registerUser>>;
const runs: string[] = [];
const workers = workerProcesses(() => api);

beforeAll(async () => {
  api = await startTestApp({ role: 'api', extraPipelineSteps: testSteps });
  owner = await registerUser(api);
}, 60_000);
afterAll(async () => {
  await workers.stopAll('SIGKILL');
  await api?.stop();
  for (const runId of runs) rmSync(fileGate(runId).dir, { recursive: true, force: true });
}, 60_000);

async function startRun(): Promise<string> {
  const runId = await api.slipway.pipelines.start('test_stream', [slowOnFileGate], { ownerId: owner.user.id });
  runs.push(runId);
  return runId;
}
const stepOf = async (runId: string) => (await sql(api, 'SELECT status, attempts, worker_id, log FROM pipeline_steps WHERE run_id = $1', [runId]))[0];
const runStatus = async (runId: string) => (await sql(api, 'SELECT status FROM pipeline_runs WHERE id = $1', [runId]))[0].status as string;
const startWorker = async () => {
  const worker = workers.start({ testSteps: true });
  await worker.started;
  return worker;
};

describe('a worker killed mid-step', () => {
  it('is replaced by the worker started after it: the step runs again at once, its effect made once', async () => {
    const first = await startWorker();
    const runId = await startRun();
    const gate = fileGate(runId);
    await eventually(async () => gate.attempts().length === 1);
    await workers.stop(first.child, 'SIGKILL');
    expect(await stepOf(runId)).toMatchObject({ status: 'running', attempts: 1 });

    const restarted = await startWorker();
    await eventually(async () => gate.attempts().length === 2);
    expect(gate.attempts()).toEqual([first.child.pid, restarted.child.pid]);
    gate.open();
    await eventually(async () => (await runStatus(runId)) === 'completed');
    const step = await stepOf(runId);
    expect(step).toMatchObject({ status: 'completed', attempts: 2 });
    expect(step.log).toContain('attempt 1 was interrupted: its worker stopped');
    expect(gate.effects()).toBe(1);
    await workers.stop(restarted.child);
  }, 120_000);

  it('is replaced by a worker that was running beside it', async () => {
    const first = await startWorker();
    const runId = await startRun();
    const gate = fileGate(runId);
    await eventually(async () => gate.attempts().length === 1);
    const second = await startWorker();
    await workers.stop(first.child, 'SIGKILL');

    await eventually(async () => gate.attempts().length === 2);
    expect(gate.attempts()).toEqual([first.child.pid, second.child.pid]);
    gate.open();
    await eventually(async () => (await runStatus(runId)) === 'completed');
    expect(await stepOf(runId)).toMatchObject({ status: 'completed', attempts: 2 });
    expect(gate.effects()).toBe(1);
    await workers.stop(second.child);
  }, 120_000);
});

describe('a worker stopped mid-step (SIGTERM)', () => {
  it('hands its step over as it stops: the worker beside it runs it again at once', async () => {
    const first = await startWorker();
    const runId = await startRun();
    const gate = fileGate(runId);
    await eventually(async () => gate.attempts().length === 1);
    const second = await startWorker();
    const exit = new Promise<number | null>((resolve) => first.child.once('exit', (code) => resolve(code)));
    await workers.stop(first.child, 'SIGTERM');
    expect(await exit).toBe(0);

    await eventually(async () => gate.attempts().length === 2);
    expect(gate.attempts()).toEqual([first.child.pid, second.child.pid]);
    expect((await stepOf(runId)).log).toContain('attempt 1 failed: Slipway stopped while the step ran');
    expect(first.output()).not.toMatch(/error/i);
    gate.open();
    await eventually(async () => (await runStatus(runId)) === 'completed');
    expect(await stepOf(runId)).toMatchObject({ status: 'completed', attempts: 2 });
    expect(gate.effects()).toBe(1);
    await workers.stop(second.child);
  }, 120_000);
});

describe('a slow step on a live worker', () => {
  it('is never taken over, however long it runs, while the same sweeps take over a dead worker\'s step', async () => {
    const first = await startWorker();
    const runId = await startRun();
    const gate = fileGate(runId);
    await eventually(async () => gate.attempts().length === 1);
    const { worker_id: runner } = await stepOf(runId);
    const second = await startWorker();
    // Running for longer than a dead worker takes to be noticed.
    await eventually(
      async () => (await sql(api, 'SELECT now() - started_at > make_interval(secs => $2) AS long FROM pipeline_steps WHERE run_id = $1', [runId, DEAD_AFTER_SECONDS]))[0].long,
      60_000,
    );

    // The signal that the workers have swept since: a step of a worker that left no heartbeat, which a sweep takes over.
    const witness = await api.slipway.dataSource.transaction(async (manager) => {
      const id = await api.slipway.pipelines.start('test_stream', [quick], { ownerId: owner.user.id, transaction: manager });
      await manager.query(`UPDATE pipeline_steps SET status = 'running', attempts = 1, worker_id = 'gone:1:000000' WHERE run_id = $1`, [id]);
      await manager.query(`DELETE FROM pgboss.job WHERE data->>'runId' = $1`, [id]);
      return id;
    });
    await eventually(async () => (await runStatus(witness)) === 'completed');
    expect((await stepOf(witness)).log).toContain('attempt 1 was interrupted');

    // Every sweep read every running step: the live worker's was left as it was.
    expect(await stepOf(runId)).toMatchObject({ status: 'running', attempts: 1, worker_id: runner });
    expect(gate.attempts()).toEqual([first.child.pid]);
    gate.open();
    await eventually(async () => (await runStatus(runId)) === 'completed');
    expect(await stepOf(runId)).toMatchObject({ status: 'completed', attempts: 1 });
    await Promise.all([workers.stop(first.child), workers.stop(second.child)]);
  }, 120_000);
});
