import 'reflect-metadata';
import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** What a push to a project's repository did: one row per environment it deployed to, or one saying why it was ignored. */
export const PushOutcome = {
  /** A run builds the pushed commit and rolls it out to `environment`. */
  deploying: 'deploying',
  /** A newer push to the same environment replaced it before it went live (its run was cancelled). */
  superseded: 'superseded',
  /** The push deleted a branch whose preview was then removed with everything it made. */
  removed: 'removed',
  /** Nothing was deployed; `reason` says why. */
  ignored: 'ignored',
} as const;
export type PushOutcome = (typeof PushOutcome)[keyof typeof PushOutcome];

@Entity({ name: 'pushes' })
@Index('UQ_pushes_project_key', ['projectId', 'key'], { unique: true })
@Index('IDX_pushes_project_created', ['projectId', 'createdAt'])
export class Push {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'owner_id', type: 'uuid' })
  ownerId!: string;

  @Column({ name: 'project_id', type: 'uuid' })
  projectId!: string;

  /** Who pushed; null once their account is gone. */
  @Column({ name: 'pusher_id', type: 'uuid', nullable: true })
  pusherId!: string | null;

  /** Who pushed, as the push said it (a Slipway user's name, or GitHub's pusher for a push on GitHub). */
  @Column({ name: 'pusher_name', type: 'text', nullable: true })
  pusherName!: string | null;

  /**
   * The push and the environment it is about, unique per project: every process hears `repository.pushed`, and
   * only the one whose row goes in acts on it.
   */
  @Column({ type: 'text' })
  key!: string;

  @Column({ type: 'text' })
  branch!: string;

  @Column({ name: 'before_sha', type: 'text', nullable: true })
  beforeSha!: string | null;

  /** The branch's new head; null when the push deleted the branch. */
  @Column({ name: 'after_sha', type: 'text', nullable: true })
  afterSha!: string | null;

  /** The first line of the new head's message. */
  @Column({ type: 'text', nullable: true })
  message!: string | null;

  /** Made by a GitHub pull request event: its number (then `message` is its title). */
  @Column({ name: 'pull_request_number', type: 'integer', nullable: true })
  pullRequestNumber!: number | null;

  @Column({ type: 'text', nullable: true })
  environment!: string | null;

  @Column({ type: 'text' })
  outcome!: PushOutcome;

  @Column({ type: 'text', nullable: true })
  reason!: string | null;

  @Column({ name: 'run_id', type: 'uuid', nullable: true })
  runId!: string | null;

  @Column({ name: 'deployment_id', type: 'uuid', nullable: true })
  deploymentId!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
