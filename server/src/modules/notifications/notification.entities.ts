import 'reflect-metadata';
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import { Field, ID, Int, ObjectType } from 'type-graphql';
import { Project } from '../projects/project.entity.js';
import { User } from '../users/user.entity.js';
import { DeliveryStatus, NotificationChannelKind, NotificationEventKind } from './notification-kinds.js';

/** Where a user's notifications go: a webhook (with its signing secret, sealed) or an email address. */
@Entity({ name: 'notification_channels' })
@Index('IDX_notification_channels_owner', ['ownerId'])
@ObjectType({ description: 'Where notifications are sent: a signed webhook or an email address' })
export class NotificationChannel {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_notification_channels' })
  @Field(() => ID, { description: "The channel's id" })
  id!: string;

  @Column({ name: 'owner_id', type: 'uuid' })
  ownerId!: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'owner_id', foreignKeyConstraintName: 'FK_notification_channels_owner' })
  owner?: User;

  @Column({ type: 'text' })
  @Field(() => String, { description: 'What the channel is, e.g. "Team chat"' })
  name!: string;

  @Column({ type: 'text' })
  @Field(() => NotificationChannelKind, { description: 'Webhook or email' })
  kind!: NotificationChannelKind;

  @Column({ type: 'text', nullable: true })
  @Field(() => String, { nullable: true, description: 'A webhook: the URL it posts to' })
  url!: string | null;

  @Column({ type: 'text', nullable: true })
  @Field(() => String, { nullable: true, description: 'An email channel: the address it writes to' })
  email!: string | null;

  /** A webhook's signing secret, sealed (context notification-channel:<id>); never a GraphQL field. */
  @Column({ name: 'secret_sealed', type: 'text', nullable: true })
  secretSealed!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  @Field(() => Date, { description: 'When it was added' })
  createdAt!: Date;
}

/** Which events, of which project (or all of the user's), go to which channel. */
@Entity({ name: 'notification_rules' })
@Index('IDX_notification_rules_owner', ['ownerId'])
@ObjectType({ description: 'A notification rule: these events, of one project or all, go to a channel' })
export class NotificationRule {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_notification_rules' })
  @Field(() => ID, { description: "The rule's id" })
  id!: string;

  @Column({ name: 'owner_id', type: 'uuid' })
  ownerId!: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'owner_id', foreignKeyConstraintName: 'FK_notification_rules_owner' })
  owner?: User;

  @Column({ name: 'project_id', type: 'uuid', nullable: true })
  @Field(() => ID, { nullable: true, description: 'The only project it is about; null for every project of yours' })
  projectId!: string | null;

  @ManyToOne(() => Project, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'project_id', foreignKeyConstraintName: 'FK_notification_rules_project' })
  project?: Project;

  @Column({ name: 'channel_id', type: 'uuid' })
  @Field(() => ID, { description: 'The channel it sends to' })
  channelId!: string;

  @ManyToOne(() => NotificationChannel, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'channel_id', foreignKeyConstraintName: 'FK_notification_rules_channel' })
  channel?: NotificationChannel;

  @Column({ type: 'text', array: true })
  @Field(() => [NotificationEventKind], { description: 'The events it sends' })
  events!: NotificationEventKind[];

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  @Field(() => Date, { description: 'When it was added' })
  createdAt!: Date;
}

/** One notification sent (or being sent) to one channel, with its attempts' outcome. */
@Entity({ name: 'notification_deliveries' })
@Index('IDX_notification_deliveries_owner_created', ['ownerId', 'createdAt'])
@ObjectType({ description: "One notification's delivery to a channel and the receiver's answer" })
export class NotificationDelivery {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_notification_deliveries' })
  @Field(() => ID, { description: "The delivery's id (also the webhook's X-Slipway-Delivery header)" })
  id!: string;

  @Column({ name: 'owner_id', type: 'uuid' })
  ownerId!: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'owner_id', foreignKeyConstraintName: 'FK_notification_deliveries_owner' })
  owner?: User;

  @Column({ name: 'channel_id', type: 'uuid' })
  @Field(() => ID, { description: 'The channel it went to' })
  channelId!: string;

  @ManyToOne(() => NotificationChannel, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'channel_id', foreignKeyConstraintName: 'FK_notification_deliveries_channel' })
  channel?: NotificationChannel;

  @Column({ name: 'project_id', type: 'uuid', nullable: true })
  @Field(() => ID, { nullable: true, description: 'The project it is about; null for a test' })
  projectId!: string | null;

  @Column({ type: 'text' })
  @Field(() => String, { description: 'The event: one of NotificationEventKind, or "test"' })
  event!: string;

  @Column({ type: 'text' })
  @Field(() => String, { description: 'What happened, in one line' })
  summary!: string;

  /** The JSON a webhook receives (an email says the same in words). */
  @Column({ type: 'jsonb' })
  payload!: Record<string, unknown>;

  @Column({ type: 'text', default: DeliveryStatus.pending })
  @Field(() => DeliveryStatus, { description: 'Where it stands' })
  status!: DeliveryStatus;

  @Column({ type: 'integer', default: 0 })
  @Field(() => Int, { description: 'Attempts made so far' })
  attempts!: number;

  @Column({ name: 'response_status', type: 'integer', nullable: true })
  @Field(() => Int, { nullable: true, description: "The last attempt's HTTP status (webhooks) or SMTP reply code (email); null without an answer" })
  responseStatus!: number | null;

  @Column({ name: 'response_body', type: 'text', nullable: true })
  @Field(() => String, { nullable: true, description: "The start of the last answer's body (webhooks) or the SMTP server's reply" })
  responseBody!: string | null;

  @Column({ type: 'text', nullable: true })
  @Field(() => String, { nullable: true, description: 'Why the last attempt failed' })
  error!: string | null;

  @Column({ name: 'duration_ms', type: 'integer', nullable: true })
  @Field(() => Int, { nullable: true, description: 'How long the last attempt took, in milliseconds' })
  durationMs!: number | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  @Field(() => Date, { description: 'When the event happened and the delivery was queued' })
  createdAt!: Date;

  @Column({ name: 'attempted_at', type: 'timestamptz', nullable: true })
  @Field(() => Date, { nullable: true, description: 'When the last attempt was made' })
  attemptedAt!: Date | null;
}
