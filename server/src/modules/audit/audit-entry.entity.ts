import { Column, Entity, PrimaryColumn } from 'typeorm';
import { Field, ID, ObjectType } from 'type-graphql';

/** One recorded change. Never updated nor deleted (the table refuses it); see audit-chain.ts for its hash. */
@Entity({ name: 'audit_log' })
@ObjectType({ description: 'One change recorded in the audit log: who, when, from where, what, and the result; never a secret value' })
export class AuditEntry {
  @PrimaryColumn({ type: 'bigint', generatedIdentity: 'ALWAYS', insert: false })
  @Field(() => ID, { description: 'Its place in the log: entries are numbered in the order they were written' })
  seq!: string;

  @Column({ type: 'timestamptz' })
  @Field(() => Date, { description: 'When (ISO 8601, UTC)' })
  at!: Date;

  @Column({ name: 'actor_user_id', type: 'uuid', nullable: true })
  @Field(() => ID, { nullable: true, description: 'The user who acted (null for an anonymous failed sign-in)' })
  actorUserId!: string | null;

  @Column({ name: 'actor_email', type: 'text', nullable: true })
  @Field(() => String, { nullable: true, description: "The actor's email at the time (for a failed sign-in: the email tried)" })
  actorEmail!: string | null;

  @Column({ name: 'actor_token_id', type: 'uuid', nullable: true })
  @Field(() => ID, { nullable: true, description: 'The personal access token used, if the actor used one' })
  actorTokenId!: string | null;

  @Column({ type: 'text', nullable: true })
  @Field(() => String, { nullable: true, description: 'The client address the request came from' })
  address!: string | null;

  @Column({ type: 'text' })
  @Field(() => String, { description: 'What was done, as feature.verb: project.update, member.add, setting.set, auth.sign_in, ...' })
  action!: string;

  @Column({ name: 'project_id', type: 'uuid', nullable: true })
  @Field(() => ID, { nullable: true, description: 'The project it concerns, if any' })
  projectId!: string | null;

  @Column({ type: 'text', nullable: true })
  @Field(() => String, { nullable: true, description: 'What it was done to, as kind:id or kind:name (setting:GITHUB_TOKEN, version:…)' })
  target!: string | null;

  @Column({ type: 'text' })
  @Field(() => String, { description: 'Details as a JSON object (names of changed fields and variables, roles; never a value of a secret)' })
  details!: string;

  @Column({ type: 'text' })
  @Field(() => String, { description: 'success, or failure (a refused sign-in)' })
  result!: string;

  @Column({ name: 'prev_hash', type: 'text' })
  @Field(() => String, { description: 'The hash of the entry before it (64 zeros for the first)' })
  prevHash!: string;

  @Column({ type: 'text' })
  @Field(() => String, { description: 'SHA-256 over prevHash and this entry: npm run audit:verify checks the chain' })
  hash!: string;
}

export function toAuditResponse(entry: AuditEntry) {
  return {
    seq: entry.seq,
    at: entry.at.toISOString(),
    actor_user_id: entry.actorUserId,
    actor_email: entry.actorEmail,
    actor_token_id: entry.actorTokenId,
    address: entry.address,
    action: entry.action,
    project_id: entry.projectId,
    target: entry.target,
    details: JSON.parse(entry.details) as Record<string, unknown>,
    result: entry.result,
    prev_hash: entry.prevHash,
    hash: entry.hash,
  };
}
