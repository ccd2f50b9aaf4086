import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** A process that runs jobs, as it last reported itself; the API's health report lists the recent ones. */
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

  @Column({ name: 'started_at', type: 'timestamptz' })
  startedAt!: Date;

  @Index('IDX_worker_heartbeats_seen_at')
  @Column({ name: 'seen_at', type: 'timestamptz' })
  seenAt!: Date;
}
