import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileSchema, schemaValidator, type JsonSchema } from '../src/http/rest-routes.js';
import { waitForRun, eventually } from './helpers/project-runs.js';
import { once } from './helpers/scenario.js';
import { registerUser, startTestApp, type ApiResponse, type TestApp } from './helpers/test-app.js';

/**
 * /api/openapi.json against the running app: a valid OpenAPI 3.1 document that lists every call of spec section 7,
 * and whose response schemas hold for what the routes really answer. Every response this file gets from a
 * documented route is checked against the schema documented for its status (or the `default` error), and every
 * documented operation must have answered at least once with a success. Real PostgreSQL, real HTTP. The routes' `it`s
 * are steps (`once`) that later ones ask for (a version needs its project); the last one runs every step it has not
 * seen, since it checks that every operation answered, so any `it` runs alone.
 */

/** Spec section 7, word for word as method and path (under /api). */
const SPEC_CALLS = [
  'GET /health',
  'POST /auth/login',
  'POST /auth/register',
  'POST /users/logout',
  'GET /users/me',
  'GET /users',
  'POST /users',
  'GET /users/{id}',
  'PUT /users/{id}',
  'DELETE /users/{id}',
  'POST /commands',
  'GET /commands',
  'GET /command-logs',
  'GET /command-logs/{id}',
  'GET /projects',
  'GET /projects/{id}',
  'POST /projects',
  'PUT /projects/{id}',
  'DELETE /projects/{id}',
  'GET /projects/stats',
  'GET /projects/tags',
  'PUT /projects/{id}/status',
  'GET /projects/{id}/status',
  'GET /templates',
  'GET /templates/{id}',
  'GET /settings',
  'PUT /settings',
  'GET /settings/{key}',
  'PUT /settings/{key}',
  'DELETE /settings/{key}',
  'GET /projects/{id}/deployments',
  'GET /projects/{id}/deployments/{deploymentId}',
  'PUT /projects/{id}/deployments/{deploymentId}',
  'DELETE /projects/{id}/deployments/{deploymentId}',
  'POST /projects/{id}/deployments',
  'POST /projects/{id}/deployments/{deploymentId}/rollback',
  'GET /projects/{id}/deployments/{deploymentId}/health',
  'GET /projects/{id}/deployments/{deploymentId}/instances',
  'POST /projects/{id}/deployments/{deploymentId}/health/check',
  'GET /projects/{id}/deployments/{deploymentId}/metrics',
  'GET /projects/{id}/deployments/{deploymentId}/events',
  'GET /projects/{id}/deployments/{deploymentId}/logs',
  'GET /projects/{id}/deployments/{deploymentId}/status',
  'GET /projects/{id}/environments/{env}/deployments',
  'GET /projects/{id}/environments/{env}/active',
  'POST /projects/{id}/deployments/stop',
  'POST /projects/{id}/deployments/archive',
  'GET /projects/{id}/versions',
  'GET /projects/{id}/versions/{versionId}',
  'PUT /projects/{id}/versions/{versionId}',
  'DELETE /projects/{id}/versions/{versionId}',
  'POST /projects/{id}/versions',
  'POST /projects/{id}/versions/{versionId}/build',
  'POST /projects/{id}/versions/{versionId}/build/stop',
  'GET /projects/{id}/versions/{versionId}/build/progress',
  'GET /projects/{id}/versions/{versionId}/build/logs',
  'GET /projects/{id}/versions/{versionId}/artifacts',
  'GET /projects/{id}/versions/{versionId}/artifacts/{artifactId}/download',
  'POST /projects/{id}/versions/{versionId}/archive',
  'POST /projects/{id}/versions/{versionId}/restore',
];

interface Operation {
  responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
}

let app: TestApp;
let document: any;
let validate: (schema: JsonSchema, body: unknown) => string | null;
/** Documented operations ("GET /projects/{id}") that answered with a 2xx. */
const succeeded = new Set<string>();
const checked: string[] = [];

/**
 * One request to a documented route: `route` is the documented path, `params` fill it in. The answer's body must
 * match the schema documented for its status.
 */
async function call(
  method: string,
  route: string,
  options: { params?: Record<string, string>; query?: string; body?: unknown; token?: string; raw?: string } = {},
): Promise<ApiResponse> {
  const operation: Operation | undefined = document.paths[route]?.[method.toLowerCase()];
  expect(operation, `${method} ${route} is documented`).toBeDefined();
  const url = route.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(options.params?.[name] ?? '')) + (options.query ?? '');
  const res = await app.api(method, url, options);
  const documented = operation!.responses[String(res.status)] ?? operation!.responses.default;
  expect(documented, `${method} ${route} documents status ${res.status}`).toBeDefined();
  const schema = documented.content?.['application/json']?.schema;
  if (schema) expect(validate(schema, res.body), `${method} ${url} → ${res.status} ${JSON.stringify(res.body).slice(0, 400)}`).toBeNull();
  else expect(res.body, `${method} ${url} → ${res.status} has no body`).toBeUndefined();
  if (res.status < 300) succeeded.add(`${method} ${route}`);
  checked.push(`${method} ${route} ${res.status}`);
  return res;
}

beforeAll(async () => {
  // Its webhook goes to a closed port on this machine: a failed delivery, nothing sent out.
  app = await startTestApp({ env: { SLIPWAY_WEBHOOK_ALLOW: '127.0.0.1/32' } });
  const res = await fetch(`${app.url}/api/openapi.json`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  document = await res.json();
  const ajv = schemaValidator(document.components.schemas);
  validate = (schema, body) => {
    const check = compileSchema(ajv, schema);
    return check(body) ? null : ajv.errorsText(check.errors);
  };
}, 120_000);

afterAll(async () => {
  await app?.stop();
});

describe('the OpenAPI description', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toMatch(/^3\.1\./);
  });

  it('lists every call of spec section 7, and nothing the app does not serve', () => {
    const documented = Object.entries(document.paths as Record<string, object>).flatMap(([route, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${route}`),
    );
    for (const call of SPEC_CALLS) expect(documented, call).toContain(call);
    // Beside spec section 7: retry and cancel of a project's run (spec section 3's pipeline screen), Settings'
    // connection tests, the admins' cloud service URLs, personal access tokens, disabling users, notifications,
    // members and the audit log (issue 34), environments and pushes (issue 33), canary promote and abort (issue 35).
    expect(documented.filter((one) => !SPEC_CALLS.includes(one)).sort()).toEqual([
      'DELETE /notifications/channels/{id}',
      'DELETE /notifications/rules/{id}',
      'DELETE /projects/{id}/environments/{env}',
      'DELETE /projects/{id}/environments/{env}/domains/{hostname}',
      'DELETE /projects/{id}/members/{userId}',
      'DELETE /tokens/{id}',
      'GET /audit',
      'GET /audit/export',
      'GET /cloud-endpoints',
      'GET /notifications/channels',
      'GET /notifications/deliveries',
      'GET /notifications/rules',
      'GET /projects/{id}/audit',
      'GET /projects/{id}/audit/export',
      'GET /projects/{id}/environments',
      'GET /projects/{id}/environments/{env}',
      'GET /projects/{id}/environments/{env}/domains',
      'GET /projects/{id}/environments/{env}/promotion',
      'GET /projects/{id}/members',
      'GET /projects/{id}/previews',
      'GET /projects/{id}/pushes',
      'GET /tokens',
      'GET /users/{id}/tokens',
      'POST /notifications/channels',
      'POST /notifications/channels/{id}/test',
      'POST /notifications/rules',
      'POST /projects/{id}/deployments/{deploymentId}/abort',
      'POST /projects/{id}/deployments/{deploymentId}/promote',
      'POST /projects/{id}/environments',
      'POST /projects/{id}/environments/{env}/domains',
      'POST /projects/{id}/environments/{env}/promote',
      'POST /projects/{id}/members',
      'POST /projects/{id}/status/cancel',
      'POST /projects/{id}/status/retry',
      'POST /settings/kubeconfig-contexts',
      'POST /settings/test-connection',
      'POST /tokens',
      'POST /users/{id}/disable',
      'POST /users/{id}/enable',
      'PUT /cloud-endpoints',
      'PUT /projects/{id}/environments/{env}',
      'PUT /projects/{id}/members/{userId}',
      'PUT /projects/{id}/previews',
    ]);
  });

  it('describes each route with a summary, its parameters and the shared error shape', () => {
    for (const [route, item] of Object.entries(document.paths as Record<string, Record<string, any>>)) {
      for (const [method, operation] of Object.entries(item)) {
        expect(operation.summary, `${method} ${route}`).toMatch(/\w/);
        const names = [...route.matchAll(/\{(\w+)\}/g)].map(([, name]) => name);
        expect(operation.parameters?.filter((p: any) => p.in === 'path').map((p: any) => p.name) ?? [], `${method} ${route}`).toEqual(names);
        expect(operation.responses.default.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Error' });
      }
    }
    expect(document.paths['/health'].get.security).toEqual([]);
    expect(document.paths['/projects'].get.security).toBeUndefined();
    expect(document.security).toEqual([{ bearer: [] }]);
  });
});

describe('what the routes answer matches what the description says', () => {
  let owner: { token: string; user: { id: string } };
  let stranger: Awaited<ReturnType<typeof registerUser>>;
  let project: any;
  let version: any;
  let secondVersion: any;
  let deployment: any;
  const missing = '00000000-0000-4000-8000-000000000000';

  beforeAll(async () => {
    // The first account of a fresh install, hence its admin.
    const registered = await call('POST', '/auth/register', { body: { name: 'Docs Owner', email: 'docs-owner@example.com', password: 'secret1', password_confirmation: 'secret1' } });
    expect(registered.status).toBe(201);
    owner = { token: registered.body.token, user: registered.body.user };
    stranger = await registerUser(app);
  });

  const authUsersHealth = once(async () => {
    expect((await call('GET', '/health')).status).toBe(200);
    const registered = await call('POST', '/auth/register', { body: { name: 'Docs Reader', email: 'docs-reader@example.com', password: 'secret1', password_confirmation: 'secret1' } });
    expect(registered.status).toBe(201);
    expect((await call('POST', '/auth/login', { body: { email: 'docs-owner@example.com', password: 'secret1' } })).status).toBe(200);
    expect((await call('POST', '/auth/login', { body: { email: 'docs-owner@example.com', password: 'wrong-one' } })).status).toBe(401);
    expect((await call('POST', '/auth/register', { body: ['not', 'an', 'object'] })).status).toBe(400);
    expect((await call('GET', '/users/me', { token: owner.token })).body.id).toBe(owner.user.id);
    expect((await call('GET', '/users/me')).status).toBe(401);
    expect((await call('GET', '/users', { token: owner.token })).status).toBe(200);
    expect((await call('GET', '/users/{id}', { params: { id: owner.user.id }, token: owner.token })).status).toBe(200);
    expect((await call('GET', '/users/{id}', { params: { id: missing }, token: owner.token })).status).toBe(404);
    expect((await call('PUT', '/users/{id}', { params: { id: owner.user.id }, token: owner.token, body: { name: 'Docs Owner Renamed' } })).status).toBe(200);
    expect((await call('POST', '/users', { token: stranger.token, body: { name: 'N', email: 'n@example.com', password: 'secret1' } })).status).toBe(403);
  });
  it('auth, users and health', authUsersHealth);

  const adminUsers = once(async () => {
    // The first account of a fresh install is its admin.
    const admin = (await app.api('GET', '/users', { token: owner.token })).body.users.find((user: any) => user.role === 'admin');
    expect(admin, 'the first account is an admin').toBeDefined();
    expect(admin.id).toBe(owner.user.id);
    const created = await call('POST', '/users', { token: owner.token, body: { name: 'Made By Admin', email: 'made@example.com', password: 'secret1' } });
    expect(created.status).toBe(201);
    expect((await call('POST', '/users/{id}/disable', { params: { id: created.body.id }, token: owner.token })).body.disabled_at).not.toBeNull();
    expect((await call('POST', '/users/{id}/enable', { params: { id: created.body.id }, token: owner.token })).body.disabled_at).toBeNull();
    expect((await call('DELETE', '/users/{id}', { params: { id: created.body.id }, token: owner.token })).status).toBe(204);
  });
  it('an admin creates and deletes a user', adminUsers);

  const accessTokens = once(async () => {
    const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
    const created = await call('POST', '/tokens', { token: owner.token, body: { name: 'docs', expires_at: expiresAt, scopes: ['read'] } });
    expect(created.status).toBe(201);
    expect((await call('POST', '/tokens', { token: owner.token, body: { name: 'docs', expires_at: expiresAt, scopes: [] } })).status).toBe(400);
    expect((await call('POST', '/tokens', { token: created.body.token, body: { name: 'docs', expires_at: expiresAt, scopes: ['read'] } })).status).toBe(403);
    expect((await call('GET', '/tokens', { token: created.body.token })).body.tokens).toHaveLength(1);
    expect((await call('GET', '/users/{id}/tokens', { params: { id: owner.user.id }, token: owner.token })).status).toBe(200);
    expect((await call('GET', '/users/{id}/tokens', { params: { id: owner.user.id }, token: stranger.token })).status).toBe(403);
    expect((await call('DELETE', '/tokens/{id}', { params: { id: created.body.access_token.id }, token: stranger.token })).status).toBe(404);
    expect((await call('DELETE', '/tokens/{id}', { params: { id: created.body.access_token.id }, token: owner.token })).body.status).toBe('revoked');
  });
  it('personal access tokens', accessTokens);

  const notifications = once(async () => {
    const created = await call('POST', '/notifications/channels', { token: owner.token, body: { name: 'Hook', kind: 'webhook', url: 'http://127.0.0.1:9/hook' } });
    expect(created.status).toBe(201);
    expect((await call('POST', '/notifications/channels', { token: owner.token, body: { name: 'Hook', kind: 'webhook', url: 'http://10.0.0.1/' } })).status).toBe(400);
    expect((await call('GET', '/notifications/channels', { token: owner.token })).body.channels).toHaveLength(1);
    const id = created.body.channel.id;
    expect((await call('POST', '/notifications/channels/{id}/test', { params: { id }, token: owner.token })).status).toBe(202);
    expect((await call('POST', '/notifications/channels/{id}/test', { params: { id }, token: stranger.token })).status).toBe(404);
    const rule = await call('POST', '/notifications/rules', { token: owner.token, body: { channel_id: id, events: ['deployment_failed'] } });
    expect(rule.status).toBe(201);
    expect((await call('GET', '/notifications/rules', { token: owner.token })).body.rules).toHaveLength(1);
    expect((await call('GET', '/notifications/deliveries', { token: owner.token, query: `?channel_id=${id}` })).body.deliveries).toHaveLength(1);
    expect((await call('DELETE', '/notifications/rules/{id}', { params: { id: rule.body.id }, token: owner.token })).status).toBe(200);
    expect((await call('DELETE', '/notifications/channels/{id}', { params: { id }, token: stranger.token })).status).toBe(404);
    expect((await call('DELETE', '/notifications/channels/{id}', { params: { id }, token: owner.token })).status).toBe(200);
  });
  it('notifications', notifications);

  const templatesSettingsCommands = once(async () => {
    const templates = await call('GET', '/templates', { token: owner.token });
    expect(templates.body.templates.length).toBeGreaterThan(0);
    expect((await call('GET', '/templates/{id}', { params: { id: 'static-site' }, token: owner.token })).status).toBe(200);
    expect((await call('GET', '/templates/{id}', { params: { id: 'no-such-template' }, token: owner.token })).status).toBe(404);
    expect((await call('PUT', '/settings/{key}', { params: { key: 'GITHUB_ORGANIZATION' }, token: owner.token, body: { value: 'acme' } })).status).toBe(200);
    expect((await call('PUT', '/settings', { token: owner.token, body: { settings: { DOCKER_USERNAME: 'docs' } } })).status).toBe(200);
    expect((await call('GET', '/settings', { token: owner.token })).body.settings).toMatchObject({ GITHUB_ORGANIZATION: 'acme', DOCKER_USERNAME: 'docs' });
    expect((await call('GET', '/settings/{key}', { params: { key: 'GITHUB_ORGANIZATION' }, token: owner.token })).body.value).toBe('acme');
    expect((await call('GET', '/settings/{key}', { params: { key: 'NO_SUCH_KEY' }, token: owner.token })).status).toBe(400);
    expect((await call('DELETE', '/settings/{key}', { params: { key: 'DOCKER_USERNAME' }, token: owner.token })).status).toBe(204);
    expect((await call('POST', '/settings/test-connection', { token: owner.token, body: { provider: 'dockerhub' } })).body.ok).toBe(false);
    const kubeconfig = 'apiVersion: v1\nkind: Config\nclusters:\n- name: c\n  cluster: {server: "https://127.0.0.1:9"}\nusers:\n- name: u\n  user: {token: t}\ncontexts:\n- name: docs\n  context: {cluster: c, user: u}\ncurrent-context: docs\n';
    expect((await call('POST', '/settings/kubeconfig-contexts', { token: owner.token, body: { kubeconfig } })).body).toEqual({ contexts: ['docs'], current: 'docs' });
    expect((await call('GET', '/cloud-endpoints', { token: owner.token })).body.endpoints).toHaveLength(4);
    expect((await call('PUT', '/cloud-endpoints', { token: owner.token, body: { endpoints: { github_api: null } } })).status).toBe(200);
    expect((await call('GET', '/cloud-endpoints', { token: stranger.token })).status).toBe(403);
    expect((await call('POST', '/commands', { token: owner.token, body: { command: 'help' } })).status).toBe(200);
    expect((await call('GET', '/commands', { query: '?search=pro', token: owner.token })).body.suggestions.length).toBeGreaterThan(0);
    const logs = await call('GET', '/command-logs', { query: '?page=1&page_size=5', token: owner.token });
    expect(logs.body.logs.length).toBeGreaterThan(0);
    expect((await call('GET', '/command-logs/{id}', { params: { id: logs.body.logs[0].id }, token: owner.token })).status).toBe(200);
    expect((await call('GET', '/command-logs', { query: '?page=0', token: owner.token })).status).toBe(400);
  });
  it('templates, settings and commands', templatesSettingsCommands);

  const projects = once(async () => {
    // The organization setting it needs.
    await templatesSettingsCommands();
    const created = await call('POST', '/projects', {
      token: owner.token,
      body: { name: 'Documented', description: 'Has a contract', template_name: 'static-site', tags: ['docs'], environment_variables: { GREETING: 'hi' } },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect((await call('POST', '/projects', { token: owner.token, body: { name: 'Documented', template_name: 'static-site' } })).status).toBe(409);
    expect((await call('POST', '/projects', { token: owner.token, body: { name: 'x', template_name: 'static-site', owner_id: 'me' } })).body).toMatchObject({ field: 'owner_id' });
    const run = await waitForRun(app, owner.token, created.body.id, { stream: 'project_creation' });
    expect(run.overall_status).toBe('completed');
    expect((await call('GET', '/projects/{id}/status', { params: { id: created.body.id }, token: owner.token })).body.overall_status).toBe('completed');
    expect((await call('POST', '/projects/{id}/status/retry', { params: { id: created.body.id }, token: owner.token })).status).toBe(409);
    expect((await call('POST', '/projects/{id}/status/cancel', { params: { id: created.body.id }, token: owner.token })).status).toBe(409);
    project = (await call('GET', '/projects/{id}', { params: { id: created.body.id }, token: owner.token })).body;
    expect((await call('GET', '/projects/{id}', { params: { id: created.body.id }, token: stranger.token })).status).toBe(404);
    expect((await call('GET', '/projects/{id}', { params: { id: 'not-a-uuid' }, token: owner.token })).status).toBe(404);
    expect((await call('GET', '/projects', { query: '?tags=docs&sort_by=name', token: owner.token })).body.total).toBe(1);
    expect((await call('GET', '/projects', { query: '?limit=1000', token: owner.token })).status).toBe(400);
    expect((await call('GET', '/projects/stats', { token: owner.token })).body.total).toBe(1);
    expect((await call('GET', '/projects/tags', { token: owner.token })).body.tags).toEqual(['docs']);
    expect((await call('PUT', '/projects/{id}', { params: { id: project.id }, token: owner.token, body: { description: 'Changed' } })).status).toBe(200);
    expect((await call('PUT', '/projects/{id}/status', { params: { id: project.id }, token: owner.token, body: { status: 'inactive' } })).body.status).toBe('inactive');
    expect((await call('PUT', '/projects/{id}/status', { params: { id: project.id }, token: owner.token, body: { status: 'paused' } })).status).toBe(400);
  });
  it('projects and their pipeline', projects, 240_000);

  const versions = once(async () => {
    await projects();
    const params = { id: project.id };
    const created = await call('POST', '/projects/{id}/versions', { params, token: owner.token, body: { version_tag: 'v1.0.0', description: 'First', git_branch: 'main' } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const one = { id: project.id, versionId: created.body.id };
    await eventually(async () => (await call('GET', '/projects/{id}/versions/{versionId}', { params: one, token: owner.token })).body.status === 'ready', 180_000);
    expect((await call('GET', '/projects/{id}/versions/{versionId}/build/progress', { params: one, token: owner.token })).status).toBe(200);
    expect((await call('GET', '/projects/{id}/versions/{versionId}/build/logs', { params: one, query: '?tail=5', token: owner.token })).status).toBe(200);
    expect((await call('POST', '/projects/{id}/versions/{versionId}/build/stop', { params: one, token: owner.token })).status).toBe(409);
    const artifacts = await call('GET', '/projects/{id}/versions/{versionId}/artifacts', { params: one, token: owner.token });
    expect(artifacts.body.artifacts.length).toBeGreaterThan(0);
    const download = await fetch(`${app.url}/api/projects/${project.id}/versions/${created.body.id}/artifacts/${encodeURIComponent(artifacts.body.artifacts[0].id)}/download`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(download.status).toBe(200);
    expect(Object.keys(document.paths['/projects/{id}/versions/{versionId}/artifacts/{artifactId}/download'].get.responses[200].content)).toEqual([download.headers.get('content-type')]);
    await download.arrayBuffer();
    succeeded.add('GET /projects/{id}/versions/{versionId}/artifacts/{artifactId}/download');
    expect((await call('PUT', '/projects/{id}/versions/{versionId}', { params: one, token: owner.token, body: { description: 'First release' } })).status).toBe(200);
    expect((await call('GET', '/projects/{id}/versions', { params, query: '?sort_by=version_number&sort_order=desc', token: owner.token })).body.total).toBeGreaterThan(0);
    expect((await call('POST', '/projects/{id}/versions', { params, token: owner.token, body: { version_tag: 'v1.0.0', git_branch: 'main' } })).status).toBe(409);
    expect((await call('POST', '/projects/{id}/versions', { params, token: owner.token, body: { version_tag: 'v1.1.0', extra: 1 } })).body).toMatchObject({ error: 'Unknown field "extra"' });
    version = created.body;

    const ready = (versionId: string) =>
      eventually(async () => (await app.api('GET', `/projects/${project.id}/versions/${versionId}`, { token: owner.token })).body.status === 'ready', 180_000);
    const idle = (versionId: string) =>
      eventually(async () => !['pending', 'running'].includes((await app.api('GET', `/projects/${project.id}/versions/${versionId}`, { token: owner.token })).body.build_status), 180_000);
    // A second version, built twice (its build on creation, then a rebuild), for the deployments below.
    const second = await call('POST', '/projects/{id}/versions', { params, token: owner.token, body: { version_tag: 'v1.1.0', git_branch: 'main' } });
    await ready(second.body.id);
    expect((await call('POST', '/projects/{id}/versions/{versionId}/build', { params: { ...params, versionId: second.body.id }, token: owner.token })).status).toBe(202);
    await idle(second.body.id);
    await ready(second.body.id);
    secondVersion = second.body;
    // A third whose build is stopped, then archived, restored and deleted.
    const third = await call('POST', '/projects/{id}/versions', { params, token: owner.token, body: { version_tag: 'v1.2.0', git_branch: 'main' } });
    const three = { ...params, versionId: third.body.id };
    const stopped = await call('POST', '/projects/{id}/versions/{versionId}/build/stop', { params: three, token: owner.token });
    expect(stopped.status, JSON.stringify(stopped.body)).toBe(200);
    await idle(third.body.id);
    const archived = await call('POST', '/projects/{id}/versions/{versionId}/archive', { params: three, token: owner.token });
    expect(archived.body.status, JSON.stringify(archived.body)).toBe('archived');
    expect((await call('POST', '/projects/{id}/versions/{versionId}/restore', { params: three, token: owner.token })).status).toBe(200);
    expect((await call('DELETE', '/projects/{id}/versions/{versionId}', { params: three, token: owner.token })).status).toBe(200);
    expect((await call('DELETE', '/projects/{id}/versions/{versionId}', { params: three, token: owner.token })).status).toBe(404);
  });
  it('versions: build, logs, artifacts, archive', versions, 600_000);

  const deployments = once(async () => {
    await versions();
    const params = { id: project.id };
    const created = await call('POST', '/projects/{id}/deployments', { params, token: owner.token, body: { version_id: version.id, deployment_strategy: 'rolling' } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const one = { id: project.id, deploymentId: created.body.id };
    const settled = async (deploymentId: string) => {
      await eventually(async () => {
        const { status } = (await call('GET', '/projects/{id}/deployments/{deploymentId}', { params: { ...params, deploymentId }, token: owner.token })).body;
        return !['pending', 'deploying', 'rolling_back', 'cleaning_up'].includes(status);
      }, 180_000);
      await eventually(async () => (await app.api('GET', `/projects/${project.id}/status`, { token: owner.token })).body.overall_status !== 'running', 120_000);
    };
    await settled(created.body.id);
    deployment = (await call('GET', '/projects/{id}/deployments/{deploymentId}/status', { params: one, token: owner.token })).body;
    expect(deployment.status).toBe('active');
    expect((await call('GET', '/projects/{id}/deployments', { params, query: '?environment=production', token: owner.token })).body.count).toBeGreaterThan(0);
    expect((await call('GET', '/projects/{id}/environments/{env}/deployments', { params: { ...params, env: 'production' }, token: owner.token })).status).toBe(200);
    expect((await call('GET', '/projects/{id}/environments/{env}/active', { params: { ...params, env: 'production' }, token: owner.token })).body.id).toBe(created.body.id);
    expect((await call('GET', '/projects/{id}/environments/{env}/active', { params: { ...params, env: 'staging' }, token: owner.token })).status).toBe(404);
    expect((await call('PUT', '/projects/{id}/deployments/{deploymentId}', { params: one, token: owner.token, body: { replicas: 2 } })).status).toBe(200);
    await settled(created.body.id);
    expect((await call('GET', '/projects/{id}/deployments/{deploymentId}/events', { params: one, token: owner.token })).body.events.length).toBeGreaterThan(0);
    expect((await call('GET', '/projects/{id}/deployments/{deploymentId}/health', { params: one, token: owner.token })).status).toBe(200);
    expect((await call('GET', '/projects/{id}/deployments/{deploymentId}/instances', { params: one, token: owner.token })).status).toBe(200);
    expect((await call('POST', '/projects/{id}/deployments/{deploymentId}/health/check', { params: one, token: owner.token })).status).toBe(200);
    expect((await call('GET', '/projects/{id}/deployments/{deploymentId}/metrics', { params: one, query: '?range=5m', token: owner.token })).status).toBe(200);
    expect((await call('GET', '/projects/{id}/deployments/{deploymentId}/metrics', { params: one, query: '?range=7y', token: owner.token })).status).toBe(400);
    expect((await call('GET', '/projects/{id}/deployments/{deploymentId}/logs', { params: one, query: '?tail=10', token: owner.token })).status).toBe(200);
    expect((await call('DELETE', '/projects/{id}/deployments/{deploymentId}', { params: one, token: owner.token })).status).toBe(409);
    expect((await call('POST', '/projects/{id}/deployments', { params, token: owner.token, body: { version_id: version.id, colour: 'blue' } })).body).toMatchObject({ field: 'colour' });
    const next = await call('POST', '/projects/{id}/deployments', { params, token: owner.token, body: { version_id: secondVersion.id } });
    expect(next.status, JSON.stringify(next.body)).toBe(201);
    await settled(next.body.id);
    // A canary, aborted, then (after the rollback) another one, promoted: both by hand once it takes traffic.
    const canaryBy = async (versionId: string, action: 'abort' | 'promote') => {
      const canary = await call('POST', '/projects/{id}/deployments', { params, token: owner.token, body: { version_id: versionId, deployment_strategy: 'canary', canary_step_seconds: 600 } });
      expect(canary.status, JSON.stringify(canary.body)).toBe(201);
      const ids = { ...params, deploymentId: canary.body.id };
      await eventually(async () => (await call('GET', '/projects/{id}/deployments/{deploymentId}', { params: ids, token: owner.token })).body.canary?.current_step === 0, 180_000);
      expect((await call('POST', `/projects/{id}/deployments/{deploymentId}/${action}`, { params: ids, token: owner.token })).status).toBe(200);
      await settled(canary.body.id);
    };
    await canaryBy(version.id, 'abort');
    const rollback = await call('POST', '/projects/{id}/deployments/{deploymentId}/rollback', { params: { ...params, deploymentId: next.body.id }, token: owner.token, body: { target_deployment_id: created.body.id, reason: 'Docs' } });
    expect(rollback.status, JSON.stringify(rollback.body)).toBe(202);
    await settled(rollback.body.id);
    await canaryBy(secondVersion.id, 'promote');
    await eventually(async () => (await app.api('GET', `/projects/${project.id}/status`, { token: owner.token })).body.overall_status !== 'running', 120_000);
    expect((await call('POST', '/projects/{id}/deployments/stop', { params, query: '?environment=production', token: owner.token })).status).toBe(200);
    expect((await call('POST', '/projects/{id}/deployments/archive', { params, token: owner.token, body: { older_than_days: 30 } })).status).toBe(200);
    expect((await call('POST', '/projects/{id}/deployments/archive', { params, token: owner.token, body: {} })).status).toBe(400);
    await eventually(async () => (await app.api('GET', `/projects/${project.id}/status`, { token: owner.token })).body.overall_status !== 'running', 120_000);
    const inactive = (await app.api('GET', `/projects/${project.id}/deployments`, { token: owner.token })).body.deployments.find((one: any) => !one.is_active);
    if (inactive) expect((await call('DELETE', '/projects/{id}/deployments/{deploymentId}', { params: { id: project.id, deploymentId: inactive.id }, token: owner.token })).status).toBe(200);
  });
  it('deployments and their observability', deployments, 600_000);

  const environments = once(async () => {
    await deployments();
    const params = { id: project.id };
    const idle = () => eventually(async () => (await app.api('GET', `/projects/${project.id}/status`, { token: owner.token })).body.overall_status !== 'running', 180_000);
    const staging = await call('POST', '/projects/{id}/environments', { params, token: owner.token, body: { name: 'staging', branch: 'develop', variables: { GREETING: 'hi' } } });
    expect(staging.status, JSON.stringify(staging.body)).toBe(201);
    const one = { ...params, env: 'staging' };
    expect((await call('GET', '/projects/{id}/environments', { params, token: owner.token })).body.environments.map((row: any) => row.name)).toEqual(['production', 'staging']);
    expect((await call('GET', '/projects/{id}/environments/{env}', { params: { ...params, env: 'production' }, token: owner.token })).body.name).toBe('production');
    expect((await call('PUT', '/projects/{id}/environments/{env}', { params: one, token: owner.token, body: { auto_deploy: true } })).body.auto_deploy).toBe(true);
    expect((await call('POST', '/projects/{id}/environments/{env}/domains', { params: one, token: owner.token, body: { hostname: 'docs.example.test' } })).status).toBe(201);
    expect((await call('GET', '/projects/{id}/environments/{env}/domains', { params: one, token: owner.token })).body.domains).toHaveLength(1);
    expect((await call('DELETE', '/projects/{id}/environments/{env}/domains/{hostname}', { params: { ...one, hostname: 'docs.example.test' }, token: owner.token })).status).toBe(200);
    expect((await call('GET', '/projects/{id}/pushes', { params, token: owner.token })).body).toEqual({ pushes: [] });
    expect((await call('GET', '/projects/{id}/previews', { params, token: owner.token })).body).toEqual({ enabled: true, idle_minutes: null });
    expect((await call('PUT', '/projects/{id}/previews', { params, token: owner.token, body: { idle_minutes: 60 } })).body).toEqual({ enabled: true, idle_minutes: 60 });
    expect((await call('POST', '/projects/{id}/deployments', { params, token: owner.token, body: { version_id: secondVersion.id, environment: 'staging' } })).status).toBe(201);
    await idle();
    const plan = await call('GET', '/projects/{id}/environments/{env}/promotion', { params: { ...params, env: 'production' }, query: '?from=staging', token: owner.token });
    expect(plan.body).toMatchObject({ from: 'staging', to: 'production', current: null });
    const promoted = await call('POST', '/projects/{id}/environments/{env}/promote', { params: { ...params, env: 'production' }, token: owner.token, body: { from: 'staging' } });
    expect(promoted.status, JSON.stringify(promoted.body)).toBe(201);
    await idle();
    expect((await call('POST', '/projects/{id}/deployments/stop', { params, query: '?environment=staging', token: owner.token })).status).toBe(200);
    await idle();
    await eventually(async () => (await call('DELETE', '/projects/{id}/environments/{env}', { params: one, token: owner.token })).status === 200, 60_000);
  });
  it('environments, promotion and pushes', environments, 1_200_000);

  it('deleting a project, then every documented operation has answered with success', async () => {
    for (const step of [authUsersHealth, adminUsers, accessTokens, notifications, templatesSettingsCommands, projects, versions, deployments, environments]) await step();
    const member = { id: project.id, userId: stranger.user.id };
    expect((await call('POST', '/projects/{id}/members', { params: { id: project.id }, token: owner.token, body: { email: stranger.email, role: 'viewer' } })).status).toBe(201);
    expect((await call('GET', '/projects/{id}/members', { params: { id: project.id }, token: owner.token })).body.members).toHaveLength(1);
    expect((await call('PUT', '/projects/{id}/members/{userId}', { params: member, token: owner.token, body: { role: 'developer' } })).body.role).toBe('developer');
    expect((await call('DELETE', '/projects/{id}/members/{userId}', { params: member, token: owner.token })).status).toBe(204);
    expect((await call('GET', '/projects/{id}/audit', { params: { id: project.id }, token: owner.token })).body.entries.length).toBeGreaterThan(0);
    expect((await call('GET', '/audit', { token: owner.token })).body.entries.length).toBeGreaterThan(0);
    // JSON Lines, not JSON: fetched as they are, with the documented media type.
    for (const [route, path] of [['/projects/{id}/audit/export', `/projects/${project.id}/audit/export`], ['/audit/export', '/audit/export']]) {
      const lines = await fetch(`${app.url}/api${path}`, { headers: { authorization: `Bearer ${owner.token}` } });
      expect(lines.status).toBe(200);
      expect(Object.keys(document.paths[route].get.responses[200].content)).toEqual([lines.headers.get('content-type')?.split(';')[0]]);
      await lines.text();
      succeeded.add(`GET ${route}`);
    }
    expect((await call('DELETE', '/projects/{id}', { params: { id: project.id }, token: owner.token })).status).toBe(202);
    expect((await call('POST', '/users/logout', { token: owner.token })).status).toBe(200);
    expect((await call('GET', '/users/me', { token: owner.token })).status).toBe(401);
    const documented = Object.entries(document.paths as Record<string, object>).flatMap(([route, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${route}`),
    );
    const retryCancel = ['POST /projects/{id}/status/retry', 'POST /projects/{id}/status/cancel'];
    expect(documented.filter((one) => !succeeded.has(one) && !retryCancel.includes(one))).toEqual([]);
    expect(checked.length).toBeGreaterThan(documented.length);
  }, 1_800_000);
});

describe('the browsable page', () => {
  it('serves Swagger UI from this server, with no external URL, under the app CSP', async () => {
    const page = await fetch(`${app.url}/api/docs`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<title>Slipway REST API</title>');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const urls = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map(([, url]) => url);
    expect(urls.length).toBeGreaterThan(0);
    for (const url of urls) {
      expect(url, 'a same-origin path').toMatch(/^\/api\/docs\//);
      const asset = await fetch(`${app.url}${url}`);
      expect(asset.status, url).toBe(200);
      expect((await asset.text()).length, url).toBeGreaterThan(0);
    }
    expect(html).not.toMatch(/https?:\/\//);
    const starter = await (await fetch(`${app.url}/api/docs/docs.js`)).text();
    expect(starter).toContain("url: '/api/openapi.json'");
    expect(starter).not.toMatch(/https?:\/\//);
  });
});
