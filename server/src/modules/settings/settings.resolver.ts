import { Arg, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { type GraphQLContext, signedIn } from '../../graphql/context.js';
import { Setting, SettingInput } from './dtos/setting.model.js';
import { SETTING_VALUE_FORMAT, SettingKey } from './setting-key.js';
import type { SettingsService } from './settings.service.js';

@Authorized()
@Resolver(() => Setting)
export class SettingsResolver {
  constructor(private readonly service: SettingsService) {}

  @Query(() => [Setting], { description: "The signed-in user's six settings; secrets only masked" })
  settings(@Ctx() ctx: GraphQLContext): Promise<Setting[]> {
    return this.service.list(signedIn(ctx).user);
  }

  @Query(() => String, { nullable: true, description: 'Reveals the plain value of one of your own settings (Show, Copy); null when not set' })
  settingValue(@Arg('key', () => SettingKey, { description: 'The setting to reveal' }) key: SettingKey, @Ctx() ctx: GraphQLContext): Promise<string | null> {
    return this.service.reveal(signedIn(ctx).user, key);
  }

  @Mutation(() => [Setting], {
    description: 'Saves several settings at once, all or nothing; a null or empty value deletes that setting. Answers all six',
  })
  saveSettings(
    @Arg('settings', () => [SettingInput], { description: 'The settings to store or delete; the others stay as they are' })
    settings: SettingInput[],
    @Ctx() ctx: GraphQLContext,
  ): Promise<Setting[]> {
    return this.service.saveMany(signedIn(ctx).user, settings);
  }

  @Mutation(() => Setting, { description: 'Stores one setting; an empty value deletes it' })
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
}
