import type { DataSource } from 'typeorm';
import type { JobQueue } from '../../jobs/queue.js';

export interface HealthReport {
  status: 'ok' | 'unavailable';
  database: 'up' | 'down';
  jobQueue: 'up' | 'down';
  mode: 'embedded' | 'server';
}

const CHECK_TIMEOUT_MS = 2000;

export class HealthService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly queue: JobQueue,
    private readonly mode: HealthReport['mode'],
  ) {}

  async check(): Promise<HealthReport> {
    const database = await this.databaseUp();
    return {
      status: database ? 'ok' : 'unavailable',
      database: database ? 'up' : 'down',
      jobQueue: this.queue.isRunning() ? 'up' : 'down',
      mode: this.mode,
    };
  }

  private async databaseUp(): Promise<boolean> {
    if (!this.dataSource.isInitialized) return false;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS)));
    const query = this.dataSource.query('SELECT 1').then(
      () => true,
      () => false,
    );
    try {
      return await Promise.race([query, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }
}
