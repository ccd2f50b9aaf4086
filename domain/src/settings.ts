/**
 * The six settings of spec section 3, then a kubeconfig and its chosen context (any Kubernetes cluster) and how its
 * Ingresses serve custom domains (cert-manager issuer, ingress class), and the rule for each value, with the hint the Settings screen shows under
 * its field: the form checks a value as the user types, the server checks it again before storing anything.
 */
export const SETTING_KEY_NAMES = [
  'DOCKER_USERNAME',
  'DOCKER_TOKEN',
  'DIGITALOCEAN_TOKEN',
  'DOKS_CLUSTER_ID',
  'GITHUB_TOKEN',
  'GITHUB_ORGANIZATION',
  'KUBECONFIG',
  'KUBERNETES_CONTEXT',
  'KUBERNETES_CERT_ISSUER',
  'KUBERNETES_INGRESS_CLASS',
] as const;
export type SettingKeyName = (typeof SETTING_KEY_NAMES)[number];

export const MAX_SETTING_VALUE_LENGTH = 4096;
/** A kubeconfig with inline certificates is a few KiB; a merged one with many contexts can be tens. */
export const MAX_KUBECONFIG_LENGTH = 65_536;
/** Spec section 2: the token field's hint says at least 4 characters. */
export const MIN_TOKEN_LENGTH = 4;

/** GitHub's rule for organization names (letters, digits, single hyphens inside, at most 39); also a safe path segment. */
export const ORGANIZATION_NAME = /^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}$/;
/** Docker Hub's rule for user names. */
const DOCKER_USERNAME = /^[a-z0-9]{4,30}$/;
/** DigitalOcean names its Kubernetes clusters by UUID. */
const CLUSTER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
/** Kubernetes' names of cluster objects (a ClusterIssuer, an IngressClass): a lower-case RFC 1123 subdomain. */
const KUBERNETES_OBJECT_NAME = /^(?=.{1,253}$)[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
/** The cert-manager ClusterIssuer custom domains' certificates come from when KUBERNETES_CERT_ISSUER is not set. */
export const DEFAULT_CERT_ISSUER = 'letsencrypt';

const kubernetesObject = (label: string, hint: string): SettingRule => ({
  label,
  secret: false,
  hint,
  check: (value) => (KUBERNETES_OBJECT_NAME.test(value) ? undefined : `${label} must be a Kubernetes object name: lower-case letters, digits, '-' and '.', at most 253 characters`),
});
/** A YAML document's own: control characters other than tabs and line breaks. */
const CONTROL_CHARACTERS_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

export const TOKEN_HINT = `At least ${MIN_TOKEN_LENGTH} characters. Only the last 4 stay visible while the token is hidden.`;

interface SettingRule {
  label: string;
  /** Tokens: never listed in plain text, only masked or through an explicit reveal. */
  secret: boolean;
  hint: string;
  /** The value's own rule (it is already trimmed, non-empty, short enough and free of control characters). */
  check(value: string): string | undefined;
  /** A document of several lines (the kubeconfig): line breaks and tabs allowed, up to MAX_KUBECONFIG_LENGTH. */
  multiline?: boolean;
}

const token = (label: string): SettingRule => ({
  label,
  secret: true,
  hint: TOKEN_HINT,
  check: (value) => ([...value].length < MIN_TOKEN_LENGTH ? `${label} must be at least ${MIN_TOKEN_LENGTH} characters` : undefined),
});

export const SETTING_RULES: Readonly<Record<SettingKeyName, SettingRule>> = {
  DOCKER_USERNAME: {
    label: 'Docker Username',
    secret: false,
    hint: 'Your Docker Hub user name: 4 to 30 lowercase letters and digits.',
    check: (value) => (DOCKER_USERNAME.test(value) ? undefined : 'Docker Username must be 4 to 30 lowercase letters and digits'),
  },
  DOCKER_TOKEN: token('Docker Token'),
  DIGITALOCEAN_TOKEN: token('DigitalOcean Token'),
  DOKS_CLUSTER_ID: {
    label: 'Cluster ID',
    secret: false,
    hint: "The cluster's ID from DigitalOcean, a UUID such as 3f6c2a1e-8b1d-4c1e-9a0b-5d2e7f8a9b0c.",
    check: (value) => (CLUSTER_ID.test(value) ? undefined : 'Cluster ID must be a UUID such as 3f6c2a1e-8b1d-4c1e-9a0b-5d2e7f8a9b0c'),
  },
  GITHUB_TOKEN: token('GitHub Token'),
  GITHUB_ORGANIZATION: {
    label: 'GitHub Organization',
    secret: false,
    hint: 'Letters, digits and single hyphens (not first or last), at most 39 characters, as GitHub names organizations.',
    check: (value) =>
      ORGANIZATION_NAME.test(value)
        ? undefined
        : 'GitHub Organization can only contain letters, digits and single hyphens (not first or last), at most 39 characters',
  },
  KUBECONFIG: {
    label: 'Kubeconfig',
    secret: true,
    multiline: true,
    hint: 'A kubeconfig (YAML) with its credentials inline: certificate-authority-data, and a token or client-certificate-data with client-key-data.',
    // A first look only (YAML keys, or JSON, which is YAML too); the server reads it fully when it is saved.
    check: (value) => (/^\s*("?[A-Za-z_-]+"?\s*:|\{)/m.test(value) ? undefined : 'Kubeconfig must be a kubeconfig file (YAML), as kubectl config view --raw prints it'),
  },
  KUBERNETES_CONTEXT: {
    label: 'Context',
    secret: false,
    hint: "The kubeconfig's context Slipway deploys with (its cluster and user).",
    check: (value) => (value.length <= 253 ? undefined : 'Context must be at most 253 characters'),
  },
  KUBERNETES_CERT_ISSUER: kubernetesObject(
    'Certificate issuer',
    `The cert-manager ClusterIssuer that signs the certificates of custom domains on the cluster; empty for "${DEFAULT_CERT_ISSUER}".`,
  ),
  KUBERNETES_INGRESS_CLASS: kubernetesObject('Ingress class', "The IngressClass of custom domains' Ingresses; empty for the cluster's default class."),
};

export function isSettingKeyName(value: unknown): value is SettingKeyName {
  return typeof value === 'string' && (SETTING_KEY_NAMES as readonly string[]).includes(value);
}

/** The error for a value to store (checked trimmed; blank means "delete" and is the caller's to refuse), or undefined. */
export function settingValueError(key: SettingKeyName, value: string): string | undefined {
  const { label, check, multiline } = SETTING_RULES[key];
  const trimmed = value.trim();
  if (!trimmed) return undefined;
  const max = multiline ? MAX_KUBECONFIG_LENGTH : MAX_SETTING_VALUE_LENGTH;
  if (trimmed.length > max) return `${label} must be at most ${max} characters`;
  if (multiline && CONTROL_CHARACTERS_BUT_LINES.test(trimmed)) return `${label} cannot contain control characters`;
  if (!multiline && CONTROL_CHARACTERS.test(trimmed)) return `${label} cannot contain line breaks or control characters`;
  return check(trimmed);
}

const MAX_SERVICE_URL_LENGTH = 2048;

/** An http(s) base URL for a cloud service: no credentials, query or fragment. Undefined when valid. */
export function serviceUrlError(label: string, value: string): string | undefined {
  let url: URL | null = null;
  // The URL parser drops tabs and line breaks silently: such text is refused rather than stored as given.
  if (value.length <= MAX_SERVICE_URL_LENGTH && !CONTROL_CHARACTERS.test(value.trim())) {
    try {
      url = new URL(value.trim());
    } catch {
      url = null;
    }
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password || url.search || url.hash) {
    return `${label} must be an http:// or https:// URL without a user, query or fragment`;
  }
  return undefined;
}

/** The URL as stored and used: trimmed, without trailing slashes. */
export const normalizeServiceUrl = (value: string) => value.trim().replace(/\/+$/, '');
