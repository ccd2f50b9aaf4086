import { createHash } from 'node:crypto';
import type { Builder } from './builder/builder.port.js';
import { providerUnavailable } from './providers.errors.js';
import type { Cluster, ClusterObservability, DeploySpec } from './cluster/cluster.port.js';
import type { Registry } from './registry/registry.port.js';
import type { SourceHost } from './source-host/source-host.port.js';

/**
 * Which adapter each port of a project uses (the projects.providers and pipeline_runs.providers columns). Fixed
 * when the project is created, from its owner's settings at that moment: a project created locally stays local.
 */
export interface ProviderKinds {
  source_host: SourceHost['kind'];
  builder: Builder['kind'];
  registry: Registry['kind'];
  cluster: Cluster['kind'];
  /** Docker Hub only: the DOCKER_USERNAME the project was created with, its images' namespace (names stay stable). */
  registry_namespace?: string;
}

/** The owner's saved credentials that choose and build the cloud adapters (their settings of the same names). */
export interface ProviderCredentials {
  GITHUB_TOKEN?: string;
  DOCKER_USERNAME?: string;
  DOCKER_TOKEN?: string;
  DIGITALOCEAN_TOKEN?: string;
  DOKS_CLUSTER_ID?: string;
  KUBECONFIG?: string;
  KUBERNETES_CONTEXT?: string;
  KUBERNETES_CERT_ISSUER?: string;
  KUBERNETES_INGRESS_CLASS?: string;
}

/** Where the cloud adapters send their requests: the environment's URLs, or those an admin saved over them. */
export interface CloudUrls {
  githubApi: string;
  dockerHub: string;
  dockerRegistry: string;
  digitalOceanApi: string;
}

export const LOCAL_PROVIDER_KINDS: ProviderKinds = { source_host: 'local', builder: 'local', registry: 'local', cluster: 'local' };

/** A cluster a project's deployments run on, observed as well as driven. */
export type ProjectCluster = Cluster & ClusterObservability;

/** The adapters of one project's ports. */
export interface ProjectAdapters {
  readonly sourceHost: SourceHost;
  readonly builder: Builder;
  readonly registry: Registry;
  readonly cluster: ProjectCluster;
}

/** Builds the cloud adapters from an owner's credentials and the services' URLs now (features.ts passes the real constructors). */
export interface ProviderFactory {
  sourceHost(credentials: { token: string }, urls: CloudUrls): SourceHost;
  registry(credentials: { username: string; token: string }, urls: CloudUrls): Registry;
  /** GitHub Actions: followed with the GitHub token; its workflow pushes to the registry with the Docker Hub credentials. */
  builder(credentials: { token: string; registry: Registry; registryCredentials: { username: string; token: string } }, urls: CloudUrls): Builder;
  cluster(credentials: { token: string; clusterId: string } & IngressSettings, urls: CloudUrls): ProjectCluster;
  /** Any Kubernetes cluster, through the context of a kubeconfig the owner saved. */
  kubeconfigCluster(credentials: { kubeconfig: string; context: string } & IngressSettings): ProjectCluster;
}

/** How a Kubernetes cluster serves custom domains (the owner's KUBERNETES_CERT_ISSUER and KUBERNETES_INGRESS_CLASS). */
export interface IngressSettings {
  certIssuer?: string;
  ingressClass?: string;
}

/** The local adapters, shared by every project's local ports. */
export interface LocalAdapters {
  sourceHost: SourceHost;
  registry: Registry;
  cluster: ProjectCluster;
  /** The local builder of the local source host and registry. */
  builder: Builder;
  /** A local builder for another pair (a cloud source host or registry). */
  newBuilder(sourceHost: SourceHost, registry: Registry): Builder;
}

/**
 * The one rule choosing a new project's kinds: a port whose credentials are all saved uses its cloud adapter (for
 * the cluster, a saved kubeconfig and context before DOKS: the kubeconfig is the more explicit choice). The builder follows: a GitHub repository whose images go to Docker Hub builds with its GitHub Actions workflow (every
 * template has one); any other pair builds on Slipway's workers.
 */
export function providerKindsFrom(settings: ProviderCredentials): ProviderKinds {
  const kinds: ProviderKinds = { ...LOCAL_PROVIDER_KINDS };
  if (settings.GITHUB_TOKEN) kinds.source_host = 'github';
  if (settings.DOCKER_USERNAME && settings.DOCKER_TOKEN) Object.assign(kinds, { registry: 'dockerhub', registry_namespace: settings.DOCKER_USERNAME });
  if (settings.KUBECONFIG && settings.KUBERNETES_CONTEXT) kinds.cluster = 'kubeconfig';
  else if (settings.DIGITALOCEAN_TOKEN && settings.DOKS_CLUSTER_ID) kinds.cluster = 'doks';
  if (kinds.source_host === 'github' && kinds.registry === 'dockerhub') kinds.builder = 'github-actions';
  return kinds;
}

/** Where a project lives, for people: 'GitHub: acme/shop', 'local git'. */
export function sourceHostLabel(kind: SourceHost['kind'], repository: { organization: string; name: string } | null): string {
  if (kind === 'github') return repository ? `GitHub: ${repository.organization}/${repository.name}` : 'GitHub';
  return 'local git';
}

/** Why a cloud port cannot be used now: its credentials are gone from Settings. Never names a value. */
const MISSING = {
  github: "GitHub token is not set: the project's repository is on GitHub (save GITHUB_TOKEN in Settings)",
  dockerhub: "Docker Hub credentials are not set: the project's images are on Docker Hub (save DOCKER_USERNAME and DOCKER_TOKEN in Settings)",
  doks: 'DigitalOcean credentials are not set: the project runs on DigitalOcean Kubernetes (save DIGITALOCEAN_TOKEN and DOKS_CLUSTER_ID in Settings)',
  kubeconfig: "The kubeconfig is not set: the project runs on the Kubernetes cluster of a kubeconfig (save KUBECONFIG and KUBERNETES_CONTEXT in Settings)",
  kubeconfigPulls:
    "The kubeconfig's Kubernetes cluster pulls the project's images from Docker Hub, but this project keeps them on this machine: save DOCKER_USERNAME and DOCKER_TOKEN in Settings and create the project again",
  doksPulls:
    "DigitalOcean Kubernetes pulls the project's images from Docker Hub, but this project keeps them on this machine: save DOCKER_USERNAME and DOCKER_TOKEN in Settings and create the project again",
} as const;

/** Why a project's Docker Hub port cannot be used with the DOCKER_USERNAME saved now (user names are not secrets). */
const dockerUserChanged = (namespace: string, username: string) =>
  `Docker Hub user changed: this project's images are under "${namespace.slice(0, 100)}", but DOCKER_USERNAME in Settings is now "${username.slice(0, 100)}": save "${namespace.slice(0, 100)}" and its token again, or create the project again to use "${username.slice(0, 100)}"`;

/** How a caller reports a port it cannot use (a failed step in a run, an API error in a service). */
export type Unavailable = (message: string) => Error;

/**
 * The one place that turns (owner, project kinds) into adapters. A local port gets the shared local adapter; a
 * cloud port gets the owner's adapter, built from the credentials saved now and kept while they stay the same
 * (a changed token builds a new one). A cloud port whose credentials are missing fails; it never falls back to
 * a local adapter. Adapters are built when first used, so a run fails at the first step that needs the port.
 */
export class ProjectProviders {
  private readonly cache = new Map<string, { fingerprint: string; adapter: unknown }>();
  private readonly builders = new WeakMap<SourceHost, WeakMap<Registry, Builder>>();

  constructor(
    private readonly deps: {
      local: LocalAdapters;
      factory: ProviderFactory;
      /** The owner's decrypted settings (never logged). */
      settings: { valuesFor(ownerId: string): Promise<ProviderCredentials> };
      /** The cloud services' URLs now (an admin may change them at run time). */
      endpoints: { current(): Promise<CloudUrls> };
    },
  ) {
    this.builders.set(deps.local.sourceHost, new WeakMap([[deps.local.registry, deps.local.builder]]));
  }

  /** The shared local cluster: it runs this machine's apps and counts their traffic. */
  get localCluster(): ProjectCluster {
    return this.deps.local.cluster;
  }

  /** A project's adapters for the API's services: a port it cannot use answers 409 PROVIDER_UNAVAILABLE with why. */
  forProject(project: { ownerId: string; providers: ProviderKinds }): Promise<ProjectAdapters> {
    return this.of(project.ownerId, project.providers, providerUnavailable);
  }

  /** The adapters of an owner's project of these kinds; a port that cannot be used throws `unavailable(message)` when touched. */
  async of(ownerId: string, kinds: ProviderKinds, unavailable: Unavailable): Promise<ProjectAdapters> {
    const { local } = this.deps;
    const allLocal = kinds.source_host === 'local' && kinds.registry === 'local' && kinds.cluster === 'local';
    const settings = allLocal ? {} : await this.deps.settings.valuesFor(ownerId);
    const urls = allLocal ? null : await this.deps.endpoints.current();
    // An adapter is kept while its credentials and the services' URLs stay the same.
    const build = <T>(port: string, credentials: string[], make: (urls: CloudUrls) => T): T =>
      this.cached(ownerId, port, [...credentials, JSON.stringify(urls)], () => make(urls!), unavailable);
    const gitHubToken = () => {
      const token = settings.GITHUB_TOKEN;
      if (!token) throw unavailable(MISSING.github);
      return token;
    };
    const source = (): SourceHost => {
      if (kinds.source_host === 'local') return local.sourceHost;
      const token = gitHubToken();
      return build('source_host', [token], (u) => this.deps.factory.sourceHost({ token }, u));
    };
    const dockerHub = () => {
      const username = settings.DOCKER_USERNAME;
      const token = settings.DOCKER_TOKEN;
      if (!username || !token) throw unavailable(MISSING.dockerhub);
      // The images' names carry the user the project was created with (Docker Hub names are case-insensitive).
      const namespace = kinds.registry_namespace;
      if (namespace && namespace.toLowerCase() !== username.toLowerCase()) throw unavailable(dockerUserChanged(namespace, username));
      return { username, token };
    };
    const registry = (): Registry => {
      if (kinds.registry === 'local') return local.registry;
      const { username, token } = dockerHub();
      return build('registry', [username, token], (u) => this.deps.factory.registry({ username, token }, u));
    };
    const ingress: IngressSettings = { certIssuer: settings.KUBERNETES_CERT_ISSUER, ingressClass: settings.KUBERNETES_INGRESS_CLASS };
    const ingressKeys = [ingress.certIssuer ?? '', ingress.ingressClass ?? ''];
    const cluster = (): ProjectCluster => {
      if (kinds.cluster === 'local') return local.cluster;
      if (kinds.registry === 'local') throw unavailable(kinds.cluster === 'kubeconfig' ? MISSING.kubeconfigPulls : MISSING.doksPulls);
      if (kinds.cluster === 'kubeconfig') {
        const kubeconfig = settings.KUBECONFIG;
        const context = settings.KUBERNETES_CONTEXT;
        if (!kubeconfig || !context) throw unavailable(MISSING.kubeconfig);
        return build('cluster', [kubeconfig, context, ...ingressKeys], () => this.deps.factory.kubeconfigCluster({ kubeconfig, context, ...ingress }));
      }
      const token = settings.DIGITALOCEAN_TOKEN;
      const clusterId = settings.DOKS_CLUSTER_ID;
      if (!token || !clusterId) throw unavailable(MISSING.doks);
      return build('cluster', [token, clusterId, ...ingressKeys], (u) => this.deps.factory.cluster({ token, clusterId, ...ingress }, u));
    };
    // GitHub Actions follows the repository's workflow; a local builder reads the source through the project's
    // source host and pushes to its registry.
    const builder = (): Builder => {
      if (kinds.builder !== 'github-actions') return this.builderFor(source(), registry());
      const token = gitHubToken();
      const images = registry();
      const registryCredentials = dockerHub();
      return build('builder', [token, registryCredentials.username, registryCredentials.token], (u) => this.deps.factory.builder({ token, registry: images, registryCredentials }, u));
    };
    const copiesHere = kinds.cluster === 'local' && kinds.registry !== 'local';
    return {
      get sourceHost() {
        return source();
      },
      get registry() {
        return copiesHere ? withLocalCopies(registry(), local.registry) : registry();
      },
      get cluster() {
        return copiesHere ? copyingHere(cluster(), registry(), local.registry) : cluster();
      },
      get builder() {
        return builder();
      },
    };
  }

  /** One builder per pair of source host and registry (its queue keeps two builds of one image apart). */
  private builderFor(sourceHost: SourceHost, registry: Registry): Builder {
    let byRegistry = this.builders.get(sourceHost);
    if (!byRegistry) this.builders.set(sourceHost, (byRegistry = new WeakMap()));
    let builder = byRegistry.get(registry);
    if (!builder) byRegistry.set(registry, (builder = this.deps.local.newBuilder(sourceHost, registry)));
    return builder;
  }

  private cached<T>(ownerId: string, port: string, credentials: string[], make: () => T, unavailable: Unavailable): T {
    const key = `${ownerId}:${port}`;
    // Only a digest of the credentials is kept beside the adapter.
    const fingerprint = createHash('sha256').update(JSON.stringify(credentials)).digest('hex');
    const hit = this.cache.get(key);
    if (hit?.fingerprint === fingerprint) return hit.adapter as T;
    let adapter: T;
    try {
      adapter = make();
    } catch (error) {
      // The adapters' constructors say what is wrong in words for the owner, never with a credential.
      throw unavailable(error instanceof Error ? error.message : 'The adapter could not be built');
    }
    this.cache.set(key, { fingerprint, adapter });
    return adapter;
  }
}


/*
 * The local cluster runs artifacts from this machine's registry. A project whose images are kept elsewhere (Docker
 * Hub) but that runs here gets a local copy of each artifact before it is deployed (the same bytes, so the same
 * digest), and removing the project's images there removes their copies here.
 */

function copyingHere(cluster: ProjectCluster, registry: Registry, local: Registry): ProjectCluster {
  const copyHere = async (artifact: DeploySpec['artifact']) => {
    if (await local.localPath(artifact)) return;
    const file = await registry.localPath(artifact);
    if (file) await local.push({ repository: artifact.repository, tag: artifact.tag }, file);
  };
  return {
    kind: cluster.kind,
    async deploy(spec, hooks) {
      await copyHere(spec.artifact);
      return cluster.deploy(spec, hooks);
    },
    canary: {
      async startCanary(spec, hooks) {
        await copyHere(spec.artifact);
        return cluster.canary.startCanary(spec, hooks);
      },
      setCanaryWeight: (name, percent) => cluster.canary.setCanaryWeight(name, percent),
      canaryTraffic: (name) => cluster.canary.canaryTraffic(name),
      promoteCanary: (name, hooks) => cluster.canary.promoteCanary(name, hooks),
      abortCanary: (name) => cluster.canary.abortCanary(name),
    },
    status: (name) => cluster.status(name),
    stop: (name) => cluster.stop(name),
    remove: (name) => cluster.remove(name),
    logs: (name, tail) => cluster.logs(name, tail),
    checkHealth: (name) => cluster.checkHealth(name),
    logEntries: (name, tail) => cluster.logEntries(name, tail),
    followLogs: (name, tail, signal) => cluster.followLogs(name, tail, signal),
    instanceUsage: (name) => cluster.instanceUsage(name),
    crashTimes: (name) => cluster.crashTimes(name),
    instanceStates: (name) => cluster.instanceStates(name),
    runsApps: () => cluster.runsApps(),
    drainTraffic: () => cluster.drainTraffic(),
  };
}

function withLocalCopies(registry: Registry, local: Registry): Registry {
  return {
    kind: registry.kind,
    push: (image, file) => registry.push(image, file),
    find: (image) => registry.find(image),
    list: (repository) => registry.list(repository),
    localPath: (artifact) => registry.localPath(artifact),
    async deleteTag(image) {
      await registry.deleteTag(image);
      await local.deleteTag(image);
    },
    async deleteRepository(repository) {
      await registry.deleteRepository(repository);
      await local.deleteRepository(repository);
    },
  };
}
