import { SETTING_RULES, type SettingKeyName } from '@slipway/domain';
import { AppError } from '../common/app-error.js';
import { DoksCredentials } from './cluster/doks-credentials.js';
import { kubeconfigServer } from './cluster/kubeconfig.js';
import { kubeconfigCluster } from './cluster/kubernetes-cluster.js';
import type { CloudUrls, ProviderCredentials } from './project-providers.js';
import { DockerHubRegistry } from './registry/dockerhub-registry.js';
import { GitHubSourceHost } from './source-host/github-source-host.js';

/** The providers a connection can be tested with. */
export type ConnectionProvider = 'github' | 'dockerhub' | 'digitalocean' | 'doks' | 'kubernetes';

/** What a test uses: the credentials projects use, and the organization GitHub projects go to. */
export type ConnectionCredentials = ProviderCredentials & { GITHUB_ORGANIZATION?: string };

/** What a test found: whether the provider accepted the credentials, the host asked, and what it said. */
export interface ConnectionFound {
  ok: boolean;
  host: string;
  message: string;
  /** A refusal's reason (KUBERNETES_FORBIDDEN...) and the setting it is about, for a save it refuses. */
  reason?: string;
  field?: string;
}

interface Check {
  /** The settings the test needs. */
  needs: Array<SettingKeyName & keyof ConnectionCredentials>;
  /** The URL of the service it asks; null when the values name none. */
  url(urls: CloudUrls, values: ConnectionCredentials): string | null | Promise<string | null>;
  /** Asks the service through its adapter; answers what it found, for the owner. Throws an AppError when refused. */
  run(values: Required<ConnectionCredentials>, urls: CloudUrls, host: string, answerTimeoutMs: number): Promise<string>;
}

const hostOf = (url: string | null) => (url ? new URL(url).host : '');

const CHECKS: Record<ConnectionProvider, Check> = {
  github: {
    needs: ['GITHUB_TOKEN', 'GITHUB_ORGANIZATION'],
    url: (urls) => urls.githubApi,
    async run(values, urls, host, answerTimeoutMs) {
      const github = new GitHubSourceHost({ token: values.GITHUB_TOKEN, apiUrl: urls.githubApi, retries: 0, answerTimeoutMs });
      const { login } = await github.validateAccess(values.GITHUB_ORGANIZATION);
      return `${host} accepted the token of ${login}, who may create repositories in ${values.GITHUB_ORGANIZATION}`;
    },
  },
  dockerhub: {
    needs: ['DOCKER_USERNAME', 'DOCKER_TOKEN'],
    url: (urls) => urls.dockerHub,
    async run(values, urls, host, answerTimeoutMs) {
      const registry = new DockerHubRegistry({ username: values.DOCKER_USERNAME, token: values.DOCKER_TOKEN, hubUrl: urls.dockerHub, registryUrl: urls.dockerRegistry, answerTimeoutMs });
      await registry.validateAccess();
      return `${host} accepted ${values.DOCKER_USERNAME}'s token, and the registry at ${hostOf(urls.dockerRegistry)} lets it push images`;
    },
  },
  digitalocean: {
    needs: ['DIGITALOCEAN_TOKEN'],
    url: (urls) => urls.digitalOceanApi,
    async run(values, urls, host, answerTimeoutMs) {
      const api = new DoksCredentials(values.DIGITALOCEAN_TOKEN, '', urls.digitalOceanApi, answerTimeoutMs);
      const { account } = await api.get<{ account: { email?: string; status?: string } }>('/v2/account');
      return `${host} accepted the token of the account ${account.email ?? '(no email)'} (${account.status ?? 'status unknown'})`;
    },
  },
  doks: {
    needs: ['DIGITALOCEAN_TOKEN', 'DOKS_CLUSTER_ID'],
    url: (urls) => urls.digitalOceanApi,
    async run(values, urls, host, answerTimeoutMs) {
      const api = new DoksCredentials(values.DIGITALOCEAN_TOKEN, values.DOKS_CLUSTER_ID, urls.digitalOceanApi, answerTimeoutMs);
      const { kubernetes_cluster: cluster } = await api.get<{ kubernetes_cluster: { name?: string; region?: string; status?: { state?: string } } }>(
        `/v2/kubernetes/clusters/${encodeURIComponent(values.DOKS_CLUSTER_ID)}`,
      );
      return `${host} has the cluster "${cluster.name ?? values.DOKS_CLUSTER_ID}" (${[cluster.region, cluster.status?.state].filter(Boolean).join(', ')})`;
    },
  },
  kubernetes: {
    needs: ['KUBECONFIG', 'KUBERNETES_CONTEXT'],
    url: (_, values) => (values.KUBECONFIG && values.KUBERNETES_CONTEXT ? kubeconfigServer(values.KUBECONFIG, values.KUBERNETES_CONTEXT) : null),
    async run(values, _, host, answerTimeoutMs) {
      await kubeconfigCluster({ kubeconfig: values.KUBECONFIG, context: values.KUBERNETES_CONTEXT, answerTimeoutMs }).checkAccess();
      return `${host} accepted the credentials of the context "${values.KUBERNETES_CONTEXT}", which may do everything Slipway does in the cluster`;
    },
  },
};

/**
 * Settings' Test connection: asks the provider, through the adapter its projects use, whether it accepts the
 * credentials, and names the host it asked. A refusal, or no answer within `answerTimeoutMs` (the adapters' own
 * limit, SLIPWAY_PROVIDER_TIMEOUT_SECONDS), is a result (ok: false, the adapter's message), not an error.
 */
export function connectionTester(answerTimeoutMs: number) {
  return async (provider: ConnectionProvider, values: ConnectionCredentials, urls: CloudUrls): Promise<ConnectionFound> => {
    const check = CHECKS[provider];
    const host = hostOf(await check.url(urls, values));
    const missing = check.needs.filter((key) => !values[key]);
    if (missing.length) return { ok: false, host, message: `Enter the ${missing.map((key) => SETTING_RULES[key].label).join(' and ')} first` };
    try {
      return { ok: true, host, message: await check.run(values as Required<ConnectionCredentials>, urls, host, answerTimeoutMs) };
    } catch (error) {
      if (error instanceof AppError) return { ok: false, host, message: error.message, reason: error.reason, field: error.field };
      throw error;
    }
  };
}
