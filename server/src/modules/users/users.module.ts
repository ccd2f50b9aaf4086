import type { RequestHandler } from 'express';
import type { DataSource } from 'typeorm';
import type { EventBus } from '../../events/event-bus.js';
import type { Feature } from '../feature.js';
import { UsersResolver } from './users.resolver.js';
import { usersRoutes } from './users.routes.js';
import { UsersService } from './users.service.js';

export function usersModule({ dataSource, bus, signedIn }: { dataSource: DataSource; bus: EventBus; signedIn: RequestHandler }) {
  const service = new UsersService(dataSource, bus);
  const feature: Feature = { routes: usersRoutes(service, signedIn), resolvers: [new UsersResolver(service)] };
  return { service, feature };
}
