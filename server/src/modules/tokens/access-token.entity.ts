import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { Field, ID, ObjectType, registerEnumType } from 'type-graphql';
import { User } from '../users/user.entity.js';
import { TokenScope } from './token-scope.js';

export enum AccessTokenStatus {
  active = 'active',
  expired = 'expired',
  revoked = 'revoked',
}

registerEnumType(AccessTokenStatus, {
  name: 'AccessTokenStatus',
  description: 'Whether a personal access token still signs in',
  valuesConfig: {
    active: { description: 'Signs in until it expires or is revoked' },
    expired: { description: 'Past its expiry: refused' },
    revoked: { description: 'Revoked by its owner or an admin: refused' },
  },
});

/** A personal access token: only the SHA-256 of its secret is kept, so it is shown once, when created. */
@Entity({ name: 'access_tokens' })
@ObjectType({ description: 'A personal access token (the secret itself is shown only once, when it is created)' })
export class AccessToken {
  @PrimaryGeneratedColumn('uuid')
  @Field(() => ID, { description: 'The token id (UUID)' })
  id!: string;

  @Index('IDX_access_tokens_user_id')
  @Column({ name: 'user_id', type: 'uuid' })
  @Field(() => ID, { description: 'The user the token acts as (UUID)' })
  userId!: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  @Column({ type: 'text' })
  @Field(() => String, { description: 'What the token is for, as its owner named it' })
  name!: string;

  @Index('UQ_access_tokens_token_hash', { unique: true })
  @Column({ name: 'token_hash', type: 'text' })
  tokenHash!: string;

  @Column({ name: 'token_prefix', type: 'text' })
  @Field(() => String, { description: 'The first characters of the secret (slw_ and four more), to recognise it' })
  tokenPrefix!: string;

  @Column({ type: 'text', array: true })
  @Field(() => [TokenScope], { description: 'What the token may do' })
  scopes!: TokenScope[];

  @Column({ name: 'project_ids', type: 'uuid', array: true, nullable: true })
  @Field(() => [ID], { nullable: true, description: 'The only projects the token reaches; null for every project of its owner' })
  projectIds!: string[] | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  @Field(() => Date, { description: 'When the token was created' })
  createdAt!: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  @Field(() => Date, { description: 'When the token stops working' })
  expiresAt!: Date;

  @Column({ name: 'last_used_at', type: 'timestamptz', nullable: true })
  @Field(() => Date, { nullable: true, description: 'When the token last signed a request in (to the minute); null if never' })
  lastUsedAt!: Date | null;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  @Field(() => Date, { nullable: true, description: 'When the token was revoked; null while it is not' })
  revokedAt!: Date | null;

  @Field(() => AccessTokenStatus, { description: 'Whether the token still signs in' })
  get status(): AccessTokenStatus {
    if (this.revokedAt) return AccessTokenStatus.revoked;
    return this.expiresAt.getTime() <= Date.now() ? AccessTokenStatus.expired : AccessTokenStatus.active;
  }
}

/** The REST shape of a token (snake_case, as every REST answer). */
export function toAccessTokenResponse(token: AccessToken) {
  return {
    id: token.id,
    user_id: token.userId,
    name: token.name,
    token_prefix: token.tokenPrefix,
    scopes: token.scopes,
    project_ids: token.projectIds,
    created_at: token.createdAt.toISOString(),
    expires_at: token.expiresAt.toISOString(),
    last_used_at: token.lastUsedAt?.toISOString() ?? null,
    revoked_at: token.revokedAt?.toISOString() ?? null,
    status: token.status,
  };
}
