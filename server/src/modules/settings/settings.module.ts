import type { RequestHandler } from 'express';
import type { DataSource } from 'typeorm';
import type { SecretBox } from '../../common/secret-box.js';
import type { Feature } from '../feature.js';
import { SettingsResolver } from './settings.resolver.js';
import { settingsRoutes } from './settings.routes.js';
import { SettingsService } from './settings.service.js';

export function settingsModule({ dataSource, secretBox, signedIn }: { dataSource: DataSource; secretBox: SecretBox; signedIn: RequestHandler }) {
  const service = new SettingsService(dataSource, secretBox);
  const feature: Feature = { routes: settingsRoutes(service, signedIn), resolvers: [new SettingsResolver(service)] };
  return { service, feature };
}
