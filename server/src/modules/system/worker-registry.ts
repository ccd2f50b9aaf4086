import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { LessThan, type Repository } from 'typeorm';
import { ownProcessKey, processEnded } from '../../common/local-process.js';
import type { WorkerLiveness } from '../../pipelines/engine.js';
import type { WorkerHeartbeat } from './worker-heartbeat.entity.js';

/** How often a working process reports (on the database's clock, which every process shares). */
export const HEARTBEAT_SECONDS = 3;
/**
 * A worker not heard from for this long is dead, and the pipeline engine takes its steps over: five missed beats, so
 * a live worker whose database answered slowly for a moment is not. A worker of this machine whose process ended is
 * dead at once.
 */
export const DEAD_AFTER_SECONDS = 15;
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

interface HeartbeatRow {
  id: string;
  role: string;
  host: string;
  pid: number;
  process_key: string | null;
  started_at: Date;
  seen_at: Date;
}

/** The job-running processes, each recorded by a heartbeat row in the shared database. */
export class WorkerRegistry implements WorkerLiveness {
  /** This process: host:pid:random, unique per process start. */
  readonly id = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;

  constructor(private readonly heartbeats: Repository<WorkerHeartbeat>) {}

  /** Records this process now and every HEARTBEAT_SECONDS until leave(), which removes its row. */
  async join(role: string, onError: (error: unknown) => void): Promise<{ leave(): Promise<void> }> {
    const beat = () =>
      this.heartbeats.query(
        `INSERT INTO worker_heartbeats (id, role, host, pid, process_key, started_at, seen_at) VALUES ($1, $2, $3, $4, $5, now(), now())
         ON CONFLICT (id) DO UPDATE SET seen_at = now()`,
        [this.id, role, hostname(), process.pid, ownProcessKey()],
      );
    await beat();
    const timer = setInterval(() => beat().catch(onError), HEARTBEAT_SECONDS * 1000);
    timer.unref();
    return {
      leave: async () => {
        clearInterval(timer);
        await this.heartbeats.delete({ id: this.id });
      },
    };
  }

  /** The live workers, oldest first. */
  async seenRecently(): Promise<WorkerSeen[]> {
    const rows = await this.rows('seen_at > now() - make_interval(secs => $1)', [DEAD_AFTER_SECONDS]);
    rows.sort((a, b) => a.started_at.getTime() - b.started_at.getTime());
    return rows.filter(isLive).map(({ id, role, host, pid, started_at: startedAt, seen_at: seenAt }) => ({
      id,
      role,
      host,
      pid,
      startedAt: startedAt.toISOString(),
      seenAt: seenAt.toISOString(),
    }));
  }

  async dead(ids: string[]): Promise<Set<string>> {
    const live = new Set((await this.rows('id = ANY($1)', [ids])).filter(isLive).map((row) => row.id));
    return new Set(ids.filter((id) => !live.has(id)));
  }

  async forgetGone(): Promise<void> {
    await this.heartbeats.delete({ seenAt: LessThan(new Date(Date.now() - FORGET_AFTER_HOURS * 3600_000)) });
  }

  /** Heartbeat rows, each with `fresh`: whether it was seen within DEAD_AFTER_SECONDS by the database's clock. */
  private rows(where: string, values: unknown[]): Promise<Array<HeartbeatRow & { fresh: boolean }>> {
    return this.heartbeats.query(
      `SELECT *, seen_at > now() - make_interval(secs => ${DEAD_AFTER_SECONDS}) AS fresh FROM worker_heartbeats WHERE ${where}`,
      values,
    );
  }
}

/** The one rule for a live worker: heard from lately, and (where its machine's pids can be checked) still running. */
function isLive(row: { fresh: boolean; process_key: string | null }): boolean {
  return row.fresh && !(row.process_key !== null && processEnded(row.process_key));
}
