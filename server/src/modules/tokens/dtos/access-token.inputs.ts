import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { AccessToken } from '../access-token.entity.js';
import { TokenScope } from '../token-scope.js';
import { MAX_TOKEN_DAYS, MAX_TOKEN_NAME_LENGTH } from '../tokens.service.js';

@InputType({ description: 'A new personal access token' })
export class CreateAccessTokenInput {
  @Field(() => String, { description: `What the token is for; 1 to ${MAX_TOKEN_NAME_LENGTH} characters` })
  name!: string;

  @Field(() => Date, { description: `When it stops working: in the future, at most ${MAX_TOKEN_DAYS} days away` })
  expiresAt!: Date;

  @Field(() => [TokenScope], { description: 'What it may do: at least one scope' })
  scopes!: TokenScope[];

  @Field(() => [ID], { nullable: true, description: 'Limit it to these of your projects; omit for every project' })
  projectIds?: string[] | null;
}

@ObjectType({ description: 'A token just created: the secret is shown now and never again' })
export class CreatedAccessToken {
  @Field(() => String, { description: 'The secret (slw_…): send it as `Authorization: Bearer <token>`' })
  token!: string;

  @Field(() => AccessToken, { description: 'The token as it is listed from now on' })
  accessToken!: AccessToken;
}
