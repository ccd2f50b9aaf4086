import { setTimeout as sleep } from 'node:timers/promises';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/test-database.js';
import { PgBossQueue } from '../pg-boss-queue.js';
import { jobQueueContract } from './job-queue.contract.js';

jobQueueContract('pg-boss', (url) => PgBossQueue.start(url, { works: true, pollingIntervalSeconds: 0.5 }), 1500);

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

  it('starts a job when its enqueue commits, however slowly its workers poll', async () => {
    const started: number[] = [];
    await queue.define('test.wake', async () => void started.push(Date.now()), { retryLimit: 0, expireInSeconds: 30 });
    // Let the worker's first (empty) poll pass, so it sleeps for its 30 s.
    await sleep(500);
    for (let round = 0; round < 3; round += 1) {
      await dataSource.transaction(async (transaction) => {
        await queue.enqueue('test.wake', { round }, { transaction });
        // Not before the commit: the job (and its wake-up) exists only then, as any other connection sees.
        const visible = await dataSource.query(`SELECT count(*)::int AS count FROM pgboss.job WHERE name = 'test.wake' AND data->>'round' = $1`, [String(round)]);
        expect(visible).toEqual([{ count: 0 }]);
        expect(started).toHaveLength(round);
      });
      await vi.waitFor(() => expect(started).toHaveLength(round + 1), { timeout: 10_000, interval: 5 });
    }
  });

  it('wakes one worker per job when several arrive at once', async () => {
    const started: number[] = [];
    let running = 0;
    let most = 0;
    await queue.define('test.burst', async () => {
      started.push(Date.now());
      most = Math.max(most, (running += 1));
      await sleep(1000);
      running -= 1;
    }, { retryLimit: 0, expireInSeconds: 30, concurrency: 3 });
    await sleep(500);
    await Promise.all([1, 2, 3].map((n) => queue.enqueue('test.burst', { n })));
    await vi.waitFor(() => expect(started).toHaveLength(3), { timeout: 10_000, interval: 5 });
    // All three at once: one woken worker would have taken them one after another (each holds it for a second).
    expect(most).toBe(3);
  });
});
