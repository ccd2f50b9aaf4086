import { SETTING_RULES } from '@slipway/domain';
import { AppError } from '../common/app-error.js';
import type { CloudUrls } from '../modules/settings/cloud-endpoint-key.js';
import { ConnectionProvider, ConnectionTestResult, type ConnectionTester } from '../modules/settings/connection-test.js';
import { SettingKey } from '../modules/settings/setting-key.js';
import type { SettingValues } from '../modules/settings/settings.service.js';
import { DoksCredentials } from './cluster/doks-credentials.js';
import { DockerHubRegistry } from './registry/dockerhub-registry.js';
import { GitHubSourceHost } from './source-host/github-source-host.js';

/** A test that has not answered by then reports so (an address that drops packets would otherwise hold it for minutes). */
const TEST_TIMEOUT_MS = 20_000;

interface Check {
  /** The settings the test needs. */
  needs: SettingKey[];
  /** The URL of the service it asks. */
  url(urls: CloudUrls): string;
  /** Asks the service through its adapter; answers what it found, for the owner. Throws an AppError when refused. */
  run(values: Required<SettingValues>, urls: CloudUrls, host: string): Promise<string>;
}

const hostOf = (url: string) => new URL(url).host;

const CHECKS: Record<ConnectionProvider, Check> = {
  github: {
    needs: [SettingKey.GITHUB_TOKEN, SettingKey.GITHUB_ORGANIZATION],
    url: (urls) => urls.githubApi,
    async run(values, urls, host) {
      const github = new GitHubSourceHost({ token: values.GITHUB_TOKEN, apiUrl: urls.githubApi, retries: 0 });
      const { login } = await github.validateAccess(values.GITHUB_ORGANIZATION);
      return `${host} accepted the token of ${login}, who may create repositories in ${values.GITHUB_ORGANIZATION}`;
    },
  },
  dockerhub: {
    needs: [SettingKey.DOCKER_USERNAME, SettingKey.DOCKER_TOKEN],
    url: (urls) => urls.dockerHub,
    async run(values, urls, host) {
      const registry = new DockerHubRegistry({ username: values.DOCKER_USERNAME, token: values.DOCKER_TOKEN, hubUrl: urls.dockerHub, registryUrl: urls.dockerRegistry });
      await registry.validateAccess();
      return `${host} accepted ${values.DOCKER_USERNAME}'s token, and the registry at ${hostOf(urls.dockerRegistry)} lets it push images`;
    },
  },
  digitalocean: {
    needs: [SettingKey.DIGITALOCEAN_TOKEN],
    url: (urls) => urls.digitalOceanApi,
    async run(values, urls, host) {
      const api = new DoksCredentials(values.DIGITALOCEAN_TOKEN, '', urls.digitalOceanApi);
      const { account } = await api.get<{ account: { email?: string; status?: string } }>('/v2/account');
      return `${host} accepted the token of the account ${account.email ?? '(no email)'} (${account.status ?? 'status unknown'})`;
    },
  },
  doks: {
    needs: [SettingKey.DIGITALOCEAN_TOKEN, SettingKey.DOKS_CLUSTER_ID],
    url: (urls) => urls.digitalOceanApi,
    async run(values, urls, host) {
      const api = new DoksCredentials(values.DIGITALOCEAN_TOKEN, values.DOKS_CLUSTER_ID, urls.digitalOceanApi);
      const { kubernetes_cluster: cluster } = await api.get<{ kubernetes_cluster: { name?: string; region?: string; status?: { state?: string } } }>(
        `/v2/kubernetes/clusters/${encodeURIComponent(values.DOKS_CLUSTER_ID)}`,
      );
      return `${host} has the cluster "${cluster.name ?? values.DOKS_CLUSTER_ID}" (${[cluster.region, cluster.status?.state].filter(Boolean).join(', ')})`;
    },
  },
};

/**
 * Settings' Test connection: asks the provider, through the adapter its projects use, whether it accepts the
 * credentials, and names the host it asked. A refusal is a result (ok: false, the adapter's message), not an error.
 */
export const testConnection: ConnectionTester = async (provider, values, urls) => {
  const check = CHECKS[provider];
  const host = hostOf(check.url(urls));
  const result = (ok: boolean, message: string) => Object.assign(new ConnectionTestResult(), { provider, ok, host, message });
  const missing = check.needs.filter((key) => !values[key]);
  if (missing.length) return result(false, `Enter the ${missing.map((key) => SETTING_RULES[key].label).join(' and ')} first`);
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), TEST_TIMEOUT_MS);
  });
  try {
    const found = await Promise.race([check.run(values as Required<SettingValues>, urls, host), timedOut]);
    return found === null ? result(false, `${host} did not answer within ${TEST_TIMEOUT_MS / 1000} s`) : result(true, found);
  } catch (error) {
    if (error instanceof AppError) return result(false, error.message);
    throw error;
  } finally {
    clearTimeout(timer);
  }
};
