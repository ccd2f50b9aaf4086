import type { DataSource } from 'typeorm';
import type { Feature } from '../feature.js';
import { MembersResolver, ProjectRoleResolver } from './members.resolver.js';
import { memberSchemas, membersRoutes } from './members.routes.js';
import { type MemberChangeHook, MembersService } from './members.service.js';

/** Project members (viewer, developer, maintainer); who may do what on a project is the AccessPolicy's. */
export function membersModule(deps: { dataSource: DataSource; onChange?: MemberChangeHook }) {
  const service = new MembersService(deps.dataSource, deps.onChange);
  const feature: Feature = { rest: { routes: membersRoutes(service), schemas: memberSchemas }, resolvers: [new MembersResolver(service), new ProjectRoleResolver(service)] };
  return { service, feature };
}
