import type { DataSource } from 'typeorm';
import type { SecretBox } from '../../common/secret-box.js';
import type { Feature } from '../feature.js';
import type { ProjectsService } from '../projects/projects.service.js';
import { EnvironmentsResolver } from './environments.resolver.js';
import { environmentSchemas, environmentsRoutes } from './environments.routes.js';
import { EnvironmentsService } from './environments.service.js';

/** A project's environments: REST and GraphQL calls on one service. */
export function environmentsModule(deps: { dataSource: DataSource; projects: ProjectsService; secretBox: SecretBox }) {
  const service = new EnvironmentsService(deps.dataSource, deps.projects, deps.secretBox);
  const feature: Feature = {
    rest: { routes: environmentsRoutes(service), schemas: environmentSchemas },
    resolvers: [new EnvironmentsResolver(service)],
  };
  return { service, feature };
}
