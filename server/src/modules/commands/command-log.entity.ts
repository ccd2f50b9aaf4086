import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { Field, ID, ObjectType, registerEnumType } from 'type-graphql';
import { User } from '../users/user.entity.js';
import { MAX_COMMAND_LENGTH, MAX_OUTPUT_LENGTH } from './interpreter/command-interpreter.js';
import { CommandResultType } from './interpreter/command-result.js';

registerEnumType(CommandResultType, {
  name: 'CommandResultType',
  description: 'How a command turned out: output, error, success or info',
  valuesConfig: {
    output: { description: 'The command printed what was asked for (a value, a table, a listing)' },
    error: { description: 'The command failed or was refused; the output says why' },
    success: { description: 'The command changed something, such as the working directory' },
    info: { description: 'A notice rather than a result: help text, an empty list, a hint' },
  },
});

/** One executed console command, kept per user. */
@Entity({ name: 'command_logs' })
// Created in the migration as (user_id, created_at DESC): TypeORM cannot express the sort order, so it leaves the index alone.
@Index('IDX_command_logs_user_id_created_at', { synchronize: false })
@ObjectType({ description: 'One console command the signed-in user ran, with what it printed' })
export class CommandLog {
  @PrimaryGeneratedColumn('uuid')
  @Field(() => ID, { description: 'The log entry id (UUID)' })
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  @Field(() => ID, { description: 'The user who ran the command (UUID): always the signed-in user' })
  userId!: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  @Column({ type: 'text' })
  @Field(() => String, {
    description: `The command line as typed, trimmed; one longer than ${MAX_COMMAND_LENGTH} characters is kept cut at that length, ending in …`,
  })
  command!: string;

  @Column({ type: 'enum', enum: CommandResultType, enumName: 'command_result_type' })
  @Field(() => CommandResultType, { description: 'How the command turned out' })
  type!: CommandResultType;

  @Column({ type: 'text' })
  @Field(() => String, { description: `What the command printed, at most ${MAX_OUTPUT_LENGTH} characters plus a truncation note` })
  output!: string;

  @Column({ type: 'boolean' })
  @Field(() => Boolean, { description: 'False when the type is error, true otherwise' })
  success!: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  @Field(() => Date, { description: 'When the command ran (ISO 8601, UTC)' })
  createdAt!: Date;
}

/** The REST shape of a log entry (spec section 3). */
export function toCommandLogResponse(log: CommandLog) {
  return {
    id: log.id,
    user_id: log.userId,
    command: log.command,
    type: log.type,
    output: log.output,
    success: log.success,
    created_at: log.createdAt,
  };
}
