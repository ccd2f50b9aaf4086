import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/test-database.js';
import { PgBossQueue } from '../pg-boss-queue.js';
import { jobQueueContract } from './job-queue.contract.js';

jobQueueContract('pg-boss', (url) => PgBossQueue.start(url, { works: true, pollingIntervalSeconds: 0.5 }));

describe('pg-boss wake-up', () => {
  let database: TestDatabase;
  let dataSource: DataSource;
  let queue: PgBossQueue;
  beforeAll(async () => {
    database = await createTestDatabase();
    dataSource = new DataSource({ type: 'postgres', url: database.url });
    await dataSource.initialize();
    // Polling this slowly, only the wake-up can start a job within the test's limits: the waits below give up
    // at a third of the polling interval, so a start they see is the wake-up's (how soon is bench material).
    queue = await PgBossQueue.start(database.url, { works: true, pollingIntervalSeconds: 30 });
  });
  afterAll(async () => {
    await queue?.stop();
    await dataSource?.destroy();
    await database?.drop();
  });

  const completed = async (name: string) =>
    (await dataSource.query(`SELECT count(*)::int AS count FROM pgboss.job WHERE name = $1 AND state = 'completed'`, [name]))[0].count as number;

  /**
   * Jobs that hold their workers until `release()`, and the count of those started. A worker's first job may be
   * taken by its first poll; once a worker has run one, it sleeps its 30 s and only a wake-up starts the next.
   */
  function heldJobs() {
    let started = 0;
    let release = () => undefined as void;
    const released = new Promise<void>((resolve) => (release = resolve));
    return { handler: async () => void ((started += 1), await released), started: () => started, release };
  }

  it('starts a job when its enqueue commits, however slowly its workers poll', async () => {
    const started: number[] = [];
    await queue.define<{ round: number }>('test.wake', async ({ round }) => void started.push(round), { retryLimit: 0, expireInSeconds: 30 });
    // The first job: once it ran, the worker's first poll is behind it.
    await queue.enqueue('test.wake', { round: -1 });
    await expect.poll(() => completed('test.wake'), { timeout: 10_000, interval: 20 }).toBe(1);
    for (let round = 0; round < 3; round += 1) {
      await dataSource.transaction(async (transaction) => {
        await queue.enqueue('test.wake', { round }, { transaction });
        // Not before the commit: the job (and its wake-up) exists only then, as any other connection sees.
        const visible = await dataSource.query(`SELECT count(*)::int AS count FROM pgboss.job WHERE name = 'test.wake' AND data->>'round' = $1`, [String(round)]);
        expect(visible).toEqual([{ count: 0 }]);
        expect(started).toHaveLength(round + 1);
      });
      await vi.waitFor(() => expect(started).toHaveLength(round + 2), { timeout: 10_000, interval: 5 });
    }
    expect(started).toEqual([-1, 0, 1, 2]);
  });

  it('wakes one worker per job when several arrive at once', async () => {
    // First one job per worker, held until all three run: each worker's first poll is then behind it.
    const first = heldJobs();
    let current = first;
    await queue.define('test.burst', () => current.handler(), { retryLimit: 0, expireInSeconds: 30, concurrency: 3 });
    await Promise.all([1, 2, 3].map((n) => queue.enqueue('test.burst', { n })));
    await vi.waitFor(() => expect(first.started()).toBe(3), { timeout: 10_000, interval: 5 });
    current = heldJobs();
    first.release();
    await expect.poll(() => completed('test.burst'), { timeout: 10_000, interval: 20 }).toBe(3);
    // Three at once, each held until all three run: woken one after another, a worker would hold the others back.
    await Promise.all([4, 5, 6].map((n) => queue.enqueue('test.burst', { n })));
    await vi.waitFor(() => expect(current.started()).toBe(3), { timeout: 10_000, interval: 5 });
    current.release();
  });
});
