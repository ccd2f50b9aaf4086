import 'reflect-metadata';
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { Field, ObjectType } from 'type-graphql';
import { Environment } from '../environments/environment.entity.js';

/**
 * A custom domain of an environment: requests whose Host it is go to the environment's app. A hostname belongs to
 * one environment of one project at most (unique index). Rows go with their environment (ON DELETE CASCADE).
 */
@Entity({ name: 'domains' })
@Index('UQ_domains_hostname', ['hostname'], { unique: true })
@Index('IDX_domains_environment', ['environmentId'])
@ObjectType({ description: "A custom domain of an environment: requests with this Host go to the environment's app" })
export class Domain {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'text' })
  @Field(() => String, { description: 'The hostname, lower-case (shop.example.com)' })
  hostname!: string;

  @Column({ name: 'environment_id', type: 'uuid' })
  environmentId!: string;

  @ManyToOne(() => Environment, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'environment_id' })
  environment?: Environment;

  @Column({ name: 'project_id', type: 'uuid' })
  projectId!: string;

  /** The PEM certificate (chain) served for HTTPS, or null for HTTP only. */
  @Column({ type: 'text', nullable: true })
  certificate!: string | null;

  /** Its PEM private key, sealed with the secret box (context 'domain:{id}:key'); never a field, never returned. */
  @Column({ name: 'key_encrypted', type: 'text', nullable: true })
  keySealed!: string | null;

  @Column({ name: 'certificate_subject', type: 'text', nullable: true })
  @Field(() => String, { nullable: true, description: "The certificate's subject (CN=shop.example.com); null without a certificate" })
  certificateSubject!: string | null;

  @Column({ name: 'certificate_expires_at', type: 'timestamptz', nullable: true })
  @Field(() => Date, { nullable: true, description: 'When the certificate expires; null without a certificate' })
  certificateExpiresAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  @Field(() => Date, { description: 'When it was added' })
  createdAt!: Date;
}
