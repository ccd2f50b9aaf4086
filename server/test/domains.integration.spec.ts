import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../src/common/free-port.js';
import { deployBranch, firstMessage, getPage, greeterServer, waitForRun } from './helpers/project-runs.js';
import { createTestDatabase, registerUser, startTestApp, type TestApp, type TestDatabase } from './helpers/test-app.js';

/**
 * Custom domains: a request whose Host is an environment's domain reaches its app through Slipway's port (HTTP,
 * WebSocket, and HTTPS with an uploaded certificate chosen by SNI), for any client; a domain is one project's.
 * Real PostgreSQL, a real deployed app, real sockets and TLS.
 */

const DOMAIN = 'shop.example.test';

function httpsGet(port: number, servername: string, ca: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = httpsRequest({ host: '127.0.0.1', port, path: '/', servername, ca, headers: { host: servername } }, (res) => {
      let text = '';
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** A self-signed certificate and its key for `hostname` (openssl), made at test time. */
function selfSigned(dir: string, hostname: string, name: string): { certificate: string; key: string } {
  const cert = path.join(dir, `${name}.crt`);
  const key = path.join(dir, `${name}.key`);
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '2', '-subj', `/CN=${hostname}`, '-addext', `subjectAltName=DNS:${hostname}`], { stdio: 'ignore' });
  return { certificate: readFileSync(cert, 'utf8'), key: readFileSync(key, 'utf8') };
}

describe('custom domains', () => {
  let database: TestDatabase;
  let dataDir: string;
  let app: TestApp | undefined;
  let owner: Awaited<ReturnType<typeof registerUser>>;
  let other: Awaited<ReturnType<typeof registerUser>>;
  let project: any;
  let otherProject: any;
  let httpsPort: number;
  let port: string;
  const domains = (token: string, id: string, route = '', method = 'GET', body?: unknown) =>
    app!.api(method, `/projects/${id}/environments/production/domains${route}`, { token, body });

  async function makeProject(token: string, name: string) {
    const created = await app!.api('POST', '/projects', { token, body: { name, template_name: 'static-site' } });
    expect(created.status).toBe(201);
    expect((await waitForRun(app!, token, created.body.id, { stream: 'project_creation' })).overall_status).toBe('completed');
    return (await app!.api('GET', `/projects/${created.body.id}`, { token })).body;
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = mkdtempSync(path.join(tmpdir(), 'slipway-domains-'));
    chmodSync(dataDir, 0o711);
    httpsPort = await freePort();
    app = await startTestApp({ dataDir, databaseUrl: database.url, env: { SLIPWAY_HTTPS_PORT: String(httpsPort), TRUST_PROXY: 'loopback' } });
    port = new URL(app.url).port;
    owner = await registerUser(app);
    other = await registerUser(app);
    for (const user of [owner, other]) await app.api('PUT', '/settings/GITHUB_ORGANIZATION', { token: user.token, body: { value: 'acme' } });
    project = await makeProject(owner.token, 'Shop');
    otherProject = await makeProject(other.token, 'Not the shop');
    await deployBranch(app, owner.token, project, 'v1.0.0', { 'server.mjs': greeterServer('shop') });
    expect((await waitForRun(app, owner.token, project.id, { stream: 'deployment' })).overall_status).toBe('completed');
  }, 300_000);

  afterAll(async () => {
    await app?.stop();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('serves the app at its domain on Slipway’s port, to any client, until the domain is removed', async () => {
    const added = await domains(owner.token, project.id, '', 'POST', { hostname: 'Shop.Example.Test' });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body).toMatchObject({ hostname: DOMAIN, https: false, certificate: null });
    expect((await domains(owner.token, project.id)).body.domains.map((row: any) => row.hostname)).toEqual([DOMAIN]);
    expect(await getPage(`http://127.0.0.1:${port}/`, { headers: { host: `${DOMAIN}:${port}` } })).toEqual({ status: 200, text: `shop for ${DOMAIN}:${port}` });
    // Served to everyone: a client from another machine (through the trusted proxy) reaches it too.
    expect(await getPage(`http://127.0.0.1:${port}/`, { headers: { host: DOMAIN, 'x-forwarded-for': '203.0.113.7' } })).toEqual({ status: 200, text: `shop for ${DOMAIN}` });
    expect(await firstMessage(`http://127.0.0.1:${port}/`, { host: DOMAIN })).toBe('shop over a WebSocket');
    // Other Hosts are Slipway's.
    expect((await getPage(`http://127.0.0.1:${port}/api/health`, { headers: { host: 'elsewhere.example.test' } })).status).toBe(200);

    expect((await domains(owner.token, project.id, `/${DOMAIN}`, 'DELETE')).body).toEqual({ message: 'Domain removed' });
    const health = await getPage(`http://127.0.0.1:${port}/api/health`, { headers: { host: DOMAIN } });
    expect(health.status).toBe(200);
    expect(health.text).not.toContain('shop for');
    expect((await domains(owner.token, project.id)).body.domains).toEqual([]);
  });

  it('refuses a domain another user’s project holds (409, without naming it), and changes nothing', async () => {
    expect((await domains(owner.token, project.id, '', 'POST', { hostname: 'taken.example.test' })).status).toBe(201);
    const refused = await domains(other.token, otherProject.id, '', 'POST', { hostname: 'TAKEN.example.test' });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('taken.example.test is already in use by another project');
    expect(JSON.stringify(refused.body)).not.toContain('Shop');
    expect((await domains(other.token, otherProject.id)).body.domains).toEqual([]);
    expect((await domains(owner.token, project.id)).body.domains.map((row: any) => row.hostname)).toEqual(['taken.example.test']);
    // Nor can anyone else read or remove the owner's domains: their project is not found.
    expect((await domains(other.token, project.id)).status).toBe(404);
    expect((await domains(other.token, project.id, '/taken.example.test', 'DELETE')).status).toBe(404);
    await domains(owner.token, project.id, '/taken.example.test', 'DELETE');
  });

  it('lets a developer member read the domains but not change them; a maintainer may', async () => {
    const member = await registerUser(app!);
    expect((await app!.api('POST', `/projects/${project.id}/members`, { token: owner.token, body: { email: member.email, role: 'developer' } })).status).toBe(201);
    expect((await domains(member.token, project.id)).body).toEqual({ domains: [] });
    const refused = await domains(member.token, project.id, '', 'POST', { hostname: 'member.example.test' });
    expect(refused.status).toBe(403);
    expect((await domains(owner.token, project.id)).body).toEqual({ domains: [] });
    expect((await app!.api('PUT', `/projects/${project.id}/members/${member.user.id}`, { token: owner.token, body: { role: 'maintainer' } })).status).toBe(200);
    expect((await domains(member.token, project.id, '', 'POST', { hostname: 'member.example.test' })).status).toBe(201);
    expect((await domains(member.token, project.id, '/member.example.test', 'DELETE')).status).toBe(200);
  });

  it('refuses hostnames that are not domain names, with a message saying why', async () => {
    const cases: Array<[unknown, string]> = [
      ['127.0.0.1', 'hostname must be a domain name, not an IP address'],
      ['shop.localhost', 'localhost names are Slipway’s own: use a domain name such as shop.example.com'],
      ['shop', 'hostname must have a dot (shop.example.com)'],
      ['-shop.example.test', 'hostname must be a DNS name: labels of 1 to 63 letters, digits or dashes (not at either end), separated by dots'],
      [`${'a'.repeat(60)}.${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.${'e'.repeat(60)}.test`, 'hostname must be at most 253 characters'],
    ];
    for (const [hostname, error] of cases) {
      const refused = await domains(owner.token, project.id, '', 'POST', { hostname });
      expect(refused.status, String(hostname)).toBe(400);
      expect(refused.body.error).toBe(error);
    }
    expect((await domains(owner.token, project.id)).body.domains).toEqual([]);
  });

  it('serves HTTPS with an uploaded certificate chosen by SNI, and refuses certificates that do not fit', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'slipway-domains-certs-'));
    try {
      const secure = 'secure.example.test';
      const { certificate, key } = selfSigned(dir, secure, 'secure');
      const other = selfSigned(dir, 'other.example.test', 'other');
      const refusals: Array<[Record<string, unknown>, string]> = [
        [{ certificate: 'not a certificate', key }, 'certificate is not a PEM certificate (-----BEGIN CERTIFICATE-----)'],
        [{ certificate, key: 'not a key' }, 'key could not be read: it must be an unencrypted PEM private key'],
        [{ certificate, key: other.key }, 'key does not match the certificate (the first one in the chain)'],
        [{ certificate: other.certificate, key: other.key }, `certificate does not cover ${secure} (it is for DNS:other.example.test)`],
        [{ certificate }, 'key is required with a certificate (PEM text)'],
      ];
      for (const [fields, error] of refusals) {
        const refused = await domains(owner.token, project.id, '', 'POST', { hostname: secure, ...fields });
        expect(refused.status, error).toBe(400);
        expect(refused.body.error).toBe(error);
      }
      expect((await domains(owner.token, project.id)).body.domains).toEqual([]);

      const added = await domains(owner.token, project.id, '', 'POST', { hostname: secure, certificate, key });
      expect(added.status, JSON.stringify(added.body)).toBe(201);
      expect(added.body).toMatchObject({ hostname: secure, https: true, certificate: { subject: `CN=${secure}`, expires_at: expect.any(String) } });
      expect(JSON.stringify(added.body)).not.toContain('PRIVATE KEY');
      expect(await httpsGet(httpsPort, secure, certificate)).toEqual({ status: 200, text: `shop for ${secure}` });
      // A name without a certificate gets no TLS session.
      await expect(httpsGet(httpsPort, 'unknown.example.test', certificate)).rejects.toThrow();
      await domains(owner.token, project.id, `/${secure}`, 'DELETE');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('lists domains on the environment over GraphQL, and adds and removes them there', async () => {
    const add = await app!.graphql(
      `mutation ($projectId: ID!) { addDomain(projectId: $projectId, environment: "production", input: { hostname: "gql.example.test" }) { hostname https certificateSubject } }`,
      { projectId: project.id },
      owner.token,
    );
    expect(add.errors).toBeUndefined();
    expect(add.data).toEqual({ addDomain: { hostname: 'gql.example.test', https: false, certificateSubject: null } });
    const listed = await app!.graphql(`query ($id: ID!) { environment(projectId: $id, name: "production") { domains { hostname } } }`, { id: project.id }, owner.token);
    expect(listed.data.environment.domains).toEqual([{ hostname: 'gql.example.test' }]);
    const taken = await app!.graphql(
      `mutation ($projectId: ID!) { addDomain(projectId: $projectId, environment: "production", input: { hostname: "gql.example.test" }) { hostname } }`,
      { projectId: otherProject.id },
      other.token,
    );
    expect(taken.errors![0]).toMatchObject({ message: 'gql.example.test is already in use by another project', extensions: { code: 'CONFLICT' } });
    const removed = await app!.graphql(`mutation ($projectId: ID!) { removeDomain(projectId: $projectId, environment: "production", hostname: "gql.example.test") }`, { projectId: project.id }, owner.token);
    expect(removed.data).toEqual({ removeDomain: true });
  });
});
