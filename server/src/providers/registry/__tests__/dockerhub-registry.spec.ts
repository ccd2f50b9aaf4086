import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeDockerHub, type FakeDockerHub } from '../../../../fakes/dockerhub/fake-dockerhub.js';
import { ErrorCode } from '../../../common/app-error.js';
import { DockerHubRegistry } from '../dockerhub-registry.js';
import { registryContract } from './registry.contract.js';

const TOKEN = 'dckr_pat_acme-canary-0123456789';

registryContract('Docker Hub (fake)', async () => {
  const hub = await startFakeDockerHub({ users: { acme: TOKEN } });
  const cacheDir = await mkdtemp(path.join(tmpdir(), 'slipway-dockerhub-cache-'));
  return {
    registry: new DockerHubRegistry({ username: 'acme', token: TOKEN, hubUrl: hub.hubUrl, registryUrl: hub.registryUrl, cacheDir }),
    cleanup: async () => {
      await hub.close();
      await rm(cacheDir, { recursive: true, force: true });
    },
  };
});

describe('DockerHubRegistry against the fake Docker Hub', () => {
  let hub: FakeDockerHub;
  let dir: string;
  const adapter = (username = 'acme', token = TOKEN) =>
    new DockerHubRegistry({ username, token, hubUrl: hub.hubUrl, registryUrl: hub.registryUrl, cacheDir: path.join(dir, 'cache') });

  async function file(bytes: Buffer): Promise<string> {
    const target = path.join(dir, `${randomBytes(6).toString('hex')}.tar.gz`);
    await writeFile(target, bytes);
    return target;
  }

  beforeAll(async () => {
    hub = await startFakeDockerHub({ users: { acme: TOKEN, other: 'dckr_pat_other' } });
    dir = await mkdtemp(path.join(tmpdir(), 'slipway-dockerhub-spec-'));
  });

  afterAll(async () => {
    await hub.close();
    await rm(dir, { recursive: true, force: true });
  });

  const registryToken = (username: string, secret: string, name: string) => tokenFrom(hub, username, secret, name);

  afterEach(() => hub.setRateLimit({ hub: 180, registryPulls: 200 }));

  it('validates good credentials and refuses bad ones with a clear error that never holds the token', async () => {
    await expect(adapter().validateAccess()).resolves.toBeUndefined();
    const wrong = 'dckr_pat_wrong-canary-987654321';
    const error = await adapter('acme', wrong).validateAccess().catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: ErrorCode.Unauthenticated, message: expect.stringMatching(/Docker Hub rejected the credentials of "acme"/) });
    expect(JSON.stringify(error) + String(error) + (error as Error).stack).not.toContain(wrong);
    const push = await adapter('acme', wrong)
      .push({ repository: 'acme/app', tag: 'v1' }, await file(randomBytes(16)))
      .catch((caught: unknown) => caught);
    expect(push).toMatchObject({ code: ErrorCode.Unauthenticated });
    expect(String(push) + (push as Error).stack).not.toContain(wrong);
  });

  it('tells a token that cannot push or delete from one that can', async () => {
    hub.addUser('reader', 'dckr_pat_reader', 'read');
    hub.addUser('writer', 'dckr_pat_writer', 'write');
    await expect(adapter('reader', 'dckr_pat_reader').validateAccess()).rejects.toMatchObject({
      code: ErrorCode.Forbidden,
      reason: 'DOCKERHUB_TOKEN_READ_ONLY',
      message: expect.stringContaining('cannot push images'),
    });
    await expect(adapter('reader', 'dckr_pat_reader').push({ repository: 'reader/app', tag: 'v1' }, await file(randomBytes(8)))).rejects.toMatchObject({
      code: ErrorCode.Forbidden,
    });
    const writer = adapter('writer', 'dckr_pat_writer');
    await writer.validateAccess();
    const pushed = await writer.push({ repository: 'writer/app', tag: 'v1' }, await file(randomBytes(8)));
    await expect(writer.deleteRepository('writer/app')).rejects.toMatchObject({ code: ErrorCode.Forbidden });
    expect(await writer.find({ repository: 'writer/app', tag: 'v1' })).toEqual(pushed);
  });

  it('names the image docker.io/... with the default registry and host:port/... otherwise', async () => {
    const artifact = await adapter().push({ repository: 'acme/named', tag: 'v1' }, await file(randomBytes(32)));
    expect(artifact.url).toBe(`${new URL(hub.registryUrl).host}/acme/named:v1`);
  });

  it('refuses to push into someone else\'s namespace, and the fake keeps nothing', async () => {
    const error = await adapter()
      .push({ repository: 'other/app', tag: 'v1' }, await file(randomBytes(16)))
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: ErrorCode.Forbidden, message: expect.stringContaining('Docker Hub denied "acme" access to other/app') });
    expect(String(error)).not.toContain(TOKEN);
    expect(await hub.imageFile('docker.io/other/app:v1')).toBeNull();
    await expect(adapter('other', 'dckr_pat_other').deleteRepository('acme/named')).rejects.toMatchObject({ code: ErrorCode.Forbidden });
    expect(await adapter().find({ repository: 'acme/named', tag: 'v1' })).not.toBeNull();
  });

  it('pushes a gzip file as an OCI image whose single layer the fake hands back byte for byte', async () => {
    const bytes = gzipSync(randomBytes(4096));
    const artifact = await adapter().push({ repository: 'acme/pulled', tag: 'v2' }, await file(bytes));
    expect(artifact.digest).toBe(`sha256:${createHash('sha256').update(bytes).digest('hex')}`);
    const pulled = await hub.imageFile(`docker.io/acme/pulled:v2`);
    expect(pulled).not.toBeNull();
    expect(await readFile(pulled!)).toEqual(bytes);
    expect(await readFile((await hub.imageFile(artifact.url))!)).toEqual(bytes);
    expect(await hub.imageFile('docker.io/acme/pulled:v3')).toBeNull();
    expect(await readFile((await adapter().localPath(artifact))!)).toEqual(bytes);

    const token = await registryToken('acme', TOKEN, 'acme/pulled');
    const manifest = await fetch(`${hub.registryUrl}/v2/acme/pulled/manifests/v2`, {
      headers: { Authorization: `Bearer ${token}`, Accept: 'application/vnd.oci.image.manifest.v1+json' },
    });
    expect(manifest.headers.get('content-type')).toBe('application/vnd.oci.image.manifest.v1+json');
    const body = await manifest.json();
    expect(body).toMatchObject({
      schemaVersion: 2,
      config: { mediaType: 'application/vnd.oci.image.config.v1+json' },
      layers: [{ mediaType: 'application/vnd.oci.image.layer.v1.tar+gzip', digest: artifact.digest, size: bytes.length }],
    });
    const config = await fetch(`${hub.registryUrl}/v2/acme/pulled/blobs/${body.config.digest}`, { headers: { Authorization: `Bearer ${token}` } });
    const diffId = `sha256:${createHash('sha256').update(gunzipSync(bytes)).digest('hex')}`;
    expect(await config.json()).toMatchObject({ os: 'linux', rootfs: { type: 'layers', diff_ids: [diffId] } });
  });

  it('turns Docker Hub\'s rate limit into a clear error, and spends no pulls on manifests it already read', async () => {
    const reader = adapter();
    const pushed = await reader.push({ repository: 'acme/limited', tag: 'v1' }, await file(randomBytes(8)));
    expect(await reader.list('acme/limited')).toEqual([pushed]);
    hub.setRateLimit({ registryPulls: 0 });
    expect(await reader.list('acme/limited')).toEqual([pushed]);
    hub.setRateLimit({ registryPulls: 200 });
    hub.setRateLimit({ hub: 0 });
    await expect(adapter().list('acme/limited')).rejects.toMatchObject({ code: ErrorCode.TooManyRequests, message: expect.stringMatching(/rate limit.*try again after/) });
    hub.setRateLimit({ hub: 180, registryPulls: 0 });
    await expect(adapter().find({ repository: 'acme/limited', tag: 'v1' })).rejects.toMatchObject({ code: ErrorCode.TooManyRequests });
  });

  it('never sends credentials to a token service on another host than the registry', async () => {
    const seen: IncomingHttpHeaders[] = [];
    const elsewhere = await serve((request, response) => {
      seen.push(request.headers);
      response.writeHead(200, { 'Content-Type': 'application/json' }).end('{"token":"stolen"}');
    });
    const registry = await serve((_request, response) => {
      response.writeHead(401, { 'WWW-Authenticate': `Bearer realm="${url(elsewhere)}/token",service="registry.docker.io"` }).end();
    });
    try {
      const evil = new DockerHubRegistry({ username: 'acme', token: TOKEN, hubUrl: hub.hubUrl, registryUrl: url(registry) });
      await expect(evil.find({ repository: 'acme/shop', tag: 'v1' })).rejects.toMatchObject({ message: expect.stringContaining('not a configured Docker Hub host') });
      expect(seen).toEqual([]);
    } finally {
      await Promise.all([close(elsewhere), close(registry)]);
    }
  });
});

describe('The fake Docker Hub speaks Docker Hub', () => {
  let hub: FakeDockerHub;
  let dir: string;

  beforeAll(async () => {
    hub = await startFakeDockerHub({ users: { acme: TOKEN } });
    dir = await mkdtemp(path.join(tmpdir(), 'slipway-dockerhub-shapes-'));
    const registry = new DockerHubRegistry({ username: 'acme', token: TOKEN, hubUrl: hub.hubUrl, registryUrl: hub.registryUrl, cacheDir: dir });
    for (const tag of ['v1', 'v2', 'v3']) {
      const target = path.join(dir, `${tag}.tar.gz`);
      await writeFile(target, randomBytes(64));
      await registry.push({ repository: 'acme/shapes', tag }, target);
    }
  });

  afterAll(async () => {
    await hub.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('challenges /v2/ and issues tokens only for good credentials, with the registry error body', async () => {
    const challenge = await fetch(`${hub.registryUrl}/v2/`);
    expect(challenge.status).toBe(401);
    expect(challenge.headers.get('www-authenticate')).toBe(`Bearer realm="${hub.registryUrl}/token",service="registry.docker.io"`);
    expect(await challenge.json()).toEqual({ errors: [{ code: 'UNAUTHORIZED', message: 'authentication required', detail: null }] });

    const wrong = await fetch(`${hub.registryUrl}/token?service=registry.docker.io&scope=repository:acme/shapes:pull,push`, { headers: { Authorization: basic('acme', 'nope') } });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ errors: [{ code: 'UNAUTHORIZED' }] });

    const good = await fetch(`${hub.registryUrl}/token?service=registry.docker.io&scope=repository:acme/shapes:pull,push`, { headers: { Authorization: basic('acme', TOKEN) } });
    const issued = await good.json();
    expect(issued).toEqual({ token: expect.any(String), access_token: issued.token, expires_in: 300, issued_at: expect.any(String) });
    expect(JSON.parse(Buffer.from(issued.token.split('.')[1], 'base64url').toString())).toMatchObject({
      iss: 'auth.docker.io',
      aud: 'registry.docker.io',
      sub: 'acme',
      access: [{ type: 'repository', name: 'acme/shapes', actions: ['pull', 'push'] }],
    });
    const foreign = await fetch(`${hub.registryUrl}/token?service=registry.docker.io&scope=repository:someone/else:pull,push`, { headers: { Authorization: basic('acme', TOKEN) } });
    const { token: foreignToken } = await foreign.json();
    expect(JSON.parse(Buffer.from(foreignToken.split('.')[1], 'base64url').toString()).access).toEqual([]);
    const denied = await fetch(`${hub.registryUrl}/v2/someone/else/blobs/uploads/`, { method: 'POST', headers: { Authorization: `Bearer ${foreignToken}` } });
    expect(denied.status).toBe(401);
    expect(denied.headers.get('www-authenticate')).toContain('error="insufficient_scope"');
    expect(await denied.json()).toMatchObject({ errors: [{ code: 'DENIED', message: 'requested access to the resource is denied' }] });
  });

  it('answers the distribution spec\'s error codes and statuses', async () => {
    const token = await registryToken('acme', TOKEN, 'acme/shapes');
    const auth = { Authorization: `Bearer ${token}` };
    const missingBlob = await fetch(`${hub.registryUrl}/v2/acme/shapes/blobs/sha256:${'0'.repeat(64)}`, { headers: auth });
    expect(missingBlob.status).toBe(404);
    expect((await missingBlob.json()).errors[0].code).toBe('BLOB_UNKNOWN');
    const missingManifest = await fetch(`${hub.registryUrl}/v2/acme/shapes/manifests/v404`, { headers: auth });
    expect(missingManifest.status).toBe(404);
    expect((await missingManifest.json()).errors[0].code).toBe('MANIFEST_UNKNOWN');
    const tokenForNew = await registryToken('acme', TOKEN, 'acme/nothing');
    const unknownName = await fetch(`${hub.registryUrl}/v2/acme/nothing/tags/list`, { headers: { Authorization: `Bearer ${tokenForNew}` } });
    expect(unknownName.status).toBe(404);
    expect((await unknownName.json()).errors[0].code).toBe('NAME_UNKNOWN');

    const upload = await fetch(`${hub.registryUrl}/v2/acme/shapes/blobs/uploads/`, { method: 'POST', headers: auth });
    expect(upload.status).toBe(202);
    const location = new URL(upload.headers.get('location')!, hub.registryUrl);
    location.searchParams.set('digest', `sha256:${'1'.repeat(64)}`);
    const badDigest = await fetch(location, { method: 'PUT', headers: auth, body: 'bytes' });
    expect(badDigest.status).toBe(400);
    expect((await badDigest.json()).errors[0].code).toBe('DIGEST_INVALID');

    const tags = await fetch(`${hub.registryUrl}/v2/acme/shapes/tags/list`, { headers: auth });
    expect(await tags.json()).toEqual({ name: 'acme/shapes', tags: ['v1', 'v2', 'v3'] });
    const head = await fetch(`${hub.registryUrl}/v2/acme/shapes/manifests/v1`, { method: 'HEAD', headers: auth });
    expect(head.headers.get('docker-content-digest')).toMatch(/^sha256:[a-f0-9]{64}$/);
    expect(head.headers.get('ratelimit-limit')).toBe('200;w=21600');
  });

  it('answers the Hub API\'s tag, page and error shapes with rate-limit headers', async () => {
    const login = await fetch(`${hub.hubUrl}/v2/users/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: 'acme', password: TOKEN }) });
    expect(await login.json()).toEqual({ token: expect.any(String) });
    const badLogin = await fetch(`${hub.hubUrl}/v2/users/login`, { method: 'POST', body: JSON.stringify({ username: 'acme', password: 'nope' }) });
    expect(badLogin.status).toBe(401);
    expect(await badLogin.json()).toEqual({ detail: 'Incorrect authentication credentials' });

    const tag = await fetch(`${hub.hubUrl}/v2/namespaces/acme/repositories/shapes/tags/v1`);
    expect(tag.headers.get('x-ratelimit-limit')).toBe('180');
    expect(Number(tag.headers.get('x-ratelimit-remaining'))).toBeGreaterThan(0);
    expect(Number(tag.headers.get('x-ratelimit-reset'))).toBeGreaterThan(Date.now() / 1000);
    expect(await tag.json()).toMatchObject({
      id: expect.any(Number),
      name: 'v1',
      digest: expect.stringMatching(/^sha256:/),
      full_size: 64,
      last_updated: expect.any(String),
      last_updater_username: 'acme',
      repository: expect.any(Number),
      v2: true,
      images: [{ architecture: 'amd64', os: 'linux', digest: expect.stringMatching(/^sha256:/), size: 64, status: 'active' }],
    });
    const old = await fetch(`${hub.hubUrl}/v2/repositories/acme/shapes/tags/v1`);
    expect((await old.json()).name).toBe('v1');

    const page = await (await fetch(`${hub.hubUrl}/v2/namespaces/acme/repositories/shapes/tags?page_size=2`)).json();
    expect(page).toMatchObject({ count: 3, previous: null, next: `${hub.hubUrl}/v2/namespaces/acme/repositories/shapes/tags?page=2&page_size=2` });
    expect(page.results.map((entry: { name: string }) => entry.name)).toEqual(['v3', 'v2']);
    const second = await (await fetch(page.next)).json();
    expect(second).toMatchObject({ count: 3, next: null, previous: expect.stringContaining('page=1') });

    const missing = await fetch(`${hub.hubUrl}/v2/namespaces/acme/repositories/shapes/tags/v404`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: 'object not found', errinfo: {} });
    const anonymousDelete = await fetch(`${hub.hubUrl}/v2/repositories/acme/shapes/`, { method: 'DELETE' });
    expect(anonymousDelete.status).toBe(401);
  });

  it('deletes a tag (204) and a repository (202) through the Hub API, after which they answer 404', async () => {
    const { access_token: jwt } = await (
      await fetch(`${hub.hubUrl}/v2/auth/token`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ identifier: 'acme', secret: TOKEN }) })
    ).json();
    const auth = { Authorization: `Bearer ${jwt}` };
    expect((await fetch(`${hub.hubUrl}/v2/repositories/acme/shapes/tags/v1/`, { method: 'DELETE', headers: auth })).status).toBe(204);
    expect((await fetch(`${hub.hubUrl}/v2/repositories/acme/shapes/tags/v1/`)).status).toBe(404);
    expect((await fetch(`${hub.hubUrl}/v2/repositories/acme/shapes/`, { method: 'DELETE', headers: auth })).status).toBe(202);
    expect((await fetch(`${hub.hubUrl}/v2/namespaces/acme/repositories/shapes/tags`)).status).toBe(404);
    expect(await hub.imageFile('docker.io/acme/shapes:v2')).toBeNull();

    hub.setRateLimit({ hub: 0 });
    const limited = await fetch(`${hub.hubUrl}/v2/namespaces/acme/repositories/shapes/tags`);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('x-retry-after'))).toBeGreaterThan(Date.now() / 1000);
    expect(await limited.json()).toEqual({ detail: 'Rate limit exceeded', error: false });
  });

  const registryToken = (username: string, secret: string, name: string) => tokenFrom(hub, username, secret, name);
});

async function tokenFrom(hub: FakeDockerHub, username: string, secret: string, name: string): Promise<string> {
  const response = await fetch(`${hub.registryUrl}/token?service=registry.docker.io&scope=repository:${name}:pull,push`, { headers: { Authorization: basic(username, secret) } });
  return ((await response.json()) as { token: string }).token;
}

function basic(username: string, secret: string): string {
  return `Basic ${Buffer.from(`${username}:${secret}`).toString('base64')}`;
}

async function serve(handler: Parameters<typeof createServer>[1]): Promise<Server> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

const url = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));
