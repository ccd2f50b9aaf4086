import type { SettingKey } from '../../generated/graphql';

export interface SettingFieldDefinition {
  key: SettingKey;
  label: string;
  /** Tokens: shown masked, revealed only on Show or Copy. */
  secret: boolean;
  placeholder: string;
}

export interface SettingsSection {
  title: string;
  description: string;
  fields: SettingFieldDefinition[];
}

/** Spec section 2 (Settings) and section 3 (the six keys), in the order the screen shows them. */
export const SETTINGS_SECTIONS: readonly SettingsSection[] = [
  {
    title: 'Docker',
    description: 'Docker Hub credentials used to push and pull your project images.',
    fields: [
      { key: 'DOCKER_USERNAME', label: 'Docker Username', secret: false, placeholder: 'your-docker-username' },
      { key: 'DOCKER_TOKEN', label: 'Docker Token', secret: true, placeholder: 'Docker Hub access token' },
    ],
  },
  {
    title: 'DigitalOcean',
    description: 'An API token for the DigitalOcean account that runs your cluster.',
    fields: [{ key: 'DIGITALOCEAN_TOKEN', label: 'DigitalOcean Token', secret: true, placeholder: 'DigitalOcean API token' }],
  },
  {
    title: 'DOKS Cluster',
    description: 'The DigitalOcean Kubernetes cluster your versions are deployed to.',
    fields: [{ key: 'DOKS_CLUSTER_ID', label: 'Cluster ID', secret: false, placeholder: 'e.g. 3f6c2a1e-...' }],
  },
  {
    title: 'GitHub Integration',
    description: 'New project repositories are created in this organization with this token.',
    fields: [
      { key: 'GITHUB_TOKEN', label: 'GitHub Token', secret: true, placeholder: 'GitHub personal access token' },
      { key: 'GITHUB_ORGANIZATION', label: 'GitHub Organization', secret: false, placeholder: 'your-organization' },
    ],
  },
];

export const SETTING_KEYS: readonly SettingKey[] = SETTINGS_SECTIONS.flatMap((section) => section.fields.map((field) => field.key));

/** The hint under every token field (spec section 2: it says at least 4 characters). */
export const TOKEN_HINT = 'At least 4 characters. Only the last 4 stay visible while the token is hidden.';

export const SAVED_MESSAGE = 'Settings saved successfully!';
export const CLEAR_ALL_CONFIRMATION = 'Are you sure you want to clear all settings? This action cannot be undone.';
export const SAVED_MESSAGE_MS = 3000;
