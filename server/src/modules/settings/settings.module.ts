import type { DataSource } from 'typeorm';
import type { SecretBox } from '../../common/secret-box.js';
import type { Feature } from '../feature.js';
import type { AuditRecorder } from '../audit/audit-log.js';
import type { CloudUrls } from './cloud-endpoint-key.js';
import { CloudEndpointsService } from './cloud-endpoints.service.js';
import type { ConnectionTester } from './connection-test.js';
import { CloudEndpointsResolver, SettingsResolver } from './settings.resolver.js';
import { settingsRoutes } from './settings.routes.js';
import { SettingsService } from './settings.service.js';

/**
 * Each user's provider credentials, the connection tests that check them, and the cloud services' URLs (an admin's;
 * `cloudDefaults` are the environment's). `testConnection` is the providers' (boot hands it in).
 */
export function settingsModule({
  dataSource,
  secretBox,
  cloudDefaults,
  testConnection,
  audit,
}: {
  dataSource: DataSource;
  secretBox: SecretBox;
  cloudDefaults: CloudUrls;
  testConnection: ConnectionTester;
  audit: AuditRecorder;
}) {
  const endpoints = new CloudEndpointsService(dataSource, cloudDefaults);
  const service = new SettingsService(dataSource, secretBox, { endpoints, test: testConnection }, audit);
  const feature: Feature = {
    rest: { routes: settingsRoutes(service, endpoints) },
    resolvers: [new SettingsResolver(service), new CloudEndpointsResolver(endpoints)],
  };
  return { service, endpoints, feature };
}
