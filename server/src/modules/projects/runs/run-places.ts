import type { ProviderKinds } from '../../../providers/project-providers.js';

/** What a run's step descriptions call the adapters it used: 'Creates the project repository in GitHub'. */
export const PLACES = {
  source_host: { local: 'local git', github: 'GitHub' },
  registry: { local: 'the local registry', dockerhub: 'Docker Hub' },
  cluster: { local: 'the local cluster', doks: 'DigitalOcean Kubernetes', kubeconfig: "the kubeconfig's Kubernetes cluster" },
} as const;

/** The provider each provider-named step label names ('Deploy To Doks': the DOKS cluster). */
export const LABEL_NAMES = { source_host: 'github', builder: 'github-actions', registry: 'dockerhub', cluster: 'doks' } as const;

/** What the builder is called when a label names GitHub Actions ('Check Github Version Build') and it was not that. */
const BUILDERS = { local: 'the local builder', 'github-actions': 'GitHub Actions' } as const;

/**
 * A step's `ranOn` for a label that names the `role`'s cloud provider: the place that actually ran it when the run
 * used another one (local mode's 'the local cluster' for 'Deploy To Doks'), else null.
 */
export const ranOnUnlessNamed =
  (role: keyof typeof LABEL_NAMES) =>
  (used: ProviderKinds): string | null => {
    if (used[role] === LABEL_NAMES[role]) return null;
    return role === 'builder' ? BUILDERS[used.builder] : PLACES[role][used[role] as never];
  };

export const sourceHostOf = (used: ProviderKinds) => PLACES.source_host[used.source_host];
export const registryOf = (used: ProviderKinds) => PLACES.registry[used.registry];
export const clusterOf = (used: ProviderKinds) => PLACES.cluster[used.cluster];
