import type { DataSource } from 'typeorm';
import type { Role } from '../../common/process-role.js';
import type { JobQueue, QueueState } from '../../jobs/job-queue.js';
import type { WorkerRegistry, WorkerSeen } from './worker-registry.js';

export interface HealthReport {
  status: 'ok' | 'unavailable';
  /** The role of the process that answered. */
  role: Role;
  database: 'up' | 'down';
  mode: 'embedded' | 'server';
  jobQueue: QueueState;
  /** Processes that ran jobs in the last half minute (this one included when it does). */
  workers: WorkerSeen[];
}

const CHECK_TIMEOUT_MS = 2000;

export class HealthService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly queue: Pick<JobQueue, 'state'>,
    private readonly workers: WorkerRegistry,
    private readonly process: Pick<HealthReport, 'role' | 'mode'>,
  ) {}

  async check(): Promise<HealthReport> {
    const database = await this.databaseUp();
    return {
      status: database ? 'ok' : 'unavailable',
      role: this.process.role,
      database: database ? 'up' : 'down',
      mode: this.process.mode,
      jobQueue: this.queue.state(),
      workers: database ? await this.workers.seenRecently().catch(() => []) : [],
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
