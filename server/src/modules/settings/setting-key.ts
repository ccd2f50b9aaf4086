import { registerEnumType } from 'type-graphql';

/** The only settings a user can store (spec section 3). */
export enum SettingKey {
  DOCKER_USERNAME = 'DOCKER_USERNAME',
  DOCKER_TOKEN = 'DOCKER_TOKEN',
  DIGITALOCEAN_TOKEN = 'DIGITALOCEAN_TOKEN',
  DOKS_CLUSTER_ID = 'DOKS_CLUSTER_ID',
  GITHUB_TOKEN = 'GITHUB_TOKEN',
  GITHUB_ORGANIZATION = 'GITHUB_ORGANIZATION',
}

registerEnumType(SettingKey, {
  name: 'SettingKey',
  description: 'Docker Hub, DigitalOcean, DOKS cluster and GitHub credentials kept per user',
});

export const SETTING_KEYS: readonly SettingKey[] = Object.values(SettingKey);

/** Tokens: never listed in plain text, only masked or through an explicit reveal. */
export const SECRET_SETTING_KEYS: ReadonlySet<SettingKey> = new Set([
  SettingKey.DOCKER_TOKEN,
  SettingKey.DIGITALOCEAN_TOKEN,
  SettingKey.GITHUB_TOKEN,
]);

export function isSettingKey(value: unknown): value is SettingKey {
  return typeof value === 'string' && (SETTING_KEYS as readonly string[]).includes(value);
}
