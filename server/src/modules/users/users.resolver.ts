import { Arg, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { type GraphQLContext, signedIn } from '../../graphql/context.js';
import { CreateUserInput, UpdateUserInput } from './dtos/user.inputs.js';
import { User } from './user.entity.js';
import type { UsersService } from './users.service.js';

@Authorized()
@Resolver(() => User)
export class UsersResolver {
  constructor(private readonly service: UsersService) {}

  @Query(() => [User])
  users(@Ctx() ctx: GraphQLContext): Promise<User[]> {
    return this.service.list(signedIn(ctx).user);
  }

  @Query(() => User)
  user(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<User> {
    return this.service.get(signedIn(ctx).user, id);
  }

  @Mutation(() => User)
  createUser(@Arg('input', () => CreateUserInput) input: CreateUserInput, @Ctx() ctx: GraphQLContext): Promise<User> {
    return this.service.create(signedIn(ctx).user, input);
  }

  @Mutation(() => User)
  updateUser(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => UpdateUserInput) input: UpdateUserInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<User> {
    const { user, sessionId } = signedIn(ctx);
    return this.service.update(user, id, input, sessionId);
  }

  @Mutation(() => Boolean)
  async deleteUser(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    await this.service.remove(signedIn(ctx).user, id);
    return true;
  }
}
