import { once } from 'node:events';
import { createServer as createHttpServer } from 'node:http';
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError, ErrorCode } from '../../common/app-error.js';
import { doksCluster } from '../cluster/kubernetes-cluster.js';
import { DockerHubRegistry } from '../registry/dockerhub-registry.js';
import { GitHubSourceHost } from '../source-host/github-source-host.js';

/**
 * Every cloud adapter meets a service it cannot reach the same way: 502 PROVIDER_UNREACHABLE, naming the service,
 * its address and why (never 500, never a token). Three ways to be unreachable: a closed port, a name that does not
 * resolve (.invalid never does), a server that accepts the connection and never answers.
 */
const TOKEN = 'unreachable-token-0123456789abcdef';
const TIMEOUT_MS = 300;

let silent: Server;
const held: Socket[] = [];
let silentUrl: string;
let closedUrl: string;
/** DigitalOcean's API answering credentials for a cluster whose API server is at `kubernetesServer`. */
let digitalOcean: ReturnType<typeof createHttpServer>;
let digitalOceanUrl: string;
let kubernetesServer = '';

async function listen(server: Server | ReturnType<typeof createHttpServer>): Promise<string> {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}

beforeAll(async () => {
  silent = createServer((socket) => void held.push(socket));
  silentUrl = await listen(silent);
  const closed = createServer();
  closedUrl = await listen(closed);
  await new Promise((resolve) => closed.close(resolve));
  digitalOcean = createHttpServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ server: kubernetesServer, certificate_authority_data: '', token: 'kube-token', expires_at: new Date(Date.now() + 3_600_000).toISOString() }));
  });
  digitalOceanUrl = await listen(digitalOcean);
});

afterAll(() => {
  for (const socket of held) socket.destroy();
  silent?.close();
  digitalOcean?.close();
});

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

const places = () =>
  [
    ['a closed port', closedUrl, 'connection refused (ECONNREFUSED)'],
    ['a name that does not resolve', 'http://unreachable.invalid', 'host name not found (ENOTFOUND)'],
    ['a server that never answers', silentUrl, `no answer within ${TIMEOUT_MS / 1000} s`],
  ] as const;

describe.each(['a closed port', 'a name that does not resolve', 'a server that never answers'])('a provider at %s', (place) => {
  const at = () => places().find(([name]) => name === place)!;

  it('GitHub: PROVIDER_UNREACHABLE naming the API', async () => {
    const [, url, why] = at();
    const host = new GitHubSourceHost({ token: TOKEN, apiUrl: url, retryBaseDelayMs: 1, answerTimeoutMs: TIMEOUT_MS });
    const error = await failure(host.findRepository({ organization: 'acme', name: 'shop' }));
    expect(error).toMatchObject({ code: ErrorCode.ProviderUnreachable, reason: 'GITHUB_UNREACHABLE', message: `Could not reach GitHub at ${url} to read the repository: ${why}` });
  });

  it('Docker Hub: PROVIDER_UNREACHABLE naming the Hub', async () => {
    const [, url, why] = at();
    const registry = new DockerHubRegistry({ username: 'ada', token: TOKEN, hubUrl: url, registryUrl: url, answerTimeoutMs: TIMEOUT_MS });
    const error = await failure(registry.validateAccess());
    expect(error).toMatchObject({ code: ErrorCode.ProviderUnreachable, reason: 'DOCKERHUB_UNREACHABLE' });
    expect(error.message).toMatch(new RegExp(`^Could not reach Docker Hub at ${url.replace(/\./g, '\\.')} to send \\w+ /\\S*: ${why.replace(/[()]/g, '\\$&')}$`));
  });

  it('DigitalOcean: PROVIDER_UNREACHABLE naming its API', async () => {
    const [, url, why] = at();
    const cluster = doksCluster({ token: TOKEN, clusterId: 'c0ffee', apiUrl: url, answerTimeoutMs: TIMEOUT_MS });
    const error = await failure(cluster.status('shop'));
    expect(error).toMatchObject({
      code: ErrorCode.ProviderUnreachable,
      reason: 'DIGITALOCEAN_UNREACHABLE',
      message: `Could not reach DigitalOcean at ${url} to read the Kubernetes cluster's credentials: ${why}`,
    });
  });

  it("the cluster's Kubernetes API: PROVIDER_UNREACHABLE naming the API server", async () => {
    const [, url, why] = at();
    kubernetesServer = url.replace(/^http:/, 'https:');
    const cluster = doksCluster({ token: TOKEN, clusterId: 'c0ffee', apiUrl: digitalOceanUrl, answerTimeoutMs: TIMEOUT_MS });
    const error = await failure(cluster.status('shop'));
    expect(error).toMatchObject({ code: ErrorCode.ProviderUnreachable, reason: 'KUBERNETES_UNREACHABLE' });
    expect(error.message).toMatch(new RegExp(`^Could not reach the Kubernetes API at ${kubernetesServer.replace(/\./g, '\\.')} to .+: ${why.replace(/[()]/g, '\\$&')}$`));
  });
});
