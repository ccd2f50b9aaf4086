import 'reflect-metadata';
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { Field, ID, Int, ObjectType } from 'type-graphql';
import { Project } from '../projects/project.entity.js';
import { User } from '../users/user.entity.js';
import { Version } from '../versions/version.entity.js';
import { Environment } from '../environments/environment.entity.js';
import { DeploymentStatus, DeploymentStrategy } from './deployment-status.js';

/** One health check of a deployment (spec section 4 derives its health from their statuses). */
@ObjectType({ description: 'One health check of a deployment' })
export class HealthCheck {
  @Field(() => String, { description: "What was checked, e.g. 'http'" })
  name!: string;

  @Field(() => String, { description: 'healthy, unhealthy or pending' })
  status!: string;

  @Field(() => String, { nullable: true, description: 'The checked path, for HTTP checks' })
  path?: string | null;

  @Field(() => Date, { nullable: true, description: 'When it was checked' })
  checkedAt?: Date | null;
}

/**
 * One rollout of a version to an environment (spec section 3). Rows go with their project (ON DELETE CASCADE).
 * The kubernetes_* names are set when it becomes active: on DigitalOcean Kubernetes the real namespace, Deployment
 * and Service; on the local cluster their equivalents (the app, `<app>-r<revision>`, `<app>-proxy`).
 */
@Entity({ name: 'deployments' })
@Index('IDX_deployments_project_created', ['projectId', 'createdAt'])
@Index('IDX_deployments_owner', ['ownerId'])
@Index('IDX_deployments_run', ['runId'])
@Index('IDX_deployments_environment', ['environmentId'])
@Index('IDX_deployments_project_environment', ['projectId', 'environment', 'status'])
@ObjectType({ description: 'A rollout of a version to an environment' })
export class Deployment {
  @PrimaryGeneratedColumn('uuid')
  @Field(() => ID, { description: "The deployment's id" })
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

  @Column({ type: 'text', default: 'production' })
  @Field(() => String, { description: "The environment, e.g. 'production'" })
  environment!: string;

  /** The environment's row (its name is `environment`); the deployment goes with it. */
  @Column({ name: 'environment_id', type: 'uuid', nullable: true })
  @Field(() => ID, { nullable: true, description: 'The environment it deploys to' })
  environmentId!: string | null;

  @ManyToOne(() => Environment, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'environment_id' })
  environmentRow?: Environment;

  @Column({ type: 'enum', enum: DeploymentStatus, enumName: 'deployment_status', default: DeploymentStatus.pending })
  @Field(() => DeploymentStatus, { description: "The deployment's lifecycle state" })
  status!: DeploymentStatus;

  @Column({ name: 'version_id', type: 'uuid' })
  @Field(() => ID, { description: 'The version deployed' })
  versionId!: string;

  @ManyToOne(() => Version)
  @JoinColumn({ name: 'version_id' })
  version?: Version;

  @Column({ type: 'enum', enum: DeploymentStrategy, enumName: 'deployment_strategy', default: DeploymentStrategy.rolling })
  @Field(() => DeploymentStrategy, { description: 'How it replaced the deployment before it' })
  strategy!: DeploymentStrategy;

  @Column({ name: 'traffic_percent', type: 'integer', default: 0 })
  @Field(() => Int, { description: 'Share of the traffic it serves, 0 to 100' })
  trafficPercent!: number;

  @Column({ name: 'health_checks', type: 'jsonb', default: () => "'[]'" })
  @Field(() => [HealthCheck], { description: 'Its health checks, newest state of each' })
  healthChecks!: HealthCheck[];

  @Column({ name: 'error_message', type: 'text', nullable: true })
  @Field(() => String, { nullable: true, description: 'Why it failed, safe to show' })
  errorMessage!: string | null;

  @Column({ type: 'integer', default: 1 })
  @Field(() => Int, { description: 'Number of running instances' })
  replicas!: number;

  @Column({ name: 'activated_at', type: 'timestamptz', nullable: true })
  @Field(() => Date, { nullable: true, description: 'When it started serving traffic' })
  activatedAt!: Date | null;

  @Column({ name: 'rolled_back_at', type: 'timestamptz', nullable: true })
  @Field(() => Date, { nullable: true, description: 'When it was rolled back' })
  rolledBackAt!: Date | null;

  @Column({ name: 'superseded_at', type: 'timestamptz', nullable: true })
  @Field(() => Date, { nullable: true, description: 'When a newer deployment replaced it (status superseded)' })
  supersededAt!: Date | null;

  @Column({ name: 'deployed_url', type: 'text', nullable: true })
  @Field(() => String, { nullable: true, description: 'Where the deployed app answers (local apps: http://<app>.localhost:<port>/ at Slipway\'s front door)' })
  deployedUrl!: string | null;

  @Column({ name: 'loopback_url', type: 'text', nullable: true })
  @Field(() => String, {
    nullable: true,
    description: "Local apps: the same app at http://127.0.0.1:<port>/, for programs that do not resolve *.localhost (Node's fetch); null on cloud clusters",
  })
  loopbackUrl!: string | null;

  @Column({ name: 'rollback_reason', type: 'text', nullable: true })
  @Field(() => String, { nullable: true, description: "Why it was rolled back: the manual rollback's reason or the automatic rollback's cause" })
  rollbackReason!: string | null;

  /** Set once, when the health watch found its app crash-looping or failing its health check after it went live. */
  @Column({ name: 'health_failure', type: 'text', nullable: true })
  @Field(() => String, { nullable: true, description: "Why the health watch marked it failed after it went live ('crash loop (3 restarts in 60 s)'); null while it stays healthy" })
  healthFailure!: string | null;

  @Column({ name: 'health_failed_at', type: 'timestamptz', nullable: true })
  @Field(() => Date, { nullable: true, description: 'When the health watch marked it failed' })
  healthFailedAt!: Date | null;

  @Column({ name: 'canary_steps', type: 'integer', array: true, nullable: true })
  @Field(() => [Int], { nullable: true, description: "A canary: the share of new requests (percent) it takes at each step, ending at 100; null for other strategies" })
  canarySteps!: number[] | null;

  @Column({ name: 'canary_step_seconds', type: 'integer', nullable: true })
  @Field(() => Int, { nullable: true, description: 'A canary: how long each step is held before the next (seconds)' })
  canaryStepSeconds!: number | null;

  @Column({ name: 'canary_step', type: 'integer', nullable: true })
  @Field(() => Int, { nullable: true, description: 'While its canary takes traffic: the step it is at (0 for the first of canarySteps); null otherwise' })
  canaryStep!: number | null;

  /** A promotion or abort asked for by hand, which the canary's run carries out. */
  @Column({ name: 'canary_action', type: 'text', nullable: true })
  canaryAction!: 'promote' | 'abort' | null;

  /** The project's environment variables it runs with, sealed with the secret box (context 'deployment:{id}'); never a GraphQL field. */
  @Column({ name: 'environment_snapshot', type: 'text', nullable: true })
  environmentSnapshot!: string | null;

  /** Its latest 'Deployment Pipeline' run (rollout, rollback or stop); null for a creation run's first deployment. */
  @Column({ name: 'run_id', type: 'uuid', nullable: true })
  runId!: string | null;

  @Column({ name: 'rollback_target_id', type: 'uuid', nullable: true })
  @Field(() => ID, {
    nullable: true,
    description: 'Its way back: the deployment a rollback of it returns to (the one it replaced; for a rollback, the one before the deployment it restored)',
  })
  rollbackTargetId!: string | null;

  @Column({ name: 'restores_deployment_id', type: 'uuid', nullable: true })
  @Field(() => ID, { nullable: true, description: "For a rollback: the earlier deployment whose version and environment variables it brings back; null otherwise" })
  restoresDeploymentId!: string | null;

  @Column({ name: 'is_active', type: 'boolean', default: false })
  @Field(() => Boolean, { description: 'True for the deployment serving its environment' })
  isActive!: boolean;

  @Column({ name: 'kubernetes_namespace', type: 'text', nullable: true })
  @Field(() => String, { nullable: true, description: "Kubernetes namespace serving it (on the local cluster, the app's name); null until it is active" })
  kubernetesNamespace!: string | null;

  @Column({ name: 'kubernetes_deployment_name', type: 'text', nullable: true })
  @Field(() => String, { nullable: true, description: "Kubernetes Deployment serving it (on the local cluster, the revision's processes: <app>-r<revision>); null until it is active" })
  kubernetesDeploymentName!: string | null;

  @Column({ name: 'kubernetes_service_name', type: 'text', nullable: true })
  @Field(() => String, { nullable: true, description: "Kubernetes Service in front of it (on the local cluster, the stable proxy: <app>-proxy); null until it is active" })
  kubernetesServiceName!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  @Field(() => Date, { description: 'When the deployment was created' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  @Field(() => Date, { description: 'When the deployment last changed' })
  updatedAt!: Date;
}

/** A canary's steps, hold time and current step (REST); null for other strategies. */
export function canaryResponse(deployment: Deployment) {
  if (!deployment.canarySteps) return null;
  return { steps: deployment.canarySteps, step_seconds: deployment.canaryStepSeconds, current_step: deployment.canaryStep, requested_action: deployment.canaryAction };
}

/** The REST shape of a deployment (spec section 3), snake_case. */
export function toDeploymentResponse(deployment: Deployment) {
  return {
    id: deployment.id,
    environment: deployment.environment,
    status: deployment.status,
    version_id: deployment.versionId,
    strategy: deployment.strategy,
    traffic_percent: deployment.trafficPercent,
    health_checks: deployment.healthChecks,
    error_message: deployment.errorMessage,
    config: { replicas: deployment.replicas },
    canary: canaryResponse(deployment),
    activated_at: deployment.activatedAt,
    rolled_back_at: deployment.rolledBackAt,
    superseded_at: deployment.supersededAt,
    deployed_url: deployment.deployedUrl,
    loopback_url: deployment.loopbackUrl,
    rollback_target_id: deployment.rollbackTargetId,
    restores_deployment_id: deployment.restoresDeploymentId,
    is_active: deployment.isActive,
    kubernetes_namespace: deployment.kubernetesNamespace,
    kubernetes_deployment_name: deployment.kubernetesDeploymentName,
    kubernetes_service_name: deployment.kubernetesServiceName,
    created_at: deployment.createdAt,
    updated_at: deployment.updatedAt,
  };
}
