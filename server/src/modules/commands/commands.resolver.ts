import { Arg, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { type GraphQLContext, signedIn } from '../../graphql/context.js';
import { CommandLog } from './command-log.entity.js';
import { CommandLogFilter, CommandLogPage, CommandResultPayload, CommandSuggestionPayload } from './dtos/command.types.js';

@Authorized()
@Resolver()
export class CommandsResolver {
  @Mutation(() => CommandResultPayload, { description: 'Runs one console command and logs it' })
  executeCommand(@Arg('command', () => String) command: string, @Ctx() ctx: GraphQLContext): Promise<CommandResultPayload> {
    return ctx.services.commands.execute(signedIn(ctx).user, command);
  }

  @Query(() => [CommandSuggestionPayload], { description: 'Commands starting with the search, ignoring case; all for none' })
  commandSuggestions(
    @Arg('search', () => String, { nullable: true }) search: string | null,
    @Ctx() ctx: GraphQLContext,
  ): CommandSuggestionPayload[] {
    return ctx.services.commands.suggestions(search);
  }

  @Query(() => CommandLogPage, { description: "The signed-in user's command log, newest first" })
  commandLogs(
    @Arg('filter', () => CommandLogFilter, { nullable: true }) filter: CommandLogFilter | null,
    @Ctx() ctx: GraphQLContext,
  ): Promise<CommandLogPage> {
    return ctx.services.commands.listLogs(signedIn(ctx).user, filter ?? {});
  }

  @Query(() => CommandLog)
  commandLog(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<CommandLog> {
    return ctx.services.commands.getLog(signedIn(ctx).user, id);
  }
}
