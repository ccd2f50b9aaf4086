import type { DataSource } from 'typeorm';
import type { EventBus } from '../../events/event-bus.js';
import type { Feature } from '../feature.js';
import { UsersResolver } from './users.resolver.js';
import { userSchemas, usersRoutes } from './users.routes.js';
import { UsersService } from './users.service.js';

export function usersModule({ dataSource, bus }: { dataSource: DataSource; bus: EventBus }) {
  const service = new UsersService(dataSource, bus);
  const feature: Feature = { rest: { routes: usersRoutes(service), schemas: userSchemas }, resolvers: [new UsersResolver(service)] };
  return { service, feature };
}
