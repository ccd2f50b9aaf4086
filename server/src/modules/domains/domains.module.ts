import type { DataSource } from 'typeorm';
import type { SecretBox } from '../../common/secret-box.js';
import type { Feature } from '../feature.js';
import type { EnvironmentsService } from '../environments/environments.service.js';
import type { ProjectsService } from '../projects/projects.service.js';
import { DomainRoutes } from './domain-routes.js';
import { DomainFieldsResolver, DomainsResolver } from './domains.resolver.js';
import { domainSchemas, domainsRoutes } from './domains.routes.js';
import { DomainsService } from './domains.service.js';

/** Custom domains of environments (REST and GraphQL on one service), and the front door's table of them. */
export function domainsModule(deps: { dataSource: DataSource; secretBox: SecretBox; environments: EnvironmentsService; projects: ProjectsService }) {
  const routes = new DomainRoutes(deps.dataSource, deps.secretBox);
  const service = new DomainsService(deps.dataSource, deps.environments, deps.projects, deps.secretBox, routes);
  const feature: Feature = {
    rest: { routes: domainsRoutes(service), schemas: domainSchemas },
    resolvers: [new DomainsResolver(service), new DomainFieldsResolver()],
  };
  return { service, routes, feature };
}
