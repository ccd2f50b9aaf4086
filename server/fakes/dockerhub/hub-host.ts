import type { IncomingMessage, ServerResponse } from 'node:http';
import { bearerToken, readBody, RequestBudget, sendJson } from './http.js';
import type { FakeDockerHubStore, StoredRepository, StoredTag } from './store.js';

/**
 * hub.docker.com: the Docker Hub API (docs.docker.com/reference/api/hub/latest/): login, repository tags, and the
 * repository and tag deletions the Hub UI uses. Every answer carries X-RateLimit-* headers; past the limit it
 * answers 429 with X-Retry-After, as the API description says.
 */

const SEGMENT = '([a-z0-9]+(?:(?:\\.|_|__|-+)[a-z0-9]+)*)';
const TAG = '([A-Za-z0-9_][A-Za-z0-9._-]{0,127})';
const TAGS_NEW = new RegExp(`^/v2/namespaces/${SEGMENT}/repositories/${SEGMENT}/tags/?$`);
const TAG_NEW = new RegExp(`^/v2/namespaces/${SEGMENT}/repositories/${SEGMENT}/tags/${TAG}/?$`);
const TAGS_OLD = new RegExp(`^/v2/repositories/${SEGMENT}/${SEGMENT}/tags/?$`);
const TAG_OLD = new RegExp(`^/v2/repositories/${SEGMENT}/${SEGMENT}/tags/${TAG}/?$`);
const REPOSITORY = new RegExp(`^/v2/repositories/${SEGMENT}/${SEGMENT}/?$`);

const NOT_FOUND = { message: 'object not found', errinfo: {} };
const MAX_PAGE_SIZE = 100;

export class HubHost {
  /** Hub API requests per minute. */
  readonly requests = new RequestBudget(180, 60);

  constructor(
    private readonly store: FakeDockerHubStore,
    private readonly baseUrl: () => string,
  ) {}

  handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const url = new URL(request.url ?? '/', 'http://hub');
    if (!this.requests.take()) {
      return sendJson(response, 429, { detail: 'Rate limit exceeded', error: false }, { 'X-Retry-After': String(this.requests.resetEpochSeconds) });
    }
    for (const [name, value] of Object.entries(this.rateHeaders())) response.setHeader(name, value);
    const method = request.method ?? 'GET';
    const path = url.pathname;

    if (path === '/v2/users/login' || path === '/v2/users/login/') return method === 'POST' ? this.login(request, response) : this.notAllowed(response);
    if (path === '/v2/auth/token' || path === '/v2/auth/token/') return method === 'POST' ? this.accessToken(request, response) : this.notAllowed(response);

    const tag = TAG_NEW.exec(path) ?? TAG_OLD.exec(path);
    if (tag) {
      const [, namespace, name, tagName] = tag;
      if (method === 'GET' || method === 'HEAD') return this.readTag(response, method, namespace, name, tagName);
      if (method === 'DELETE') return this.deleteTag(request, response, namespace, name, tagName);
      return this.notAllowed(response);
    }
    const tags = TAGS_NEW.exec(path) ?? TAGS_OLD.exec(path);
    if (tags) {
      if (method !== 'GET' && method !== 'HEAD') return this.notAllowed(response);
      return this.listTags(response, url, method, tags[1], tags[2]);
    }
    const repository = REPOSITORY.exec(path);
    if (repository) {
      if (method === 'DELETE') return this.deleteRepository(request, response, repository[1], repository[2]);
      if (method === 'GET') return this.readRepository(response, repository[1], repository[2]);
      return this.notAllowed(response);
    }
    sendJson(response, 404, NOT_FOUND);
  };

  private async login(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const body = await jsonBody(request);
    const account = typeof body?.username === 'string' && typeof body.password === 'string' ? this.store.authenticate(body.username, body.password) : null;
    if (!account) return sendJson(response, 401, { detail: 'Incorrect authentication credentials' });
    sendJson(response, 200, { token: this.store.issueHubToken(account.username) });
  }

  private async accessToken(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const body = await jsonBody(request);
    const account = typeof body?.identifier === 'string' && typeof body.secret === 'string' ? this.store.authenticate(body.identifier, body.secret) : null;
    if (!account) return sendJson(response, 401, { message: 'incorrect username or password', errinfo: {}, detail: 'incorrect username or password' });
    sendJson(response, 200, { access_token: this.store.issueHubToken(account.username) });
  }

  private readTag(response: ServerResponse, method: string, namespace: string, name: string, tagName: string): void {
    const repository = this.store.repository(`${namespace}/${name}`);
    const tag = repository?.tags.get(tagName);
    if (!repository || !tag) return method === 'HEAD' ? void response.writeHead(404).end() : sendJson(response, 404, NOT_FOUND);
    if (method === 'HEAD') return void response.writeHead(200).end();
    sendJson(response, 200, this.tagJson(repository, tagName, tag));
  }

  private listTags(response: ServerResponse, url: URL, method: string, namespace: string, name: string): void {
    const repository = this.store.repository(`${namespace}/${name}`);
    if (!repository) return method === 'HEAD' ? void response.writeHead(404).end() : sendJson(response, 404, NOT_FOUND);
    if (method === 'HEAD') return void response.writeHead(repository.tags.size ? 200 : 404).end();
    const page = positiveInteger(url.searchParams.get('page'), 1);
    const requestedSize = positiveInteger(url.searchParams.get('page_size'), 10);
    if (page === null || requestedSize === null) return sendJson(response, 400, { message: 'invalid page or page_size', errinfo: {} });
    const pageSize = Math.min(requestedSize, MAX_PAGE_SIZE);
    // Docker Hub lists tags most recently updated first.
    const all = [...repository.tags].sort(([a, x], [b, y]) => y.lastUpdated.getTime() - x.lastUpdated.getTime() || a.localeCompare(b));
    const start = (page - 1) * pageSize;
    if (page > 1 && start >= all.length) return sendJson(response, 404, { detail: 'Invalid page.' });
    const pageUrl = (number: number) => {
      const link = new URL(`${this.baseUrl()}${url.pathname}`);
      link.searchParams.set('page', String(number));
      link.searchParams.set('page_size', String(pageSize));
      return link.toString();
    };
    sendJson(response, 200, {
      count: all.length,
      next: start + pageSize < all.length ? pageUrl(page + 1) : null,
      previous: page > 1 ? pageUrl(page - 1) : null,
      results: all.slice(start, start + pageSize).map(([tagName, tag]) => this.tagJson(repository, tagName, tag)),
    });
  }

  private readRepository(response: ServerResponse, namespace: string, name: string): void {
    const repository = this.store.repository(`${namespace}/${name}`);
    if (!repository) return sendJson(response, 404, NOT_FOUND);
    const updated = [...repository.tags.values()].map((tag) => tag.lastUpdated.getTime());
    sendJson(response, 200, {
      user: namespace,
      name,
      namespace,
      repository_type: 'image',
      status: 1,
      is_private: false,
      star_count: 0,
      pull_count: 0,
      last_updated: updated.length ? new Date(Math.max(...updated)).toISOString() : null,
      media_types: [...new Set([...repository.manifests.values()].map((manifest) => manifest.mediaType))],
      content_types: ['image'],
    });
  }

  private deleteTag(request: IncomingMessage, response: ServerResponse, namespace: string, name: string, tagName: string): void {
    if (!this.authorize(request, response, namespace)) return;
    const repository = this.store.repository(`${namespace}/${name}`);
    if (!repository?.tags.has(tagName)) return sendJson(response, 404, NOT_FOUND);
    repository.tags.delete(tagName);
    this.store.collect();
    response.writeHead(204).end();
  }

  private deleteRepository(request: IncomingMessage, response: ServerResponse, namespace: string, name: string): void {
    if (!this.authorize(request, response, namespace)) return;
    if (!this.store.repositories.delete(`${namespace}/${name}`)) return sendJson(response, 404, NOT_FOUND);
    this.store.collect();
    response.writeHead(202).end();
  }

  /** True when the request carries a Hub token of the namespace's owner; otherwise answers 401 or 403. */
  private authorize(request: IncomingMessage, response: ServerResponse, namespace: string): boolean {
    const token = bearerToken(request);
    const issued = token ? this.store.hubToken(token) : null;
    if (!issued) {
      sendJson(response, 401, { detail: token ? 'Invalid or expired token.' : 'Authentication credentials were not provided.' });
      return false;
    }
    if (issued.username !== namespace || this.store.accounts.get(namespace)?.access !== 'delete') {
      sendJson(response, 403, { detail: 'You do not have permission to perform this action.' });
      return false;
    }
    return true;
  }

  private tagJson(repository: StoredRepository, name: string, tag: StoredTag) {
    const manifest = repository.manifests.get(tag.digest);
    const updater = [...this.store.accounts.values()].find((account) => account.id === tag.updaterId);
    const pushed = tag.lastUpdated.toISOString();
    return {
      creator: tag.updaterId,
      id: tag.id,
      images: [
        {
          architecture: 'amd64',
          features: '',
          variant: null,
          digest: tag.digest,
          os: 'linux',
          os_features: '',
          os_version: null,
          size: manifest?.layersSize ?? 0,
          status: 'active',
          last_pulled: null,
          last_pushed: pushed,
        },
      ],
      last_updated: pushed,
      last_updater: tag.updaterId,
      last_updater_username: updater?.username ?? repository.namespace,
      name,
      repository: repository.id,
      full_size: manifest?.layersSize ?? 0,
      v2: true,
      tag_status: 'active',
      tag_last_pulled: null,
      tag_last_pushed: pushed,
      media_type: manifest?.mediaType ?? 'application/vnd.oci.image.manifest.v1+json',
      content_type: 'image',
      digest: tag.digest,
    };
  }

  private rateHeaders(): Record<string, string> {
    return {
      'X-RateLimit-Limit': String(this.requests.limit),
      'X-RateLimit-Remaining': String(this.requests.left),
      'X-RateLimit-Reset': String(this.requests.resetEpochSeconds),
    };
  }

  private notAllowed(response: ServerResponse): void {
    sendJson(response, 405, { detail: 'Method not allowed.' });
  }
}

async function jsonBody(request: IncomingMessage): Promise<Record<string, unknown> | null> {
  try {
    const parsed: unknown = JSON.parse((await readBody(request)).toString('utf8'));
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** value as a positive integer, fallback when absent, null when it is not one. */
function positiveInteger(value: string | null, fallback: number): number | null {
  if (value === null || value === '') return fallback;
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : null;
}
