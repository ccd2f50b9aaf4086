import { Arg, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { type GraphQLContext, signedIn } from '../../graphql/context.js';
import type { CloudEndpointsService } from './cloud-endpoints.service.js';
import { ConnectionProvider, ConnectionTestResult } from './connection-test.js';
import { CloudEndpoint, CloudEndpointInput } from './dtos/cloud-endpoint.model.js';
import { KubeconfigContexts } from './dtos/kubeconfig-contexts.model.js';
import { Setting, SettingInput } from './dtos/setting.model.js';
import { SETTING_VALUE_FORMAT, SettingKey } from './setting-key.js';
import type { SettingsService } from './settings.service.js';

@Authorized()
@Resolver(() => Setting)
export class SettingsResolver {
  constructor(private readonly service: SettingsService) {}

  @Query(() => [Setting], { description: "The signed-in user's settings, all eight; secrets only masked" })
  settings(@Ctx() ctx: GraphQLContext): Promise<Setting[]> {
    return this.service.list(signedIn(ctx).user);
  }

  @Query(() => String, { nullable: true, description: 'Reveals the plain value of one of your own settings (Show, Copy); null when not set' })
  settingValue(@Arg('key', () => SettingKey, { description: 'The setting to reveal' }) key: SettingKey, @Ctx() ctx: GraphQLContext): Promise<string | null> {
    return this.service.reveal(signedIn(ctx).user, key);
  }

  @Query(() => KubeconfigContexts, { description: "A kubeconfig's contexts (the one typed, or the saved one), to choose KUBERNETES_CONTEXT from" })
  kubeconfigContexts(
    @Arg('kubeconfig', () => String, { nullable: true, description: 'The kubeconfig typed, not saved; null or masked for the saved one' }) kubeconfig: string | null,
    @Ctx() ctx: GraphQLContext,
  ): Promise<KubeconfigContexts> {
    return this.service.kubeconfigContexts(signedIn(ctx).user, kubeconfig);
  }

  @Mutation(() => [Setting], {
    description: 'Saves several settings at once, all or nothing; a null or empty value deletes that setting. Answers all eight',
  })
  saveSettings(
    @Arg('settings', () => [SettingInput], { description: 'The settings to store or delete; the others stay as they are' })
    settings: SettingInput[],
    @Ctx() ctx: GraphQLContext,
  ): Promise<Setting[]> {
    return this.service.saveMany(signedIn(ctx).user, settings);
  }

  @Mutation(() => Setting, { description: 'Stores one setting; an empty value is refused (deleteSetting deletes)' })
  setSetting(
    @Arg('key', () => SettingKey, { description: 'The setting to store' }) key: SettingKey,
    @Arg('value', () => String, { description: `The value; ${SETTING_VALUE_FORMAT}` }) value: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<Setting> {
    return this.service.set(signedIn(ctx).user, key, value);
  }

  @Mutation(() => Setting, { description: 'Deletes one setting and returns it, no longer configured' })
  deleteSetting(@Arg('key', () => SettingKey, { description: 'The setting to delete' }) key: SettingKey, @Ctx() ctx: GraphQLContext): Promise<Setting> {
    return this.service.remove(signedIn(ctx).user, key);
  }

  @Mutation(() => ConnectionTestResult, {
    description: "Checks credentials with the provider and names the host it asked: the saved ones, with `settings` (typed, not saved) over them. Stores nothing",
  })
  testConnection(
    @Arg('provider', () => ConnectionProvider, { description: 'The provider to test' }) provider: ConnectionProvider,
    @Arg('settings', () => [SettingInput], { nullable: true, description: 'Values to use instead of the saved ones; a masked secret means the saved one, an empty value none' })
    settings: SettingInput[] | null,
    @Ctx() ctx: GraphQLContext,
  ): Promise<ConnectionTestResult> {
    return this.service.testConnection(signedIn(ctx).user, provider, settings ?? undefined);
  }
}

@Authorized()
@Resolver(() => CloudEndpoint)
export class CloudEndpointsResolver {
  constructor(private readonly endpoints: CloudEndpointsService) {}

  @Query(() => [CloudEndpoint], { description: "The cloud services' URLs and their defaults; admins only" })
  cloudEndpoints(@Ctx() ctx: GraphQLContext): Promise<CloudEndpoint[]> {
    return this.endpoints.list(signedIn(ctx).user);
  }

  @Mutation(() => [CloudEndpoint], { description: "Saves cloud services' URLs, all or nothing, in effect at once for new work; admins only. Answers all four" })
  saveCloudEndpoints(
    @Arg('endpoints', () => [CloudEndpointInput], { description: 'The URLs to save; a null or empty url goes back to the default' }) endpoints: CloudEndpointInput[],
    @Ctx() ctx: GraphQLContext,
  ): Promise<CloudEndpoint[]> {
    return this.endpoints.save(signedIn(ctx).user, endpoints);
  }
}
