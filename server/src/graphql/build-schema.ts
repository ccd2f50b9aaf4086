import 'reflect-metadata';
import { type PubSub, buildSchema } from 'type-graphql';
import { GraphQLSchema, defaultFieldResolver, lexicographicSortSchema, printSchema, type GraphQLObjectType, type GraphQLResolveInfo } from 'graphql';
import { AuthResolver } from '../modules/auth/auth.resolver.js';
import { CommandsResolver } from '../modules/commands/commands.resolver.js';
import { SystemResolver } from '../modules/system/system.resolver.js';
import { UsersResolver } from '../modules/users/users.resolver.js';
import { ProjectsResolver } from '../modules/projects/projects.resolver.js';
import { ProjectPipelineResolver } from '../modules/project-runs/project-pipeline.resolver.js';
import { CloudEndpointsResolver, SettingsResolver } from '../modules/settings/settings.resolver.js';
import { TemplatesResolver } from '../modules/templates/templates.resolver.js';
import { PipelineBuildVersionResolver, ProjectVersionsResolver, VersionsResolver } from '../modules/versions/versions.resolver.js';
import { DeploymentsResolver, ProjectDeploymentsResolver } from '../modules/deployments/deployments.resolver.js';
import { EnvironmentsResolver } from '../modules/environments/environments.resolver.js';
import { DomainFieldsResolver, DomainsResolver } from '../modules/domains/domains.resolver.js';
import { DeploymentObservabilityResolver } from '../modules/deployments/observability/observability.resolver.js';
import { AccessTokensResolver } from '../modules/tokens/tokens.resolver.js';
import { NotificationsResolver } from '../modules/notifications/notifications.resolver.js';
import { MembersResolver, ProjectRoleResolver } from '../modules/members/members.resolver.js';
import { AuditResolver } from '../modules/audit/audit.resolver.js';
import type { AccessPolicy } from '../modules/tokens/token-access.js';
import { AppError } from '../common/app-error.js';
import { logUnexpected } from '../common/log.js';
import { authChecker } from './auth-checker.js';
import { auditContext } from '../modules/audit/audit-context.js';
import { type GraphQLContext, actingContext, auditActorOf, authOfContext } from './context.js';
import { AccessLost, watchAccess, whileAllowed } from './while-allowed.js';

export const resolvers = [AuthResolver, UsersResolver, AccessTokensResolver, SystemResolver, CommandsResolver, TemplatesResolver, SettingsResolver, CloudEndpointsResolver, ProjectsResolver, ProjectPipelineResolver, ProjectVersionsResolver, VersionsResolver, PipelineBuildVersionResolver, ProjectDeploymentsResolver, DeploymentsResolver, DeploymentObservabilityResolver, EnvironmentsResolver, DomainsResolver, DomainFieldsResolver, NotificationsResolver, MembersResolver, ProjectRoleResolver, AuditResolver] as const;

/**
 * type-graphql wants a PubSub once the schema has subscriptions, but every subscription here brings its own
 * `subscribe` (fed by the event bus): none names a topic, so this one is never reached.
 */
const NO_TOPICS: PubSub = {
  publish() {
    throw new Error('GraphQL subscriptions here are fed by the event bus, not by topics');
  },
  subscribe() {
    throw new Error('GraphQL subscriptions here are fed by the event bus, not by topics');
  },
};

/**
 * Built once per process; features register their resolver classes above. The feature modules build the
 * instances (with their services); type-graphql takes them from `container`. Without instances (the schema
 * emitter) the schema has the same shape but cannot run.
 */
export async function buildAppSchema(instances: object[] = [], access?: AccessPolicy): Promise<GraphQLSchema> {
  const byClass = new Map<unknown, object>(instances.map((instance) => [instance.constructor, instance]));
  const container: ResolverInstances = {
    get(resolverClass: { name: string }) {
      const instance = byClass.get(resolverClass);
      if (!instance) throw new Error(`No instance of ${resolverClass.name}: its feature module did not build one`);
      return instance;
    },
  };
  const schema = await buildSchema({ resolvers, authChecker, pubSub: NO_TOPICS, validate: false, container });
  describeRootTypes(schema);
  if (access) guardRootFields(schema, access);
  return new GraphQLSchema({ ...schema.toConfig(), extensions: { ...schema.extensions, resolverInstances: container } });
}

interface ResolverInstances {
  get(resolverClass: { name: string }): object;
}

declare module 'graphql' {
  interface GraphQLSchemaExtensions {
    resolverInstances?: ResolverInstances;
  }
}

/**
 * The resolver instance of a class, for a subscription's `subscribe` function: type-graphql calls it without
 * one, so the schema carries the instances.
 */
export function resolverOf<T extends object>(info: GraphQLResolveInfo, resolverClass: abstract new (...args: never[]) => T): T {
  const instances = info.schema.extensions.resolverInstances;
  if (!instances) throw new Error('This schema was not built by buildAppSchema');
  return instances.get(resolverClass) as T;
}

/** The schema as SDL, sorted: what schema.graphql holds and /api/graphql/schema.graphql serves. */
export function printAppSchema(schema: GraphQLSchema): string {
  return `${printSchema(lexicographicSortSchema(schema))}\n`;
}

/**
 * Every root field (query, mutation, subscription; over HTTP and graphql-ws) asks the access policy first: a
 * token's scopes and projects and a member's role are checked there, in one place, before the resolver runs.
 * A member's allowed operation runs with the project owner's account as `user` (the rows are the owner's) and the
 * member as `actor`, in a context of its own: the other root fields of the same document keep the caller's.
 */
function guardRootFields(schema: GraphQLSchema, access: AccessPolicy): void {
  for (const type of [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()]) {
    if (!type) continue;
    for (const field of Object.values(type.getFields())) {
      const key = field.subscribe ? 'subscribe' : 'resolve';
      const inner = field[key];
      if (!inner) continue;
      field[key] = (source, args, context: GraphQLContext, info) =>
        // What the field changes is recorded in the audit log as done by this caller, from this address.
        auditContext.runAs(auditActorOf(context), () => {
          const auth = authOfContext(context);
          const checking = access.graphql(auth, type.name, field.name, args);
          if (!checking) return inner(source, args, context, info);
          return checking.then(async (acting) => {
            const run = () => inner(source, args, acting ? actingContext(context, acting.owner) : context, info);
            if (!acting || !auth || key !== 'subscribe') return run();
            // A member's subscription runs on the owner's account: it ends as soon as their membership no longer allows
            // it. Watched from before its source starts, so a change while it starts is not missed.
            const watch = watchAccess((lose) =>
              access.onMembershipChange(acting.projectId, auth.user.id, () => {
                // A failed check (the database down) is not a lost membership: the subscription goes on.
                access.stillActing(auth, type.name, field.name, args, acting.projectId).catch((error: unknown) => (error instanceof AppError ? lose(error) : logUnexpected('membership check', error)));
              }),
            );
            try {
              const result = await run();
              if (isAsyncIterable(result)) return whileAllowed(result, watch);
              watch.stop();
              return result;
            } catch (error) {
              watch.stop();
              throw error;
            }
          });
        });
      if (key === 'subscribe') {
        const resolve = field.resolve;
        field.resolve = (source, ...rest) => {
          if (source instanceof AccessLost) throw source.error;
          return (resolve ?? defaultFieldResolver)(source, ...rest);
        };
      }
    }
  }
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === 'object' && value !== null && Symbol.asyncIterator in value;
}

/** type-graphql builds the root types without a description: set them on the freshly built types. */
function describeRootTypes(schema: GraphQLSchema): void {
  const roots: Array<[GraphQLObjectType | null | undefined, string]> = [
    [schema.getQueryType(), 'Everything you can read; every field needs a signed-in user (UNAUTHENTICATED otherwise)'],
    [schema.getMutationType(), 'Everything you can change; every field but login and register needs a signed-in user'],
    [schema.getSubscriptionType(), 'Live updates over graphql-ws on the same path as queries; every field needs a signed-in user'],
  ];
  for (const [type, description] of roots) if (type) type.description = description;
}
