import type { DataSource } from 'typeorm';
import type { EventBus } from '../../events/event-bus.js';
import type { Feature } from '../feature.js';
import { AuditLog } from './audit-log.js';
import { AuditResolver } from './audit.resolver.js';
import { auditRoutes, auditSchemas } from './audit.routes.js';
import { AuditService } from './audit.service.js';

/** The audit log: `log` records changes (features get it at boot), `service` reads and follows it. */
export function auditModule(deps: { dataSource: DataSource; bus: EventBus }) {
  const log = new AuditLog(deps.dataSource, deps.bus);
  const service = new AuditService(deps.dataSource, deps.bus);
  const feature: Feature = { rest: { routes: auditRoutes(service), schemas: auditSchemas }, resolvers: [new AuditResolver(service)] };
  return { log, service, feature };
}
