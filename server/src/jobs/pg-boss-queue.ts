import { randomUUID } from 'node:crypto';
import pg from 'pg';
import PgBoss from 'pg-boss';
import type { EntityManager } from 'typeorm';
import { logUnexpected } from '../common/log.js';
import type { EnqueueOptions, JobHandler, JobOptions, JobQueue, QueueState } from './job-queue.js';

/** Where an enqueue tells the working processes that a job of that name waits (the payload is the name). */
export const WAKE_CHANNEL = 'slipway_jobs';
/** pg-boss's tables, in the application's database. */
const SCHEMA = 'pgboss';
const RECONNECT_DELAY_MS = 1000;
/** A worker woken this recently is still fetching (or found the job taken elsewhere): the next wake-up goes to another. */
const FETCH_MS = 1000;

interface Worker {
  id: string;
  busy: boolean;
  wokenAt: number;
}

export interface PgBossQueueOptions {
  /** Whether this process runs job handlers (worker and all roles) or only enqueues (api role). */
  works: boolean;
  /** How often an idle worker asks for a job it was not woken for (a retry coming due); pg-boss 10 polls (at least every 0.5 s). */
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

/**
 * The job queue on pg-boss 10, in the `pgboss` schema of the application's database. pg-boss's workers poll;
 * so that a job starts at once, every enqueue also sends a NOTIFY on WAKE_CHANNEL (inside the caller's
 * transaction, so PostgreSQL delivers it on commit, and drops it on rollback), and every working process
 * listens and wakes its workers of that job. Polling remains for what no enqueue announces (retries coming
 * due) and while the listening connection is down.
 */
export class PgBossQueue implements JobQueue {
  private running = false;
  /** pg-boss workers by job name, `concurrency` of them per job. */
  private readonly workers = new Map<string, Worker[]>();
  private listener: pg.Client | null = null;
  private reconnectTimer: NodeJS.Timeout | undefined;

  private constructor(
    private readonly boss: PgBoss,
    private readonly databaseUrl: string,
    private readonly options: PgBossQueueOptions,
  ) {}

  static async start(databaseUrl: string, options: PgBossQueueOptions): Promise<PgBossQueue> {
    const boss = new PgBoss({ connectionString: databaseUrl, max: 4, schema: SCHEMA });
    // pg-boss reports maintenance hiccups as events; without a listener they would crash the process.
    boss.on('error', (error) => logUnexpected('job queue', error));
    await boss.start();
    const queue = new PgBossQueue(boss, databaseUrl, options);
    queue.running = true;
    if (options.works) await queue.listen();
    return queue;
  }

  async define<T extends object>(name: string, handler: JobHandler<T>, { retryLimit, expireInSeconds, concurrency = 1 }: JobOptions): Promise<void> {
    // 'short': at most one waiting job per singleton key; a job with that key already running does not block a new one.
    const queue = { name, policy: 'short' as const, retryLimit, retryDelay: 1, retryBackoff: true, expireInSeconds };
    await this.boss.createQueue(name, queue);
    // createQueue keeps an existing queue as it was: apply options changed since an earlier version.
    await this.boss.updateQueue(name, queue);
    if (!this.options.works) return;
    // Each pg-boss worker runs one job at a time: `concurrency` workers run that many side by side.
    const workers: Worker[] = [];
    for (let index = 0; index < concurrency; index += 1) {
      const worker: Worker = { id: '', busy: false, wokenAt: 0 };
      worker.id = await this.boss.work<T>(name, { batchSize: 1, pollingIntervalSeconds: this.options.pollingIntervalSeconds ?? 2 }, async ([job]) => {
        worker.busy = true;
        worker.wokenAt = 0;
        try {
          await handler(job.data, { id: job.id });
        } catch (error) {
          logUnexpected(`job ${name}`, error);
          throw error;
        } finally {
          worker.busy = false;
        }
      });
      workers.push(worker);
    }
    this.workers.set(name, workers);
  }

  async enqueue<T extends object>(name: string, data: T, { transaction, singletonKey }: EnqueueOptions = {}): Promise<string | null> {
    const db = transaction ? onTransaction(transaction) : this.boss.getDb();
    // The 'short' policy's unique index treats a missing key as the empty key: a job without one gets its own.
    const id = await this.boss.send(name, data, { singletonKey: singletonKey ?? `job:${randomUUID()}`, db });
    if (id !== null) await db.executeSql('SELECT pg_notify($1, $2)', [WAKE_CHANNEL, name]);
    return id;
  }

  async cancel(name: string, id: string, { transaction }: Pick<EnqueueOptions, 'transaction'> = {}): Promise<void> {
    await this.boss.cancel(name, id, { db: transaction ? onTransaction(transaction) : this.boss.getDb() });
  }

  async lost(name: string, singletonKeys: string[], seconds: number): Promise<string[]> {
    if (singletonKeys.length === 0) return [];
    const { rows } = await this.boss.getDb().executeSql(
      `SELECT DISTINCT singleton_key FROM ${SCHEMA}.job WHERE name = $1 AND singleton_key = ANY($2)
         AND (state IN ('created', 'retry') OR (state = 'active' AND started_on > now() - make_interval(secs => $3)))`,
      [name, singletonKeys, seconds],
    );
    const alive = new Set(rows.map((row: { singleton_key: string }) => row.singleton_key));
    return singletonKeys.filter((key) => !alive.has(key));
  }

  state(): QueueState {
    return this.running ? 'up' : 'down';
  }

  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    clearTimeout(this.reconnectTimer);
    const listener = this.listener;
    this.listener = null;
    await listener?.end().catch(() => undefined);
    await this.boss.stop({ graceful: true, wait: true, timeout: 10_000 });
  }

  /** One idle worker fetches the new job; with none free, each fetches again as soon as it is done. */
  private wake(name: string | undefined): void {
    const workers = this.workers.get(name ?? '') ?? [];
    const now = Date.now();
    const free = workers.find((worker) => !worker.busy && now - worker.wokenAt > FETCH_MS);
    if (free) free.wokenAt = now;
    for (const { id } of free ? [free] : workers) this.boss.notifyWorker(id);
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.databaseUrl });
    client.on('notification', (message) => this.wake(message.payload));
    const lost = () => {
      if (this.listener !== client) return;
      this.listener = null;
      client.end().catch(() => undefined);
      this.scheduleListen();
    };
    client.on('error', lost);
    client.on('end', lost);
    try {
      await client.connect();
      await client.query(`LISTEN ${WAKE_CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    this.listener = client;
    // Jobs enqueued while nobody listened would wait for a poll: every worker fetches now instead.
    for (const workers of this.workers.values()) for (const { id } of workers) this.boss.notifyWorker(id);
  }

  private scheduleListen(): void {
    if (!this.running) return;
    this.reconnectTimer = setTimeout(() => {
      this.listen().catch(() => this.scheduleListen());
    }, RECONNECT_DELAY_MS);
    this.reconnectTimer.unref();
  }
}
