import type { Feature } from '../feature.js';
import { TemplatesResolver } from './templates.resolver.js';
import { templateSchemas, templatesRoutes } from './templates.routes.js';
import { TemplatesService } from './templates.service.js';

export function templatesModule({ templatesDir }: { templatesDir: string }) {
  const service = new TemplatesService(templatesDir);
  const feature: Feature = {
    rest: { routes: templatesRoutes(service), schemas: templateSchemas },
    resolvers: [new TemplatesResolver(service)],
    load: () => service.load(),
  };
  return { service, feature };
}
