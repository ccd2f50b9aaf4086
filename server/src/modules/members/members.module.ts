import type { AuditRecorder } from '../audit/audit-log.js';
import type { DataSource } from 'typeorm';
import type { EventBus } from '../../events/event-bus.js';
import type { Feature } from '../feature.js';
import { MembersResolver, ProjectRoleResolver } from './members.resolver.js';
import { memberSchemas, membersRoutes } from './members.routes.js';
import { type MemberChangeHook, MembersService } from './members.service.js';

/** Project members (viewer, developer, maintainer); who may do what on a project is the AccessPolicy's. */
export function membersModule(deps: { dataSource: DataSource; bus: EventBus; audit: AuditRecorder }) {
  // Each change is recorded in its own transaction: the member's email and role, by the project.
  const onChange: MemberChangeHook = (manager, change) =>
    deps.audit.record(manager, { action: change.action, projectId: change.projectId, target: `user:${change.userId}`, details: { email: change.email, ...(change.role ? { role: change.role } : {}) } });
  const service = new MembersService(deps.dataSource, onChange, deps.bus);
  const feature: Feature = { rest: { routes: membersRoutes(service), schemas: memberSchemas }, resolvers: [new MembersResolver(service), new ProjectRoleResolver(service)] };
  return { service, feature };
}
