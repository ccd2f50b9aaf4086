import type { DataSource } from 'typeorm';
import type { SecretBox } from '../../common/secret-box.js';
import type { Feature } from '../feature.js';
import type { EnvironmentsService } from '../environments/environments.service.js';
import type { ProjectsService } from '../projects/projects.service.js';
import { DomainRoutes } from './domain-routes.js';
import { DomainFieldsResolver, DomainsResolver } from './domains.resolver.js';
import { domainSchemas, domainsRoutes } from './domains.routes.js';
import { type DomainRouting, DomainsService } from './domains.service.js';
import type { ProjectProviders } from '../../providers/project-providers.js';
import { appOfEnvironment } from '../deployments/observability/deployment-observability.service.js';
import { Project } from '../projects/project.entity.js';

/** Custom domains of environments (REST and GraphQL on one service), and the front door's table of them. */
export function domainsModule(deps: { dataSource: DataSource; secretBox: SecretBox; environments: EnvironmentsService; projects: ProjectsService; providers: ProjectProviders }) {
  const routes = new DomainRoutes(deps.dataSource, deps.secretBox);
  // A project on Kubernetes: its environment's app gets an Ingress for the domains (none while it was never deployed).
  const routing: DomainRouting = async (environment, hostnames) => {
    const project = await deps.dataSource.getRepository(Project).findOneBy({ id: environment.projectId });
    const app = project && project.providers.cluster !== 'local' ? appOfEnvironment(project, environment.name) : null;
    if (!project || !app) return;
    const { cluster } = await deps.providers.forProject(project);
    await cluster.routeDomains?.(app, hostnames);
  };
  const service = new DomainsService(deps.dataSource, deps.environments, deps.projects, deps.secretBox, routes, routing);
  const feature: Feature = {
    rest: { routes: domainsRoutes(service), schemas: domainSchemas },
    resolvers: [new DomainsResolver(service), new DomainFieldsResolver()],
  };
  return { service, routes, feature };
}
