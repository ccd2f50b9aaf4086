import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { basicCredentials, bearerToken, readBody, RequestBudget, sendJson } from './http.js';
import { FakeDockerHubStore, sha256, TOKEN_LIFETIME_SECONDS, type Account, type StoredRepository } from './store.js';

/**
 * registry-1.docker.io (and its token service, auth.docker.io, here on the same host under /token): the OCI
 * distribution API with Docker Hub's bearer-token flow. Error bodies are the spec's `{"errors":[{code, message,
 * detail}]}`.
 */

export const REGISTRY_SERVICE = 'registry.docker.io';

export const MANIFEST_MEDIA_TYPES = [
  'application/vnd.oci.image.manifest.v1+json',
  'application/vnd.oci.image.index.v1+json',
  'application/vnd.docker.distribution.manifest.v2+json',
  'application/vnd.docker.distribution.manifest.list.v2+json',
];

const NAME = '[a-z0-9]+(?:(?:\\.|_|__|-+)[a-z0-9]+)*(?:/[a-z0-9]+(?:(?:\\.|_|__|-+)[a-z0-9]+)*)*';
const TAG = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,127}$/;
const DIGEST = /^sha256:[a-f0-9]{64}$/;
const ROUTE = new RegExp(`^/v2/(${NAME})/(blobs/uploads/([^/]*)|blobs/([^/]+)|manifests/([^/]+)|tags/list)$`);

type ErrorCode =
  | 'BLOB_UNKNOWN'
  | 'BLOB_UPLOAD_UNKNOWN'
  | 'DIGEST_INVALID'
  | 'MANIFEST_BLOB_UNKNOWN'
  | 'MANIFEST_INVALID'
  | 'MANIFEST_UNKNOWN'
  | 'NAME_INVALID'
  | 'NAME_UNKNOWN'
  | 'TAG_INVALID'
  | 'UNAUTHORIZED'
  | 'DENIED'
  | 'UNSUPPORTED'
  | 'TOOMANYREQUESTS';

const MESSAGES: Record<ErrorCode, string> = {
  BLOB_UNKNOWN: 'blob unknown to registry',
  BLOB_UPLOAD_UNKNOWN: 'blob upload unknown to registry',
  DIGEST_INVALID: 'provided digest did not match uploaded content',
  MANIFEST_BLOB_UNKNOWN: 'blob unknown to registry',
  MANIFEST_INVALID: 'manifest invalid',
  MANIFEST_UNKNOWN: 'manifest unknown',
  NAME_INVALID: 'invalid repository name',
  NAME_UNKNOWN: 'repository name not known to registry',
  TAG_INVALID: 'manifest tag did not match URI',
  UNAUTHORIZED: 'authentication required',
  DENIED: 'requested access to the resource is denied',
  UNSUPPORTED: 'The operation is unsupported.',
  TOOMANYREQUESTS: 'You have reached your unauthenticated pull rate limit. https://www.docker.com/increase-rate-limit',
};

export class RegistryHost {
  /** Manifest pulls per six hours, as Docker Hub counts them (ratelimit-* headers). */
  readonly pulls = new RequestBudget(200, 21_600);

  constructor(
    private readonly store: FakeDockerHubStore,
    private readonly baseUrl: () => string,
  ) {}

  handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const url = new URL(request.url ?? '/', 'http://registry');
    response.setHeader('Docker-Distribution-Api-Version', 'registry/2.0');
    if (url.pathname === '/token' && request.method === 'GET') return this.token(request, response, url);
    if (url.pathname === '/v2/' || url.pathname === '/v2') {
      if (request.method !== 'GET' && request.method !== 'HEAD') return this.error(response, 405, 'UNSUPPORTED');
      if (!this.tokenOf(request)) return this.challenge(response, null, 'UNAUTHORIZED');
      return sendJson(response, 200, {});
    }
    const match = ROUTE.exec(url.pathname);
    if (!match) return this.error(response, 404, 'NAME_UNKNOWN');
    const [, name, , uploadId, blobDigest, reference] = match;
    const method = request.method ?? 'GET';
    const needs = method === 'GET' || method === 'HEAD' ? 'pull' : 'push';
    const granted = this.tokenOf(request);
    if (!granted) return this.challenge(response, `repository:${name}:${needs === 'pull' ? 'pull' : 'pull,push'}`, 'UNAUTHORIZED');
    if (!granted.access.get(name)?.has(needs)) {
      return this.challenge(response, `repository:${name}:${needs === 'pull' ? 'pull' : 'pull,push'}`, granted.username ? 'DENIED' : 'UNAUTHORIZED', true);
    }

    if (uploadId !== undefined) return this.upload(request, response, url, name, uploadId);
    if (blobDigest !== undefined) return this.blob(request, response, name, blobDigest);
    if (reference !== undefined) return this.manifest(request, response, name, decodeURIComponent(reference));
    return this.tagsList(request, response, url, name);
  };

  private async token(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
    const service = url.searchParams.get('service');
    if (service !== REGISTRY_SERVICE) return this.error(response, 400, 'UNSUPPORTED', `unknown service ${service ?? ''}`.trim());
    const credentials = basicCredentials(request);
    const account = credentials ? this.store.authenticate(credentials.username, credentials.secret) : null;
    if (credentials && !account) return this.error(response, 401, 'UNAUTHORIZED', 'incorrect username or password');
    const access = new Map<string, Set<string>>();
    for (const scope of url.searchParams.getAll('scope')) {
      const parsed = /^repository:([^:]+):([a-z,*]+)$/.exec(scope);
      if (!parsed) continue;
      const [, name, actions] = parsed;
      const allowed = this.allowedActions(account, name);
      const granted = new Set(actions.split(',').filter((action) => allowed.has(action)));
      if (granted.size) access.set(name, granted);
    }
    const token = await this.store.issueRegistryToken(account?.username ?? null, access);
    sendJson(response, 200, { token, access_token: token, expires_in: TOKEN_LIFETIME_SECONDS, issued_at: new Date().toISOString() });
  }

  /**
   * Anyone pulls a public repository that exists; only its owner pushes (with a token that may write), and may pull
   * it before it exists. The token service grants what it may and leaves the rest out, as Docker Hub's does.
   */
  private allowedActions(account: Account | null, name: string): Set<string> {
    const namespace = name.split('/')[0];
    if (account && namespace === account.username) return new Set(account.access === 'read' ? ['pull'] : ['pull', 'push']);
    return this.store.repository(name) ? new Set(['pull']) : new Set();
  }

  private async upload(request: IncomingMessage, response: ServerResponse, url: URL, name: string, uploadId: string): Promise<void> {
    const method = request.method;
    if (uploadId === '') {
      if (method !== 'POST') return this.error(response, 405, 'UNSUPPORTED');
      const repository = this.store.ensureRepository(name);
      const mount = url.searchParams.get('mount');
      const from = url.searchParams.get('from');
      if (mount && from && this.store.repository(from)?.blobs.has(mount) && this.tokenOf(request)?.access.get(from)?.has('pull')) {
        repository.blobs.add(mount);
        return this.created(response, name, mount);
      }
      const digest = url.searchParams.get('digest');
      if (digest) return this.finish(response, repository, await readBody(request), digest);
      const id = randomUUID();
      this.store.uploads.set(id, { repository: name, chunks: [] });
      response.writeHead(202, { Location: `/v2/${name}/blobs/uploads/${id}`, 'Docker-Upload-UUID': id, Range: '0-0', 'Content-Length': '0' });
      return void response.end();
    }
    const upload = this.store.uploads.get(uploadId);
    if (!upload || upload.repository !== name) return this.error(response, 404, 'BLOB_UPLOAD_UNKNOWN');
    if (method === 'PATCH') {
      upload.chunks.push(await readBody(request));
      const size = upload.chunks.reduce((sum, chunk) => sum + chunk.length, 0);
      response.writeHead(202, { Location: `/v2/${name}/blobs/uploads/${uploadId}`, 'Docker-Upload-UUID': uploadId, Range: `0-${Math.max(size - 1, 0)}`, 'Content-Length': '0' });
      return void response.end();
    }
    if (method === 'PUT') {
      const digest = url.searchParams.get('digest') ?? '';
      const bytes = Buffer.concat([...upload.chunks, await readBody(request)]);
      this.store.uploads.delete(uploadId);
      return this.finish(response, this.store.ensureRepository(name), bytes, digest);
    }
    if (method === 'DELETE') {
      this.store.uploads.delete(uploadId);
      response.writeHead(204);
      return void response.end();
    }
    return this.error(response, 405, 'UNSUPPORTED');
  }

  private finish(response: ServerResponse, repository: StoredRepository, bytes: Buffer, digest: string): void {
    if (!DIGEST.test(digest) || sha256(bytes) !== digest) return this.error(response, 400, 'DIGEST_INVALID', undefined, {}, { Digest: digest });
    this.store.blobs.set(digest, bytes);
    repository.blobs.add(digest);
    return this.created(response, `${repository.namespace}/${repository.name}`, digest);
  }

  private created(response: ServerResponse, name: string, digest: string): void {
    response.writeHead(201, { Location: `/v2/${name}/blobs/${digest}`, 'Docker-Content-Digest': digest, 'Content-Length': '0' });
    response.end();
  }

  private blob(request: IncomingMessage, response: ServerResponse, name: string, digest: string): void {
    const method = request.method;
    if (method === 'DELETE') return this.error(response, 405, 'UNSUPPORTED');
    if (method !== 'GET' && method !== 'HEAD') return this.error(response, 405, 'UNSUPPORTED');
    if (!DIGEST.test(digest)) return this.error(response, 400, 'DIGEST_INVALID');
    const bytes = this.store.repository(name)?.blobs.has(digest) ? this.store.blobs.get(digest) : undefined;
    if (!bytes) return this.error(response, 404, 'BLOB_UNKNOWN', undefined, {}, { Digest: digest });
    response.writeHead(200, { 'Content-Type': 'application/octet-stream', 'Content-Length': String(bytes.length), 'Docker-Content-Digest': digest });
    response.end(method === 'HEAD' ? undefined : bytes);
  }

  private async manifest(request: IncomingMessage, response: ServerResponse, name: string, reference: string): Promise<void> {
    const byDigest = reference.startsWith('sha256:');
    if (byDigest ? !DIGEST.test(reference) : !TAG.test(reference)) return this.error(response, 400, byDigest ? 'DIGEST_INVALID' : 'TAG_INVALID');
    switch (request.method) {
      case 'PUT':
        return this.putManifest(request, response, name, reference, byDigest);
      case 'GET':
      case 'HEAD': {
        // Docker Hub counts GETs of manifests as pulls; HEADs are free.
        if (request.method === 'GET' && !this.pulls.take()) return this.error(response, 429, 'TOOMANYREQUESTS', undefined, this.pullHeaders());
        const repository = this.store.repository(name);
        if (!repository) return this.error(response, 404, 'NAME_UNKNOWN', undefined, this.pullHeaders(), { name });
        const digest = byDigest ? reference : repository.tags.get(reference)?.digest;
        const manifest = digest && repository.manifests.get(digest);
        if (!digest || !manifest) return this.error(response, 404, 'MANIFEST_UNKNOWN', undefined, this.pullHeaders(), byDigest ? { Digest: reference } : { Tag: reference });
        response.writeHead(200, { 'Content-Type': manifest.mediaType, 'Content-Length': String(manifest.body.length), 'Docker-Content-Digest': digest, ETag: `"${digest}"`, ...this.pullHeaders() });
        return void response.end(request.method === 'HEAD' ? undefined : manifest.body);
      }
      case 'DELETE': {
        if (!byDigest) return this.error(response, 400, 'UNSUPPORTED', 'deleting a manifest by tag is not supported; delete it by digest');
        const repository = this.store.repository(name);
        if (!repository?.manifests.has(reference)) return this.error(response, 404, 'MANIFEST_UNKNOWN', undefined, {}, { Digest: reference });
        for (const [tag, entry] of [...repository.tags]) if (entry.digest === reference) repository.tags.delete(tag);
        repository.manifests.delete(reference);
        response.writeHead(202, { 'Content-Length': '0' });
        return void response.end();
      }
      default:
        return this.error(response, 405, 'UNSUPPORTED');
    }
  }

  private async putManifest(request: IncomingMessage, response: ServerResponse, name: string, reference: string, byDigest: boolean): Promise<void> {
    const mediaType = (request.headers['content-type'] ?? '').split(';')[0].trim();
    const body = await readBody(request);
    const digest = sha256(body);
    if (byDigest && digest !== reference) return this.error(response, 400, 'DIGEST_INVALID');
    let parsed: { mediaType?: string; schemaVersion?: number; config?: { digest?: string }; layers?: { digest?: string; size?: number }[]; manifests?: unknown[] };
    try {
      parsed = JSON.parse(body.toString('utf8'));
    } catch {
      return this.error(response, 400, 'MANIFEST_INVALID', 'manifest is not valid JSON');
    }
    if (!MANIFEST_MEDIA_TYPES.includes(mediaType) || (parsed.mediaType && parsed.mediaType !== mediaType) || parsed.schemaVersion !== 2) {
      return this.error(response, 400, 'MANIFEST_INVALID', `unsupported or mismatched manifest media type ${mediaType}`);
    }
    const repository = this.store.ensureRepository(name);
    const references = [parsed.config?.digest, ...(parsed.layers ?? []).map((layer) => layer.digest)].filter((entry): entry is string => typeof entry === 'string');
    if (!parsed.manifests && (!parsed.config?.digest || !Array.isArray(parsed.layers))) return this.error(response, 400, 'MANIFEST_INVALID', 'manifest needs a config and layers');
    const unknown = references.find((blob) => !repository.blobs.has(blob));
    if (unknown) return this.error(response, 400, 'MANIFEST_BLOB_UNKNOWN', undefined, {}, { Digest: unknown });
    const layersSize = (parsed.layers ?? []).reduce((sum, layer) => sum + (layer.size ?? 0), 0);
    repository.manifests.set(digest, { body, mediaType, references, layersSize, pushedAt: new Date() });
    if (!byDigest) {
      const account = this.store.accounts.get(this.tokenOf(request)?.username ?? '');
      const previous = repository.tags.get(reference);
      repository.tags.set(reference, { digest, lastUpdated: new Date(), id: previous?.id ?? this.store.nextTagId(), updaterId: account?.id ?? 0 });
      if (previous && previous.digest !== digest) this.store.collect();
    }
    response.writeHead(201, { Location: `/v2/${name}/manifests/${digest}`, 'Docker-Content-Digest': digest, 'Content-Length': '0' });
    response.end();
  }

  private tagsList(request: IncomingMessage, response: ServerResponse, url: URL, name: string): void {
    if (request.method !== 'GET') return this.error(response, 405, 'UNSUPPORTED');
    const repository = this.store.repository(name);
    if (!repository) return this.error(response, 404, 'NAME_UNKNOWN', undefined, {}, { name });
    const all = [...repository.tags.keys()].sort();
    const last = url.searchParams.get('last');
    const n = Number(url.searchParams.get('n') ?? all.length);
    const rest = last ? all.filter((tag) => tag > last) : all;
    const page = rest.slice(0, Math.max(0, n));
    const headers: Record<string, string> = {};
    if (page.length < rest.length) headers.Link = `</v2/${name}/tags/list?n=${n}&last=${encodeURIComponent(page[page.length - 1])}>; rel="next"`;
    sendJson(response, 200, { name, tags: page }, headers);
  }

  private tokenOf(request: IncomingMessage) {
    const token = bearerToken(request);
    return token ? this.store.registryToken(token) : null;
  }

  private challenge(response: ServerResponse, scope: string | null, code: 'UNAUTHORIZED' | 'DENIED', insufficient = false): void {
    const parts = [`realm="${this.baseUrl()}/token"`, `service="${REGISTRY_SERVICE}"`];
    if (scope) parts.push(`scope="${scope}"`);
    if (insufficient) parts.push('error="insufficient_scope"');
    const detail = scope ? scope.split(':').slice(2).join(':').split(',').map((action) => ({ Type: 'repository', Class: '', Name: scope.split(':')[1], Action: action })) : null;
    this.error(response, 401, code, undefined, { 'WWW-Authenticate': `Bearer ${parts.join(',')}` }, detail);
  }

  private pullHeaders(): Record<string, string> {
    return { 'ratelimit-limit': `${this.pulls.limit};w=${this.pulls.window}`, 'ratelimit-remaining': `${Math.max(0, this.pulls.left)};w=${this.pulls.window}`, 'docker-ratelimit-source': '127.0.0.1' };
  }

  private error(response: ServerResponse, status: number, code: ErrorCode, message?: string, headers: Record<string, string> = {}, detail: unknown = null): void {
    sendJson(response, status, { errors: [{ code, message: message ?? MESSAGES[code], detail }] }, headers);
  }
}
