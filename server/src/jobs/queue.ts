import PgBoss from 'pg-boss';

/** pg-boss on the application's PostgreSQL: the queue that pipeline steps run on. */
export class JobQueue {
  readonly boss: PgBoss;
  private running = false;

  constructor(databaseUrl: string) {
    this.boss = new PgBoss({ connectionString: databaseUrl, max: 4, schema: 'pgboss' });
    // pg-boss reports maintenance hiccups as events; without a listener they would crash the process.
    this.boss.on('error', (error) => console.error(`job queue: ${error.message}`));
  }

  async start(): Promise<void> {
    await this.boss.start();
    this.running = true;
  }

  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    await this.boss.stop({ graceful: true, wait: true, timeout: 10_000 });
  }

  isRunning(): boolean {
    return this.running;
  }
}
