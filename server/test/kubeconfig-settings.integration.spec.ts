import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { type AddressInfo, createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeKubernetes, startFakeKubernetes } from '../fakes/kubernetes/fake-kubernetes.js';
import { refusal, registerUser, startTestApp, type TestApp } from './helpers/test-app.js';

/**
 * Issue 35, "Any cluster", over the API: a kubeconfig and its context are saved only when the cluster passes the
 * check (valid kubeconfig, known context, reachable API server, accepted credentials, every permission Slipway
 * needs); each failure is refused with its own message under its field, and nothing is stored.
 */
const ADMIN_TOKEN = `kc-admin-${randomUUID()}`;
const READER_TOKEN = `kc-reader-${randomUUID()}`;
const CONTEXT = 'staging';

let fake: FakeKubernetes;
let app: TestApp;
let user: Awaited<ReturnType<typeof registerUser>>;

beforeAll(async () => {
  fake = await startFakeKubernetes({
    pullImage: () => Promise.resolve(null),
    stablePorts: { from: 28_500, to: 28_509 },
    authorize: (token) => token === ADMIN_TOKEN || token === READER_TOKEN,
    permissions: (token) =>
      token === READER_TOKEN
        ? [
            { apiGroups: [''], resources: ['namespaces', 'pods', 'pods/log', 'services', 'secrets', 'events'], verbs: ['get', 'list', 'create', 'update'] },
            { apiGroups: ['apps'], resources: ['deployments'], verbs: ['get', 'list'] },
          ]
        : undefined,
  });
  app = await startTestApp();
  user = await registerUser(app);
}, 60_000);
afterAll(async () => {
  await app?.stop();
  await fake?.close();
});

const save = (settings: Record<string, string | null>) => app.api('PUT', '/settings', { token: user.token, body: { settings } });
const saved = async () => (await app.api('GET', '/settings', { token: user.token })).body.settings;

async function closedPort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('saving a kubeconfig checks its cluster first', () => {
  it('refuses a text that is no kubeconfig (domain rule, then the parser), saving nothing', async () => {
    expect(await save({ KUBECONFIG: 'hello there', KUBERNETES_CONTEXT: CONTEXT })).toEqual(
      refusal(400, 'Kubeconfig must be a kubeconfig file (YAML), as kubectl config view --raw prints it', 'KUBECONFIG'),
    );
    expect(await save({ KUBECONFIG: 'kind: Pod\nmetadata: {}', KUBERNETES_CONTEXT: CONTEXT })).toEqual(refusal(400, 'The kubeconfig is not valid: its kind is "Pod", not Config', 'KUBECONFIG'));
    const broken = await save({ KUBECONFIG: 'kind: Config\nclusters: [', KUBERNETES_CONTEXT: CONTEXT });
    expect(broken.status).toBe(400);
    expect(broken.body).toMatchObject({ code: 'BAD_USER_INPUT', field: 'KUBECONFIG' });
    expect(broken.body.error).toMatch(/^The kubeconfig is not valid: it is not YAML \(.+ at line \d+, column \d+\)$/);
    expect(await saved()).toEqual({});
  });

  it('refuses a context the kubeconfig does not have, naming those it has', async () => {
    expect(await save({ KUBECONFIG: fake.kubeconfig(ADMIN_TOKEN, CONTEXT), KUBERNETES_CONTEXT: 'production' })).toEqual(
      refusal(400, `The kubeconfig has no context "production"; its contexts are "${CONTEXT}"`, 'KUBERNETES_CONTEXT'),
    );
    expect(await save({ KUBECONFIG: fake.kubeconfig(ADMIN_TOKEN, CONTEXT) })).toEqual(refusal(400, 'Choose the context of the kubeconfig to deploy with', 'KUBERNETES_CONTEXT'));
    expect(await saved()).toEqual({});
  });

  it('refuses a kubeconfig whose credentials are files or programs on this machine', async () => {
    const exec = fake.kubeconfig(ADMIN_TOKEN, CONTEXT).replace(/ {4}token: .*\n/, '    exec:\n      apiVersion: client.authentication.k8s.io/v1\n      command: aws\n');
    expect(await save({ KUBECONFIG: exec, KUBERNETES_CONTEXT: CONTEXT })).toEqual(
      refusal(400, `The kubeconfig is not valid: the user of the context "${CONTEXT}" uses exec, which Slipway does not run or read; use a token or a client certificate`, 'KUBECONFIG'),
    );
  });

  it('refuses an API server it cannot reach, naming the host', async () => {
    const port = await closedPort();
    const kubeconfig = fake.kubeconfig(ADMIN_TOKEN, CONTEXT).replace(/server: .*/, `server: https://127.0.0.1:${port}`);
    expect(await save({ KUBECONFIG: kubeconfig, KUBERNETES_CONTEXT: CONTEXT })).toEqual(
      refusal(400, `Could not reach the Kubernetes API at https://127.0.0.1:${port} to check Slipway's permissions: connection refused (ECONNREFUSED)`, 'KUBECONFIG'),
    );
    expect(await saved()).toEqual({});
  });

  it('refuses credentials the API server does not accept (401), never echoing them', async () => {
    const unknown = `kc-unknown-${randomUUID()}`;
    const res = await save({ KUBECONFIG: fake.kubeconfig(unknown, CONTEXT), KUBERNETES_CONTEXT: CONTEXT });
    expect(res).toEqual(
      refusal(400, `The cluster's API server refused the credentials of the kubeconfig's context "${CONTEXT}" (401) when asked to check Slipway's permissions`, 'KUBECONFIG'),
    );
    expect(JSON.stringify(res.body)).not.toContain(unknown);
    expect(await saved()).toEqual({});
  });

  it('refuses credentials that lack permissions, listing each by verb and resource (REST and GraphQL)', async () => {
    const message =
      `Missing permissions: the credentials of the kubeconfig's context "${CONTEXT}" may not delete namespaces, delete secrets, ` +
      'create deployments.apps, update deployments.apps, delete deployments.apps, update deployments.apps/scale, get ingresses.networking.k8s.io, create ingresses.networking.k8s.io, ' +
      'update ingresses.networking.k8s.io, delete ingresses.networking.k8s.io (in all namespaces); grant them with the ClusterRole in docs/providers.md';
    expect(await save({ KUBECONFIG: fake.kubeconfig(READER_TOKEN, CONTEXT), KUBERNETES_CONTEXT: CONTEXT })).toEqual(refusal(400, message, 'KUBECONFIG'));
    const graphql = await app.graphql(
      'mutation ($s: [SettingInput!]!) { saveSettings(settings: $s) { key } }',
      { s: [{ key: 'KUBECONFIG', value: fake.kubeconfig(READER_TOKEN, CONTEXT) }, { key: 'KUBERNETES_CONTEXT', value: CONTEXT }] },
      user.token,
    );
    expect(graphql.errors?.[0]).toMatchObject({ message, extensions: { code: 'BAD_USER_INPUT', reason: 'KUBERNETES_FORBIDDEN', field: 'KUBECONFIG' } });
    expect(await saved()).toEqual({});
  });

  it('saves a kubeconfig that passes, encrypted and listed masked; its contexts and connection test answer', async () => {
    const kubeconfig = fake.kubeconfig(ADMIN_TOKEN, CONTEXT);
    const res = await save({ KUBECONFIG: kubeconfig, KUBERNETES_CONTEXT: CONTEXT });
    expect(res.status).toBe(200);
    expect(res.body.settings.KUBERNETES_CONTEXT).toBe(CONTEXT);
    expect(res.body.settings.KUBECONFIG).toMatch(/^•+.{4}$/);
    expect(JSON.stringify(res.body)).not.toContain(ADMIN_TOKEN);
    expect((await app.api('GET', '/settings/KUBECONFIG', { token: user.token })).body.value).toBe(kubeconfig.trim());

    expect((await app.api('POST', '/settings/kubeconfig-contexts', { token: user.token, body: {} })).body).toEqual({ contexts: [CONTEXT], current: CONTEXT });
    const typed = await app.graphql('query ($k: String) { kubeconfigContexts(kubeconfig: $k) { contexts current } }', { k: fake.kubeconfig(ADMIN_TOKEN, 'other') }, user.token);
    expect(typed.data).toEqual({ kubeconfigContexts: { contexts: ['other'], current: 'other' } });

    const test = await app.api('POST', '/settings/test-connection', { token: user.token, body: { provider: 'kubernetes' } });
    expect(test.body).toEqual({
      provider: 'kubernetes',
      ok: true,
      host: new URL(fake.url).host,
      message: `${new URL(fake.url).host} accepted the credentials of the context "${CONTEXT}", which may do everything Slipway does in the cluster`,
    });
    // Changing the context alone is checked with the saved kubeconfig.
    expect(await save({ KUBERNETES_CONTEXT: 'nope' })).toEqual(refusal(400, `The kubeconfig has no context "nope"; its contexts are "${CONTEXT}"`, 'KUBERNETES_CONTEXT'));
    expect((await saved()).KUBERNETES_CONTEXT).toBe(CONTEXT);
  });
});
