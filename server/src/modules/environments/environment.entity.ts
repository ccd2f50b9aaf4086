import 'reflect-metadata';
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { Field, Float, ID, Int, ObjectType } from 'type-graphql';
import { Project } from '../projects/project.entity.js';
import { User } from '../users/user.entity.js';

export type EnvironmentKind = 'standard' | 'preview';

/**
 * A place a project's app runs: 'production' (every project has it) and the ones its owner adds ('staging'). Each
 * has its own app on the cluster, its own deployments and its variable overrides on top of the project's. Rows go
 * with their project (ON DELETE CASCADE), and their deployments with them.
 */
@Entity({ name: 'environments' })
@Index('UQ_environments_project_name', ['projectId', 'name'], { unique: true })
@Index('IDX_environments_project_branch', ['projectId', 'branch'])
@Index('UQ_environments_project_preview_branch', ['projectId', 'branch'], { unique: true, where: "kind = 'preview'" })
@ObjectType({ description: "An environment of a project: its own app, URL, deployments and variables, fed by a branch" })
export class Environment {
  @PrimaryGeneratedColumn('uuid')
  @Field(() => ID, { description: "The environment's id" })
  id!: string;

  @Column({ name: 'owner_id', type: 'uuid' })
  ownerId!: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'owner_id' })
  owner?: User;

  @Column({ name: 'project_id', type: 'uuid' })
  @Field(() => ID, { description: 'The project it belongs to' })
  projectId!: string;

  @ManyToOne(() => Project, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'project_id' })
  project?: Project;

  @Column({ type: 'text' })
  @Field(() => String, { description: "Its name, unique in the project: lower-case letters, digits and dashes ('production', 'staging')" })
  name!: string;

  @Column({ type: 'text', nullable: true })
  @Field(() => String, { nullable: true, description: "The git branch whose pushes feed it (production: the default branch, 'main'); null for none" })
  branch!: string | null;

  @Column({ name: 'auto_deploy', type: 'boolean', default: false })
  @Field(() => Boolean, { description: 'Whether a push to its branch builds that commit and rolls it out here' })
  autoDeploy!: boolean;

  /** Production starts with it on (environment-rows.ts, and the migration for existing rows); the others off. */
  @Column({ name: 'auto_rollback', type: 'boolean', default: false })
  @Field(() => Boolean, { description: 'Whether a deployment whose app crash-loops or keeps failing its health check is rolled back to the last healthy one' })
  autoRollback!: boolean;

  /** How many instances serve it (1 to 5); its deployments roll out with it. */
  @Column({ type: 'integer', default: 1 })
  @Field(() => Int, { description: 'How many instances of the app serve it (1 to 5); a change rolls the serving deployment out again' })
  replicas!: number;

  /** Resources per instance (issue 35); null for none (Kubernetes) or the project's sandbox limit (local mode). */
  @Column({ name: 'cpu_request', type: 'numeric', precision: 5, scale: 2, nullable: true, transformer: { to: (value: number | null | undefined) => value, from: (value: string | null) => (value === null ? null : Number(value)) } })
  @Field(() => Float, { nullable: true, description: 'CPU each instance is guaranteed, in cores (0.05 to 4); local mode: its CPU weight (1 core = a serving app\'s usual weight); null for none' })
  cpuRequest!: number | null;

  @Column({ name: 'cpu_limit', type: 'numeric', precision: 5, scale: 2, nullable: true, transformer: { to: (value: number | null | undefined) => value, from: (value: string | null) => (value === null ? null : Number(value)) } })
  @Field(() => Float, { nullable: true, description: "CPU each instance may use at most, in cores (0.05 to 4); null for none (local mode: the project's CPU limit)" })
  cpuLimit!: number | null;

  @Column({ name: 'memory_request_mb', type: 'integer', nullable: true })
  @Field(() => Int, { nullable: true, description: 'Memory each instance is guaranteed, in MB (64 to 8192; Kubernetes only); null for none' })
  memoryRequestMb!: number | null;

  @Column({ name: 'memory_limit_mb', type: 'integer', nullable: true })
  @Field(() => Int, { nullable: true, description: "Memory each instance may use at most, in MB (64 to 8192); null for none (local mode: the project's memory limit)" })
  memoryLimitMb!: number | null;

  /** 'standard' (production and the ones the owner makes) or 'preview' (made by a push to a branch no environment takes, removed with it). */
  @Column({ type: 'text', default: 'standard' })
  @Field(() => String, { description: "standard, or preview: made by a push to a branch no other environment takes, removed when the branch is deleted or it stays idle" })
  kind!: EnvironmentKind;

  /** A preview made or taken over by a GitHub pull request (cloud mode): its number; null otherwise. */
  @Column({ name: 'pull_request_number', type: 'integer', nullable: true })
  @Field(() => Int, { nullable: true, description: "A preview for a GitHub pull request: the pull request's number; null otherwise" })
  pullRequestNumber!: number | null;

  @Column({ name: 'pull_request_title', type: 'text', nullable: true })
  @Field(() => String, { nullable: true, description: "A preview for a GitHub pull request: the pull request's title (as of its last event); null otherwise" })
  pullRequestTitle!: string | null;

  /** A preview being removed: its Preview Removal run (set once, by whichever process claims the removal first). */
  @Column({ name: 'removal_run_id', type: 'uuid', nullable: true })
  removalRunId!: string | null;

  /** Its variable overrides (name to value), sealed with the secret box (context 'environment:{id}:variables'); never a GraphQL field. */
  @Column({ name: 'variables_encrypted', type: 'text' })
  variablesSealed!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  @Field(() => Date, { description: 'When it was created' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  @Field(() => Date, { description: 'When its settings last changed' })
  updatedAt!: Date;
}

/** A project's preview settings; a project without a row has previews on and no idle limit. */
@Entity({ name: 'preview_settings' })
@ObjectType({ description: "A project's preview settings" })
export class PreviewSettings {
  @Column({ name: 'project_id', type: 'uuid', primary: true })
  projectId!: string;

  @Column({ name: 'owner_id', type: 'uuid' })
  ownerId!: string;

  @Column({ type: 'boolean', default: true })
  @Field(() => Boolean, { description: 'A push to a branch no environment takes makes a preview (default true)' })
  enabled!: boolean;

  @Column({ name: 'idle_minutes', type: 'integer', nullable: true })
  @Field(() => Int, { nullable: true, description: 'Minutes without a push after which a preview is removed; null for never' })
  idleMinutes!: number | null;
}
