import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { CommandLog } from '../command-log.entity.js';
import { CommandResultType } from '../interpreter/command-result.js';

@ObjectType('CommandResult', { description: 'What one command printed' })
export class CommandResultPayload {
  @Field(() => CommandResultType)
  type!: CommandResultType;

  @Field(() => String)
  output!: string;
}

@ObjectType('CommandSuggestion', { description: 'A console command from the help catalog' })
export class CommandSuggestionPayload {
  @Field(() => String)
  command!: string;

  @Field(() => String)
  description!: string;

  @Field(() => String, { description: "How the arguments are written: <required>, [optional]; '' for none" })
  parameters!: string;

  @Field(() => String)
  category!: string;
}

@InputType()
export class CommandLogFilter {
  @Field(() => Int, { nullable: true, description: 'Default 1' })
  page?: number;

  @Field(() => Int, { nullable: true, description: 'Default 20, at most 100' })
  pageSize?: number;

  @Field(() => CommandResultType, { nullable: true })
  type?: CommandResultType;

  @Field(() => Boolean, { nullable: true })
  success?: boolean;

  @Field(() => String, { nullable: true, description: 'Text the command contains, ignoring case' })
  command?: string;
}

@ObjectType()
export class CommandLogPage {
  @Field(() => [CommandLog])
  logs!: CommandLog[];

  @Field(() => Int)
  total!: number;

  @Field(() => Int)
  page!: number;

  @Field(() => Int)
  totalPages!: number;
}
