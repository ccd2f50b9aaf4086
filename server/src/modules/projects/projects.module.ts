import type { DataSource } from 'typeorm';
import type { PublicAddress } from '../../common/public-address.js';
import type { SecretBox } from '../../common/secret-box.js';
import type { Feature } from '../feature.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { TemplatesService } from '../templates/templates.service.js';
import { ProjectsResolver } from './projects.resolver.js';
import { projectSchemas, projectsRoutes } from './projects.routes.js';
import { type ProjectRunStarter, ProjectsService } from './projects.service.js';

export function projectsModule(deps: {
  dataSource: DataSource;
  secretBox: SecretBox;
  templates: TemplatesService;
  settings: SettingsService;
  runs: ProjectRunStarter;
  publicAddress: PublicAddress;
}) {
  const service = new ProjectsService(deps.dataSource, deps.secretBox, deps.templates, deps.settings, deps.runs, deps.publicAddress);
  const feature: Feature = {
    rest: { routes: projectsRoutes(service), schemas: projectSchemas },
    resolvers: [new ProjectsResolver(service, deps.templates)],
  };
  return { service, feature };
}
