import { Arg, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { type GraphQLContext, signedIn } from '../../graphql/context.js';
import { User } from '../users/user.entity.js';
import { AuthPayload, LoginInput, RegisterInput } from './dtos/auth.inputs.js';
import type { AuthService } from './auth.service.js';

@Resolver()
export class AuthResolver {
  constructor(private readonly service: AuthService) {}

  @Mutation(() => AuthPayload, {
    description: 'Signs in and starts a session; a wrong email or password is UNAUTHENTICATED, repeated failures TOO_MANY_REQUESTS',
  })
  login(
    @Arg('input', () => LoginInput, { description: 'Email and password' }) input: LoginInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<AuthPayload> {
    return this.service.login(input, ctx.clientAddress);
  }

  @Mutation(() => AuthPayload, {
    description: 'Creates an account and signs it in; a taken email is CONFLICT, too many from one address TOO_MANY_REQUESTS',
  })
  register(
    @Arg('input', () => RegisterInput, { description: 'Name, email and password of the new account' }) input: RegisterInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<AuthPayload> {
    return this.service.register(input, ctx.clientAddress);
  }

  @Authorized()
  @Mutation(() => Boolean, { description: 'Ends the current session: its token stops working at once. Always true' })
  async logout(@Ctx() ctx: GraphQLContext): Promise<boolean> {
    await this.service.logout(signedIn(ctx));
    return true;
  }

  @Authorized()
  @Query(() => User, { description: 'The signed-in user' })
  me(@Ctx() ctx: GraphQLContext): User {
    return signedIn(ctx).user;
  }
}
