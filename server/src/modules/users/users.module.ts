import type { DataSource } from 'typeorm';
import type { EventBus } from '../../events/event-bus.js';
import type { Feature } from '../feature.js';
import type { AuditRecorder } from '../audit/audit-log.js';
import { UsersResolver } from './users.resolver.js';
import { userSchemas, usersRoutes } from './users.routes.js';
import { type PasswordVerifier, UsersService } from './users.service.js';

export function usersModule({ dataSource, bus, passwords, audit }: { dataSource: DataSource; bus: EventBus; passwords: PasswordVerifier; audit: AuditRecorder }) {
  const service = new UsersService(dataSource, bus, passwords, audit);
  const feature: Feature = { rest: { routes: usersRoutes(service), schemas: userSchemas }, resolvers: [new UsersResolver(service)] };
  return { service, feature };
}
