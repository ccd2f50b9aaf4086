import { normalizeServiceUrl, serviceUrlError } from '@slipway/domain';
import type { DataSource, Repository } from 'typeorm';
import { invalidInput } from '../../common/validation.js';
import type { User } from '../users/user.entity.js';
import { Role, hasMinimumRole } from '../users/user-role.js';
import { CloudEndpointOverride } from './cloud-endpoint.entity.js';
import { CLOUD_ENDPOINTS, CLOUD_ENDPOINT_KEYS, type CloudEndpointKey, type CloudUrls, isCloudEndpointKey } from './cloud-endpoint-key.js';
import { CloudEndpoint } from './dtos/cloud-endpoint.model.js';
import { cloudEndpointsAdminOnly } from './settings.errors.js';

/**
 * The URLs of the cloud services: the environment's (SLIPWAY_GITHUB_API_URL, …) unless an admin saved others, which
 * apply at once, in every process (each reads them when it builds a project's adapters or tests a connection).
 */
export class CloudEndpointsService {
  private readonly overrides: Repository<CloudEndpointOverride>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly defaults: CloudUrls,
  ) {
    this.overrides = dataSource.getRepository(CloudEndpointOverride);
  }

  /** The URLs in use now. */
  async current(): Promise<CloudUrls> {
    const urls = { ...this.defaults };
    for (const row of await this.overrides.find()) if (isCloudEndpointKey(row.key)) urls[CLOUD_ENDPOINTS[row.key].field] = row.url;
    return urls;
  }

  async list(actor: Pick<User, 'role'>): Promise<CloudEndpoint[]> {
    assertAdmin(actor);
    const saved = new Map((await this.overrides.find()).map((row) => [row.key, row.url]));
    return CLOUD_ENDPOINT_KEYS.map((key) => {
      const defaultUrl = this.defaults[CLOUD_ENDPOINTS[key].field];
      const url = saved.get(key);
      return Object.assign(new CloudEndpoint(), { key, label: CLOUD_ENDPOINTS[key].label, url: url ?? defaultUrl, defaultUrl, overridden: url !== undefined });
    });
  }

  /** Saves several at once, all or nothing (a {key: url} map or a [{key, url}] list); null or blank returns one to its default. */
  async save(actor: Pick<User, 'role'>, entries: unknown): Promise<CloudEndpoint[]> {
    assertAdmin(actor);
    const changes = parseEntries(entries);
    await this.dataSource.transaction(async (manager) => {
      const repo = manager.getRepository(CloudEndpointOverride);
      for (const [key, url] of changes) {
        if (url === null) await repo.delete({ key });
        else await repo.upsert({ key, url, updatedAt: new Date() }, { conflictPaths: ['key'] });
      }
    });
    return this.list(actor);
  }
}

function assertAdmin(actor: Pick<User, 'role'>): void {
  if (!hasMinimumRole(actor.role, Role.admin)) throw cloudEndpointsAdminOnly();
}

function parseEntries(entries: unknown): Array<[CloudEndpointKey, string | null]> {
  let pairs: Array<[unknown, unknown]>;
  if (Array.isArray(entries)) pairs = entries.map((entry: { key?: unknown; url?: unknown } | null) => [entry?.key, entry?.url]);
  else if (typeof entries === 'object' && entries !== null) pairs = Object.entries(entries);
  else throw invalidInput('endpoints must be an object mapping service keys to URLs', 'endpoints');
  const changes = new Map<CloudEndpointKey, string | null>();
  for (const [key, url] of pairs) {
    if (!isCloudEndpointKey(key)) {
      throw invalidInput(`Unknown cloud service "${String(key).slice(0, 100)}". Valid ones are ${CLOUD_ENDPOINT_KEYS.join(', ')}`, 'endpoints');
    }
    if (changes.has(key)) throw invalidInput(`${key} is given more than once`, key);
    changes.set(key, parseUrl(key, url));
  }
  return [...changes];
}

function parseUrl(key: CloudEndpointKey, url: unknown): string | null {
  const { label } = CLOUD_ENDPOINTS[key];
  if (url === null || url === undefined) return null;
  if (typeof url !== 'string') throw invalidInput(`${label} must be a string`, key);
  if (!url.trim()) return null;
  const error = serviceUrlError(label, url);
  if (error) throw invalidInput(error, key);
  return normalizeServiceUrl(url);
}
