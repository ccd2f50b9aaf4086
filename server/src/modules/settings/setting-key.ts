import { MAX_KUBECONFIG_LENGTH, MAX_SETTING_VALUE_LENGTH, SETTING_KEY_NAMES, SETTING_RULES } from '@slipway/domain';
import { registerEnumType } from 'type-graphql';

/** The only settings a user can store (spec section 3). */
export enum SettingKey {
  DOCKER_USERNAME = 'DOCKER_USERNAME',
  DOCKER_TOKEN = 'DOCKER_TOKEN',
  DIGITALOCEAN_TOKEN = 'DIGITALOCEAN_TOKEN',
  DOKS_CLUSTER_ID = 'DOKS_CLUSTER_ID',
  GITHUB_TOKEN = 'GITHUB_TOKEN',
  GITHUB_ORGANIZATION = 'GITHUB_ORGANIZATION',
  KUBECONFIG = 'KUBECONFIG',
  KUBERNETES_CONTEXT = 'KUBERNETES_CONTEXT',
  KUBERNETES_CERT_ISSUER = 'KUBERNETES_CERT_ISSUER',
  KUBERNETES_INGRESS_CLASS = 'KUBERNETES_INGRESS_CLASS',
}

registerEnumType(SettingKey, {
  name: 'SettingKey',
  description: 'Docker Hub, DigitalOcean, DOKS cluster, GitHub and kubeconfig credentials kept per user, and how Kubernetes serves custom domains',
  valuesConfig: {
    DOCKER_USERNAME: { description: 'The Docker Hub user that images are pushed as' },
    DOCKER_TOKEN: { description: 'A Docker Hub access token (secret)' },
    DIGITALOCEAN_TOKEN: { description: 'A DigitalOcean API token (secret)' },
    DOKS_CLUSTER_ID: { description: 'The id of the DigitalOcean Kubernetes (DOKS) cluster deployments go to' },
    GITHUB_TOKEN: { description: 'A GitHub personal access token (secret)' },
    GITHUB_ORGANIZATION: { description: 'The GitHub organization new project repositories are created in; needed before creating projects' },
    KUBECONFIG: { description: 'A kubeconfig (YAML, credentials inline) for any Kubernetes cluster deployments go to (secret); checked against the cluster when saved' },
    KUBERNETES_CONTEXT: { description: "The kubeconfig's context deployments use; checked with KUBECONFIG when saved" },
    KUBERNETES_CERT_ISSUER: { description: "The cert-manager ClusterIssuer of custom domains' certificates on Kubernetes (default letsencrypt)" },
    KUBERNETES_INGRESS_CLASS: { description: "The IngressClass of custom domains' Ingresses on Kubernetes (default: the cluster's default class)" },
  },
});

/** The keys in the spec's order, as the domain lists them (the enum and the domain must name the same ones). */
export const SETTING_KEYS: readonly SettingKey[] = SETTING_KEY_NAMES.map((key) => SettingKey[key]);

/** How a value to store is read, for the API's descriptions. */
export const SETTING_VALUE_FORMAT =
  `trimmed, at most ${MAX_SETTING_VALUE_LENGTH} characters, no line breaks or control characters; tokens at least 4 characters, ` +
  'DOCKER_USERNAME 4 to 30 lowercase letters and digits, DOKS_CLUSTER_ID a UUID, GITHUB_ORGANIZATION a GitHub organization name, ' +
  'KUBERNETES_CERT_ISSUER and KUBERNETES_INGRESS_CLASS Kubernetes object names; ' +
  `KUBECONFIG a kubeconfig of at most ${MAX_KUBECONFIG_LENGTH} characters (line breaks allowed), saved only with a KUBERNETES_CONTEXT it has and that passes the cluster check`;

/** Tokens: never listed in plain text, only masked or through an explicit reveal. */
export const SECRET_SETTING_KEYS: ReadonlySet<SettingKey> = new Set(SETTING_KEYS.filter((key) => SETTING_RULES[key].secret));

export function isSettingKey(value: unknown): value is SettingKey {
  return typeof value === 'string' && (SETTING_KEYS as readonly string[]).includes(value);
}
