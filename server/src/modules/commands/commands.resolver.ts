import { Arg, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { type GraphQLContext, signedIn } from '../../graphql/context.js';
import { CommandLog } from './command-log.entity.js';
import { CommandLogFilter, CommandLogPage, CommandResultPayload, CommandSuggestionPayload } from './dtos/command.types.js';
import { MAX_COMMAND_LENGTH } from './interpreter/command-interpreter.js';
import type { CommandsService } from './commands.service.js';

@Authorized()
@Resolver()
export class CommandsResolver {
  constructor(private readonly service: CommandsService) {}

  @Mutation(() => CommandResultPayload, {
    description: 'Runs one console command and logs it; a refused command answers an error result and is logged too',
  })
  executeCommand(
    @Arg('command', () => String, {
      description: `The command line, such as 'ls projects'; trimmed, must not be empty; one over ${MAX_COMMAND_LENGTH} characters is refused`,
    })
    command: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<CommandResultPayload> {
    return this.service.execute(signedIn(ctx).user, command);
  }

  @Query(() => [CommandSuggestionPayload], { description: 'Commands starting with the search, ignoring case; all for none' })
  commandSuggestions(
    @Arg('search', () => String, { nullable: true, description: 'The start of a command word; null or empty lists them all' })
    search: string | null,
  ): CommandSuggestionPayload[] {
    return this.service.suggestions(search);
  }

  @Query(() => CommandLog, { description: "One of the signed-in user's log entries; NOT_FOUND for anyone else's" })
  commandLog(@Arg('id', () => ID, { description: 'The log entry id (UUID)' }) id: string, @Ctx() ctx: GraphQLContext): Promise<CommandLog> {
    return this.service.getLog(signedIn(ctx).user, id);
  }

  @Query(() => CommandLogPage, { description: "The signed-in user's command log, newest first" })
  commandLogs(
    @Arg('filter', () => CommandLogFilter, { nullable: true, description: 'Page and filters; null for the first page of everything' })
    filter: CommandLogFilter | null,
    @Ctx() ctx: GraphQLContext,
  ): Promise<CommandLogPage> {
    return this.service.listLogs(signedIn(ctx).user, filter ?? {});
  }
}
