import { registerEnumType } from 'type-graphql';

/** The cloud services whose base URL an admin may change at run time (GitHub Enterprise, or the local fakes). */
export enum CloudEndpointKey {
  github_api = 'github_api',
  docker_hub = 'docker_hub',
  docker_registry = 'docker_registry',
  digitalocean_api = 'digitalocean_api',
}

registerEnumType(CloudEndpointKey, {
  name: 'CloudEndpointKey',
  description: 'A cloud service Slipway talks to for projects in cloud mode',
  valuesConfig: {
    github_api: { description: 'The GitHub REST API (GitHub Enterprise: https://HOST/api/v3); default SLIPWAY_GITHUB_API_URL' },
    docker_hub: { description: 'The Docker Hub API (repositories, tags, login); default SLIPWAY_DOCKERHUB_URL' },
    docker_registry: { description: 'The registry images are pushed to and pulled from; default SLIPWAY_DOCKER_REGISTRY_URL' },
    digitalocean_api: { description: "The DigitalOcean API (account, clusters' credentials); default SLIPWAY_DIGITALOCEAN_API_URL" },
  },
});

export const CLOUD_ENDPOINT_KEYS: readonly CloudEndpointKey[] = Object.values(CloudEndpointKey);

/** Where the cloud adapters send their requests; the config's values are the defaults (boot hands them in). */
export interface CloudUrls {
  githubApi: string;
  dockerHub: string;
  dockerRegistry: string;
  digitalOceanApi: string;
}

export const CLOUD_ENDPOINTS: Readonly<Record<CloudEndpointKey, { label: string; field: keyof CloudUrls }>> = {
  github_api: { label: 'GitHub API URL', field: 'githubApi' },
  docker_hub: { label: 'Docker Hub URL', field: 'dockerHub' },
  docker_registry: { label: 'Docker registry URL', field: 'dockerRegistry' },
  digitalocean_api: { label: 'DigitalOcean API URL', field: 'digitalOceanApi' },
};

export function isCloudEndpointKey(value: unknown): value is CloudEndpointKey {
  return typeof value === 'string' && (CLOUD_ENDPOINT_KEYS as readonly string[]).includes(value);
}
