import { SETTING_RULES } from '@slipway/domain';
import type { ConnectionProvider, SettingKey } from '../../generated/graphql';

export interface SettingFieldDefinition {
  key: SettingKey;
  label: string;
  /** Tokens: shown masked, revealed only on Show or Copy. */
  secret: boolean;
  placeholder: string;
  /** The rule the value must follow, as the domain (and the server) check it. */
  hint: string;
  /** What saving it changes beyond this screen (where new projects go), said next to the field. */
  effect?: string;
  /** How it is entered: a line (default), a document pasted or uploaded (the kubeconfig), or a choice of the kubeconfig's contexts. */
  control?: 'line' | 'document' | 'kubeconfig-context';
}

export interface SettingsSection {
  title: string;
  description: string;
  fields: SettingFieldDefinition[];
  /** The provider its Test connection button asks, the provider's name on that button, and the fields the test reads. */
  connection: { provider: ConnectionProvider; name: string; keys: SettingKey[] };
}

const field = (key: SettingKey, placeholder: string, effect?: string, control?: SettingFieldDefinition['control']): SettingFieldDefinition => {
  const { label, secret, hint } = SETTING_RULES[key];
  return { key, label, secret, placeholder, hint, ...(effect ? { effect } : {}), ...(control ? { control } : {}) };
};

const STAYS = 'Projects created before stay where they are.';

/** Spec section 2 (Settings) and section 3 (the six keys), then the Kubernetes ones, in the order the screen shows them. */
export const SETTINGS_SECTIONS: readonly SettingsSection[] = [
  {
    title: 'Docker',
    description: 'Docker Hub credentials used to push and pull your project images.',
    fields: [
      field('DOCKER_USERNAME', 'your-docker-username'),
      field('DOCKER_TOKEN', 'Docker Hub access token', `With a username and a token saved, new projects keep their images on Docker Hub instead of this machine. ${STAYS}`),
    ],
    connection: { provider: 'dockerhub', name: 'Docker Hub', keys: ['DOCKER_USERNAME', 'DOCKER_TOKEN'] },
  },
  {
    title: 'DigitalOcean',
    description: 'An API token for the DigitalOcean account that runs your cluster.',
    fields: [
      field(
        'DIGITALOCEAN_TOKEN',
        'DigitalOcean API token',
        `With this token and a cluster ID saved (and Docker Hub credentials), new projects run on DigitalOcean Kubernetes instead of this machine. ${STAYS}`,
      ),
    ],
    connection: { provider: 'digitalocean', name: 'DigitalOcean', keys: ['DIGITALOCEAN_TOKEN'] },
  },
  {
    title: 'DOKS Cluster',
    description: 'The DigitalOcean Kubernetes cluster your versions are deployed to.',
    fields: [field('DOKS_CLUSTER_ID', 'e.g. 3f6c2a1e-8b1d-4c1e-9a0b-5d2e7f8a9b0c')],
    connection: { provider: 'doks', name: 'the DOKS cluster', keys: ['DIGITALOCEAN_TOKEN', 'DOKS_CLUSTER_ID'] },
  },
  {
    title: 'Kubernetes',
    description: 'Any Kubernetes cluster, by its kubeconfig. Saving checks that Slipway can reach it and has the permissions docs/providers.md lists.',
    fields: [
      field(
        'KUBECONFIG',
        'apiVersion: v1\nkind: Config\nclusters: …',
        `With a kubeconfig and a context saved (and Docker Hub credentials), new projects run on that cluster, before DigitalOcean Kubernetes. ${STAYS}`,
        'document',
      ),
      field('KUBERNETES_CONTEXT', '', undefined, 'kubeconfig-context'),
      field('KUBERNETES_CERT_ISSUER', 'letsencrypt', 'Custom domains of projects on Kubernetes (this cluster or DigitalOcean) get their certificates from this issuer.'),
      field('KUBERNETES_INGRESS_CLASS', "the cluster's default"),
    ],
    connection: { provider: 'kubernetes', name: 'the Kubernetes cluster', keys: ['KUBECONFIG', 'KUBERNETES_CONTEXT'] },
  },
  {
    title: 'GitHub Integration',
    description: 'New project repositories are created in this organization with this token.',
    fields: [
      field('GITHUB_TOKEN', 'GitHub personal access token', `With a token saved, new projects' repositories are created on GitHub instead of this machine. ${STAYS}`),
      field('GITHUB_ORGANIZATION', 'your-organization'),
    ],
    connection: { provider: 'github', name: 'GitHub', keys: ['GITHUB_TOKEN', 'GITHUB_ORGANIZATION'] },
  },
];

export const SETTING_KEYS: readonly SettingKey[] = SETTINGS_SECTIONS.flatMap((section) => section.fields.map((field) => field.key));

/** Item 4 of issue 31: in local mode (no GitHub token) the organization only names a folder on this machine. */
export const LOCAL_ORGANIZATION_NOTE =
  'Without a GitHub token, repositories stay on this machine: any organization name works, no GitHub account needed (it names their folder).';

export const SAVED_MESSAGE = 'Settings saved successfully!';
export const CLEAR_ALL_CONFIRMATION = 'Are you sure you want to clear all settings? This action cannot be undone.';
export const SAVED_MESSAGE_MS = 3000;
export const CLOUD_ENDPOINTS_SAVED = 'Cloud service URLs saved.';
