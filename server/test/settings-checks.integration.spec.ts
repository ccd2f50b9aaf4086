import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForRun } from './helpers/project-runs.js';
import { startCloudFakes, type CloudFakes } from './helpers/cloud-fakes.js';
import { refusal, registerUser, type TestApp } from './helpers/test-app.js';

/**
 * Issue 31, items 3, 22 and 25 over the API: settings values checked by their rules before anything is stored, a
 * connection test per provider against the fakes of server/fakes, PUT of one setting without a value, and the cloud
 * services' URLs set by an admin at run time. Slipway starts pointed at nothing (a closed port) for every cloud
 * service: only the URLs the admin saves lead to the fakes.
 */
const GITHUB_TOKEN = 'ghp_connection_check_0123456789';
const DOCKER_TOKEN = 'dckr_pat_connection_check_0123';
const DIGITALOCEAN_TOKEN = 'dop_v1_connection_check_0123456789';
const NOWHERE = 'http://127.0.0.1:9';

let fakes: CloudFakes;
let app: TestApp;
let admin: Awaited<ReturnType<typeof registerUser>>;
let user: Awaited<ReturnType<typeof registerUser>>;

beforeAll(async () => {
  fakes = await startCloudFakes({
    name: 'settings-checks',
    dockerUsers: { adalabs: DOCKER_TOKEN },
    digitalOcean: { portSlot: 1, tokens: [DIGITALOCEAN_TOKEN] },
    env: { SLIPWAY_GITHUB_API_URL: NOWHERE, SLIPWAY_DOCKERHUB_URL: NOWHERE, SLIPWAY_DOCKER_REGISTRY_URL: NOWHERE, SLIPWAY_DIGITALOCEAN_API_URL: NOWHERE },
  });
  app = fakes.app;
  fakes.github.addToken(GITHUB_TOKEN, { login: 'ada', scopes: ['repo', 'workflow', 'delete_repo'] });
  fakes.github.addOrganization('acme', { members: [{ login: 'ada', role: 'admin' }] });
  admin = await registerUser(app);
  user = await registerUser(app);
}, 60_000);
afterAll(() => fakes?.close());

const fakeEndpoints = () => ({
  github_api: fakes.github.url,
  docker_hub: fakes.hub.hubUrl,
  docker_registry: fakes.hub.registryUrl,
  digitalocean_api: fakes.digitalOcean!.apiUrl,
});
const host = (url: string) => new URL(url).host;

describe('settings values are checked by the rules their hints state (item 3)', () => {
  it.each([
    ['GITHUB_TOKEN', 'ab', 'GitHub Token must be at least 4 characters'],
    ['DOCKER_TOKEN', 'abc', 'Docker Token must be at least 4 characters'],
    ['GITHUB_ORGANIZATION', 'acme org!', 'GitHub Organization can only contain letters, digits and single hyphens (not first or last), at most 39 characters'],
    ['DOCKER_USERNAME', 'Ada Lovelace', 'Docker Username must be 4 to 30 lowercase letters and digits'],
    ['DOKS_CLUSTER_ID', 'my-cluster', 'Cluster ID must be a UUID such as 3f6c2a1e-8b1d-4c1e-9a0b-5d2e7f8a9b0c'],
  ])('refuses %s %j with its message, saving nothing (REST and GraphQL)', async (key, value, message) => {
    const res = await app.api('PUT', '/settings', { token: user.token, body: { settings: { DOCKER_USERNAME: 'adalabs', [key]: value } } });
    expect(res).toEqual(refusal(400, message, key));
    const single = await app.api('PUT', `/settings/${key}`, { token: user.token, body: { value } });
    expect(single).toEqual(refusal(400, message, key));
    const graphql = await app.graphql('mutation ($s: [SettingInput!]!) { saveSettings(settings: $s) { key } }', { s: [{ key, value }] }, user.token);
    expect(graphql.errors?.[0]).toMatchObject({ message, extensions: { code: 'BAD_USER_INPUT', field: key } });
    expect((await app.api('GET', '/settings', { token: user.token })).body).toEqual({ settings: {} });
  });
});

describe('PUT /settings/{key} without a value (item 22)', () => {
  it.each([[{}], [{ valu: 'x' }], [{ value: null }], [{ value: '  ' }]])('answers %j with 400 "value is required" and keeps the saved value', async (body) => {
    await app.api('PUT', '/settings/GITHUB_TOKEN', { token: user.token, body: { value: GITHUB_TOKEN } });
    const res = await app.api('PUT', '/settings/GITHUB_TOKEN', { token: user.token, body });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/^(value is required|Unknown field "valu")$/);
    expect((await app.api('GET', '/settings/GITHUB_TOKEN', { token: user.token })).body.value).toBe(GITHUB_TOKEN);
    expect((await app.api('DELETE', '/settings/GITHUB_TOKEN', { token: user.token })).status).toBe(204);
  });

  it('says "value is required" for a typo in the field name too', async () => {
    const res = await app.api('PUT', '/settings/GITHUB_ORGANIZATION', { token: user.token, body: { valu: 'acme' } });
    expect(res).toEqual(refusal(400, 'value is required', 'value'));
  });
});

describe('cloud service URLs, set by an admin at run time (item 25)', () => {
  it('are the environment’s defaults until an admin saves others, each an http(s) URL; plain users may not see or change them', async () => {
    const listed = await app.api('GET', '/cloud-endpoints', { token: admin.token });
    expect(listed.status).toBe(200);
    expect(listed.body.endpoints).toEqual([
      { key: 'github_api', label: 'GitHub API URL', url: NOWHERE, default_url: NOWHERE, overridden: false },
      { key: 'docker_hub', label: 'Docker Hub URL', url: NOWHERE, default_url: NOWHERE, overridden: false },
      { key: 'docker_registry', label: 'Docker registry URL', url: NOWHERE, default_url: NOWHERE, overridden: false },
      { key: 'digitalocean_api', label: 'DigitalOcean API URL', url: NOWHERE, default_url: NOWHERE, overridden: false },
    ]);
    expect((await app.api('GET', '/cloud-endpoints', { token: user.token })).status).toBe(403);
    expect((await app.api('PUT', '/cloud-endpoints', { token: user.token, body: { endpoints: { github_api: fakes.github.url } } })).status).toBe(403);
    expect((await app.graphql('{ cloudEndpoints { key } }', {}, user.token)).errors?.[0].extensions?.code).toBe('FORBIDDEN');

    const invalid = await app.api('PUT', '/cloud-endpoints', { token: admin.token, body: { endpoints: { github_api: fakes.github.url, docker_hub: 'ftp://hub' } } });
    expect(invalid).toEqual(refusal(400, 'Docker Hub URL must be an http:// or https:// URL without a user, query or fragment', 'docker_hub'));
    expect((await app.api('GET', '/cloud-endpoints', { token: admin.token })).body.endpoints[0].url).toBe(NOWHERE);

    const saved = await app.graphql(
      'mutation ($e: [CloudEndpointInput!]!) { saveCloudEndpoints(endpoints: $e) { key url defaultUrl overridden } }',
      { e: Object.entries(fakeEndpoints()).map(([key, url]) => ({ key, url: `${url}/` })) },
      admin.token,
    );
    expect(saved.data.saveCloudEndpoints).toEqual(Object.entries(fakeEndpoints()).map(([key, url]) => ({ key, url, defaultUrl: NOWHERE, overridden: true })));
  });

  it('take effect at once: a new project goes to the saved GitHub, and a reset returns to the default', async () => {
    await app.api('PUT', '/cloud-endpoints', { token: admin.token, body: { endpoints: fakeEndpoints() } });
    const owner = await registerUser(app);
    await app.api('PUT', '/settings', { token: owner.token, body: { settings: { GITHUB_ORGANIZATION: 'acme', GITHUB_TOKEN } } });
    const created = await app.api('POST', '/projects', { token: owner.token, body: { name: 'Runtime URL', description: 'On the fake GitHub' } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const run = await waitForRun(app, owner.token, created.body.id, { stream: 'project_creation' });
    expect(run.overall_status, JSON.stringify(run.processors)).toBe('completed');
    expect((await fetch(`${fakes.github.url}/repos/acme/runtime-url`, { headers: { authorization: `token ${GITHUB_TOKEN}` } })).status).toBe(200);

    const reset = await app.api('PUT', '/cloud-endpoints', { token: admin.token, body: { endpoints: { github_api: null } } });
    expect(reset.body.endpoints[0]).toEqual({ key: 'github_api', label: 'GitHub API URL', url: NOWHERE, default_url: NOWHERE, overridden: false });
    const test = await app.api('POST', '/settings/test-connection', { token: owner.token, body: { provider: 'github' } });
    expect(test.body).toMatchObject({ provider: 'github', ok: false, host: host(NOWHERE) });
  });
});

describe('Test connection (item 3)', () => {
  beforeAll(async () => {
    await app.api('PUT', '/cloud-endpoints', { token: admin.token, body: { endpoints: fakeEndpoints() } });
  });

  it('checks saved GitHub credentials with GitHub and names the host it asked', async () => {
    const owner = await registerUser(app);
    await app.api('PUT', '/settings', { token: owner.token, body: { settings: { GITHUB_ORGANIZATION: 'acme', GITHUB_TOKEN } } });
    const ok = await app.api('POST', '/settings/test-connection', { token: owner.token, body: { provider: 'github' } });
    expect(ok).toEqual({
      status: 200,
      body: { provider: 'github', ok: true, host: host(fakes.github.url), message: `${host(fakes.github.url)} accepted the token of ada, who may create repositories in acme` },
    });
    const wrong = await app.api('POST', '/settings/test-connection', { token: owner.token, body: { provider: 'github', settings: { GITHUB_TOKEN: 'ghp_not_a_real_one' } } });
    expect(wrong.body).toMatchObject({ provider: 'github', ok: false, host: host(fakes.github.url) });
    expect(wrong.body.message).toContain('Bad credentials');
    const otherOrg = await app.graphql(
      'mutation ($s: [SettingInput!]) { testConnection(provider: github, settings: $s) { ok host message } }',
      { s: [{ key: 'GITHUB_ORGANIZATION', value: 'elsewhere' }] },
      owner.token,
    );
    expect(otherOrg.data.testConnection).toMatchObject({ ok: false, host: host(fakes.github.url) });
    expect(otherOrg.data.testConnection.message).toContain('"elsewhere" does not exist');
    // The test changed nothing that was saved.
    expect((await app.api('GET', '/settings/GITHUB_ORGANIZATION', { token: owner.token })).body.value).toBe('acme');
  });

  it('checks Docker Hub, DigitalOcean and the DOKS cluster with values typed but not saved', async () => {
    const owner = await registerUser(app);
    const dockerHub = await app.api('POST', '/settings/test-connection', {
      token: owner.token,
      body: { provider: 'dockerhub', settings: { DOCKER_USERNAME: 'adalabs', DOCKER_TOKEN } },
    });
    expect(dockerHub.body).toEqual({
      provider: 'dockerhub',
      ok: true,
      host: host(fakes.hub.hubUrl),
      message: `${host(fakes.hub.hubUrl)} accepted adalabs's token, and the registry at ${host(fakes.hub.registryUrl)} lets it push images`,
    });
    const refused = await app.api('POST', '/settings/test-connection', { token: owner.token, body: { provider: 'dockerhub', settings: { DOCKER_USERNAME: 'adalabs', DOCKER_TOKEN: 'dckr_pat_wrong' } } });
    expect(refused.body).toMatchObject({ ok: false, host: host(fakes.hub.hubUrl) });

    const digitalOcean = await app.api('POST', '/settings/test-connection', { token: owner.token, body: { provider: 'digitalocean', settings: { DIGITALOCEAN_TOKEN } } });
    expect(digitalOcean.body).toMatchObject({ provider: 'digitalocean', ok: true, host: host(fakes.digitalOcean!.apiUrl) });
    const cluster = await app.api('POST', '/settings/test-connection', {
      token: owner.token,
      body: { provider: 'doks', settings: { DIGITALOCEAN_TOKEN, DOKS_CLUSTER_ID: fakes.digitalOcean!.clusterId } },
    });
    expect(cluster.body).toMatchObject({ provider: 'doks', ok: true, host: host(fakes.digitalOcean!.apiUrl) });
    expect(cluster.body.message).toMatch(/cluster "[^"]+" \(.+\)/);
    const missing = await app.api('POST', '/settings/test-connection', {
      token: owner.token,
      body: { provider: 'doks', settings: { DIGITALOCEAN_TOKEN, DOKS_CLUSTER_ID: '3f6c2a1e-8b1d-4c1e-9a0b-5d2e7f8a9b0c' } },
    });
    expect(missing.body).toMatchObject({ ok: false, host: host(fakes.digitalOcean!.apiUrl) });
    expect((await app.api('GET', '/settings', { token: owner.token })).body).toEqual({ settings: {} });
  });

  it('says what to fill in when a value is missing, refuses invalid ones in place, and names unknown providers', async () => {
    const owner = await registerUser(app);
    expect((await app.api('POST', '/settings/test-connection', { token: owner.token, body: { provider: 'dockerhub' } })).body).toEqual({
      provider: 'dockerhub',
      ok: false,
      host: host(fakes.hub.hubUrl),
      message: 'Enter the Docker Username and Docker Token first',
    });
    expect(await app.api('POST', '/settings/test-connection', { token: owner.token, body: { provider: 'github', settings: { GITHUB_TOKEN: 'ab' } } })).toEqual(
      refusal(400, 'GitHub Token must be at least 4 characters', 'GITHUB_TOKEN'),
    );
    expect((await app.api('POST', '/settings/test-connection', { token: owner.token, body: { provider: 'aws' } })).body).toEqual({
      error: 'Unknown provider "aws". Valid providers are github, dockerhub, digitalocean, doks, kubernetes',
      code: 'BAD_USER_INPUT',
      field: 'provider',
    });
  });
});
