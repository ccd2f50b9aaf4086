import { Arg, Authorized, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import { type GraphQLContext, signedIn } from '../../graphql/context.js';
import { CreatedNotificationChannel, CreateNotificationChannelInput, CreateNotificationRuleInput } from './dtos/notification.inputs.js';
import { NotificationChannel, NotificationDelivery, NotificationRule } from './notification.entities.js';
import type { NotificationsService } from './notifications.service.js';

@Authorized()
@Resolver()
export class NotificationsResolver {
  constructor(private readonly service: NotificationsService) {}

  @Query(() => [NotificationChannel], { description: 'Your notification channels, oldest first' })
  notificationChannels(@Ctx() ctx: GraphQLContext): Promise<NotificationChannel[]> {
    return this.service.listChannels(signedIn(ctx).user);
  }

  @Query(() => [NotificationRule], { description: 'Your notification rules, oldest first' })
  notificationRules(@Ctx() ctx: GraphQLContext): Promise<NotificationRule[]> {
    return this.service.listRules(signedIn(ctx).user);
  }

  @Query(() => [NotificationDelivery], { description: 'Your latest notification deliveries, newest first, with the receivers\' answers' })
  notificationDeliveries(
    @Arg('channelId', () => ID, { nullable: true, description: 'Only this channel\'s' }) channelId: string | null | undefined,
    @Arg('limit', () => Int, { nullable: true, description: 'How many, 1 to 100 (default 100)' }) limit: number | null | undefined,
    @Ctx() ctx: GraphQLContext,
  ): Promise<NotificationDelivery[]> {
    return this.service.listDeliveries(signedIn(ctx).user, { channelId, limit });
  }

  @Mutation(() => CreatedNotificationChannel, { description: "Adds a channel; a webhook's signing secret is in this answer only" })
  createNotificationChannel(
    @Arg('input', () => CreateNotificationChannelInput, { description: 'Name, kind, and the URL or address' }) input: CreateNotificationChannelInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<CreatedNotificationChannel> {
    return this.service.createChannel(signedIn(ctx).user, input);
  }

  @Mutation(() => NotificationChannel, { description: 'Removes a channel with its rules and deliveries' })
  deleteNotificationChannel(@Arg('id', () => ID, { description: 'The channel id' }) id: string, @Ctx() ctx: GraphQLContext): Promise<NotificationChannel> {
    return this.service.deleteChannel(signedIn(ctx).user, id);
  }

  @Mutation(() => NotificationDelivery, { description: 'Sends a test notification to the channel; its outcome shows in the deliveries' })
  testNotificationChannel(@Arg('id', () => ID, { description: 'The channel id' }) id: string, @Ctx() ctx: GraphQLContext): Promise<NotificationDelivery> {
    return this.service.sendTest(signedIn(ctx).user, id);
  }

  @Mutation(() => NotificationRule, { description: 'Adds a rule: these events, of one project or all, go to a channel' })
  createNotificationRule(
    @Arg('input', () => CreateNotificationRuleInput, { description: 'Channel, project and events' }) input: CreateNotificationRuleInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<NotificationRule> {
    return this.service.createRule(signedIn(ctx).user, input);
  }

  @Mutation(() => NotificationRule, { description: 'Removes a rule' })
  deleteNotificationRule(@Arg('id', () => ID, { description: 'The rule id' }) id: string, @Ctx() ctx: GraphQLContext): Promise<NotificationRule> {
    return this.service.deleteRule(signedIn(ctx).user, id);
  }
}
