import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/env.js';
import { startSlipway } from '../src/server.js';
import { waitForRun } from './helpers/project-runs.js';
import { startServerWithoutGo, type ServerWithoutGo } from './helpers/server-without-go.js';
import { TEST_SECRET_KEY, createTestDatabase, refusal, registerUser, startTestApp, type TestApp } from './helpers/test-app.js';

let app: TestApp;
let token: string;

beforeAll(async () => {
  app = await startTestApp();
  ({ token } = await registerUser(app));
});
afterAll(() => app.stop());

describe('templates over REST', () => {
  it('lists the catalog with the spec fields, sorted by name', async () => {
    const res = await app.api('GET', '/templates', { token });
    expect(res.status).toBe(200);
    const names = res.body.templates.map((t: { name: string }) => t.name);
    expect(names).toEqual(['fullstack-notes', 'go-api', 'node-rest-api', 'scheduled-worker', 'static-site']);
    expect(new Set(res.body.templates.map((t: { type: string }) => t.type))).toEqual(
      new Set(['frontend', 'backend', 'go-api', 'fullstack', 'other']),
    );
    for (const template of res.body.templates) {
      expect(Object.keys(template).sort()).toEqual(['description', 'environment_variables', 'files', 'id', 'name', 'toolchains', 'type', 'variables']);
    }
  });

  it('answers one template by its name, with variables as a map and environment variables as a list', async () => {
    const res = await app.api('GET', '/templates/node-rest-api', { token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: 'node-rest-api', name: 'node-rest-api', type: 'backend', variables: { NODE_VERSION: '20' } });
    expect(res.body.environment_variables).toEqual([
      { name: 'API_KEY', description: expect.any(String), default_value: '', required: true, sensitive: true },
      { name: 'LOG_LEVEL', description: expect.any(String), default_value: 'info', required: false, sensitive: false },
      { name: 'CORS_ORIGIN', description: expect.any(String), default_value: '*', required: false, sensitive: false },
    ]);
    expect(res.body.files).toEqual(expect.arrayContaining(['Dockerfile', '.github/workflows/build.yml', 'slipway.json', 'src/server.js']));

    const ready = await app.api('GET', '/templates/static-site', { token });
    expect(ready.body).toMatchObject({ type: 'frontend', variables: {}, environment_variables: [] });
  });

  it('says which toolchains each template builds with, whether this server has each, and how to install it', async () => {
    const res = await app.api('GET', '/templates', { token });
    const byName = Object.fromEntries(res.body.templates.map((t: { name: string; toolchains: unknown }) => [t.name, t.toolchains]));
    // The Node.js that runs Slipway is always there.
    expect(byName['node-rest-api']).toEqual([{ id: 'node', name: 'Node.js', available: true, install_hint: expect.stringContaining('install Node.js 20 or later') }]);
    expect(byName['go-api']).toEqual([{ id: 'go', name: 'Go', available: expect.any(Boolean), install_hint: expect.stringContaining('apt-get install golang-go') }]);
  });

  it.each(['nope', 'GO-API', '..%2Fpackage.json', '%20go-api'])('answers the unknown template %j with 404', async (id) => {
    expect(await app.api('GET', `/templates/${id}`, { token })).toEqual(refusal(404, 'Template not found'));
  });

  it('needs a signed-in user', async () => {
    expect((await app.api('GET', '/templates')).status).toBe(401);
    expect((await app.api('GET', '/templates/go-api')).status).toBe(401);
  });
});

describe('templates over GraphQL', () => {
  const FIELDS = 'id name description type variables { name value } environmentVariables { name description defaultValue required sensitive } files';

  it('lists the catalog, go-api as the enum value go_api', async () => {
    const { data, errors } = await app.graphql(`{ templates { ${FIELDS} } }`, {}, token);
    expect(errors).toBeUndefined();
    expect(data.templates.map((t: { type: string }) => t.type).sort()).toEqual(['backend', 'frontend', 'fullstack', 'go_api', 'other']);
    const fullstack = data.templates.find((t: { name: string }) => t.name === 'fullstack-notes');
    expect(fullstack.environmentVariables.filter((v: { sensitive: boolean }) => v.sensitive).map((v: { name: string }) => v.name)).toEqual([
      'ADMIN_PASSWORD',
      'SESSION_SECRET',
    ]);
  });

  it('answers one template by name, and NOT_FOUND for an unknown one', async () => {
    const found = await app.graphql('query ($n: String!) { template(name: $n) { id type variables { name value } } }', { n: 'go-api' }, token);
    expect(found.data).toEqual({ template: { id: 'go-api', type: 'go_api', variables: [{ name: 'GO_VERSION', value: '1.22' }] } });
    const missing = await app.graphql('{ template(name: "nope") { id } }', {}, token);
    expect(missing.errors?.[0]).toMatchObject({ message: 'Template not found', extensions: { code: 'NOT_FOUND' } });
    expect((await app.graphql('{ templates { id } }')).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('on a server without Go', () => {
  let server: ServerWithoutGo;
  let owner: string;
  const INSTALL_GO = 'install Go on the Slipway server (Debian or Ubuntu: apt-get install golang-go; elsewhere: https://go.dev/doc/install)';

  beforeAll(async () => {
    server = await startServerWithoutGo();
    owner = (await server.api('POST', '/auth/register', { body: { name: 'Ada', email: 'ada@example.com', password: 'secret1' } })).body.token;
  }, 90_000);
  afterAll(() => server?.stop());

  it('says before anyone creates a project that go-api needs Go, missing here, and how to install it', async () => {
    const list = (await server.api('GET', '/templates', { token: owner })).body.templates;
    expect(list.find((t: { name: string }) => t.name === 'go-api').toolchains).toEqual([{ id: 'go', name: 'Go', available: false, install_hint: INSTALL_GO }]);
    expect(list.find((t: { name: string }) => t.name === 'static-site').toolchains).toEqual([expect.objectContaining({ id: 'node', available: true })]);
    expect((await server.api('GET', '/templates/go-api', { token: owner })).body.toolchains).toEqual([{ id: 'go', name: 'Go', available: false, install_hint: INSTALL_GO }]);
    const { data, errors } = await server.graphql('{ templates { name toolchains { id name available installHint } } }', {}, owner);
    expect(errors).toBeUndefined();
    expect(data.templates.find((t: { name: string }) => t.name === 'go-api').toolchains).toEqual([{ id: 'go', name: 'Go', available: false, installHint: INSTALL_GO }]);
  });

  it("fails a go-api project's build with how to install Go", async () => {
    expect((await server.api('PUT', '/settings/GITHUB_ORGANIZATION', { token: owner, body: { value: 'gopher-labs' } })).status).toBe(200);
    const created = await server.api('POST', '/projects', { token: owner, body: { name: 'Gopher', description: 'Go without Go', template_name: 'go-api' } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const run = await waitForRun(server as TestApp, owner, created.body.id, { stream: 'project_creation' });
    expect(run.overall_status).toBe('failed');
    const failed = run.processors.filter((step: { status: string }) => step.status === 'failed');
    expect(failed).toEqual([
      expect.objectContaining({
        processor_name: 'check-build-status',
        error_message: expect.stringContaining(`Build could not start: go was not found. Go is not installed on this server: ${INSTALL_GO}, then retry the step`),
      }),
    ]);
  }, 180_000);
});

describe('a template catalog that does not load', () => {
  it('stops the start with a message naming the template and the field, before anyone is served', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'slipway-broken-catalog-'));
    const database = await createTestDatabase();
    try {
      await mkdir(path.join(dir, 'templates', 'broken', 'files'), { recursive: true });
      await writeFile(
        path.join(dir, 'templates', 'broken', 'template.json'),
        JSON.stringify({ name: 'broken', description: 'A template with an unknown type', type: 'mobile' }),
      );
      const config = loadConfig({ SLIPWAY_DATA_DIR: dir, DATABASE_URL: database.url, PORT: '0', HOST: '127.0.0.1', SLIPWAY_SECRET_KEY: TEST_SECRET_KEY });
      await expect(startSlipway({ ...config, templatesDir: path.join(dir, 'templates') })).rejects.toThrow(
        'templates/broken/template.json: type must be one of frontend, backend, go-api, fullstack, other',
      );
    } finally {
      await database.drop();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
