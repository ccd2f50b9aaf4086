import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { Field, ID, ObjectType } from 'type-graphql';
import { Role } from './user-role.js';

@Entity({ name: 'users' })
@ObjectType()
export class User {
  @PrimaryGeneratedColumn('uuid')
  @Field(() => ID)
  id!: string;

  @Column({ type: 'text' })
  @Field(() => String)
  name!: string;

  /** Stored lower-cased, so uniqueness is case-insensitive. */
  @Index('UQ_users_email', { unique: true })
  @Column({ type: 'text' })
  @Field(() => String)
  email!: string;

  @Column({ name: 'password_hash', type: 'text' })
  passwordHash!: string;

  @Column({ type: 'enum', enum: Role, enumName: 'user_role', default: Role.user })
  @Field(() => Role)
  role!: Role;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  @Field(() => Date)
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}

/** The REST shape of a user (spec section 3): never includes the password hash. */
export function toUserResponse(user: User) {
  return { id: user.id, name: user.name, email: user.email, role: user.role, created_at: user.createdAt };
}
