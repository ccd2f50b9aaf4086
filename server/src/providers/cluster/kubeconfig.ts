import type { KubeConfig } from '@kubernetes/client-node';
import { AppError, ErrorCode } from '../../common/app-error.js';
import { clientsFor, type KubernetesClient, type KubernetesClients, type KubernetesCredentials, loadKubernetesClient } from './kubernetes-credentials.js';

/**
 * A kubeconfig the user pasted or uploaded (the KUBECONFIG setting) and the context they chose from it
 * (KUBERNETES_CONTEXT). Only what the chosen context needs is read, and only credentials carried inline: a
 * kubeconfig that names files on this machine (certificate-authority, client-certificate, client-key, token-file)
 * or a program to run (exec, auth-provider) is refused, since Slipway would read its own files or run the
 * program on a user's say-so.
 */

/** The settings' field each refusal is about, so the form shows it there. */
export const KUBECONFIG_FIELD = 'KUBECONFIG';
export const CONTEXT_FIELD = 'KUBERNETES_CONTEXT';

export const kubeconfigInvalid = (why: string) =>
  new AppError(ErrorCode.BadUserInput, `The kubeconfig is not valid: ${why}`, { reason: 'KUBECONFIG_INVALID', field: KUBECONFIG_FIELD });

export const contextUnknown = (context: string, known: string[]) =>
  new AppError(
    ErrorCode.BadUserInput,
    `The kubeconfig has no context ${JSON.stringify(context.slice(0, 100))}; its contexts are ${known.map((name) => JSON.stringify(name)).join(', ')}`,
    { reason: 'KUBERNETES_CONTEXT_UNKNOWN', field: CONTEXT_FIELD },
  );

/** Entries that make the client read a file or run a program, and what to use instead. */
const REFUSED_CLUSTER_KEYS: Record<string, string> = { 'certificate-authority': 'certificate-authority-data', 'proxy-url': 'a direct URL' };
const REFUSED_USER_KEYS: Record<string, string> = {
  'client-certificate': 'client-certificate-data',
  'client-key': 'client-key-data',
  'token-file': 'token',
  exec: 'a token or a client certificate',
  'auth-provider': 'a token or a client certificate',
};

type Entry = Record<string, unknown>;

const isObject = (value: unknown): value is Entry => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

interface Document {
  clusters: Map<string, Entry>;
  users: Map<string, Entry>;
  contexts: Map<string, Entry>;
  currentContext?: string;
}

/** The named entries of one list (`clusters`, `users`, `contexts`): `{name, <singular>: {...}}` each. */
function named(document: Entry, list: 'clusters' | 'users' | 'contexts', item: 'cluster' | 'user' | 'context'): Map<string, Entry> {
  const entries = document[list] ?? [];
  if (!Array.isArray(entries)) throw kubeconfigInvalid(`${list} must be a list`);
  const found = new Map<string, Entry>();
  entries.forEach((entry: unknown, index) => {
    const name = isObject(entry) ? text(entry.name) : undefined;
    if (!name) throw kubeconfigInvalid(`${list}[${index}] has no name`);
    const body = (entry as Entry)[item];
    if (!isObject(body)) throw kubeconfigInvalid(`${list}[${index}] ("${name.slice(0, 100)}") has no ${item}`);
    found.set(name, body);
  });
  return found;
}

function parse(kubernetes: KubernetesClient, yaml: string): Document {
  let document: unknown;
  try {
    document = kubernetes.loadYaml(yaml);
  } catch (error) {
    // js-yaml's message names the line and column; its snippet (which may show a credential) is left out.
    const reason = (error as { reason?: string; mark?: { line?: number; column?: number } }).reason;
    const mark = (error as { mark?: { line?: number; column?: number } }).mark;
    throw kubeconfigInvalid(`it is not YAML${reason ? ` (${reason}${mark?.line !== undefined ? ` at line ${mark.line + 1}, column ${(mark.column ?? 0) + 1}` : ''})` : ''}`);
  }
  if (!isObject(document)) throw kubeconfigInvalid('it is not a kubeconfig (a YAML mapping with clusters, users and contexts)');
  if (document.kind !== undefined && document.kind !== 'Config') throw kubeconfigInvalid(`its kind is ${JSON.stringify(String(document.kind).slice(0, 50))}, not Config`);
  const parsed = {
    clusters: named(document, 'clusters', 'cluster'),
    users: named(document, 'users', 'user'),
    contexts: named(document, 'contexts', 'context'),
    currentContext: text(document['current-context']),
  };
  if (parsed.contexts.size === 0) throw kubeconfigInvalid('it has no contexts');
  return parsed;
}

/** The kubeconfig's context names, in its order (the Settings screen's choices); throws kubeconfigInvalid. */
export async function kubeconfigContexts(yaml: string): Promise<{ contexts: string[]; current: string | null }> {
  const document = parse(await loadKubernetesClient(), yaml);
  const current = document.currentContext && document.contexts.has(document.currentContext) ? document.currentContext : null;
  return { contexts: [...document.contexts.keys()], current };
}

/** A KubeConfig holding only `context` (checked: it exists, its cluster and user do, and they carry no file or program). */
export function loadKubeconfig(kubernetes: KubernetesClient, yaml: string, context: string): KubeConfig {
  const document = parse(kubernetes, yaml);
  const chosen = document.contexts.get(context);
  if (!chosen) throw contextUnknown(context, [...document.contexts.keys()]);
  const clusterName = text(chosen.cluster);
  const userName = text(chosen.user);
  const cluster = clusterName ? document.clusters.get(clusterName) : undefined;
  const user = userName ? document.users.get(userName) : undefined;
  const about = `the context ${JSON.stringify(context.slice(0, 100))}`;
  if (!cluster) throw kubeconfigInvalid(`${about} names the cluster ${JSON.stringify(clusterName ?? '')}, which it does not define`);
  if (!user) throw kubeconfigInvalid(`${about} names the user ${JSON.stringify(userName ?? '')}, which it does not define`);
  for (const [key, instead] of Object.entries(REFUSED_CLUSTER_KEYS)) {
    if (cluster[key] !== undefined) throw kubeconfigInvalid(`the cluster of ${about} uses ${key}, which Slipway does not follow; use ${instead}`);
  }
  for (const [key, instead] of Object.entries(REFUSED_USER_KEYS)) {
    if (user[key] !== undefined) throw kubeconfigInvalid(`the user of ${about} uses ${key}, which Slipway does not run or read; use ${instead}`);
  }
  const server = text(cluster.server);
  let url: URL | null = null;
  try {
    url = server ? new URL(server) : null;
  } catch {
    url = null;
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) throw kubeconfigInvalid(`the cluster of ${about} has no https:// server URL`);
  const token = text(user.token);
  const certData = text(user['client-certificate-data']);
  const keyData = text(user['client-key-data']);
  const username = text(user.username);
  const password = text(user.password);
  if (!token && !(certData && keyData) && !(username && password)) {
    throw kubeconfigInvalid(`the user of ${about} has no credentials (a token, client-certificate-data with client-key-data, or a username and password)`);
  }
  const config = new kubernetes.KubeConfig();
  config.loadFromOptions({
    clusters: [
      {
        name: clusterName,
        server,
        caData: text(cluster['certificate-authority-data']),
        tlsServerName: text(cluster['tls-server-name']),
        skipTLSVerify: cluster['insecure-skip-tls-verify'] === true,
      },
    ],
    users: [{ name: userName, token, certData, keyData, username, password }],
    contexts: [{ name: context, cluster: clusterName, user: userName, namespace: text(chosen.namespace) }],
    currentContext: context,
  });
  return config;
}

/** The API server of the kubeconfig's context (to name the host asked); null when the kubeconfig does not say. */
export async function kubeconfigServer(yaml: string, context: string): Promise<string | null> {
  try {
    return loadKubeconfig(await loadKubernetesClient(), yaml, context).getCurrentCluster()?.server ?? null;
  } catch {
    return null;
  }
}

/** A saved kubeconfig's context: the same credentials for as long as it is saved (a refusal is final). */
export class KubeconfigCredentials implements KubernetesCredentials {
  readonly origin: string;
  private cached: Promise<KubernetesClients> | null = null;

  constructor(
    private readonly kubeconfig: string,
    private readonly context: string,
    private readonly answerTimeoutMs: number,
  ) {
    this.origin = `the credentials of the kubeconfig's context ${JSON.stringify(context.slice(0, 100))}`;
  }

  clients(): Promise<KubernetesClients> {
    if (this.cached) return this.cached;
    const loading = loadKubernetesClient().then((kubernetes) =>
      clientsFor(kubernetes, loadKubeconfig(kubernetes, this.kubeconfig, this.context), this.answerTimeoutMs, Number.POSITIVE_INFINITY),
    );
    // A failure is not kept: the next call tries again.
    loading.catch(() => {
      if (this.cached === loading) this.cached = null;
    });
    this.cached = loading;
    return loading;
  }

  refresh(): null {
    return null;
  }
}
