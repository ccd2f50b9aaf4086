import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, OneToMany, PrimaryGeneratedColumn } from 'typeorm';
import type { ProviderKinds } from '../providers/project-providers.js';
import type { PipelineStep } from './pipeline-step.entity.js';

/** A run's overall status (spec section 4: the stream is terminal when completed, failed or cancelled). */
export enum RunStatus {
  running = 'running',
  completed = 'completed',
  failed = 'failed',
  cancelled = 'cancelled',
}

/**
 * One pipeline run: a stream (spec section 3's `stream_name`, e.g. 'Project Creation') of ordered steps.
 * The project id has no foreign key on purpose: a deletion run outlives the project it deletes.
 */
@Entity({ name: 'pipeline_runs' })
@Index('IDX_pipeline_runs_project_created', ['projectId', 'createdAt'])
@Index('IDX_pipeline_runs_owner', ['ownerId'])
// The few running runs, which the engine's recovery sweep reads every few seconds.
@Index('IDX_pipeline_runs_running', ['id'], { where: "status = 'running'" })
export class PipelineRun {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'stream_name', type: 'text' })
  streamName!: string;

  @Column({ name: 'owner_id', type: 'uuid' })
  ownerId!: string;

  // Named, not imported: the engine knows no feature module (its users either).
  @ManyToOne('User', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'owner_id' })
  owner?: { id: string };

  @Column({ name: 'project_id', type: 'uuid', nullable: true })
  projectId!: string | null;

  @Column({ type: 'enum', enum: RunStatus, enumName: 'pipeline_run_status', default: RunStatus.running })
  status!: RunStatus;

  /** Bumped by every change a viewer can see; events carry it so that subscribers drop repeats and spot gaps. */
  @Column({ type: 'integer', default: 0 })
  seq!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;

  /** The kinds of adapters the run used (its project's, recorded when its first step starts); null for runs about no project. */
  @Column({ type: 'jsonb', nullable: true })
  providers!: ProviderKinds | null;

  @Column({ name: 'completed_at', type: 'timestamptz', nullable: true })
  completedAt!: Date | null;

  @OneToMany('PipelineStep', (step: PipelineStep) => step.run)
  steps?: PipelineStep[];
}
