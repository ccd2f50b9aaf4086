import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { NotificationChannelKind, NotificationEventKind } from '../notification-kinds.js';
import { NotificationChannel } from '../notification.entities.js';
import { MAX_CHANNEL_NAME_LENGTH } from '../notifications.service.js';

@InputType({ description: 'A new notification channel' })
export class CreateNotificationChannelInput {
  @Field(() => String, { description: `What it is, 1 to ${MAX_CHANNEL_NAME_LENGTH} characters` })
  name!: string;

  @Field(() => NotificationChannelKind, { description: 'Webhook or email' })
  kind!: NotificationChannelKind;

  @Field(() => String, { nullable: true, description: 'A webhook: the http(s) URL to post to; it must not reach a loopback, link-local or private address' })
  url?: string | null;

  @Field(() => String, { nullable: true, description: 'An email channel: the address to write to' })
  email?: string | null;
}

@ObjectType({ description: 'A channel just created: a webhook\'s signing secret is shown now and never again' })
export class CreatedNotificationChannel {
  @Field(() => NotificationChannel, { description: 'The channel as it is listed from now on' })
  channel!: NotificationChannel;

  @Field(() => String, { nullable: true, description: 'A webhook: the secret that signs each body (X-Slipway-Signature-256: sha256=<HMAC-SHA256 hex>); null for email' })
  secret!: string | null;
}

@InputType({ description: 'A new notification rule' })
export class CreateNotificationRuleInput {
  @Field(() => ID, { description: 'One of your channels' })
  channelId!: string;

  @Field(() => ID, { nullable: true, description: 'Only this project (yours or one shared with you); omit for all of them' })
  projectId?: string | null;

  @Field(() => [NotificationEventKind], { description: 'The events to send: at least one' })
  events!: NotificationEventKind[];
}
