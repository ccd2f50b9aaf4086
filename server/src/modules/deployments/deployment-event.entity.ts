import 'reflect-metadata';
import type { DeploymentEventType } from '@slipway/domain';
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type EntityManager } from 'typeorm';
import { Field, ID, ObjectType } from 'type-graphql';
import { User } from '../users/user.entity.js';
import { Deployment } from './deployment.entity.js';
import { CanaryMeasurements, toMeasurementsResponse } from './canary/canary-gate.js';

/** What happened to a deployment, in order (scheduled, started, healthy, traffic shifted, ...); rows go with their deployment. */
@Entity({ name: 'deployment_events' })
@Index('IDX_deployment_events_deployment_created', ['deploymentId', 'createdAt'])
@ObjectType({ description: 'One thing that happened to a deployment' })
export class DeploymentEvent {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_deployment_events' })
  @Field(() => ID, { description: "The event's id" })
  id!: string;

  @Column({ name: 'deployment_id', type: 'uuid' })
  deploymentId!: string;

  @ManyToOne(() => Deployment, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'deployment_id', foreignKeyConstraintName: 'FK_deployment_events_deployment' })
  deployment?: Deployment;

  @Column({ name: 'owner_id', type: 'uuid' })
  ownerId!: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'owner_id', foreignKeyConstraintName: 'FK_deployment_events_owner' })
  owner?: User;

  @Column({ type: 'text' })
  @Field(() => String, { description: 'scheduled, started, healthy, unhealthy, traffic_shifted, drained, stopped, failed, rolled_back, superseded, archived or url_changed' })
  type!: DeploymentEventType;

  @Column({ type: 'text' })
  @Field(() => String, { description: 'What happened, safe to show its owner' })
  message!: string;

  @Column({ type: 'jsonb', nullable: true })
  @Field(() => CanaryMeasurements, { nullable: true, description: "A canary's events: both revisions' requests, error rates and p95 when it was judged or stopped" })
  measurements!: CanaryMeasurements | null;

  // clock_timestamp(), not now(): several events of one transaction keep their order.
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz', default: () => 'clock_timestamp()' })
  @Field(() => Date, { description: 'When it happened' })
  createdAt!: Date;
}

const MESSAGE_LIMIT = 1000;

/** Records an event of the deployment (in the caller's transaction when given one). */
export async function recordDeploymentEvent(
  manager: EntityManager,
  deployment: Pick<Deployment, 'id' | 'ownerId'>,
  type: DeploymentEventType,
  message: string,
  measurements: CanaryMeasurements | null = null,
): Promise<void> {
  await manager.insert(DeploymentEvent, { deploymentId: deployment.id, ownerId: deployment.ownerId, type, message: message.slice(0, MESSAGE_LIMIT), measurements });
}

export function toDeploymentEventResponse(event: DeploymentEvent) {
  return { id: event.id, type: event.type, message: event.message, measurements: toMeasurementsResponse(event.measurements), created_at: event.createdAt };
}
