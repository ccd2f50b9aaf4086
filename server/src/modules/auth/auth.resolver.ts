import { Arg, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { type GraphQLContext, signedIn } from '../../graphql/context.js';
import { User } from '../users/user.entity.js';
import { AuthPayload, LoginInput, RegisterInput } from './dtos/auth.inputs.js';
import type { AuthService } from './auth.service.js';

@Resolver()
export class AuthResolver {
  constructor(private readonly service: AuthService) {}

  @Mutation(() => AuthPayload)
  login(@Arg('input', () => LoginInput) input: LoginInput, @Ctx() ctx: GraphQLContext): Promise<AuthPayload> {
    return this.service.login(input, ctx.clientAddress);
  }

  @Mutation(() => AuthPayload)
  register(@Arg('input', () => RegisterInput) input: RegisterInput, @Ctx() ctx: GraphQLContext): Promise<AuthPayload> {
    return this.service.register(input, ctx.clientAddress);
  }

  @Authorized()
  @Mutation(() => Boolean)
  async logout(@Ctx() ctx: GraphQLContext): Promise<boolean> {
    await this.service.logout(signedIn(ctx).sessionId);
    return true;
  }

  @Authorized()
  @Query(() => User)
  me(@Ctx() ctx: GraphQLContext): User {
    return signedIn(ctx).user;
  }
}
