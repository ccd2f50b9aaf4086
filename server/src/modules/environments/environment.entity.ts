import 'reflect-metadata';
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { Field, ID, ObjectType } from 'type-graphql';
import { Project } from '../projects/project.entity.js';
import { User } from '../users/user.entity.js';

/**
 * A place a project's app runs: 'production' (every project has it) and the ones its owner adds ('staging'). Each
 * has its own app on the cluster, its own deployments and its variable overrides on top of the project's. Rows go
 * with their project (ON DELETE CASCADE), and their deployments with them.
 */
@Entity({ name: 'environments' })
@Index('UQ_environments_project_name', ['projectId', 'name'], { unique: true })
@Index('IDX_environments_project_branch', ['projectId', 'branch'])
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
