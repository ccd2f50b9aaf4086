import 'reflect-metadata';
import { Field, InputType, ObjectType } from 'type-graphql';
import { MAX_MASK_BULLETS } from '@slipway/domain';
import { SETTING_VALUE_FORMAT, SettingKey } from '../setting-key.js';

@ObjectType({ description: 'One of the six settings; a secret never carries its plain value here' })
export class Setting {
  @Field(() => SettingKey, { description: 'Which setting this is' })
  key!: SettingKey;

  @Field(() => Boolean, { description: 'DOCKER_TOKEN, DIGITALOCEAN_TOKEN and GITHUB_TOKEN are secrets' })
  secret!: boolean;

  @Field(() => Boolean, { description: 'A value is stored' })
  configured!: boolean;

  @Field(() => String, { nullable: true, description: 'The plain value; null for secrets (use settingValue to reveal) and when not set' })
  value!: string | null;

  @Field(() => String, {
    nullable: true,
    description: `The value with all but its last 4 characters as • bullets (at most ${MAX_MASK_BULLETS}; all masked at 4 or fewer); null when not set`,
  })
  maskedValue!: string | null;

  @Field(() => Date, { nullable: true, description: 'When the value was last stored (ISO 8601, UTC); null when not set' })
  updatedAt!: Date | null;
}

@InputType({ description: 'A value to store; null or an empty string deletes the setting' })
export class SettingInput {
  @Field(() => SettingKey, { description: 'Which setting to store' })
  key!: SettingKey;

  @Field(() => String, {
    nullable: true,
    description: `The value; ${SETTING_VALUE_FORMAT}`,
  })
  value?: string | null;
}
