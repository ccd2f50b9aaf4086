import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/test-database.js';
import { createDataSource } from '../../db/data-source.js';
import type { AppEvents } from '../../events/event-bus.js';
import { PostgresEventBus } from '../../events/postgres-event-bus.js';
import { PgBossQueue } from '../../jobs/pg-boss-queue.js';
import { User } from '../../modules/users/user.entity.js';
import { PipelineEngine, type RunView } from '../engine.js';
import { RunStatus } from '../pipeline-run.entity.js';
import { StepStatus } from '../pipeline-step.entity.js';
import { defineStep, type StepDefinition, StepFailure } from '../steps.js';

/** What the test steps did, as the outside world would see it. */
const world = { order: [] as string[], brokenAttempts: 0, flakyAttempts: 0, sawAbort: false, gateOpen: false, preparations: 0, effects: 0, crashyAttempts: 0 };
let crashReached = () => undefined as void;
let releaseZombie = () => undefined as void;

const basic = (id: string) =>
  defineStep({
    id,
    label: `Step ${id}`,
    description: `Does ${id}`,
    icon: 'code',
    timeoutSeconds: 10,
    substeps: [{ name: 'work', description: 'The work' }],
    async run(ctx) {
      await ctx.logger.info(`running ${id}`);
      world.order.push(id);
      await ctx.substep('work', StepStatus.completed);
    },
  });
const [first, second, third] = ['first', 'second', 'third'].map(basic);
const flaky = defineStep({
  id: 'flaky',
  label: 'Flaky',
  description: 'Always fails',
  icon: 'cloud',
  timeoutSeconds: 10,
  retries: 1,
  async run() {
    world.flakyAttempts += 1;
    throw new StepFailure('Repository already exists');
  },
});
const broken = defineStep({
  id: 'broken',
  label: 'Broken',
  description: 'Fails for good: another attempt would fail the same way',
  icon: 'server',
  timeoutSeconds: 10,
  retries: 2,
  async run() {
    world.brokenAttempts += 1;
    throw new StepFailure('Build exited with code 1', { final: true });
  },
});
const slow = defineStep({
  id: 'slow',
  label: 'Slow',
  description: 'Ignores its signal and takes too long',
  icon: 'server',
  timeoutSeconds: 1,
  retries: 0,
  run: () => sleep(2500),
});
const waits = defineStep({
  id: 'waits',
  label: 'Waits',
  description: 'Runs until cancelled',
  icon: 'deploy',
  timeoutSeconds: 30,
  run: ({ signal }) =>
    new Promise<void>((resolve) =>
      signal.addEventListener('abort', () => {
        world.sawAbort = true;
        resolve();
      }),
    ),
});
const gated = defineStep({
  id: 'gated',
  label: 'Gated',
  description: 'Fails until the gate opens',
  icon: 'config',
  timeoutSeconds: 10,
  retries: 0,
  async run({ checkpoint }) {
    await checkpoint('prepared', async () => void (world.preparations += 1));
    if (!world.gateOpen) throw new Error('password=hunter2 in SELECT * FROM secrets');
  },
});
const crashy = defineStep({
  id: 'crashy',
  label: 'Crashy',
  description: 'Its worker dies in the middle, once',
  icon: 'database',
  timeoutSeconds: 30,
  async run({ checkpoint, logger }) {
    await checkpoint('effect', async () => {
      world.effects += 1;
      return { repository: 'r1' };
    });
    world.crashyAttempts += 1;
    if (world.crashyAttempts === 1) {
      crashReached();
      // The "dead" worker never comes back on its own (it ignores its signal too).
      await new Promise<void>((resolve) => (releaseZombie = resolve));
      await logger.info('the dead worker is back');
    }
  },
});
/** Runs until aborted, and records why: the signal of each attempt, by attempt. */
const held: string[] = [];
const holds = defineStep({
  id: 'holds',
  label: 'Holds',
  description: 'Runs until aborted',
  icon: 'server',
  timeoutSeconds: 30,
  run: ({ signal }) =>
    new Promise<void>((resolve) =>
      signal.addEventListener('abort', () => {
        held.push(signal.reason?.constructor?.name ?? 'unknown');
        resolve();
      }),
    ),
});
const steps: Array<StepDefinition> = [first, second, third, flaky, broken, slow, waits, gated, crashy, holds];

describe('pipeline engine (PostgreSQL, pg-boss)', () => {
  let database: TestDatabase;
  let dataSource: DataSource;
  let bus: PostgresEventBus;
  const events: Array<AppEvents['pipeline.updated']> = [];
  let queue: PgBossQueue;
  let engine: PipelineEngine;
  let owner: string;
  /** Workers the tests declare dead (the engine asks its WorkerLiveness port; the heartbeats are tested elsewhere). */
  const deadWorkers = new Set<string>();
  let workerCount = 0;
  const liveness = (id: string) => ({ id, dead: async (ids: string[]) => new Set(ids.filter((other) => deadWorkers.has(other))) });
  const engineOn = (queue: PgBossQueue, id: string) => {
    const engine = new PipelineEngine({ dataSource, queue, bus, workers: liveness(id) });
    engine.register({ steps, providers: () => ({}) });
    engine.onRunEnded({
      failed: async ({ manager, run, stepId, message }) => {
        const [row] = await manager.query('SELECT status FROM pipeline_runs WHERE id = $1', [run.id]);
        failures.push({ runId: run.id, stepId, message, statusInTransaction: row.status });
      },
    });
    return engine;
  };
  /** Runs failed for good, as the failed handler saw them (with the run's status inside its transaction). */
  const failures: Array<{ runId: string; stepId: string; message: string; statusInTransaction: string }> = [];

  /** A worker process: its own queue connection and engine on the shared database, with its own worker id. */
  async function startWorker() {
    queue = await PgBossQueue.start(database.url, { works: true, pollingIntervalSeconds: 0.5 });
    engine = engineOn(queue, `worker-${++workerCount}`);
    await engine.defineJobs();
  }
  const stepRow = async (runId: string, position = 0) =>
    (await dataSource.query('SELECT id, status, attempts, worker_id, job_id FROM pipeline_steps WHERE run_id = $1 AND position = $2', [runId, position]))[0];

  function waitForRun(runId: string, done: (run: RunView) => boolean): Promise<RunView> {
    return vi.waitFor(
      async () => {
        const run = await engine.getRun(runId, owner);
        if (!done(run)) throw new Error(`run never reached the expected state: ${JSON.stringify(run.steps.map((s) => [s.stepId, s.status]))}`);
        return run;
      },
      { timeout: 20_000, interval: 100 },
    );
  }
  const statuses = (run: RunView) => run.steps.map((step) => step.status);
  /** The run's events as the bus delivered them, once its last (the run's seq) has arrived: a row is read back before its event comes. */
  async function eventsOf(runId: string, seq: number): Promise<Array<AppEvents['pipeline.updated']>> {
    const mine = () => events.filter((event) => event.runId === runId);
    await expect.poll(() => mine().some((event) => event.seq === seq), { timeout: 5000 }).toBe(true);
    return mine();
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    dataSource = createDataSource(database.url);
    await dataSource.initialize();
    await dataSource.runMigrations();
    bus = await PostgresEventBus.start(database.url, (channel, payload) => dataSource.query('SELECT pg_notify($1, $2)', [channel, payload]));
    owner = (await dataSource.getRepository(User).save({ name: 'Owner', email: 'owner@example.com', passwordHash: 'x' })).id;
    bus.subscribe('pipeline.updated', (event) => void events.push(event));
    await startWorker();
  });
  afterAll(async () => {
    releaseZombie();
    await queue?.stop();
    await engine?.stop();
    await bus?.close();
    await dataSource?.destroy();
    await database?.drop();
  });

  it('runs three steps in order with timestamps, logs, substeps and events, for the owner only', async () => {
    const projectId = randomUUID();
    const runId = await engine.start('Project Creation', [first, second, third], { ownerId: owner, projectId });
    const run = await waitForRun(runId, (r) => r.status === RunStatus.completed);

    expect(world.order).toEqual(['first', 'second', 'third']);
    expect(run.streamName).toBe('Project Creation');
    expect(statuses(run)).toEqual(['completed', 'completed', 'completed']);
    expect(run.steps.map((s) => [s.stepId, s.label, s.icon, s.attempts])).toEqual([
      ['first', 'Step first', 'code', 1],
      ['second', 'Step second', 'code', 1],
      ['third', 'Step third', 'code', 1],
    ]);
    for (const [index, step] of run.steps.entries()) {
      expect(step.startedAt!.getTime()).toBeLessThanOrEqual(step.completedAt!.getTime());
      if (index > 0) expect(run.steps[index - 1].completedAt!.getTime()).toBeLessThanOrEqual(step.startedAt!.getTime());
      expect(step.log).toContain(`info running ${step.stepId}`);
      expect(step.substeps).toEqual([{ name: 'work', status: 'completed', description: 'The work' }]);
    }
    expect(run.completedAt).not.toBeNull();

    const mine = await eventsOf(runId, run.seq);
    expect(mine.map((event) => event.seq)).toEqual(mine.map((_, index) => index + 1));
    expect(mine.filter((event) => event.stepStatus === StepStatus.completed).map((event) => event.stepId)).toEqual(['first', 'second', 'third']);
    expect(mine.at(-1)).toMatchObject({ status: RunStatus.completed, stepId: 'third', seq: run.seq });

    expect((await engine.latestRun(projectId, owner))?.id).toBe(runId);
    const stranger = randomUUID();
    expect(await engine.latestRun(projectId, stranger)).toBeNull();
    await expect(engine.getRun(runId, stranger)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(engine.getRun('not-a-uuid', owner)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(engine.cancel(runId, stranger)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(engine.cancel(runId, owner)).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('starts nothing when the caller\'s transaction rolls back', async () => {
    const projectId = randomUUID();
    await expect(
      dataSource.transaction(async (transaction) => {
        await engine.start('Project Creation', [first], { ownerId: owner, projectId, transaction });
        throw new Error('the project insert failed');
      }),
    ).rejects.toThrow('the project insert failed');
    const ran = world.order.length;
    // A run started after it ends: a job of the rolled-back run, had one been queued, would have run before.
    const later = await engine.start('Project Creation', [first], { ownerId: owner });
    await waitForRun(later, (r) => r.status === RunStatus.completed);
    expect(await engine.latestRun(projectId, owner)).toBeNull();
    expect(world.order).toHaveLength(ran + 1);
  });

  it('ends a deleted run\'s job quietly instead of retrying it', async () => {
    const gone = (await dataSource.getRepository(User).save({ name: 'Gone', email: 'gone@example.com', passwordHash: 'x' })).id;
    const runId = await engine.start('Project Creation', [first], { ownerId: gone });
    await dataSource.getRepository(User).delete(gone);
    const jobState = async () => (await dataSource.query(`SELECT state FROM pgboss.job WHERE name = 'pipeline.step' AND data->>'runId' = $1`, [runId]))[0]?.state;
    await expect.poll(jobState, { timeout: 10_000 }).toBe('completed');
  });

  it('retries a failing step up to its limit, then fails the run and skips the rest', async () => {
    const runId = await engine.start('Project Creation', [first, flaky, third], { ownerId: owner });
    const run = await waitForRun(runId, (r) => r.status === RunStatus.failed);

    expect(world.flakyAttempts).toBe(2);
    expect(statuses(run)).toEqual(['completed', 'failed', 'skipped']);
    expect(run.steps[1]).toMatchObject({ attempts: 2, errorMessage: 'Repository already exists' });
    expect(run.steps[1].completedAt).not.toBeNull();
    expect(run.steps[1].log).toContain('attempt 1 failed: Repository already exists');
    expect((await eventsOf(runId, run.seq)).at(-1)).toMatchObject({ status: RunStatus.failed, stepId: 'flaky' });
  });

  it('fails a step at once on a final failure, whatever its retries, and tells the failed handler in the failing transaction', async () => {
    const runId = await engine.start('Project Creation', [first, broken, third], { ownerId: owner });
    const run = await waitForRun(runId, (r) => r.status === RunStatus.failed);
    expect(world.brokenAttempts).toBe(1);
    expect(statuses(run)).toEqual(['completed', 'failed', 'skipped']);
    expect(run.steps[1]).toMatchObject({ attempts: 1, errorMessage: 'Build exited with code 1' });
    // Inside the transaction the run is still 'running' on disk: the hook's writes commit with the failure, or not at all.
    expect(failures.filter((failure) => failure.runId === runId)).toEqual([{ runId, stepId: 'broken', message: 'Build exited with code 1', statusInTransaction: 'running' }]);
    // A failure that is not final keeps its retries (and the hook hears of the run once, at its end).
    const flakyRun = await engine.start('Project Creation', [flaky], { ownerId: owner });
    await waitForRun(flakyRun, (r) => r.status === RunStatus.failed);
    expect(failures.filter((failure) => failure.runId === flakyRun)).toEqual([{ runId: flakyRun, stepId: 'flaky', message: 'Repository already exists', statusInTransaction: 'running' }]);
  });

  it('fails a step that runs over its timeout with a timeout message', async () => {
    const runId = await engine.start('Project Creation', [slow, third], { ownerId: owner });
    const run = await waitForRun(runId, (r) => r.status === RunStatus.failed);
    expect(statuses(run)).toEqual(['failed', 'skipped']);
    expect(run.steps[0].errorMessage).toBe('Timed out after 1 s');
  });

  it('cancels a running step through its signal and skips the rest', async () => {
    const thirds = () => world.order.filter((id) => id === 'third').length;
    const thirdsBefore = thirds();
    const runId = await engine.start('Project Creation', [waits, third], { ownerId: owner });
    await waitForRun(runId, (r) => r.steps[0].status === StepStatus.running);
    await engine.cancel(runId, owner);

    const run = await engine.getRun(runId, owner);
    expect(run.status).toBe(RunStatus.cancelled);
    expect(statuses(run)).toEqual(['failed', 'skipped']);
    expect(run.steps[0].errorMessage).toBe('Cancelled');
    await expect.poll(() => world.sawAbort).toBe(true);
    await expect(engine.retryFrom(runId, owner)).rejects.toMatchObject({ code: 'CONFLICT' });
    // A run started after the cancel ends: a job left for the skipped step would have run before it.
    const later = await engine.start('Project Creation', [first], { ownerId: owner });
    await waitForRun(later, (r) => r.status === RunStatus.completed);
    expect(thirds()).toBe(thirdsBefore);
  });

  it('retries a failed run from the failed step, keeping its checkpoints; unexpected errors are stored safely', async () => {
    const runId = await engine.start('Project Creation', [first, gated, second], { ownerId: owner });
    const failed = await waitForRun(runId, (r) => r.status === RunStatus.failed);
    expect(statuses(failed)).toEqual(['completed', 'failed', 'skipped']);
    expect(failed.steps[1].errorMessage).toBe('The step failed unexpectedly');
    expect(JSON.stringify(failed)).not.toContain('hunter2');

    world.gateOpen = true;
    const firstRuns = world.order.length;
    await engine.retryFrom(runId, owner);
    const run = await waitForRun(runId, (r) => r.status === RunStatus.completed);
    expect(statuses(run)).toEqual(['completed', 'completed', 'completed']);
    expect(run.steps[1]).toMatchObject({ attempts: 1, errorMessage: null });
    expect(world.order.slice(firstRuns)).toEqual(['second']);
    expect(world.preparations).toBe(1);
  });

  it('finishes a step whose worker died mid-step exactly once, using its checkpoint', async () => {
    const reached = new Promise<void>((resolve) => (crashReached = resolve));
    const runId = await engine.start('Project Creation', [crashy, third], { ownerId: owner });
    await reached;
    const interrupted = await stepRow(runId);
    expect(interrupted).toMatchObject({ status: 'running', attempts: 1, worker_id: 'worker-1' });

    // The worker dies (its queue stops, its heartbeat lapses) and a new worker starts; its sweep takes the step over.
    const dead = { engine, queue };
    await dead.queue.stop();
    deadWorkers.add('worker-1');
    await startWorker();
    await engine.recover();
    const run = await waitForRun(runId, (r) => r.status === RunStatus.completed);
    expect(world.effects).toBe(1);
    expect(run.steps[0].attempts).toBe(2);
    expect(run.steps[0].log).toContain('attempt 1 was interrupted: its worker stopped');
    // The dead worker's job will not come back when it expires.
    expect((await dataSource.query('SELECT state FROM pgboss.job WHERE id = $1', [interrupted.job_id]))[0].state).toBe('cancelled');

    // The dead worker's attempt coming back late changes nothing.
    releaseZombie();
    await dead.engine.stop();
    const after = await engine.getRun(runId, owner);
    expect(after.seq).toBe(run.seq);
    expect(statuses(after)).toEqual(['completed', 'completed']);
    expect(after.steps[0].log).not.toContain('the dead worker is back');
    expect(world.effects).toBe(1);
  });

  it('never takes over a step whose worker is alive, however long it runs', async () => {
    const runId = await engine.start('Project Creation', [holds], { ownerId: owner });
    await waitForRun(runId, (r) => r.steps[0].status === StepStatus.running);
    const before = await stepRow(runId);
    // Its own worker's sweep and another live worker's sweep (each answers once it has looked at every running step).
    const other = engineOn(queue, 'worker-other');
    await engine.recover();
    await other.recover();
    await other.stop();
    expect(await stepRow(runId)).toEqual(before);
    expect((await engine.getRun(runId, owner)).steps[0].log).not.toContain('interrupted');
    await engine.cancel(runId, owner);
    await expect.poll(() => held.at(-1)).toBe('StepFailure');
  });

  it('stops an attempt that is no longer its step\'s current one', async () => {
    const runId = await engine.start('Project Creation', [holds], { ownerId: owner });
    await waitForRun(runId, (r) => r.steps[0].status === StepStatus.running);
    const mine = (await stepRow(runId)).worker_id as string;
    // Another worker's sweep finds this one silent for too long (its database was out of reach, say).
    const other = engineOn(queue, 'worker-other');
    deadWorkers.add(mine);
    try {
      await other.recover();
    } finally {
      deadWorkers.delete(mine);
      await other.stop();
    }
    // The step goes to a worker again: this one, the only one taking jobs, which stops its first attempt as it claims.
    const aborted = held.length;
    await waitForRun(runId, (r) => r.steps[0].status === StepStatus.running && r.steps[0].attempts === 2);
    await expect.poll(() => held.slice(aborted)).toEqual(['StaleAttempt']);

    // Another process claims it meanwhile (as the database shows): this one's sweep stops its own attempt.
    await dataSource.query(`UPDATE pipeline_steps SET attempts = 3, worker_id = 'worker-elsewhere' WHERE run_id = $1`, [runId]);
    await engine.recover();
    await expect.poll(() => held.slice(aborted)).toEqual(['StaleAttempt', 'StaleAttempt']);
    expect(await stepRow(runId)).toMatchObject({ status: 'running', attempts: 3, worker_id: 'worker-elsewhere' });
    await engine.cancel(runId, owner);
  });

  it('makes a new job for a waiting step whose job was lost', async () => {
    const runId = await dataSource.transaction(async (transaction) => {
      const id = await engine.start('Project Creation', [first], { ownerId: owner, transaction });
      // As if a worker had taken the job and died before its claim: no job is left for the step, and the run is idle.
      const [step] = await transaction.query('SELECT id FROM pipeline_steps WHERE run_id = $1', [id]);
      await transaction.query('DELETE FROM pgboss.job WHERE singleton_key = $1', [step.id]);
      await transaction.query(`UPDATE pipeline_runs SET updated_at = now() - interval '1 minute' WHERE id = $1`, [id]);
      return id;
    });
    expect((await engine.getRun(runId, owner)).steps[0].status).toBe(StepStatus.pending);
    await engine.recover();
    const run = await waitForRun(runId, (r) => r.status === RunStatus.completed);
    expect(run.steps[0].attempts).toBe(1);
  });
});
