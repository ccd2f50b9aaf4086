import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { PipelineRun } from './pipeline-run.entity.js';

/** Spec section 4's pipeline processor status. */
export enum StepStatus {
  pending = 'pending',
  running = 'running',
  completed = 'completed',
  failed = 'failed',
  skipped = 'skipped',
}

export interface Substep {
  name: string;
  status: StepStatus;
  description: string;
}

/** One step of a run (a "processor" in the spec's stream shape), in `position` order. */
@Entity({ name: 'pipeline_steps' })
@Index('UQ_pipeline_steps_run_position', ['runId', 'position'], { unique: true })
export class PipelineStep {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'run_id', type: 'uuid' })
  runId!: string;

  @ManyToOne(() => PipelineRun, (run) => run.steps, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'run_id' })
  run?: PipelineRun;

  @Column({ type: 'integer' })
  position!: number;

  /** The step's id in the registry, which is the spec's processor_name (e.g. 'validate-request'). */
  @Column({ name: 'step_id', type: 'text' })
  stepId!: string;

  @Column({ type: 'enum', enum: StepStatus, enumName: 'pipeline_step_status', default: StepStatus.pending })
  status!: StepStatus;

  /** Attempts since the step was last (re)started, whatever ended them: failure, timeout or a dead worker. */
  @Column({ type: 'integer', default: 0 })
  attempts!: number;

  @Column({ name: 'started_at', type: 'timestamptz', nullable: true })
  startedAt!: Date | null;

  @Column({ name: 'completed_at', type: 'timestamptz', nullable: true })
  completedAt!: Date | null;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;

  /** A safe message (never a stack trace, SQL or a secret). */
  @Column({ name: 'error_message', type: 'text', nullable: true })
  errorMessage!: string | null;

  /** The last few thousand characters the step logged. */
  @Column({ type: 'text', default: '' })
  log!: string;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  substeps!: Substep[];

  /** The worker (WorkerLiveness id) of the current or last attempt: while it runs, only that worker's death frees the step. */
  @Column({ name: 'worker_id', type: 'text', nullable: true })
  workerId!: string | null;

  /** The queue's job that delivered the current or last attempt (cancelled when that attempt is taken over). */
  @Column({ name: 'job_id', type: 'uuid', nullable: true })
  jobId!: string | null;

  /** Small state the step saved so that a later attempt skips work already done (see StepContext.checkpoint). */
  @Column({ type: 'jsonb', default: () => "'{}'" })
  checkpoint!: Record<string, unknown>;
}
