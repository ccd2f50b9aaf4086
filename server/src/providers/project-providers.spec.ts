import { describe, expect, it } from 'vitest';
import { AppError } from '../common/app-error.js';
import type { Builder } from './builder/builder.port.js';
import {
  LOCAL_PROVIDER_KINDS,
  ProjectProviders,
  type ProjectCluster,
  type ProviderCredentials,
  type ProviderFactory,
  providerKindsFrom,
} from './project-providers.js';
import type { Registry } from './registry/registry.port.js';
import type { SourceHost } from './source-host/source-host.port.js';

/** Stand-ins: only their identity and kind matter here. */
const adapter = <T>(kind: string, extra: object = {}) => ({ kind, ...extra }) as unknown as T;

function setup(settings: Record<string, ProviderCredentials>, refusing: Partial<ProviderFactory> = {}) {
  const built: string[] = [];
  /** The cloud services' URLs now: a test changes them as an admin would. */
  const urls = { githubApi: 'https://api.github.com', dockerHub: 'https://hub.docker.com', dockerRegistry: 'https://registry-1.docker.io', digitalOceanApi: 'https://api.digitalocean.com' };
  const factory: ProviderFactory = {
    sourceHost: ({ token }, { githubApi }) => (built.push(`github:${token}`), adapter<SourceHost>('github', { githubApi })),
    registry: ({ username, token }) => (built.push(`dockerhub:${username}:${token}`), adapter<Registry>('dockerhub')),
    cluster: ({ token, clusterId }) => (built.push(`doks:${token}:${clusterId}`), adapter<ProjectCluster>('doks')),
    kubeconfigCluster: ({ context }) => (built.push(`kubeconfig:${context}`), adapter<ProjectCluster>('kubeconfig')),
    builder: ({ token, registry, registryCredentials }) => (
      built.push(`github-actions:${token}:${registryCredentials.username}:${registryCredentials.token}`), adapter<Builder>('github-actions', { registry })
    ),
    ...refusing,
  };
  const local = {
    sourceHost: adapter<SourceHost>('local'),
    registry: adapter<Registry>('local'),
    cluster: adapter<ProjectCluster>('local'),
    builder: adapter<Builder>('local', { pair: 'local' }),
    newBuilder: (sourceHost: SourceHost, registry: Registry) => adapter<Builder>('local', { pair: `${sourceHost.kind}+${registry.kind}` }),
  };
  const endpoints = { current: async () => ({ ...urls }) };
  const providers = new ProjectProviders({ local, factory, settings: { valuesFor: async (ownerId) => ({ ...settings[ownerId] }) }, endpoints });
  return { providers, local, built, urls };
}

const fail = (message: string) => new AppError('CONFLICT' as never, message);
const CLOUD = { source_host: 'github', builder: 'github-actions', registry: 'dockerhub', cluster: 'doks', registry_namespace: 'ada' } as const;

describe('providerKindsFrom', () => {
  it.each([
    [{}, LOCAL_PROVIDER_KINDS],
    [{ GITHUB_TOKEN: 't' }, { ...LOCAL_PROVIDER_KINDS, source_host: 'github' }],
    [{ DOCKER_USERNAME: 'ada' }, LOCAL_PROVIDER_KINDS],
    [{ DOCKER_USERNAME: 'ada', DOCKER_TOKEN: 't' }, { ...LOCAL_PROVIDER_KINDS, registry: 'dockerhub', registry_namespace: 'ada' }],
    [{ DIGITALOCEAN_TOKEN: 't' }, LOCAL_PROVIDER_KINDS],
    [{ DIGITALOCEAN_TOKEN: 't', DOKS_CLUSTER_ID: 'c' }, { ...LOCAL_PROVIDER_KINDS, cluster: 'doks' }],
    [{ KUBECONFIG: 'k' }, LOCAL_PROVIDER_KINDS],
    [{ KUBECONFIG: 'k', KUBERNETES_CONTEXT: 'c' }, { ...LOCAL_PROVIDER_KINDS, cluster: 'kubeconfig' }],
    [{ KUBECONFIG: 'k', KUBERNETES_CONTEXT: 'c', DIGITALOCEAN_TOKEN: 't', DOKS_CLUSTER_ID: 'c' }, { ...LOCAL_PROVIDER_KINDS, cluster: 'kubeconfig' }],
    [{ GITHUB_TOKEN: 't', DOCKER_USERNAME: 'ada', DOCKER_TOKEN: 't' }, { ...LOCAL_PROVIDER_KINDS, source_host: 'github', builder: 'github-actions', registry: 'dockerhub', registry_namespace: 'ada' }],
  ])('%j gives %j', (settings, kinds) => {
    expect(providerKindsFrom(settings)).toEqual(kinds);
  });
});

describe('ProjectProviders', () => {
  it('gives a local project the shared local adapters without reading settings', async () => {
    const { providers, local, built } = setup({});
    const adapters = await providers.of('nobody', LOCAL_PROVIDER_KINDS, fail);
    expect([adapters.sourceHost, adapters.registry, adapters.cluster, adapters.builder]).toEqual([local.sourceHost, local.registry, local.cluster, local.builder]);
    expect(adapters.builder).toBe(local.builder);
    expect(built).toEqual([]);
  });

  it("gives a kubeconfig project the cluster of its owner's saved kubeconfig and context, and says what to save when they are gone", async () => {
    const kinds = { ...CLOUD, cluster: 'kubeconfig' } as const;
    const { providers, built } = setup({ ada: { DOCKER_USERNAME: 'ada', DOCKER_TOKEN: 'd1', KUBECONFIG: 'kind: Config', KUBERNETES_CONTEXT: 'prod' }, bob: { DOCKER_USERNAME: 'ada', DOCKER_TOKEN: 'd1' } });
    expect((await providers.of('ada', kinds, fail)).cluster.kind).toBe('kubeconfig');
    expect(built).toEqual(['kubeconfig:prod']);
    const missing = await providers.of('bob', kinds, fail);
    expect(() => missing.cluster).toThrow('The kubeconfig is not set: the project runs on the Kubernetes cluster of a kubeconfig (save KUBECONFIG and KUBERNETES_CONTEXT in Settings)');
  });

  it('builds cloud adapters once per owner and credentials, and again when a credential changes', async () => {
    const settings: Record<string, ProviderCredentials> = {
      ada: { GITHUB_TOKEN: 'g1', DOCKER_USERNAME: 'ada', DOCKER_TOKEN: 'd1', DIGITALOCEAN_TOKEN: 'o1', DOKS_CLUSTER_ID: 'c1' },
    };
    const { providers, built } = setup(settings);
    const first = await providers.of('ada', CLOUD, fail);
    const [firstHost, firstBuilder] = [first.sourceHost, first.builder];
    expect([first.sourceHost.kind, first.registry.kind, first.cluster.kind, first.builder.kind]).toEqual(['github', 'dockerhub', 'doks', 'github-actions']);
    expect((first.builder as unknown as { registry: Registry }).registry).toBe(first.registry);
    const again = await providers.of('ada', CLOUD, fail);
    expect(again.sourceHost).toBe(firstHost);
    expect(again.builder).toBe(firstBuilder);
    expect(built).toEqual(['github:g1', 'dockerhub:ada:d1', 'github-actions:g1:ada:d1', 'doks:o1:c1']);

    settings.ada.GITHUB_TOKEN = 'g2';
    const changed = await providers.of('ada', CLOUD, fail);
    expect(changed.sourceHost).not.toBe(firstHost);
    expect(changed.builder).not.toBe(firstBuilder);
    expect(built).toEqual(['github:g1', 'dockerhub:ada:d1', 'github-actions:g1:ada:d1', 'doks:o1:c1', 'github:g2', 'github-actions:g2:ada:d1']);
  });

  it("builds a new adapter with the services' URLs an admin saved, and keeps it while they stay", async () => {
    const { providers, urls } = setup({ ada: { GITHUB_TOKEN: 'g1' } });
    const kinds = { ...LOCAL_PROVIDER_KINDS, source_host: 'github' } as const;
    const first = (await providers.of('ada', kinds, fail)).sourceHost;
    expect((await providers.of('ada', kinds, fail)).sourceHost).toBe(first);
    urls.githubApi = 'https://ghe.example.com/api/v3';
    const moved = (await providers.of('ada', kinds, fail)).sourceHost;
    expect(moved).not.toBe(first);
    expect((moved as unknown as { githubApi: string }).githubApi).toBe('https://ghe.example.com/api/v3');
  });

  it("builds a GitHub project whose images stay here on Slipway's workers, from the GitHub repository to the local registry", async () => {
    const { providers, local } = setup({ ada: { GITHUB_TOKEN: 'g1' } });
    const adapters = await providers.of('ada', { ...LOCAL_PROVIDER_KINDS, source_host: 'github' }, fail);
    expect(adapters.builder.kind).toBe('local');
    expect((adapters.builder as unknown as { pair: string }).pair).toBe('github+local');
    expect(adapters.registry).toBe(local.registry);
  });

  it('fails a cloud port with missing credentials through the caller, only when it is touched', async () => {
    const { providers } = setup({ bob: { DOCKER_USERNAME: 'bob' } });
    const adapters = await providers.of('bob', CLOUD, fail);
    expect(() => adapters.sourceHost).toThrow("GitHub token is not set: the project's repository is on GitHub (save GITHUB_TOKEN in Settings)");
    expect(() => adapters.registry).toThrow(AppError);
    expect(() => adapters.registry).toThrow('Docker Hub credentials are not set');
    expect(() => adapters.cluster).toThrow('DigitalOcean credentials are not set');
    expect(() => adapters.builder).toThrow('GitHub token is not set');
  });

  it('fails the Docker Hub ports once DOCKER_USERNAME names another user than the one the images are under', async () => {
    const settings: Record<string, ProviderCredentials> = { ada: { GITHUB_TOKEN: 'g1', DOCKER_USERNAME: 'grace', DOCKER_TOKEN: 'd2', DIGITALOCEAN_TOKEN: 'o1', DOKS_CLUSTER_ID: 'c1' } };
    const { providers, built } = setup(settings);
    const adapters = await providers.of('ada', CLOUD, fail);
    const changed = 'Docker Hub user changed: this project\'s images are under "ada", but DOCKER_USERNAME in Settings is now "grace"';
    expect(() => adapters.registry).toThrow(changed);
    expect(() => adapters.builder).toThrow(changed);
    expect(adapters.sourceHost.kind).toBe('github');
    expect(built).toEqual(['github:g1']);

    settings.ada.DOCKER_USERNAME = 'Ada';
    expect((await providers.of('ada', CLOUD, fail)).registry.kind).toBe('dockerhub');
  });

  it("turns a factory's refusal into the caller's failure with its message", async () => {
    const { providers } = setup(
      { cy: { GITHUB_TOKEN: 'g' } },
      {
        sourceHost: () => {
          throw new Error('The GitHub API URL is not an http(s) URL');
        },
      },
    );
    const adapters = await providers.of('cy', { ...LOCAL_PROVIDER_KINDS, source_host: 'github' }, fail);
    expect(() => adapters.sourceHost).toThrow(AppError);
    expect(() => adapters.sourceHost).toThrow('The GitHub API URL is not an http(s) URL');
    expect(adapters.registry.kind).toBe('local');
  });
});
