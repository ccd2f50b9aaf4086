import { Arg, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { type GraphQLContext, signedIn } from '../../graphql/context.js';
import { AccessToken } from './access-token.entity.js';
import { CreateAccessTokenInput, CreatedAccessToken } from './dtos/access-token.inputs.js';
import type { AccessTokensService } from './tokens.service.js';

@Authorized()
@Resolver(() => AccessToken)
export class AccessTokensResolver {
  constructor(private readonly service: AccessTokensService) {}

  @Query(() => [AccessToken], { description: "Your personal access tokens, newest first; an admin may name another user's id" })
  accessTokens(
    @Arg('userId', () => ID, { nullable: true, description: 'Another user (admins only); omit for your own' }) userId: string | null | undefined,
    @Ctx() ctx: GraphQLContext,
  ): Promise<AccessToken[]> {
    return this.service.list(signedIn(ctx), userId);
  }

  @Mutation(() => CreatedAccessToken, { description: 'Creates a personal access token; its secret is in this answer only. Needs a signed-in session, not a token' })
  createAccessToken(@Arg('input', () => CreateAccessTokenInput, { description: 'Name, expiry, scopes and projects' }) input: CreateAccessTokenInput, @Ctx() ctx: GraphQLContext): Promise<CreatedAccessToken> {
    return this.service.create(signedIn(ctx), input);
  }

  @Mutation(() => AccessToken, { description: "Revokes one of your tokens (an admin: anyone's); it stops working at once, open sockets included" })
  revokeAccessToken(@Arg('id', () => ID, { description: 'The token id (UUID)' }) id: string, @Ctx() ctx: GraphQLContext): Promise<AccessToken> {
    return this.service.revoke(signedIn(ctx), id);
  }
}
