import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, openAsBlob } from 'node:fs';
import { open, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { artifactFileMissing, invalidProviderName } from '../providers.errors.js';
import { DEFAULT_ANSWER_TIMEOUT_MS, fetchWithin, noAnswer } from '../upstream.js';
import { ensurePrivateDir } from '../private-dir.js';
import {
  dockerHubBadCredentials,
  dockerHubDenied,
  dockerHubFailed,
  dockerHubForeignAuthHost,
  dockerHubRateLimited,
  dockerHubReadOnly,
  dockerHubUnreachable,
} from './dockerhub.errors.js';
import type { Artifact, ImageRef, Registry } from './registry.port.js';

export const DEFAULT_HUB_URL = 'https://hub.docker.com';
export const DEFAULT_REGISTRY_URL = 'https://registry-1.docker.io';
/** Where registry-1.docker.io sends clients for their bearer tokens. */
const DOCKER_AUTH_ORIGIN = 'https://auth.docker.io';

const OCI_MANIFEST = 'application/vnd.oci.image.manifest.v1+json';
const OCI_INDEX = 'application/vnd.oci.image.index.v1+json';
const DOCKER_MANIFEST = 'application/vnd.docker.distribution.manifest.v2+json';
const DOCKER_MANIFEST_LIST = 'application/vnd.docker.distribution.manifest.list.v2+json';
const OCI_CONFIG = 'application/vnd.oci.image.config.v1+json';
const GZIP_LAYER = 'application/vnd.oci.image.layer.v1.tar+gzip';
const TAR_LAYER = 'application/vnd.oci.image.layer.v1.tar';
const CREATED = 'org.opencontainers.image.created';

/** Docker Hub's repository names: '<namespace>/<name>', lowercase path components. */
const COMPONENT = /^[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*$/;
const TAG = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,127}$/;
const DIGEST = /^sha256:([a-f0-9]{64})$/;
const HUB_PAGE_SIZE = 100;
const MANIFEST_CACHE_SIZE = 500;
/** Refresh tokens this long before they expire. */
const TOKEN_MARGIN_MS = 30_000;

export interface DockerHubRegistryOptions {
  username: string;
  /** A personal access token (or password); sent only to the Hub API, the registry and its token service. */
  token: string;
  hubUrl?: string;
  registryUrl?: string;
  /** Where localPath keeps the layers it downloads (default: a directory under the system's temporary one). */
  cacheDir?: string;
  /** How long the Hub or the registry has to answer each request before it counts as unreachable (default DEFAULT_ANSWER_TIMEOUT_MS). */
  answerTimeoutMs?: number;
}

interface Manifest {
  mediaType?: string;
  config?: { digest: string; size: number };
  layers?: { digest: string; size: number; mediaType?: string }[];
  manifests?: { digest: string; mediaType?: string; platform?: { os?: string; architecture?: string } }[];
  annotations?: Record<string, string>;
}

interface Challenge {
  realm: string;
  service: string;
}

/**
 * Docker Hub as the registry: an artifact is an OCI image whose single layer is the artifact's bytes, pushed through
 * the registry API (registry-1.docker.io) with the bearer token its challenge points to; tags and repositories are
 * listed and deleted through the Hub API (hub.docker.com), which the registry API does not offer on Docker Hub.
 *
 * An artifact's digest is its layer's digest (the sha256 of the pushed file) and its createdAt the manifest's
 * org.opencontainers.image.created annotation, so find() answers what push() answered. Images Slipway did not push
 * (the cloud builder's multi-layer images) are answered with their manifest digest and the sum of their layers.
 */
export class DockerHubRegistry implements Registry {
  readonly kind = 'dockerhub' as const;
  private readonly username: string;
  private readonly token: string;
  private readonly hubUrl: URL;
  private readonly registryUrl: URL;
  private readonly cacheDir: string;
  private readonly answerTimeoutMs: number;
  private challenge: Challenge | null = null;
  private readonly registryTokens = new Map<string, { token: string; expiresAt: number }>();
  private hubToken: { token: string; expiresAt: number } | null = null;
  /** Manifests read, by digest (content-addressed, so never stale). */
  private readonly manifests = new Map<string, Manifest>();

  constructor(options: DockerHubRegistryOptions) {
    this.username = options.username;
    this.token = options.token;
    this.hubUrl = new URL(options.hubUrl ?? DEFAULT_HUB_URL);
    this.registryUrl = new URL(options.registryUrl ?? DEFAULT_REGISTRY_URL);
    this.cacheDir = options.cacheDir ?? path.join(tmpdir(), 'slipway-dockerhub-layers');
    this.answerTimeoutMs = options.answerTimeoutMs ?? DEFAULT_ANSWER_TIMEOUT_MS;
  }

  /**
   * Checks the username and token against the Hub API and the registry's token service, and that the token may push
   * to the user's namespace (Docker Hub's token service quietly grants less than asked for a read-only token).
   */
  async validateAccess(): Promise<void> {
    this.hubToken = null;
    await this.hubBearer();
    const name = `${this.username.toLowerCase()}/slipway`;
    const granted = grantedActions(await this.registryBearer(scopeOf(name), true), name);
    if (granted && !granted.includes('push')) throw dockerHubReadOnly(this.username);
  }

  async push(image: ImageRef, file: string): Promise<Artifact> {
    const name = repositoryName(image.repository);
    const tag = tagName(image.tag);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) throw artifactFileMissing();
    const layer = await describeLayer(file);
    const existing = await this.find(image);
    if (existing?.digest === layer.digest) return existing;

    const createdAt = new Date();
    await this.uploadBlob(name, layer.digest, () => openAsBlob(file));
    const config = Buffer.from(
      JSON.stringify({
        created: createdAt.toISOString(),
        architecture: 'amd64',
        os: 'linux',
        config: {},
        rootfs: { type: 'layers', diff_ids: [layer.diffId] },
        history: [{ created: createdAt.toISOString(), created_by: 'slipway: artifact layer' }],
      }),
    );
    const configDigest = sha256(config);
    await this.uploadBlob(name, configDigest, async () => new Blob([config]));
    const manifest = Buffer.from(
      JSON.stringify({
        schemaVersion: 2,
        mediaType: OCI_MANIFEST,
        config: { mediaType: OCI_CONFIG, digest: configDigest, size: config.length },
        layers: [{ mediaType: layer.mediaType, digest: layer.digest, size: info.size }],
        annotations: { [CREATED]: createdAt.toISOString() },
      }),
    );
    const response = await this.registry(name, `manifests/${tag}`, { method: 'PUT', headers: { 'Content-Type': OCI_MANIFEST }, body: manifest });
    if (response.status !== 201) throw await this.failure(response, `store the manifest of ${name}:${tag}`, name);
    return { repository: image.repository, tag: image.tag, digest: layer.digest, size: info.size, url: this.imageUrl(name, tag), createdAt };
  }

  async find(image: ImageRef): Promise<Artifact | null> {
    return (await this.lookUp(image))?.artifact ?? null;
  }

  /** The artifact a tag names, and whether it is one file (a single-layer image Slipway pushed). */
  private async lookUp(image: ImageRef): Promise<{ artifact: Artifact; oneFile: boolean } | null> {
    const name = repositoryName(image.repository);
    const tag = tagName(image.tag);
    const found = await this.manifest(name, tag);
    if (!found) return null;
    let { manifest } = found;
    if (manifest.manifests) {
      const platform = manifest.manifests.find((entry) => entry.platform?.os && entry.platform.os !== 'unknown') ?? manifest.manifests[0];
      manifest = (platform && (await this.manifest(name, platform.digest))?.manifest) ?? {};
    }
    const layers = manifest.layers ?? [];
    const single = layers.length === 1 && manifest.annotations?.[CREATED];
    const created = manifest.annotations?.[CREATED] ?? (await this.hubTag(name, tag))?.last_updated;
    const artifact = {
      repository: image.repository,
      tag: image.tag,
      digest: single ? layers[0].digest : found.digest,
      size: layers.reduce((sum, layer) => sum + layer.size, 0),
      url: this.imageUrl(name, tag),
      createdAt: created ? new Date(created) : new Date(0),
    };
    return { artifact, oneFile: Boolean(single) };
  }

  async list(repository: string): Promise<Artifact[]> {
    const name = repositoryName(repository);
    const names: string[] = [];
    let next: URL | null = this.hubEndpoint(`/v2/namespaces/${name.replace('/', '/repositories/')}/tags?page_size=${HUB_PAGE_SIZE}`);
    while (next) {
      const response = await this.hub(next, { method: 'GET' });
      if (response.status === 404) return [];
      if (!response.ok) throw await this.failure(response, `list the tags of ${name}`, name);
      const page = (await response.json()) as { next: string | null; results: { name: string }[] };
      names.push(...page.results.map((entry) => entry.name));
      next = page.next ? this.hubEndpoint(page.next) : null;
    }
    const artifacts: Artifact[] = [];
    for (const tag of names) {
      const artifact = await this.find({ repository, tag });
      if (artifact) artifacts.push(artifact);
    }
    return artifacts.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.tag.localeCompare(a.tag));
  }

  /**
   * The artifact's layer, downloaded into the cache, while its tag still names it; null otherwise (and for images
   * Slipway did not push, which are no single file).
   */
  async localPath(artifact: Artifact): Promise<string | null> {
    const hex = DIGEST.exec(artifact.digest)?.[1];
    if (!hex) return null;
    const current = await this.lookUp(artifact);
    if (!current?.oneFile || current.artifact.digest !== artifact.digest) return null;
    const name = repositoryName(artifact.repository);
    const file = path.join(this.cacheDir, hex);
    if (await stat(file).then((entry) => entry.isFile(), () => false)) return file;
    const response = await this.registry(name, `blobs/${artifact.digest}`, { method: 'GET' });
    if (response.status === 404) return null;
    if (!response.ok || !response.body) throw await this.failure(response, `download ${artifact.digest.slice(0, 19)} from ${name}`, name);
    await ensurePrivateDir(this.cacheDir);
    const temporary = `${file}.${randomUUID()}.tmp`;
    const hash = createHash('sha256');
    try {
      const handle = await open(temporary, 'w', 0o600);
      try {
        for await (const chunk of Readable.fromWeb(response.body as import('node:stream/web').ReadableStream<Uint8Array>)) {
          hash.update(chunk as Buffer);
          await handle.write(chunk as Buffer);
        }
      } finally {
        await handle.close();
      }
      if (`sha256:${hash.digest('hex')}` !== artifact.digest) {
        throw dockerHubFailed(`download ${artifact.digest.slice(0, 19)} from ${name}`, 200, 'the bytes received do not match their digest');
      }
      await rename(temporary, file);
      return file;
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async deleteTag(image: ImageRef): Promise<void> {
    const name = repositoryName(image.repository);
    const tag = tagName(image.tag);
    const response = await this.hub(this.hubEndpoint(`/v2/repositories/${name}/tags/${tag}/`), { method: 'DELETE' });
    if (response.status === 404) return;
    if (!response.ok) throw await this.failure(response, `delete the tag ${name}:${tag}`, name);
  }

  async deleteRepository(repository: string): Promise<void> {
    const name = repositoryName(repository);
    const response = await this.hub(this.hubEndpoint(`/v2/repositories/${name}/`), { method: 'DELETE' });
    if (response.status === 404) return;
    if (!response.ok) throw await this.failure(response, `delete the repository ${name}`, name);
    for (const scope of [...this.registryTokens.keys()]) if (scope.startsWith(`repository:${name}:`)) this.registryTokens.delete(scope);
  }

  private imageUrl(name: string, tag: string): string {
    const host = this.registryUrl.origin === DEFAULT_REGISTRY_URL ? 'docker.io' : this.registryUrl.host;
    return `${host}/${name}:${tag}`;
  }

  /**
   * The manifest a tag or digest names and its digest, or null when the repository or the manifest is unknown. A tag
   * is resolved with a HEAD, which Docker Hub does not count as a pull, and manifests are kept by digest (they never
   * change), so listing a repository again spends no pulls on what it already read.
   */
  private async manifest(name: string, reference: string): Promise<{ manifest: Manifest; digest: string } | null> {
    const accept = { Accept: [OCI_MANIFEST, OCI_INDEX, DOCKER_MANIFEST, DOCKER_MANIFEST_LIST].join(', ') };
    let digest = DIGEST.test(reference) ? reference : null;
    if (!digest) {
      const head = await this.registry(name, `manifests/${reference}`, { method: 'HEAD', headers: accept });
      if (head.status === 404) return null;
      if (!head.ok) throw await this.failure(head, `read ${name}:${reference}`, name);
      digest = DIGEST.test(head.headers.get('docker-content-digest') ?? '') ? head.headers.get('docker-content-digest') : null;
    }
    const cached = digest && this.manifests.get(digest);
    if (digest && cached) return { manifest: cached, digest };
    const response = await this.registry(name, `manifests/${digest ?? reference}`, { method: 'GET', headers: accept });
    if (response.status === 404) return null;
    if (!response.ok) throw await this.failure(response, `read ${name}:${reference}`, name);
    const body = Buffer.from(await response.arrayBuffer());
    if (digest && sha256(body) !== digest) throw dockerHubFailed(`read ${name}:${reference}`, response.status, 'the manifest received does not match its digest');
    const manifest = JSON.parse(body.toString('utf8')) as Manifest;
    const known = digest ?? sha256(body);
    if (this.manifests.size >= MANIFEST_CACHE_SIZE) this.manifests.delete(this.manifests.keys().next().value!);
    this.manifests.set(known, manifest);
    return { manifest, digest: known };
  }

  private async hubTag(name: string, tag: string): Promise<{ last_updated: string | null } | null> {
    const response = await this.hub(this.hubEndpoint(`/v2/namespaces/${name.replace('/', '/repositories/')}/tags/${tag}`), { method: 'GET' });
    if (response.status === 404) return null;
    if (!response.ok) throw await this.failure(response, `read the tag ${name}:${tag}`, name);
    return (await response.json()) as { last_updated: string | null };
  }

  /** Uploads a blob unless the repository holds it already (POST an upload, then PUT its bytes with their digest). */
  private async uploadBlob(name: string, digest: string, bytes: () => Promise<Blob>): Promise<void> {
    const head = await this.registry(name, `blobs/${digest}`, { method: 'HEAD' });
    if (head.ok) return;
    const started = await this.registry(name, 'blobs/uploads/', { method: 'POST' });
    const location = started.headers.get('location');
    if (started.status !== 202 || !location) throw await this.failure(started, `start an upload to ${name}`, name);
    const target = new URL(location, this.registryUrl);
    if (target.origin !== this.registryUrl.origin) throw dockerHubForeignAuthHost(target.host);
    target.searchParams.set('digest', digest);
    const body = await bytes();
    const done = await this.send(target, { method: 'PUT', headers: { 'Content-Type': 'application/octet-stream' }, body }, `Bearer ${await this.registryBearer(scopeOf(name))}`);
    if (done.status !== 201) throw await this.failure(done, `upload a blob to ${name}`, name);
  }

  /** A registry API request with the repository's bearer token, fetched again once when the registry refuses it. */
  private async registry(name: string, suffix: string, init: RequestInit): Promise<Response> {
    const url = new URL(`/v2/${name}/${suffix}`, this.registryUrl);
    const scope = scopeOf(name);
    let response = await this.send(url, init, `Bearer ${await this.registryBearer(scope)}`);
    if (response.status === 401 && !/insufficient_scope/.test(response.headers.get('www-authenticate') ?? '')) {
      await response.body?.cancel();
      this.registryTokens.delete(scope);
      response = await this.send(url, init, `Bearer ${await this.registryBearer(scope)}`);
    }
    return response;
  }

  /** A Hub API request with the Hub token, fetched again once when it expired. */
  private async hub(url: URL, init: RequestInit): Promise<Response> {
    let response = await this.send(url, init, `Bearer ${await this.hubBearer()}`);
    if (response.status === 401) {
      await response.body?.cancel();
      this.hubToken = null;
      response = await this.send(url, init, `Bearer ${await this.hubBearer()}`);
    }
    if (response.status === 429) throw dockerHubRateLimited(retryAt(response));
    return response;
  }

  private async hubBearer(): Promise<string> {
    if (this.hubToken && this.hubToken.expiresAt > Date.now()) return this.hubToken.token;
    const response = await this.send(this.hubEndpoint('/v2/auth/token'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ identifier: this.username, secret: this.token }),
    });
    if (response.status === 401 || response.status === 403) throw dockerHubBadCredentials(this.username);
    if (response.status === 429) throw dockerHubRateLimited(retryAt(response));
    if (!response.ok) throw await this.failure(response, 'sign in', null);
    const { access_token: token } = (await response.json()) as { access_token: string };
    // Docker Hub's access tokens last ten minutes.
    this.hubToken = { token, expiresAt: Date.now() + 10 * 60_000 - TOKEN_MARGIN_MS };
    return token;
  }

  /** A registry bearer token for scope from the token service the registry's challenge names. */
  private async registryBearer(scope: string, fresh = false): Promise<string> {
    const cached = this.registryTokens.get(scope);
    if (!fresh && cached && cached.expiresAt > Date.now()) return cached.token;
    const challenge = await this.discoverChallenge();
    const realm = new URL(challenge.realm);
    if (!this.mayReceiveCredentials(realm)) throw dockerHubForeignAuthHost(realm.host);
    realm.searchParams.set('service', challenge.service);
    realm.searchParams.set('scope', scope);
    const basic = Buffer.from(`${this.username}:${this.token}`).toString('base64');
    const response = await this.send(realm, { method: 'GET' }, `Basic ${basic}`);
    if (response.status === 401 || response.status === 403) throw dockerHubBadCredentials(this.username);
    if (response.status === 429) throw dockerHubRateLimited(retryAt(response));
    if (!response.ok) throw await this.failure(response, 'issue a registry token', null);
    const body = (await response.json()) as { token?: string; access_token?: string; expires_in?: number };
    const token = body.token ?? body.access_token ?? '';
    this.registryTokens.set(scope, { token, expiresAt: Date.now() + (body.expires_in ?? 60) * 1000 - TOKEN_MARGIN_MS });
    return token;
  }

  /** GET /v2/ answers 401 with where to get a token (the registry spec's challenge). */
  private async discoverChallenge(): Promise<Challenge> {
    if (this.challenge) return this.challenge;
    const response = await this.send(new URL('/v2/', this.registryUrl), { method: 'GET' });
    await response.body?.cancel();
    const header = response.headers.get('www-authenticate') ?? '';
    const realm = /realm="([^"]+)"/.exec(header)?.[1];
    const service = /service="([^"]+)"/.exec(header)?.[1];
    if (response.status !== 401 || !/^Bearer\s/i.test(header) || !realm || !service) {
      throw dockerHubFailed('announce its token service', response.status, 'no Bearer challenge on /v2/');
    }
    this.challenge = { realm, service };
    return this.challenge;
  }

  /** The registry itself, or Docker Hub's token service when the registry is Docker Hub's own. */
  private mayReceiveCredentials(url: URL): boolean {
    if (url.origin === this.registryUrl.origin) return true;
    return this.registryUrl.origin === DEFAULT_REGISTRY_URL && url.origin === DOCKER_AUTH_ORIGIN;
  }

  private hubEndpoint(pathOrUrl: string): URL {
    const url = new URL(pathOrUrl, this.hubUrl);
    // A page link elsewhere would carry the Hub token there.
    if (url.origin !== this.hubUrl.origin) throw dockerHubForeignAuthHost(url.host);
    return url;
  }

  /**
   * One HTTP request. Credentials go only to the origin they were asked for (callers pass configured hosts):
   * redirects are followed by hand, and without them once they leave that origin (Docker Hub sends blob downloads to
   * its CDN).
   */
  private async send(url: URL, init: RequestInit, authorization?: string): Promise<Response> {
    let target = url;
    for (let hops = 0; hops < 5; hops += 1) {
      const headers = new Headers(init.headers);
      if (authorization && target.origin === url.origin) headers.set('Authorization', authorization);
      let response: Response;
      try {
        // An upload's bytes go out before the answer can come: they get time of their own (100 kB/s at worst).
        const timeoutMs = this.answerTimeoutMs + (init.body instanceof Blob ? Math.ceil(init.body.size / 100) : 0);
        response = await fetchWithin(timeoutMs, target, { ...init, headers, redirect: 'manual' });
      } catch (error) {
        throw dockerHubUnreachable(target, init.method ?? 'GET', noAnswer(error) ?? 'the request failed');
      }
      const location = response.headers.get('location');
      if (![301, 302, 303, 307, 308].includes(response.status) || !location) return response;
      await response.body?.cancel();
      target = new URL(location, target);
    }
    throw dockerHubFailed('answer', 310, 'too many redirects');
  }

  /** The error a failed response means, with the registry's or the Hub's own message and never a credential. */
  private async failure(response: Response, what: string, name: string | null): Promise<Error> {
    const text = await response.text().catch(() => '');
    let code = '';
    let message = '';
    try {
      const body = JSON.parse(text) as { errors?: { code?: string; message?: string }[]; message?: string; detail?: string };
      code = body.errors?.[0]?.code ?? '';
      message = body.errors?.[0]?.message ?? body.message ?? body.detail ?? '';
    } catch {
      message = '';
    }
    if (response.status === 429 || code === 'TOOMANYREQUESTS') return dockerHubRateLimited(retryAt(response));
    if (name && (code === 'DENIED' || response.status === 403 || (response.status === 401 && /insufficient_scope/.test(response.headers.get('www-authenticate') ?? '')))) {
      // The bearer token was granted less than needed: the next attempt asks again (the token may have more access by then).
      this.registryTokens.delete(scopeOf(name));
      // In the account's own namespace nothing but the token's access refuses it: the token is read-only.
      return name.split('/')[0] === this.username.toLowerCase() ? dockerHubReadOnly(this.username) : dockerHubDenied(name, this.username);
    }
    if (response.status === 401) return dockerHubBadCredentials(this.username);
    const detail = [code, message].filter(Boolean).join(' ');
    return dockerHubFailed(what, response.status, this.token ? detail.split(this.token).join('***') : detail);
  }
}

function repositoryName(repository: string): string {
  const parts = typeof repository === 'string' ? repository.split('/') : [];
  if (parts.length !== 2 || !parts.every((part) => part.length <= 255 && COMPONENT.test(part))) {
    throw invalidProviderName('repository name', String(repository));
  }
  return repository;
}

function tagName(tag: string): string {
  if (typeof tag !== 'string' || !TAG.test(tag)) throw invalidProviderName('tag', String(tag));
  return tag;
}

/** The actions a registry token's `access` claim grants on a repository, or null when the token is no readable JWT. */
function grantedActions(token: string, name: string): string[] | null {
  try {
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { access?: { type: string; name: string; actions: string[] }[] };
    if (!Array.isArray(claims.access)) return null;
    return claims.access.filter((entry) => entry.type === 'repository' && entry.name === name).flatMap((entry) => entry.actions);
  } catch {
    return null;
  }
}

const scopeOf = (name: string) => `repository:${name}:pull,push`;

const sha256 = (bytes: Buffer) => `sha256:${createHash('sha256').update(bytes).digest('hex')}`;

/** When a 429 says to come back: the Hub's X-Retry-After (a unix time) or a Retry-After in seconds. */
function retryAt(response: Response): Date | null {
  const hub = Number(response.headers.get('x-retry-after'));
  if (Number.isFinite(hub) && hub > 0) return new Date(hub * 1000);
  const seconds = Number(response.headers.get('retry-after'));
  return Number.isFinite(seconds) && seconds > 0 ? new Date(Date.now() + seconds * 1000) : null;
}

/**
 * The layer's digest, its media type and its diff id (the digest of the uncompressed tar, which an image config
 * lists): a gzip file is a tar+gzip layer; anything else is stored as an uncompressed layer, whose diff id is its
 * own digest.
 */
async function describeLayer(file: string): Promise<{ digest: string; diffId: string; mediaType: string }> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  const digest = `sha256:${hash.digest('hex')}`;
  const head = Buffer.alloc(2);
  const handle = await open(file, 'r');
  await handle.read(head, 0, 2, 0).finally(() => handle.close());
  if (head[0] === 0x1f && head[1] === 0x8b) {
    const uncompressed = createHash('sha256');
    const ok = await pipeline(createReadStream(file), createGunzip(), uncompressed).then(
      () => true,
      () => false,
    );
    if (ok) return { digest, diffId: `sha256:${uncompressed.digest('hex')}`, mediaType: GZIP_LAYER };
  }
  return { digest, diffId: digest, mediaType: TAR_LAYER };
}
