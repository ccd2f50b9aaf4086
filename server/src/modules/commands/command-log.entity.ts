import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { Field, ID, ObjectType, registerEnumType } from 'type-graphql';
import { User } from '../users/user.entity.js';
import { CommandResultType } from './interpreter/command-result.js';

registerEnumType(CommandResultType, { name: 'CommandResultType', description: 'How a command turned out: output, error, success or info' });

/** One executed console command, kept per user. */
@Entity({ name: 'command_logs' })
// Created in the migration as (user_id, created_at DESC): TypeORM cannot express the sort order, so it leaves the index alone.
@Index('IDX_command_logs_user_id_created_at', { synchronize: false })
@ObjectType()
export class CommandLog {
  @PrimaryGeneratedColumn('uuid')
  @Field(() => ID)
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  @Field(() => ID)
  userId!: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  @Column({ type: 'text' })
  @Field(() => String)
  command!: string;

  @Column({ type: 'enum', enum: CommandResultType, enumName: 'command_result_type' })
  @Field(() => CommandResultType)
  type!: CommandResultType;

  @Column({ type: 'text' })
  @Field(() => String)
  output!: string;

  @Column({ type: 'boolean' })
  @Field(() => Boolean)
  success!: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  @Field(() => Date)
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
