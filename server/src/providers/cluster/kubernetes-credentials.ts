import type { AppsV1Api, AuthorizationV1Api, CoreV1Api, KubeConfig, NetworkingV1Api, RequestContext } from '@kubernetes/client-node';

/**
 * Where the Kubernetes adapter gets its clients: a kubeconfig the user saved (KubeconfigCredentials), or one
 * DigitalOcean hands out for a DOKS cluster (DoksCredentials). Either way the same KubeConfig drives the same adapter.
 */

/** The @kubernetes/client-node module. */
export type KubernetesClient = typeof import('@kubernetes/client-node');

let kubernetesClient: Promise<KubernetesClient> | undefined;

/** @kubernetes/client-node takes most of a second to load, so it is loaded when a cluster is first used, not at boot. */
export function loadKubernetesClient(): Promise<KubernetesClient> {
  return (kubernetesClient ??= import('@kubernetes/client-node'));
}

export interface KubernetesClients {
  /** The loaded client library (its classes: Log, Metrics, ApiException). */
  kubernetes: KubernetesClient;
  config: KubeConfig;
  /** The cluster's API server (its URL, for errors). */
  server: string;
  core: CoreV1Api;
  apps: AppsV1Api;
  authorization: AuthorizationV1Api;
  /** Ingresses (custom domains). */
  networking: NetworkingV1Api;
  /** When the credentials stop working (ms since the epoch; Infinity when they do not expire). */
  expiresAt: number;
}

export interface KubernetesCredentials {
  /** What the credentials are called in a refusal: 'the credentials DigitalOcean handed out'. Never a credential. */
  readonly origin: string;
  /** Clients with credentials that should work now. */
  clients(): Promise<KubernetesClients>;
  /** New credentials after the API server refused `stale` (401); null when this source has no others to hand out. */
  refresh(stale: KubernetesClients): Promise<KubernetesClients> | null;
}

/**
 * The API clients of `config`'s current context, as config.makeApiClient builds them, but every request also carries
 * a timeout: a server that never answers fails the call (node-fetch's AbortError) instead of holding it.
 */
export function clientsFor(kubernetes: KubernetesClient, config: KubeConfig, answerTimeoutMs: number, expiresAt: number): KubernetesClients {
  const server = config.getCurrentCluster()?.server ?? '';
  const authentication = {
    getName: () => config.getName(),
    applySecurityAuthentication: async (context: RequestContext) => {
      await config.applySecurityAuthentication(context);
      context.setSignal(AbortSignal.timeout(answerTimeoutMs));
    },
  };
  const configuration = kubernetes.createConfiguration({
    baseServer: new kubernetes.ServerConfiguration(server, {}),
    authMethods: { default: authentication },
  });
  return {
    kubernetes,
    config,
    server,
    core: new kubernetes.CoreV1Api(configuration),
    apps: new kubernetes.AppsV1Api(configuration),
    authorization: new kubernetes.AuthorizationV1Api(configuration),
    networking: new kubernetes.NetworkingV1Api(configuration),
    expiresAt,
  };
}
