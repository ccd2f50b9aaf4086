import 'reflect-metadata';
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { Field, ID, ObjectType } from 'type-graphql';
import { LOCAL_PROVIDER_KINDS, type ProviderKinds } from '../../providers/project-providers.js';
import { User } from '../users/user.entity.js';
import { ProjectStatus } from './project-status.js';
import { type Deployment, toDeploymentResponse } from '../deployments/deployment.entity.js';
import { type Version, toVersionResponse } from '../versions/version.entity.js';
import { providerKindsResponse } from './dtos/project-providers.model.js';
import { type ProjectSandbox, limitsOf, limitsResponse, sandboxResponse } from './project-limits.js';

/**
 * A user's project (spec section 3). Indexes serve the list page: every query starts with owner_id,
 * then the sort column. The case-insensitive unique name, the mixed-direction status index and the GIN
 * index on tags cannot be declared here, so they live in the migration only (synchronize: false).
 * active_version and active_deployment are plain ids here (relations by name, so the entity files do not import
 * each other); the resolver and the service load the rows for one project's answers.
 */
@Entity({ name: 'projects' })
@Index('IDX_projects_owner_updated', ['ownerId', 'updatedAt', 'id'])
@Index('IDX_projects_owner_created', ['ownerId', 'createdAt', 'id'])
@Index('UQ_projects_owner_name', { synchronize: false })
@Index('IDX_projects_owner_status', { synchronize: false })
@Index('IDX_projects_owner_tags', { synchronize: false })
@Index('UQ_projects_source', ['sourceOrganization', 'sourceRepository'], { unique: true })
// Simple resolvers: its plain fields read the property with no type-graphql middleware chain around each one
// (none of them has middleware or @Authorized; field resolvers such as pipelineStatus keep theirs). A projects
// page resolves a dozen fields for each of its projects.
@ObjectType({ description: 'A project of the signed-in user; nobody else sees it', simpleResolvers: true })
export class Project {
  /** The service picks it before the insert, so the sealed environment can be bound to it. */
  @PrimaryGeneratedColumn('uuid')
  @Field(() => ID, { description: 'The project id (UUID)' })
  id!: string;

  @Column({ name: 'owner_id', type: 'uuid' })
  ownerId!: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'owner_id' })
  owner?: User;

  @Column({ type: 'text' })
  @Field(() => String, { description: 'The name, unique among your projects ignoring case' })
  name!: string;

  @Column({ type: 'text', default: '' })
  @Field(() => String, { description: "What the project is; '' for none" })
  description!: string;

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  @Field(() => [String], { description: 'Its tags, trimmed and distinct, in the order given' })
  tags!: string[];

  @Column({ type: 'enum', enum: ProjectStatus, enumName: 'project_status', default: ProjectStatus.active })
  @Field(() => ProjectStatus, { description: 'Active or inactive' })
  status!: ProjectStatus;

  @Column({ type: 'text', nullable: true })
  @Field(() => String, { nullable: true, description: 'The current version tag, such as v1.2.3; set by builds, null before the first' })
  version!: string | null;

  @Column({ name: 'repository_url', type: 'text', nullable: true })
  @Field(() => String, { nullable: true, description: 'The git repository, an http(s) URL; null for none' })
  repositoryUrl!: string | null;

  @Column({ name: 'deployed_url', type: 'text', nullable: true })
  @Field(() => String, { nullable: true, description: 'Where the active deployment answers (URL); set by deployments, null before the first' })
  deployedUrl!: string | null;

  @Column({ name: 'loopback_url', type: 'text', nullable: true })
  @Field(() => String, { nullable: true, description: "Local apps: the active deployment at http://127.0.0.1:<port>/, for programs that do not resolve *.localhost (Node's fetch)" })
  loopbackUrl!: string | null;

  /** Its own sandbox limits (issue 30; see limitsOf), each null for the server's default (SLIPWAY_LIMIT_*). */
  @Column({ name: 'limit_memory_mb', type: 'integer', nullable: true })
  limitMemoryMb!: number | null;

  @Column({ name: 'limit_processes', type: 'integer', nullable: true })
  limitProcesses!: number | null;

  @Column({ name: 'limit_cpu_percent', type: 'integer', nullable: true })
  limitCpuPercent!: number | null;

  @Column({ name: 'limit_disk_mb', type: 'integer', nullable: true })
  limitDiskMb!: number | null;

  /** The whole name-to-value map as JSON, sealed with SecretBox; never stored or exposed in plain text. */
  @Column({ name: 'environment_variables_encrypted', type: 'text' })
  environmentVariablesSealed!: string;

  /** The secret GitHub signs this project's webhook deliveries with, sealed; null until its webhook is made (cloud only). */
  @Column({ name: 'webhook_secret_encrypted', type: 'text', nullable: true, select: false })
  webhookSecretSealed!: string | null;

  @Column({ name: 'template_name', type: 'text', nullable: true })
  @Field(() => String, { nullable: true, description: 'The catalog template the project started from; null for a blank project' })
  templateName!: string | null;

  @Column({ name: 'build_commit', type: 'text', nullable: true })
  @Field(() => String, { nullable: true, description: 'The git commit (hash) the current version was built from; set by builds' })
  buildCommit!: string | null;

  @Column({ name: 'docker_image_url', type: 'text', nullable: true })
  @Field(() => String, { nullable: true, description: 'The Docker image of the current version (repository:tag); set by builds' })
  dockerImageUrl!: string | null;

  @Column({ name: 'active_version_id', type: 'uuid', nullable: true })
  activeVersionId!: string | null;

  @ManyToOne('Version', { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'active_version_id' })
  activeVersion?: object;

  @Column({ name: 'active_deployment_id', type: 'uuid', nullable: true })
  activeDeploymentId!: string | null;

  @ManyToOne('Deployment', { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'active_deployment_id' })
  activeDeployment?: object;

  /**
   * Where the project's code and artifacts live, fixed when it is created (GITHUB_ORGANIZATION and the slug of
   * its first name): renaming the project or changing the setting later must not lose them. Unique together,
   * so two projects never share a repository.
   */
  @Column({ name: 'source_organization', type: 'text', nullable: true })
  sourceOrganization!: string | null;

  @Column({ name: 'source_repository', type: 'text', nullable: true })
  sourceRepository!: string | null;

  /** Which adapter each port uses (local, or the cloud one), fixed from the owner's settings when it is created. */
  @Column({ type: 'jsonb', default: () => `'${JSON.stringify(LOCAL_PROVIDER_KINDS)}'` })
  providers!: ProviderKinds;

  /** How many versions it has had (deleted ones included): the last version_number given (see nextVersionNumber). */
  @Column({ name: 'version_count', type: 'integer', default: 0, select: false })
  versionCount!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  @Field(() => Date, { description: 'When the project was created (ISO 8601, UTC)' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  @Field(() => Date, { description: 'When the project last changed (ISO 8601, UTC)' })
  updatedAt!: Date;

  /** Not a column: read with the row (beingDeletedSql) by ProjectsService, the only source of GraphQL's projects. */
  @Field(() => Boolean, {
    description: 'True while the project\'s deletion run is going (it can no longer be changed; then it is NOT_FOUND)',
  })
  beingDeleted!: boolean;
}

/** What one project's answers add to a list item: its decrypted environment and its active version and deployment. */
export interface ProjectDetails {
  environmentVariables: Record<string, string>;
  activeVersion: Version | null;
  activeDeployment: Deployment | null;
  /** Where `git clone` finds its repository over HTTP, or null (see ProjectsService.cloneUrlOf). */
  cloneUrl: string | null;
  /** How the server contains its code (issue 30). */
  sandbox: ProjectSandbox;
}

/**
 * The REST shape of a project (spec section 3), snake_case. One project's answers carry its details; list items
 * leave them out, so a page of projects decrypts nothing and reads no other table.
 */
export function toProjectResponse(project: Project, details?: ProjectDetails) {
  return {
    id: project.id,
    name: project.name,
    description: project.description,
    tags: project.tags,
    status: project.status,
    version: project.version,
    repository_url: project.repositoryUrl,
    clone_url: details?.cloneUrl,
    deployed_url: project.deployedUrl,
    loopback_url: project.loopbackUrl,
    environment_variables: details?.environmentVariables,
    template_name: project.templateName,
    build_commit: project.buildCommit,
    docker_image_url: project.dockerImageUrl,
    providers: providerKindsResponse(project.providers),
    limits: limitsResponse(limitsOf(project)),
    sandbox: details && sandboxResponse(details.sandbox),
    active_version: details && (details.activeVersion ? toVersionResponse(details.activeVersion) : null),
    active_deployment: details && (details.activeDeployment ? toDeploymentResponse(details.activeDeployment) : null),
    created_at: project.createdAt,
    updated_at: project.updatedAt,
  };
}
