import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/test-database.js';
import type { JobQueue } from '../job-queue.js';

/** Waits for a condition the queue's workers bring about; pg-boss workers poll, so this allows seconds. */
async function eventually(check: () => boolean, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting for the job queue');
    await sleep(50);
  }
}

/**
 * What every JobQueue implementation promises, run against a real PostgreSQL database (transactions are
 * the caller's TypeORM transactions). `idleMs` is long enough for a worker to have taken any waiting job.
 */
export function jobQueueContract(label: string, open: (databaseUrl: string) => Promise<JobQueue>, idleMs: number) {
  describe(`${label} (job queue contract)`, () => {
    let database: TestDatabase;
    let dataSource: DataSource;
    let queue: JobQueue;
    beforeAll(async () => {
      database = await createTestDatabase();
      dataSource = new DataSource({ type: 'postgres', url: database.url });
      await dataSource.initialize();
      queue = await open(database.url);
    });
    afterAll(async () => {
      await queue?.stop();
      await dataSource?.destroy();
      await database?.drop();
    });

    const jobName = () => `test.${randomUUID().slice(0, 8)}`;

    it('runs the handler with the enqueued data', async () => {
      const name = jobName();
      const seen: unknown[] = [];
      await queue.define<{ n: number }>(name, async (data) => void seen.push(data), { retryLimit: 0, expireInSeconds: 30 });
      expect(await queue.enqueue(name, { n: 1 })).toEqual(expect.any(String));
      await eventually(() => seen.length === 1);
      expect(seen).toEqual([{ n: 1 }]);
      expect(queue.state()).toBe('up');
    });

    it('retries a failing job up to its retry limit, then gives up', async () => {
      const name = jobName();
      let attempts = 0;
      await queue.define(
        name,
        async () => {
          attempts += 1;
          throw new Error('expected failure in a test');
        },
        { retryLimit: 2, expireInSeconds: 30 },
      );
      await queue.enqueue(name, {});
      await eventually(() => attempts === 3);
      await sleep(idleMs);
      expect(attempts).toBe(3);
    });

    it('keeps one waiting job per singleton key', async () => {
      const name = jobName();
      const seen: string[] = [];
      await queue.define<{ id: string }>(name, async ({ id }) => void seen.push(id), { retryLimit: 0, expireInSeconds: 30 });
      // Both inside one transaction, so no worker can take the first before the second arrives.
      const ids = await dataSource.transaction(async (transaction) => [
        await queue.enqueue(name, { id: 'first' }, { transaction, singletonKey: 'same' }),
        await queue.enqueue(name, { id: 'second' }, { transaction, singletonKey: 'same' }),
        await queue.enqueue(name, { id: 'other' }, { transaction, singletonKey: 'other' }),
      ]);
      expect(ids[0]).toEqual(expect.any(String));
      expect(ids[1]).toBeNull();
      await eventually(() => seen.length === 2);
      await sleep(idleMs);
      expect(seen.sort()).toEqual(['first', 'other']);
    });

    it('runs up to `concurrency` jobs side by side in one process', async () => {
      const name = jobName();
      let active = 0;
      let most = 0;
      let done = 0;
      await queue.define(
        name,
        async () => {
          active += 1;
          most = Math.max(most, active);
          await sleep(idleMs);
          active -= 1;
          done += 1;
        },
        { retryLimit: 0, expireInSeconds: 30, concurrency: 3 },
      );
      for (let index = 0; index < 3; index += 1) await queue.enqueue(name, {});
      await eventually(() => done === 3);
      expect(most).toBe(3);
    });

    it('never runs a job enqueued in a transaction that rolled back', async () => {
      const name = jobName();
      const seen: string[] = [];
      await queue.define<{ id: string }>(name, async ({ id }) => void seen.push(id), { retryLimit: 0, expireInSeconds: 30 });
      await expect(
        dataSource.transaction(async (transaction) => {
          await queue.enqueue(name, { id: 'rolled back' }, { transaction });
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      await dataSource.transaction(async (transaction) => {
        await queue.enqueue(name, { id: 'committed' }, { transaction });
      });
      await eventually(() => seen.length >= 1);
      await sleep(idleMs);
      expect(seen).toEqual(['committed']);
    });
  });
}
