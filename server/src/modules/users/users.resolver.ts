import { Arg, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { type GraphQLContext, signedIn } from '../../graphql/context.js';
import { CreateUserInput, UpdateUserInput } from './dtos/user.inputs.js';
import { User } from './user.entity.js';
import type { UsersService } from './users.service.js';

@Authorized()
@Resolver(() => User)
export class UsersResolver {
  constructor(private readonly service: UsersService) {}

  @Query(() => [User], { description: 'Every account, oldest first; needs manager or above' })
  users(@Ctx() ctx: GraphQLContext): Promise<User[]> {
    return this.service.list(signedIn(ctx).user);
  }

  @Query(() => User, { description: 'One account: your own, or (manager or above) anyone\'s; NOT_FOUND when there is none' })
  user(@Arg('id', () => ID, { description: 'The user id (UUID)' }) id: string, @Ctx() ctx: GraphQLContext): Promise<User> {
    return this.service.get(signedIn(ctx).user, id);
  }

  @Mutation(() => User, { description: 'Creates an account without signing it in; needs manager or above' })
  createUser(
    @Arg('input', () => CreateUserInput, { description: 'The new account' }) input: CreateUserInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<User> {
    return this.service.create(signedIn(ctx).user, input);
  }

  @Mutation(() => User, {
    description:
      "Changes your own account (your password with currentPassword), or (manager or above) one whose role is not above yours; only an admin resets another user's password. Answers the result",
  })
  updateUser(
    @Arg('id', () => ID, { description: 'The user id (UUID)' }) id: string,
    @Arg('input', () => UpdateUserInput, { description: 'The fields to change' }) input: UpdateUserInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<User> {
    const { user, sessionId } = signedIn(ctx);
    return this.service.update(user, id, input, { sessionId, clientAddress: ctx.clientAddress });
  }

  @Mutation(() => User, {
    description:
      'Disables (it cannot sign in; its sessions end and its tokens stop at once) or enables again another account whose role is not above yours; needs manager or above. Answers the result',
  })
  setUserDisabled(
    @Arg('id', () => ID, { description: 'The user id (UUID)' }) id: string,
    @Arg('disabled', () => Boolean, { description: 'True to disable, false to enable' }) disabled: boolean,
    @Ctx() ctx: GraphQLContext,
  ): Promise<User> {
    return this.service.setDisabled(signedIn(ctx).user, id, disabled);
  }

  @Mutation(() => Boolean, {
    description: 'Deletes another account whose role is not above yours, with all its data; needs manager or above. Always true',
  })
  async deleteUser(@Arg('id', () => ID, { description: 'The user id (UUID)' }) id: string, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    await this.service.remove(signedIn(ctx).user, id);
    return true;
  }
}
