import { Arg, Authorized, Ctx, Field, ID, InputType, Int, Query, Resolver, Root, Subscription } from 'type-graphql';
import { resolverOf } from '../../graphql/build-schema.js';
import { type GraphQLContext, signedIn } from '../../graphql/context.js';
import { AuditEntry } from './audit-entry.entity.js';
import { type AuditService, entryNumber } from './audit.service.js';

@InputType({ description: 'Which audit entries: every field optional' })
export class AuditFilterInput {
  @Field(() => Date, { nullable: true, description: 'At or after this time' })
  from?: Date | null;

  @Field(() => Date, { nullable: true, description: 'At or before this time' })
  to?: Date | null;

  @Field(() => ID, { nullable: true, description: 'Only this user’s actions' })
  actorId?: string | null;

  @Field(() => String, { nullable: true, description: 'An action (project.update) or a family of them (project)' })
  action?: string | null;

  @Field(() => ID, { nullable: true, description: 'Entries before this seq: the next page' })
  before?: string | null;

  @Field(() => Int, { nullable: true, description: 'At most this many (1 to 500; default 100)' })
  limit?: number | null;
}

interface FollowArgs {
  projectId?: string | null;
  action?: string | null;
  after?: string | null;
}

/** The audit log: a project's entries for whoever reaches the project; everyone's for admins; else your own. */
@Authorized()
@Resolver(() => AuditEntry)
export class AuditResolver {
  constructor(private readonly service: AuditService) {}

  @Query(() => [AuditEntry], { description: "Audit entries, newest first: a project's (for its owner and members), else everyone's (admins) or your own" })
  auditLog(
    @Arg('projectId', () => ID, { nullable: true, description: "A project's entries only" }) projectId: string | null | undefined,
    @Arg('filter', () => AuditFilterInput, { nullable: true, description: 'Time, actor, action, page' }) filter: AuditFilterInput | null | undefined,
    @Ctx() ctx: GraphQLContext,
  ): Promise<AuditEntry[]> {
    const { user } = signedIn(ctx);
    return projectId ? this.service.ofProject(user, projectId, filter ?? {}) : this.service.global(user, filter ?? {});
  }

  @Subscription(() => AuditEntry, {
    description: 'Audit entries as they are written (from now on), with the same scope as auditLog',
    subscribe: ({ args, context, info }) => resolverOf(info, AuditResolver).follow(args as FollowArgs, context as GraphQLContext),
  })
  auditAppended(
    @Arg('projectId', () => ID, { nullable: true, description: "A project's entries only" }) _projectId: string | null | undefined,
    @Arg('action', () => String, { nullable: true, description: 'An action or a family of them' }) _action: string | null | undefined,
    @Arg('after', () => ID, { nullable: true, description: "Entries after this one's seq (the newest you hold) come first; default: from now" }) _after: string | null | undefined,
    @Root() entry: AuditEntry,
  ): AuditEntry {
    return entry;
  }

  /** The scope is checked as for auditLog before anything is sent. */
  private async follow(args: FollowArgs, ctx: GraphQLContext): Promise<AsyncIterable<AuditEntry>> {
    const { user } = signedIn(ctx);
    const head = entryNumber(args.after, 'after') ?? (await this.service.head());
    if (args.projectId) {
      await this.service.reachable(user, args.projectId);
      return this.service.follow({ projectId: args.projectId, actorId: null, action: args.action ?? null }, head);
    }
    return this.service.follow({ projectId: null, actorId: user.role === 'admin' ? null : user.id, action: args.action ?? null }, head);
  }
}
