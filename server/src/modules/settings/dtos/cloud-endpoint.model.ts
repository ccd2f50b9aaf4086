import { Field, InputType, ObjectType } from 'type-graphql';
import { CloudEndpointKey } from '../cloud-endpoint-key.js';

@ObjectType({ description: 'A cloud service URL Slipway uses for projects in cloud mode; only admins see and change them' })
export class CloudEndpoint {
  @Field(() => CloudEndpointKey, { description: 'Which service' })
  key!: CloudEndpointKey;

  @Field(() => String, { description: 'Its name for people, e.g. GitHub API URL' })
  label!: string;

  @Field(() => String, { description: 'The URL used now' })
  url!: string;

  @Field(() => String, { description: "The URL from Slipway's environment, used when none is saved" })
  defaultUrl!: string;

  @Field(() => Boolean, { description: 'An admin saved this URL over the default' })
  overridden!: boolean;
}

@InputType({ description: 'A cloud service URL to save; null or empty goes back to the default' })
export class CloudEndpointInput {
  @Field(() => CloudEndpointKey, { description: 'Which service' })
  key!: CloudEndpointKey;

  @Field(() => String, { nullable: true, description: 'An http:// or https:// URL without a user, query or fragment; trailing slashes dropped' })
  url?: string | null;
}
