import { randomUUID } from 'node:crypto';
import PgBoss from 'pg-boss';
import type { EntityManager } from 'typeorm';
import { logUnexpected } from '../common/log.js';
import type { EnqueueOptions, JobHandler, JobOptions, JobQueue, QueueState } from './job-queue.js';

export interface PgBossQueueOptions {
  /** Whether this process runs job handlers (worker and all roles) or only enqueues (api role). */
  works: boolean;
  /** How often an idle worker asks for the next job; pg-boss 10 polls (at least every 0.5 s). */
  pollingIntervalSeconds?: number;
}

/** pg-boss runs its insert on the caller's connection, so the job commits or rolls back with the transaction. */
function onTransaction(manager: EntityManager): PgBoss.Db {
  if (!manager.queryRunner?.isTransactionActive) throw new Error('enqueue: `transaction` must be the manager of an open transaction');
  return {
    async executeSql(text, values) {
      const result = await manager.queryRunner!.query(text, values, true);
      return { rows: result.records };
    },
  };
}

/** The job queue on pg-boss 10, in the `pgboss` schema of the application's database. */
export class PgBossQueue implements JobQueue {
  private running = false;

  private constructor(
    private readonly boss: PgBoss,
    private readonly options: PgBossQueueOptions,
  ) {}

  static async start(databaseUrl: string, options: PgBossQueueOptions): Promise<PgBossQueue> {
    const boss = new PgBoss({ connectionString: databaseUrl, max: 4, schema: 'pgboss' });
    // pg-boss reports maintenance hiccups as events; without a listener they would crash the process.
    boss.on('error', (error) => logUnexpected('job queue', error));
    await boss.start();
    const queue = new PgBossQueue(boss, options);
    queue.running = true;
    return queue;
  }

  async define<T extends object>(name: string, handler: JobHandler<T>, { retryLimit, expireInSeconds }: JobOptions): Promise<void> {
    // 'short': at most one waiting job per singleton key; a job with that key already running does not block a new one.
    const queue = { name, policy: 'short' as const, retryLimit, retryDelay: 1, retryBackoff: true, expireInSeconds };
    await this.boss.createQueue(name, queue);
    // createQueue keeps an existing queue as it was: apply options changed since an earlier version.
    await this.boss.updateQueue(name, queue);
    if (!this.options.works) return;
    await this.boss.work<T>(name, { batchSize: 1, pollingIntervalSeconds: this.options.pollingIntervalSeconds ?? 2 }, async ([job]) => {
      try {
        await handler(job.data);
      } catch (error) {
        logUnexpected(`job ${name}`, error);
        throw error;
      }
    });
  }

  async enqueue<T extends object>(name: string, data: T, { transaction, singletonKey }: EnqueueOptions = {}): Promise<string | null> {
    // The 'short' policy's unique index treats a missing key as the empty key: a job without one gets its own.
    return this.boss.send(name, data, {
      singletonKey: singletonKey ?? `job:${randomUUID()}`,
      ...(transaction ? { db: onTransaction(transaction) } : {}),
    });
  }

  state(): QueueState {
    return this.running ? 'up' : 'down';
  }

  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    await this.boss.stop({ graceful: true, wait: true, timeout: 10_000 });
  }
}
