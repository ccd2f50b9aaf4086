import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/test-database.js';
import type { JobQueue } from '../job-queue.js';

/** Waits for a condition the queue's workers bring about; pg-boss workers poll, so this allows seconds. */
async function eventually(check: () => boolean, timeoutMs = 15_000): Promise<void> {
  await expect.poll(check, { timeout: timeoutMs, interval: 50 }).toBe(true);
}

/**
 * What every JobQueue implementation promises, run against a real PostgreSQL database (transactions are
 * the caller's TypeORM transactions).
 */
export function jobQueueContract(label: string, open: (databaseUrl: string) => Promise<JobQueue>) {
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
    /** The jobs of one name as the queue records them (pg-boss's table): a job in a final state never runs again. */
    const recorded = async (name: string) =>
      (await dataSource.query(`SELECT id, state, data FROM pgboss.job WHERE name = $1 ORDER BY created_on, id`, [name])) as Array<{ id: string; state: string; data: unknown }>;
    const states = async (name: string) => (await recorded(name)).map((job) => job.state);

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
      await expect.poll(() => states(name), { timeout: 15_000, interval: 50 }).toEqual(['failed']);
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
      // The queue holds no third job that could run later.
      expect((await recorded(name)).map((job) => (job.data as { id: string }).id).sort()).toEqual(['first', 'other']);
      expect(seen.sort()).toEqual(['first', 'other']);
    });

    it('runs up to `concurrency` jobs side by side in one process', async () => {
      const name = jobName();
      let active = 0;
      let done = 0;
      // Each job holds its worker until three run at once: one after another, they would never get there.
      let release = () => undefined as void;
      const allRunning = new Promise<void>((resolve) => (release = resolve));
      await queue.define(
        name,
        async () => {
          if ((active += 1) === 3) release();
          await allRunning;
          done += 1;
        },
        { retryLimit: 0, expireInSeconds: 30, concurrency: 3 },
      );
      for (let index = 0; index < 3; index += 1) await queue.enqueue(name, {});
      await eventually(() => done === 3);
    });

    it('gives each run of the handler its job id, and never runs a cancelled job', async () => {
      const name = jobName();
      const seen: string[] = [];
      await queue.define<{ id: string }>(name, async ({ id }, job) => void seen.push(`${id} ${job.id}`), { retryLimit: 0, expireInSeconds: 30 });
      const [cancelled, kept] = await dataSource.transaction(async (transaction) => {
        const ids = [await queue.enqueue(name, { id: 'cancelled' }, { transaction }), await queue.enqueue(name, { id: 'kept' }, { transaction })];
        await queue.cancel(name, ids[0]!, { transaction });
        return ids;
      });
      await eventually(() => seen.length === 1);
      // The cancelled job is in its final state: it never runs.
      await expect
        .poll(async () => Object.fromEntries((await recorded(name)).map((job) => [job.id, job.state])), { timeout: 15_000, interval: 50 })
        .toEqual({ [cancelled!]: 'cancelled', [kept!]: 'completed' });
      expect(seen).toEqual([`kept ${kept}`]);
      expect(cancelled).toEqual(expect.any(String));
    });

    it('tells which singleton keys have no job waiting or just taken', async () => {
      const name = jobName();
      let release = () => undefined as void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let running = false;
      await queue.define(
        name,
        async () => {
          running = true;
          await released;
        },
        { retryLimit: 0, expireInSeconds: 30, concurrency: 1 },
      );
      try {
        await queue.enqueue(name, {}, { singletonKey: 'taken' });
        await eventually(() => running);
        // The only handler is busy: this one waits.
        await queue.enqueue(name, {}, { singletonKey: 'waiting' });
        expect(await queue.lost(name, ['taken', 'waiting', 'never'], 60)).toEqual(['never']);
        // Taken longer ago than that: lost, as when its worker died before it could do anything.
        await sleep(20);
        expect(await queue.lost(name, ['taken', 'waiting'], 0.01)).toEqual(['taken']);
        expect(await queue.lost(name, [], 60)).toEqual([]);
      } finally {
        release();
      }
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
      // The rolled-back job was never recorded, so nothing can run it later.
      expect((await recorded(name)).map((job) => job.data)).toEqual([{ id: 'committed' }]);
      expect(seen).toEqual(['committed']);
    });
  });
}
