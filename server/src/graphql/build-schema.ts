import 'reflect-metadata';
import { buildSchema } from 'type-graphql';
import type { GraphQLSchema } from 'graphql';
import { AuthResolver } from '../modules/auth/auth.resolver.js';
import { CommandsResolver } from '../modules/commands/commands.resolver.js';
import { SystemResolver } from '../modules/system/system.resolver.js';
import { UsersResolver } from '../modules/users/users.resolver.js';
import { ProjectsResolver } from '../modules/projects/projects.resolver.js';
import { SettingsResolver } from '../modules/settings/settings.resolver.js';
import { TemplatesResolver } from '../modules/templates/templates.resolver.js';
import { authChecker } from './auth-checker.js';
import type { AppPubSub } from './pubsub.js';

export const resolvers = [AuthResolver, UsersResolver, SystemResolver, CommandsResolver, TemplatesResolver, SettingsResolver, ProjectsResolver] as const;

/** Built once per process; features register their resolvers above. */
export function buildAppSchema(pubSub: AppPubSub): Promise<GraphQLSchema> {
  return buildSchema({ resolvers, authChecker, pubSub, validate: false });
}
