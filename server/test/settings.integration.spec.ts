import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SecretBox } from '../src/common/secret-box.js';
import { SettingsService } from '../src/modules/settings/settings.service.js';
import { refusal, registerUser, startTestApp, TEST_SECRET_KEY, type TestApp } from './helpers/test-app.js';

const DOCKER_TOKEN = 'dckr_pat_SUPERSECRET_9f3a';
const GITHUB_TOKEN = 'ghp_ANOTHERSECRET_77xy';
const KEYS = ['DOCKER_USERNAME', 'DOCKER_TOKEN', 'DIGITALOCEAN_TOKEN', 'DOKS_CLUSTER_ID', 'GITHUB_TOKEN', 'GITHUB_ORGANIZATION', 'KUBECONFIG', 'KUBERNETES_CONTEXT', 'KUBERNETES_CERT_ISSUER', 'KUBERNETES_INGRESS_CLASS'];
const CLUSTER_1 = '0f6c2a1e-8b1d-4c1e-9a0b-5d2e7f8a9b01';
const CLUSTER_2 = '0f6c2a1e-8b1d-4c1e-9a0b-5d2e7f8a9b02';

let app: TestApp;
let db: pg.Client;
let alice: Awaited<ReturnType<typeof registerUser>>;
let bob: Awaited<ReturnType<typeof registerUser>>;
const logged: string[] = [];

beforeAll(async () => {
  app = await startTestApp();
  db = new pg.Client({ connectionString: app.databaseUrl });
  await db.connect();
  alice = await registerUser(app);
  bob = await registerUser(app);
  // Everything the server prints during these tests, to prove no secret value is ever logged.
  for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(' ')));
  }
});
afterAll(async () => {
  vi.restoreAllMocks();
  await db.end();
  await app.stop();
});
afterEach(async () => {
  await db.query('DELETE FROM user_settings');
});

const SETTINGS_QUERY = '{ settings { key secret configured value maskedValue updatedAt } }';

describe('settings over REST', () => {
  it('starts empty, saves several at once and lists secrets masked (last 4 kept)', async () => {
    expect(await app.api('GET', '/settings', { token: alice.token })).toEqual({ status: 200, body: { settings: {} } });
    const saved = await app.api('PUT', '/settings', {
      token: alice.token,
      body: { settings: { DOCKER_USERNAME: ' alice ', DOCKER_TOKEN, GITHUB_ORGANIZATION: 'acme', GITHUB_TOKEN: 'abcd' } },
    });
    const expected = {
      DOCKER_USERNAME: 'alice',
      DOCKER_TOKEN: `${'•'.repeat(20)}9f3a`,
      GITHUB_ORGANIZATION: 'acme',
      GITHUB_TOKEN: '••••',
    };
    expect(saved).toEqual({ status: 200, body: { settings: expected } });
    expect((await app.api('GET', '/settings', { token: alice.token })).body).toEqual({ settings: expected });
  });

  it('reveals one value in plain text only when asked for it by key', async () => {
    await app.api('PUT', '/settings/DOCKER_TOKEN', { token: alice.token, body: { value: DOCKER_TOKEN } });
    expect(await app.api('GET', '/settings/DOCKER_TOKEN', { token: alice.token })).toEqual({
      status: 200,
      body: { key: 'DOCKER_TOKEN', value: DOCKER_TOKEN },
    });
    expect((await app.api('GET', '/settings/DIGITALOCEAN_TOKEN', { token: alice.token })).body).toEqual({
      key: 'DIGITALOCEAN_TOKEN',
      value: null,
    });
  });

  it('sets, replaces and deletes one key; in a save of several, an empty or null value deletes', async () => {
    const set = await app.api('PUT', '/settings/DOKS_CLUSTER_ID', { token: alice.token, body: { value: CLUSTER_1 } });
    expect(set).toEqual({ status: 200, body: { key: 'DOKS_CLUSTER_ID', value: CLUSTER_1 } });
    await app.api('PUT', '/settings/DOKS_CLUSTER_ID', { token: alice.token, body: { value: CLUSTER_2 } });
    expect((await app.api('GET', '/settings/DOKS_CLUSTER_ID', { token: alice.token })).body.value).toBe(CLUSTER_2);

    expect((await app.api('DELETE', '/settings/DOKS_CLUSTER_ID', { token: alice.token })).status).toBe(204);
    expect((await app.api('GET', '/settings/DOKS_CLUSTER_ID', { token: alice.token })).body.value).toBeNull();

    await app.api('PUT', '/settings', { token: alice.token, body: { settings: { DOCKER_USERNAME: 'alice', GITHUB_ORGANIZATION: 'b' } } });
    const cleared = await app.api('PUT', '/settings', { token: alice.token, body: { settings: { DOCKER_USERNAME: '', GITHUB_ORGANIZATION: null } } });
    expect(cleared.body).toEqual({ settings: {} });
  });

  it('keeps a secret when a client sends back the masked text it was shown', async () => {
    await app.api('PUT', '/settings', { token: alice.token, body: { settings: { GITHUB_TOKEN } } });
    const shown = (await app.api('GET', '/settings', { token: alice.token })).body.settings.GITHUB_TOKEN;
    await app.api('PUT', '/settings', { token: alice.token, body: { settings: { GITHUB_TOKEN: shown, DOCKER_USERNAME: 'newname' } } });
    expect((await app.api('GET', '/settings/GITHUB_TOKEN', { token: alice.token })).body.value).toBe(GITHUB_TOKEN);
  });

  it.each([
    ['PUT', '/settings', { settings: { DOCKER_USERNAME: 'okay', AWS_SECRET: 'x' } }],
    ['PUT', '/settings/AWS_SECRET', { value: 'x' }],
    ['GET', '/settings/docker_token', undefined],
    ['DELETE', '/settings/AWS_SECRET', undefined],
  ])('refuses an unknown key: %s %s is a 400 and changes nothing', async (method, route, body) => {
    const res = await app.api(method, route, { token: alice.token, body });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(
      /^Unknown setting "(AWS_SECRET|docker_token)"\. Valid settings are DOCKER_USERNAME, DOCKER_TOKEN, DIGITALOCEAN_TOKEN, DOKS_CLUSTER_ID, GITHUB_TOKEN, GITHUB_ORGANIZATION, KUBECONFIG, KUBERNETES_CONTEXT, KUBERNETES_CERT_ISSUER, KUBERNETES_INGRESS_CLASS$/,
    );
    expect((await app.api('GET', '/settings', { token: alice.token })).body).toEqual({ settings: {} });
  });

  it.each([
    ['a body that is not an object', { raw: '[1,2]' }, 'Request body must be a JSON object', undefined],
    ['malformed JSON', { raw: '{"settings": ' }, 'Malformed JSON in request body', undefined],
    ['settings missing', { body: {} }, 'settings must be an object mapping setting names to values', 'settings'],
    ['settings as a string', { body: { settings: 'DOCKER_USERNAME=a' } }, 'settings must be an object mapping setting names to values', 'settings'],
    ['settings as a list', { body: { settings: [{ key: 'DOCKER_USERNAME', value: 'a' }] } }, 'settings must be an object mapping setting names to values', 'settings'],
    ['a number value', { body: { settings: { DOCKER_USERNAME: 42 } } }, 'Docker Username must be a string', 'DOCKER_USERNAME'],
    ['a line break', { body: { settings: { DOCKER_TOKEN: 'abc\ndef' } } }, 'Docker Token cannot contain line breaks or control characters', 'DOCKER_TOKEN'],
    ['a value too long', { body: { settings: { DOCKER_TOKEN: 'x'.repeat(4097) } } }, 'Docker Token must be at most 4096 characters', 'DOCKER_TOKEN'],
  ])('answers %s with a 400, a clear message and the setting it is about', async (_label, request, message, field) => {
    const res = await app.api('PUT', '/settings', { token: alice.token, ...request });
    expect(res).toEqual(refusal(400, message, field));
  });

  it('needs a signed-in user', async () => {
    for (const [method, route] of [['GET', '/settings'], ['PUT', '/settings'], ['GET', '/settings/DOCKER_TOKEN'], ['DELETE', '/settings/DOCKER_TOKEN']]) {
      expect((await app.api(method, route)).status).toBe(401);
    }
  });
});

describe('settings over GraphQL', () => {
  it('lists all ten keys, secrets with a masked value only, and reveals on request', async () => {
    const save = await app.graphql(
      `mutation ($s: [SettingInput!]!) { saveSettings(settings: $s) { key configured } }`,
      { s: [{ key: 'DOCKER_USERNAME', value: 'alice' }, { key: 'DOCKER_TOKEN', value: DOCKER_TOKEN }] },
      alice.token,
    );
    expect(save.data.saveSettings.filter((s: { configured: boolean }) => s.configured).map((s: { key: string }) => s.key)).toEqual([
      'DOCKER_USERNAME',
      'DOCKER_TOKEN',
    ]);

    const { data } = await app.graphql(SETTINGS_QUERY, {}, alice.token);
    expect(data.settings.map((s: { key: string }) => s.key)).toEqual(KEYS);
    const byKey = Object.fromEntries(data.settings.map((s: { key: string }) => [s.key, s]));
    expect(byKey.DOCKER_USERNAME).toMatchObject({ secret: false, configured: true, value: 'alice', maskedValue: '•lice' });
    expect(byKey.DOCKER_TOKEN).toMatchObject({ secret: true, configured: true, value: null, maskedValue: `${'•'.repeat(20)}9f3a` });
    expect(byKey.GITHUB_TOKEN).toEqual({ key: 'GITHUB_TOKEN', secret: true, configured: false, value: null, maskedValue: null, updatedAt: null });
    expect(JSON.stringify(data)).not.toContain(DOCKER_TOKEN);

    const revealed = await app.graphql('query ($k: SettingKey!) { settingValue(key: $k) }', { k: 'DOCKER_TOKEN' }, alice.token);
    expect(revealed.data).toEqual({ settingValue: DOCKER_TOKEN });
    const unset = await app.graphql('{ settingValue(key: GITHUB_TOKEN) }', {}, alice.token);
    expect(unset.data).toEqual({ settingValue: null });
  });

  it('sets and deletes one setting; an empty value is refused, not taken for a deletion', async () => {
    const set = await app.graphql('mutation { setSetting(key: GITHUB_TOKEN, value: "ghp_1234567") { key configured value maskedValue } }', {}, alice.token);
    expect(set.data.setSetting).toEqual({ key: 'GITHUB_TOKEN', configured: true, value: null, maskedValue: '•••••••4567' });
    const empty = await app.graphql('mutation { setSetting(key: GITHUB_TOKEN, value: "") { key } }', {}, alice.token);
    expect(empty.errors?.[0]).toMatchObject({ message: 'value is required', extensions: { code: 'BAD_USER_INPUT', field: 'value' } });
    const deleted = await app.graphql('mutation { deleteSetting(key: GITHUB_TOKEN) { configured maskedValue } }', {}, alice.token);
    expect(deleted.data.deleteSetting).toEqual({ configured: false, maskedValue: null });
    expect((await app.graphql('{ settingValue(key: GITHUB_TOKEN) }', {}, alice.token)).data.settingValue).toBeNull();
  });

  it('saves all or nothing: one bad value leaves every setting as it was', async () => {
    const res = await app.graphql(
      `mutation ($s: [SettingInput!]!) { saveSettings(settings: $s) { key } }`,
      { s: [{ key: 'DOCKER_USERNAME', value: 'alice' }, { key: 'DOCKER_TOKEN', value: 'bad\u0001value' }] },
      alice.token,
    );
    expect(res.errors?.[0]).toMatchObject({ message: 'Docker Token cannot contain line breaks or control characters', extensions: { code: 'BAD_USER_INPUT' } });
    expect((await app.api('GET', '/settings', { token: alice.token })).body).toEqual({ settings: {} });
  });

  it('refuses unknown keys, repeated keys and anonymous callers', async () => {
    const unknown = await app.graphql('{ settingValue(key: AWS_SECRET) }', {}, alice.token);
    expect(unknown.status).toBe(400);
    expect(unknown.errors?.[0].extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
    const twice = await app.graphql(
      'mutation { saveSettings(settings: [{key: DOCKER_USERNAME, value: "abcd"}, {key: DOCKER_USERNAME, value: "bcde"}]) { key } }',
      {},
      alice.token,
    );
    expect(twice.errors?.[0].message).toBe('DOCKER_USERNAME is given more than once');
    expect((await app.graphql(SETTINGS_QUERY)).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('settings are private and encrypted', () => {
  it("never shows one user's settings to another", async () => {
    await app.api('PUT', '/settings', { token: alice.token, body: { settings: { DOCKER_TOKEN, GITHUB_ORGANIZATION: 'alice-org' } } });
    expect((await app.api('GET', '/settings', { token: bob.token })).body).toEqual({ settings: {} });
    expect((await app.api('GET', '/settings/DOCKER_TOKEN', { token: bob.token })).body.value).toBeNull();
    expect((await app.graphql('{ settingValue(key: GITHUB_ORGANIZATION) }', {}, bob.token)).data.settingValue).toBeNull();
    await app.api('DELETE', '/settings/DOCKER_TOKEN', { token: bob.token });
    expect((await app.api('GET', '/settings/DOCKER_TOKEN', { token: alice.token })).body.value).toBe(DOCKER_TOKEN);
  });

  it('stores every value sealed (AES-256-GCM, versioned), never in plain text, bound to its owner and key', async () => {
    await app.api('PUT', '/settings', { token: alice.token, body: { settings: { DOCKER_TOKEN, GITHUB_TOKEN, DOCKER_USERNAME: 'plainname' } } });
    const { rows } = await db.query('SELECT owner_id, key, value_encrypted, t::text AS whole FROM user_settings t');
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row.value_encrypted).toMatch(/^v1:[\w-]+:[\w-]+:[\w-]+$/);
      for (const plain of [DOCKER_TOKEN, GITHUB_TOKEN, 'plainname']) expect(row.whole).not.toContain(plain);
    }
    // A sealed value moved to another key no longer opens: the server answers 500 without leaking anything.
    await db.query(
      `UPDATE user_settings SET value_encrypted = (SELECT value_encrypted FROM user_settings WHERE key = 'DOCKER_TOKEN') WHERE key = 'GITHUB_TOKEN'`,
    );
    const res = await app.api('GET', '/settings/GITHUB_TOKEN', { token: alice.token });
    expect(res).toEqual(refusal(500, 'Internal server error'));
  });

  it('hands other modules the decrypted values through SettingsService.valuesFor', async () => {
    await app.api('PUT', '/settings', { token: alice.token, body: { settings: { DOCKER_TOKEN, GITHUB_ORGANIZATION: 'acme' } } });
    const unused = () => Promise.reject(new Error('not used here'));
    const service = new SettingsService(app.slipway.dataSource, SecretBox.fromRootSecret(Buffer.from(TEST_SECRET_KEY)), { endpoints: { current: unused }, test: unused }, { record: unused });
    expect(await service.valuesFor(alice.user.id)).toEqual({ DOCKER_TOKEN, GITHUB_ORGANIZATION: 'acme' });
    expect(await service.valuesFor(bob.user.id)).toEqual({});
  });

  it('never logs a setting value', () => {
    const output = logged.join('\n');
    for (const secret of [DOCKER_TOKEN, GITHUB_TOKEN]) expect(output).not.toContain(secret);
  });
});

describe('settings on embedded PostgreSQL', () => {
  it('answers twenty concurrent saves of one key, each a success or a clean refusal', async () => {
    const embedded = await startTestApp({ embedded: true });
    try {
      const user = await registerUser(embedded);
      const saves = await Promise.all(
        Array.from({ length: 20 }, (_, i) => embedded.api('PUT', '/settings/DOCKER_USERNAME', { token: user.token, body: { value: `name${i}` } })),
      );
      for (const save of saves) expect([200, 409]).toContain(save.status);
      expect(saves.some((save) => save.status === 200)).toBe(true);
      const { body } = await embedded.api('GET', '/settings', { token: user.token });
      expect(JSON.stringify(body)).toMatch(/name\d+/);
    } finally {
      await embedded.stop();
    }
  }, 90_000);
});
