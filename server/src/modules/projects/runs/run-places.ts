import type { ProviderKinds } from '../../../providers/project-providers.js';

/** What a run's step descriptions call the adapters it used: 'Creates the project repository in GitHub'. */
export const PLACES = {
  source_host: { local: 'local git', github: 'GitHub' },
  registry: { local: 'the local registry', dockerhub: 'Docker Hub' },
  cluster: { local: 'the local cluster', doks: 'DigitalOcean Kubernetes' },
} as const;

export const sourceHostOf = (used: ProviderKinds) => PLACES.source_host[used.source_host];
export const registryOf = (used: ProviderKinds) => PLACES.registry[used.registry];
export const clusterOf = (used: ProviderKinds) => PLACES.cluster[used.cluster];
