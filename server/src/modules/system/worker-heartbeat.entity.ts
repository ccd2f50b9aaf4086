import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A process that runs jobs, as it last reported itself: the API's health report lists the live ones, and the pipeline
 * engine takes over the steps of the dead ones.
 */
@Entity({ name: 'worker_heartbeats' })
export class WorkerHeartbeat {
  /** host:pid:random, unique per process start. */
  @PrimaryColumn({ type: 'text' })
  id!: string;

  /** 'worker' or 'all'. */
  @Column({ type: 'text' })
  role!: string;

  @Column({ type: 'text' })
  host!: string;

  @Column({ type: 'integer' })
  pid!: number;

  /** The process as others on its machine can check whether it still runs (common/local-process.ts); null where they cannot. */
  @Column({ name: 'process_key', type: 'text', nullable: true })
  processKey!: string | null;

  @Column({ name: 'started_at', type: 'timestamptz' })
  startedAt!: Date;

  @Index('IDX_worker_heartbeats_seen_at')
  @Column({ name: 'seen_at', type: 'timestamptz' })
  seenAt!: Date;
}
