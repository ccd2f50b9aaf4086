import { createPubSub } from '@graphql-yoga/subscription';

/** Typed topics for GraphQL subscriptions; features add theirs as they publish live events. */
export type PubSubTopics = Record<string, never>;

export const createAppPubSub = () => createPubSub<PubSubTopics>();
export type AppPubSub = ReturnType<typeof createAppPubSub>;
