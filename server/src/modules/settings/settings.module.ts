import type { DataSource } from 'typeorm';
import type { SecretBox } from '../../common/secret-box.js';
import type { Feature } from '../feature.js';
import { SettingsResolver } from './settings.resolver.js';
import { settingsRoutes } from './settings.routes.js';
import { SettingsService } from './settings.service.js';

export function settingsModule({ dataSource, secretBox }: { dataSource: DataSource; secretBox: SecretBox }) {
  const service = new SettingsService(dataSource, secretBox);
  const feature: Feature = { rest: { routes: settingsRoutes(service) }, resolvers: [new SettingsResolver(service)] };
  return { service, feature };
}
