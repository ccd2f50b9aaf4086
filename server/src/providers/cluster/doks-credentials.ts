import { AppError, ErrorCode } from '../../common/app-error.js';
import { fetchWithin, noAnswer, providerUnreachable } from '../upstream.js';
import { clientsFor, type KubernetesClients, type KubernetesCredentials, loadKubernetesClient } from './kubernetes-credentials.js';

/**
 * DOKS as one way of getting a kubeconfig: the cluster's Kubernetes credentials, fetched from DigitalOcean's API
 * (GET /v2/kubernetes/clusters/{id}/credentials: a kubeconfig's API server, CA and short-lived bearer token, with
 * the token's expiry, which the YAML kubeconfig endpoint leaves out), made into a KubeConfig for the Kubernetes
 * adapter, cached and fetched anew shortly before they expire or when the API server refuses them.
 * No token ever appears in an error or a log line.
 */

/** Fetched again this long before they expire. */
const REFRESH_MARGIN_MS = 60_000;
/** Lifetime asked of DigitalOcean for the cluster token. */
const CREDENTIAL_SECONDS = 3600;

interface Credentials {
  server: string;
  certificate_authority_data: string;
  token?: string;
  client_certificate_data?: string | null;
  client_key_data?: string | null;
  expires_at?: string;
}

export const digitalOceanError = (message: string, reason: string) => new AppError(ErrorCode.Conflict, message, { reason });

export class DoksCredentials implements KubernetesCredentials {
  readonly origin = 'the credentials DigitalOcean handed out';
  private cached: Promise<KubernetesClients> | null = null;
  /** What `cached` resolved to; null while it is being fetched. */
  private value: KubernetesClients | null = null;

  constructor(
    private readonly token: string,
    private readonly clusterId: string,
    private readonly apiUrl: string,
    /** How long DigitalOcean's API and the cluster's API server have to answer each request. */
    private readonly answerTimeoutMs: number,
  ) {}

  /** Clients with valid credentials (fetched when none are cached or they expire soon). */
  clients(): Promise<KubernetesClients> {
    if (this.value && this.value.expiresAt - REFRESH_MARGIN_MS <= Date.now()) return this.refresh(this.value);
    return this.cached ?? this.refresh(null);
  }

  /** Drops `stale` (the API server refused its token) and fetches new credentials; concurrent callers share one fetch. */
  refresh(stale: KubernetesClients | null): Promise<KubernetesClients> {
    if (this.cached && this.value !== stale) return this.cached;
    this.value = null;
    const next = this.fetchClients();
    this.cached = next;
    next.then(
      (clients) => {
        if (this.cached === next) this.value = clients;
      },
      () => {
        if (this.cached === next) this.cached = null;
      },
    );
    return next;
  }

  /** GET on DigitalOcean's API, with clear errors (never the token). */
  async get<T>(path: string): Promise<T> {
    const url = new URL(path, this.apiUrl);
    let response: Response;
    try {
      response = await fetchWithin(this.answerTimeoutMs, url, { headers: { authorization: `Bearer ${this.token}`, accept: 'application/json' } });
    } catch (error) {
      throw providerUnreachable('DigitalOcean', url, "read the Kubernetes cluster's credentials", noAnswer(error) ?? 'the request failed', 'DIGITALOCEAN_UNREACHABLE');
    }
    const text = await response.text();
    if (response.ok) return JSON.parse(text) as T;
    let detail = '';
    try {
      const body = JSON.parse(text) as { id?: string; message?: string };
      detail = [body.id, body.message].filter(Boolean).join(': ');
    } catch {
      detail = response.statusText;
    }
    if (response.status === 401) {
      throw digitalOceanError(`DigitalOcean refused the API token (401 ${detail}); check the DigitalOcean token in the settings`, 'DIGITALOCEAN_UNAUTHORIZED');
    }
    if (response.status === 404) {
      throw digitalOceanError(`DigitalOcean has no Kubernetes cluster ${JSON.stringify(this.clusterId)} for this token (404 ${detail})`, 'DOKS_CLUSTER_NOT_FOUND');
    }
    if (response.status === 429) {
      const reset = response.headers.get('ratelimit-reset');
      throw digitalOceanError(`DigitalOcean's rate limit is reached${reset ? ` until ${new Date(Number(reset) * 1000).toISOString()}` : ''}`, 'DIGITALOCEAN_RATE_LIMITED');
    }
    throw new AppError(ErrorCode.ProviderError, `DigitalOcean's API answered ${response.status} (${detail})`, { reason: 'DIGITALOCEAN_ERROR' });
  }

  private async fetchClients(): Promise<KubernetesClients> {
    const id = encodeURIComponent(this.clusterId);
    const credentials = await this.get<Credentials>(`/v2/kubernetes/clusters/${id}/credentials?expiry_seconds=${CREDENTIAL_SECONDS}`);
    const kubernetes = await loadKubernetesClient();
    const config = new kubernetes.KubeConfig();
    config.loadFromOptions({
      clusters: [{ name: 'doks', server: credentials.server, caData: credentials.certificate_authority_data, skipTLSVerify: false }],
      // Clusters without token authentication (older ones) answer a client certificate instead.
      users: [
        credentials.token
          ? { name: 'doks', token: credentials.token }
          : { name: 'doks', certData: credentials.client_certificate_data ?? undefined, keyData: credentials.client_key_data ?? undefined },
      ],
      contexts: [{ name: 'doks', cluster: 'doks', user: 'doks' }],
      currentContext: 'doks',
    });
    const expiresAt = Date.parse(credentials.expires_at ?? '');
    return clientsFor(kubernetes, config, this.answerTimeoutMs, Number.isFinite(expiresAt) ? expiresAt : Date.now() + CREDENTIAL_SECONDS * 1000);
  }
}
