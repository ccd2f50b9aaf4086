import { randomUUID } from 'node:crypto';
import type { EntityManager, EntitySubscriberInterface, QueryRunner } from 'typeorm';
import { logUnexpected } from '../common/log.js';
import type { EnqueueOptions, JobHandler, JobOptions, JobQueue, QueueState } from './job-queue.js';

interface Definition {
  handler: JobHandler<object>;
  options: JobOptions;
  /** Jobs running now, and those waiting for one of them to end (at most `concurrency` run at once). */
  active: number;
  queued: Array<() => void>;
}

interface PendingJob {
  /** The transaction depth (savepoints) at which it was enqueued: rolling that level back drops it. */
  depth: number;
  release(): void;
  drop(): void;
}

/**
 * The job queue in memory, for unit tests: same contract as pg-boss (retries, singleton keys, concurrency, jobs inside a
 * transaction run only after it commits), no persistence and no other processes.
 */
export class InProcessQueue implements JobQueue {
  private readonly definitions = new Map<string, Definition>();
  private readonly waitingKeys = new Set<string>();
  /** Keys of running jobs, with when each was taken. */
  private readonly takenKeys = new Map<string, number>();
  private readonly cancelled = new Set<string>();
  private readonly pending = new WeakMap<QueryRunner, PendingJob[]>();
  private readonly watched = new WeakSet<object>();
  private readonly runs = new Set<Promise<void>>();
  private running = true;

  async define<T extends object>(name: string, handler: JobHandler<T>, options: JobOptions): Promise<void> {
    // Enqueue checks nothing about the data's shape either: the name decides the type, as with pg-boss.
    this.definitions.set(name, { handler: handler as JobHandler<object>, options, active: 0, queued: [] });
  }

  async enqueue<T extends object>(name: string, data: T, { transaction, singletonKey }: EnqueueOptions = {}): Promise<string | null> {
    const definition = this.definitions.get(name);
    if (!definition) throw new Error(`No job named ${name} is defined`);
    const key = singletonKey === undefined ? undefined : `${name}\u0000${singletonKey}`;
    if (key !== undefined) {
      if (this.waitingKeys.has(key)) return null;
      this.waitingKeys.add(key);
    }
    const id = randomUUID();
    const launch = () => {
      definition.active += 1;
      const run = this.run(name, definition, data, key, id).finally(() => {
        this.runs.delete(run);
        definition.active -= 1;
        definition.queued.shift()?.();
      });
      this.runs.add(run);
    };
    const start = () => (definition.active < (definition.options.concurrency ?? 1) ? launch() : definition.queued.push(launch));
    const drop = () => key !== undefined && this.waitingKeys.delete(key);
    if (transaction) this.afterCommit(transaction, { depth: 0, release: start, drop });
    else setImmediate(start);
    return id;
  }

  async cancel(_name: string, id: string): Promise<void> {
    this.cancelled.add(id);
  }

  async lost(name: string, singletonKeys: string[], seconds: number): Promise<string[]> {
    const since = Date.now() - seconds * 1000;
    return singletonKeys.filter((singletonKey) => {
      const key = `${name}\u0000${singletonKey}`;
      return !this.waitingKeys.has(key) && !((this.takenKeys.get(key) ?? -Infinity) > since);
    });
  }

  state(): QueueState {
    return this.running ? 'up' : 'down';
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.allSettled([...this.runs]);
  }

  private async run(name: string, { handler, options }: Definition, data: object, key: string | undefined, id: string): Promise<void> {
    if (key !== undefined) {
      this.waitingKeys.delete(key);
      this.takenKeys.set(key, Date.now());
    }
    try {
      for (let attempt = 0; attempt <= options.retryLimit && this.running && !this.cancelled.has(id); attempt += 1) {
        try {
          await withTimeout(handler(data, { id }), options.expireInSeconds * 1000);
          return;
        } catch (error) {
          logUnexpected(`job ${name}`, error);
        }
      }
    } finally {
      if (key !== undefined) this.takenKeys.delete(key);
    }
  }

  /** Holds the job until the transaction's outermost commit; a rollback of its level drops it. */
  private afterCommit(manager: EntityManager, job: PendingJob): void {
    const runner = manager.queryRunner;
    if (!runner?.isTransactionActive) throw new Error('enqueue: `transaction` must be the manager of an open transaction');
    job.depth = transactionDepth(runner);
    const jobs = this.pending.get(runner) ?? [];
    jobs.push(job);
    this.pending.set(runner, jobs);
    this.watch(manager);
  }

  private watch(manager: EntityManager): void {
    const dataSource = manager.connection;
    if (this.watched.has(dataSource)) return;
    this.watched.add(dataSource);
    const settle = (runner: QueryRunner, committed: boolean) => {
      const jobs = this.pending.get(runner);
      if (!jobs) return;
      const depth = transactionDepth(runner);
      const [settled, kept] = partition(jobs, (job) => (committed ? depth === 0 : job.depth > depth));
      this.pending.set(runner, kept);
      for (const job of settled) (committed ? job.release : job.drop)();
    };
    const subscriber: EntitySubscriberInterface = {
      afterTransactionCommit: ({ queryRunner }) => settle(queryRunner, true),
      afterTransactionRollback: ({ queryRunner }) => settle(queryRunner, false),
    };
    dataSource.subscribers.push(subscriber);
  }
}

/** TypeORM counts nested transactions (savepoints) on every query runner but types the counter as internal. */
function transactionDepth(runner: QueryRunner): number {
  return (runner as unknown as { transactionDepth: number }).transactionDepth;
}

function partition<T>(items: T[], test: (item: T) => boolean): [T[], T[]] {
  return [items.filter(test), items.filter((item) => !test(item))];
}

function withTimeout(work: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`job expired after ${ms / 1000} s`)), ms);
  });
  return Promise.race([work, expired]).finally(() => clearTimeout(timer));
}
