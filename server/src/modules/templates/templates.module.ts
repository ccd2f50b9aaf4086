import type { RequestHandler } from 'express';
import type { Feature } from '../feature.js';
import { TemplatesResolver } from './templates.resolver.js';
import { templatesRoutes } from './templates.routes.js';
import { TemplatesService } from './templates.service.js';

export function templatesModule({ templatesDir, signedIn }: { templatesDir: string; signedIn: RequestHandler }) {
  const service = new TemplatesService(templatesDir);
  const feature: Feature = {
    routes: templatesRoutes(service, signedIn),
    resolvers: [new TemplatesResolver(service)],
    load: () => service.load(),
  };
  return { service, feature };
}
