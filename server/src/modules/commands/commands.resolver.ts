import { Arg, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { type GraphQLContext, signedIn } from '../../graphql/context.js';
import { CommandLog } from './command-log.entity.js';
import { CommandLogFilter, CommandLogPage, CommandResultPayload, CommandSuggestionPayload } from './dtos/command.types.js';
import type { CommandsService } from './commands.service.js';

@Authorized()
@Resolver()
export class CommandsResolver {
  constructor(private readonly service: CommandsService) {}

  @Mutation(() => CommandResultPayload, { description: 'Runs one console command and logs it' })
  executeCommand(@Arg('command', () => String) command: string, @Ctx() ctx: GraphQLContext): Promise<CommandResultPayload> {
    return this.service.execute(signedIn(ctx).user, command);
  }

  @Query(() => [CommandSuggestionPayload], { description: 'Commands starting with the search, ignoring case; all for none' })
  commandSuggestions(
    @Arg('search', () => String, { nullable: true }) search: string | null,
  ): CommandSuggestionPayload[] {
    return this.service.suggestions(search);
  }

  @Query(() => CommandLogPage, { description: "The signed-in user's command log, newest first" })
  commandLogs(
    @Arg('filter', () => CommandLogFilter, { nullable: true }) filter: CommandLogFilter | null,
    @Ctx() ctx: GraphQLContext,
  ): Promise<CommandLogPage> {
    return this.service.listLogs(signedIn(ctx).user, filter ?? {});
  }

  @Query(() => CommandLog)
  commandLog(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<CommandLog> {
    return this.service.getLog(signedIn(ctx).user, id);
  }
}
