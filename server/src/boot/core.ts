import type { DataSource } from 'typeorm';
import type { AppConfig } from '../config/env.js';
import { createDataSource } from '../db/data-source.js';
import { openEmbeddedPostgres } from '../db/embedded-postgres.js';
import { PostgresEventBus } from '../events/postgres-event-bus.js';
import { type App, type CoreDependencies, createFeatures } from '../features.js';
import { PgBossQueue } from '../jobs/pg-boss-queue.js';
import { logUnexpected } from '../common/log.js';
import { CLEANUP_EVERY_MS, CLEANUP_JOB } from '../modules/system/system.module.js';

export interface Core {
  config: AppConfig;
  dataSource: DataSource;
  /** The feature modules' parts the roles run. */
  app: App;
  /** Registers an undo step; stop() runs them newest first. */
  onStop(step: () => Promise<void>): void;
  stop(): Promise<void>;
}

/**
 * Any number of processes may start at once on one database. What changes its schema at boot (migrations,
 * pg-boss's schema and a new queue's partition) runs under one advisory lock, one process at a time: creating
 * the same queue from two processes at once deadlocks in PostgreSQL.
 */
const BOOT_LOCK = 7_451_001;

async function underBootLock<T>(dataSource: DataSource, work: () => Promise<T>): Promise<T> {
  const runner = dataSource.createQueryRunner();
  try {
    await runner.query('SELECT pg_advisory_lock($1)', [BOOT_LOCK]);
    return await work();
  } finally {
    await runner.query('SELECT pg_advisory_unlock($1)', [BOOT_LOCK]).catch(() => undefined);
    await runner.release();
  }
}

/** The database this process uses: DATABASE_URL, else the embedded server in the data directory. */
async function openDatabase(config: AppConfig, onStop: Core['onStop']): Promise<string> {
  if (config.databaseUrl) return config.databaseUrl;
  // A worker on the same machine joins the server its instance started in the same SLIPWAY_DATA_DIR.
  const embedded = await openEmbeddedPostgres(config.dataDir, config.role === 'worker' ? 'join' : 'own');
  onStop(() => embedded.stop());
  return embedded.url;
}

/**
 * What every role needs, in boot order: database -> event bus -> (under the boot lock) migrations, job queue,
 * features, the worker's heartbeat (where jobs are run), the features' jobs defined -> the recurring maintenance job.
 * Each step registers its undo as soon as it has started.
 */
export async function startCore(config: AppConfig, { extraPipelineSteps }: Pick<CoreDependencies, 'extraPipelineSteps'> = {}): Promise<Core> {
  const undo: Array<() => Promise<void>> = [];
  const onStop = (step: () => Promise<void>) => void undo.push(step);
  const stop = async () => {
    while (undo.length) await undo.pop()!();
  };
  try {
    const databaseUrl = await openDatabase(config, onStop);
    const dataSource = createDataSource(databaseUrl);
    await dataSource.initialize();
    onStop(() => dataSource.destroy());

    const bus = await PostgresEventBus.start(databaseUrl, (channel, payload) => dataSource.query('SELECT pg_notify($1, $2)', [channel, payload]));
    onStop(() => bus.close());

    const works = config.role !== 'api';
    const { queue, app } = await underBootLock(dataSource, async () => {
      await dataSource.runMigrations({ transaction: 'each' });
      const queue = await PgBossQueue.start(databaseUrl, { works });
      onStop(() => queue.stop());
      const app = createFeatures({ config, dataSource, bus, queue, extraPipelineSteps });
      if (works) {
        // On record before it takes a job: another worker tells this one's steps from a dead worker's by it.
        const membership = await app.workers.join(config.role, (error) => logUnexpected('worker heartbeat', error));
        // A clean stop: no more jobs are taken, the steps still running are handed over, and only then the record goes.
        onStop(async () => {
          await queue.stop();
          await app.pipelines.stop();
          await membership.leave();
        });
      }
      for (const feature of app.features) await feature.defineJobs?.(queue);
      return { queue, app };
    });
    for (const feature of app.features) await feature.load?.();

    // Every process asks for the cleanup now and hourly; the singleton key keeps one waiting however many ask.
    const requestCleanup = () => queue.enqueue(CLEANUP_JOB, {}, { singletonKey: CLEANUP_JOB }).catch((error) => logUnexpected('maintenance', error));
    await requestCleanup();
    const timer = setInterval(requestCleanup, CLEANUP_EVERY_MS);
    timer.unref();
    onStop(async () => clearInterval(timer));

    return { config, dataSource, app, onStop, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
