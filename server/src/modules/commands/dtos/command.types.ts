import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { CommandLog } from '../command-log.entity.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../commands.service.js';
import { MAX_COMMAND_LENGTH } from '../interpreter/command-interpreter.js';
import { CommandResultType } from '../interpreter/command-result.js';

@ObjectType('CommandResult', { description: 'What one command printed' })
export class CommandResultPayload {
  @Field(() => CommandResultType, { description: 'How the command turned out' })
  type!: CommandResultType;

  @Field(() => String, { description: 'What the command printed: plain text, lines separated by \\n' })
  output!: string;
}

@ObjectType('CommandSuggestion', { description: 'A console command from the help catalog' })
export class CommandSuggestionPayload {
  @Field(() => String, { description: 'The command word, such as ls or cd' })
  command!: string;

  @Field(() => String, { description: 'What the command does, one sentence' })
  description!: string;

  @Field(() => String, { description: "How the arguments are written: <required>, [optional]; '' for none" })
  parameters!: string;

  @Field(() => String, { description: 'The help section the command is listed under' })
  category!: string;
}

@InputType({ description: `Command log filters; every field optional (page 1, ${DEFAULT_PAGE_SIZE} per page, all entries)` })
export class CommandLogFilter {
  @Field(() => Int, { nullable: true, description: 'The page to read, from 1; default 1' })
  page?: number;

  @Field(() => Int, { nullable: true, description: `Entries per page, 1 to ${MAX_PAGE_SIZE}; default ${DEFAULT_PAGE_SIZE}` })
  pageSize?: number;

  @Field(() => CommandResultType, { nullable: true, description: 'Only entries of this type' })
  type?: CommandResultType;

  @Field(() => Boolean, { nullable: true, description: 'Only succeeded (true) or only failed (false) entries' })
  success?: boolean;

  @Field(() => String, {
    nullable: true,
    description: `Text the command contains, ignoring case; at most ${MAX_COMMAND_LENGTH} characters`,
  })
  command?: string;
}

@ObjectType({ description: 'One page of the command log, newest first' })
export class CommandLogPage {
  @Field(() => [CommandLog], { description: 'The entries on this page, newest first' })
  logs!: CommandLog[];

  @Field(() => Int, { description: 'Entries matching the filters, over all pages' })
  total!: number;

  @Field(() => Int, { description: 'This page number, from 1' })
  page!: number;

  @Field(() => Int, { description: 'Pages at this page size; 0 when nothing matches' })
  totalPages!: number;
}
