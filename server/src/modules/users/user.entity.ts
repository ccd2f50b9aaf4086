import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { Field, ID, ObjectType } from 'type-graphql';
import { Role } from './user-role.js';

@Entity({ name: 'users' })
@ObjectType({ description: 'A person with an account; the password is never part of it' })
export class User {
  @PrimaryGeneratedColumn('uuid')
  @Field(() => ID, { description: 'The user id (UUID)' })
  id!: string;

  @Column({ type: 'text' })
  @Field(() => String, { description: "The person's name, trimmed" })
  name!: string;

  /** Stored lower-cased, so uniqueness is case-insensitive. */
  @Index('UQ_users_email', { unique: true })
  @Column({ type: 'text' })
  @Field(() => String, { description: 'The email address, lower-cased; unique' })
  email!: string;

  @Column({ name: 'password_hash', type: 'text' })
  passwordHash!: string;

  @Column({ type: 'enum', enum: Role, enumName: 'user_role', default: Role.user })
  @Field(() => Role, { description: 'The access level' })
  role!: Role;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  @Field(() => Date, { description: 'When the account was created (ISO 8601, UTC)' })
  createdAt!: Date;

  @Column({ name: 'password_reset_at', type: 'timestamptz', nullable: true })
  @Field(() => Date, {
    nullable: true,
    description: 'When an admin last reset the password (the user was signed out everywhere); null once the user has chosen their own',
  })
  passwordResetAt!: Date | null;

  @Column({ name: 'disabled_at', type: 'timestamptz', nullable: true })
  @Field(() => Date, { nullable: true, description: 'When a manager or admin disabled the account (it cannot sign in, its sessions and tokens stop); null while enabled' })
  disabledAt!: Date | null;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}

/** The REST shape of a user (spec section 3): never includes the password hash. */
/** A user from a raw SQL row of the users table (the credential checks read it joined to their own table). */
export function userOfRow(row: Record<string, unknown>): User {
  return Object.assign(new User(), {
    id: row.id,
    name: row.name,
    email: row.email,
    passwordHash: row.password_hash,
    role: row.role,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    passwordResetAt: row.password_reset_at,
    disabledAt: row.disabled_at,
  });
}

export function toUserResponse(user: User) {
  return { id: user.id, name: user.name, email: user.email, role: user.role, created_at: user.createdAt, password_reset_at: user.passwordResetAt, disabled_at: user.disabledAt };
}
