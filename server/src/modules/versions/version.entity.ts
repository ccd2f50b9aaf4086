import 'reflect-metadata';
import { Column, CreateDateColumn, Entity, type EntityManager, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { Field, ID, Int, ObjectType } from 'type-graphql';
import { Project } from '../projects/project.entity.js';
import { User } from '../users/user.entity.js';
import { BuildStatus, VersionStatus } from './version-status.js';

/** What a build produced, as spec section 3 lists it ({id, type}). */
@ObjectType({ description: 'Something a version build produced' })
export class VersionArtifact {
  @Field(() => String, { description: "The artifact's id (its content digest)" })
  id!: string;

  @Field(() => String, { description: "The artifact's kind, e.g. 'image'" })
  type!: string;
}

/**
 * A tagged build of a project's code (spec section 3). Rows go with their project (ON DELETE CASCADE); one
 * tag per project, which also makes "create version v0.1.0" idempotent.
 */
@Entity({ name: 'versions' })
@Index('UQ_versions_project_tag', ['projectId', 'versionTag'], { unique: true })
@Index('UQ_versions_project_number', ['projectId', 'versionNumber'], { unique: true })
@Index('IDX_versions_owner', ['ownerId'])
@Index('IDX_versions_build_run', ['buildRunId'])
@Index('IDX_versions_project_created', ['projectId', 'createdAt'])
@ObjectType({ description: 'A tagged build of a project' })
export class Version {
  @PrimaryGeneratedColumn('uuid')
  @Field(() => ID, { description: "The version's id" })
  id!: string;

  @Column({ name: 'owner_id', type: 'uuid' })
  ownerId!: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'owner_id' })
  owner?: User;

  @Column({ name: 'project_id', type: 'uuid' })
  projectId!: string;

  @ManyToOne(() => Project, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'project_id' })
  project?: Project;

  @Column({ name: 'version_tag', type: 'text' })
  @Field(() => String, { description: "The tag, e.g. 'v0.1.0'" })
  versionTag!: string;

  @Column({ name: 'version_number', type: 'integer' })
  @Field(() => Int, { description: "Its place among the project's versions: 1 for the first created, then one more for each (deleted ones keep their numbers)" })
  versionNumber!: number;

  @Column({ type: 'text', default: '' })
  @Field(() => String, { description: 'What the version brings' })
  description!: string;

  @Column({ name: 'git_branch', type: 'text' })
  @Field(() => String, { description: 'The branch the version was cut from' })
  gitBranch!: string;

  @Column({ name: 'git_commit_sha', type: 'text', nullable: true })
  @Field(() => String, { nullable: true, description: 'The commit the tag points at' })
  gitCommitSha!: string | null;

  @Column({ type: 'enum', enum: VersionStatus, enumName: 'version_status', default: VersionStatus.pending })
  @Field(() => VersionStatus, { description: "The version's lifecycle state" })
  status!: VersionStatus;

  @Column({ name: 'build_status', type: 'enum', enum: BuildStatus, enumName: 'version_build_status', default: BuildStatus.pending })
  @Field(() => BuildStatus, { description: "The state of the version's build" })
  buildStatus!: BuildStatus;

  @Column({ type: 'boolean', default: false })
  @Field(() => Boolean, { description: 'True for the version the project serves' })
  active!: boolean;

  @Column({ name: 'build_started_at', type: 'timestamptz', nullable: true })
  @Field(() => Date, { nullable: true, description: 'When the build started' })
  buildStartedAt!: Date | null;

  @Column({ name: 'build_completed_at', type: 'timestamptz', nullable: true })
  @Field(() => Date, { nullable: true, description: 'When the build ended' })
  buildCompletedAt!: Date | null;

  @Column({ name: 'build_log', type: 'text', default: '' })
  @Field(() => String, { description: "The build's output (its last part)" })
  buildLog!: string;

  @Column({ name: 'docker_image_url', type: 'text', nullable: true })
  @Field(() => String, { nullable: true, description: "The built artifact's address in the registry" })
  dockerImageUrl!: string | null;

  /** The version's latest build run (a 'version_build' pipeline run); null before its first build. */
  @Column({ name: 'build_run_id', type: 'uuid', nullable: true })
  buildRunId!: string | null;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  @Field(() => [VersionArtifact], { description: 'What the build produced' })
  artifacts!: VersionArtifact[];

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  @Field(() => Date, { description: 'When the version was created' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  @Field(() => Date, { description: 'When the version last changed' })
  updatedAt!: Date;
}

/**
 * The project's next version number: 1, 2, 3, … in the order versions are created, never given twice. Counted on
 * the project's row in the caller's transaction, so concurrent creates wait for each other instead of sharing one.
 */
export async function nextVersionNumber(manager: EntityManager, projectId: string): Promise<number> {
  const rows: Array<{ version_count: number }> = await manager.query(
    'WITH counted AS (UPDATE projects SET version_count = version_count + 1 WHERE id = $1 RETURNING version_count) SELECT version_count FROM counted',
    [projectId],
  );
  if (!rows[0]) throw new Error('The project of the version is gone');
  return rows[0].version_count;
}

/** Seconds its latest build took, from start to end; null while it builds or before it was built. */
export function buildDurationSeconds(version: Pick<Version, 'buildStartedAt' | 'buildCompletedAt'>): number | null {
  const { buildStartedAt: started, buildCompletedAt: completed } = version;
  return started && completed ? Math.max(0, Math.round((completed.getTime() - started.getTime()) / 1000)) : null;
}

/** The REST shape of a version (spec section 3), snake_case. */
export function toVersionResponse(version: Version) {
  return {
    id: version.id,
    version_tag: version.versionTag,
    version_number: version.versionNumber,
    description: version.description,
    git_branch: version.gitBranch,
    git_commit_sha: version.gitCommitSha,
    status: version.status,
    build_status: version.buildStatus,
    active: version.active,
    build_started_at: version.buildStartedAt,
    build_completed_at: version.buildCompletedAt,
    build_duration_seconds: buildDurationSeconds(version),
    build_log: version.buildLog,
    docker_image_url: version.dockerImageUrl,
    artifacts: version.artifacts,
    created_at: version.createdAt,
    updated_at: version.updatedAt,
  };
}
