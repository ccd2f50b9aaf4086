import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { LessThan, MoreThan, type Repository } from 'typeorm';
import type { WorkerHeartbeat } from './worker-heartbeat.entity.js';

/** How often a worker reports; a worker not heard from for three beats is no longer listed. */
export const HEARTBEAT_SECONDS = 10;
const RECENT_SECONDS = 3 * HEARTBEAT_SECONDS;
/** Rows of workers gone for this long are deleted by the maintenance job. */
const FORGET_AFTER_HOURS = 24;

export interface WorkerSeen {
  id: string;
  role: string;
  host: string;
  pid: number;
  startedAt: string;
  seenAt: string;
}

/** The job-running processes, each recorded by a heartbeat row in the shared database. */
export class WorkerRegistry {
  constructor(private readonly heartbeats: Repository<WorkerHeartbeat>) {}

  /** Records this process every HEARTBEAT_SECONDS until leave(), which removes its row. */
  async join(role: string, onError: (error: unknown) => void): Promise<{ id: string; leave(): Promise<void> }> {
    const id = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
    const startedAt = new Date();
    const beat = () => this.heartbeats.upsert({ id, role, host: hostname(), pid: process.pid, startedAt, seenAt: new Date() }, ['id']);
    await beat();
    const timer = setInterval(() => beat().catch(onError), HEARTBEAT_SECONDS * 1000);
    timer.unref();
    return {
      id,
      leave: async () => {
        clearInterval(timer);
        await this.heartbeats.delete({ id });
      },
    };
  }

  async seenRecently(): Promise<WorkerSeen[]> {
    const rows = await this.heartbeats.find({
      where: { seenAt: MoreThan(new Date(Date.now() - RECENT_SECONDS * 1000)) },
      order: { startedAt: 'ASC' },
    });
    return rows.map(({ id, role, host, pid, startedAt, seenAt }) => ({
      id,
      role,
      host,
      pid,
      startedAt: startedAt.toISOString(),
      seenAt: seenAt.toISOString(),
    }));
  }

  async forgetGone(): Promise<void> {
    await this.heartbeats.delete({ seenAt: LessThan(new Date(Date.now() - FORGET_AFTER_HOURS * 3600_000)) });
  }
}
