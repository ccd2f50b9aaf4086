import 'reflect-metadata';
import { Field, ObjectType, registerEnumType } from 'type-graphql';
import { type ProviderKinds, sourceHostLabel } from '../../../providers/project-providers.js';
import type { Project } from '../project.entity.js';

/** The kinds of each port's adapter, as GraphQL enums (their values are the ones stored in projects.providers). */
export enum SourceHostKind {
  local = 'local',
  github = 'github',
}
export enum BuilderKind {
  local = 'local',
  github_actions = 'github-actions',
}
export enum RegistryKind {
  local = 'local',
  dockerhub = 'dockerhub',
}
export enum ClusterKind {
  local = 'local',
  doks = 'doks',
  kubeconfig = 'kubeconfig',
}

registerEnumType(SourceHostKind, {
  name: 'SourceHostKind',
  description: "Where a project's code lives",
  valuesConfig: { local: { description: 'A git repository in the data directory of this Slipway' }, github: { description: 'A GitHub repository in GITHUB_ORGANIZATION' } },
});
registerEnumType(BuilderKind, {
  name: 'BuilderKind',
  description: "What builds a project's versions",
  valuesConfig: {
    local: { description: "This Slipway's workers, running the template's build command" },
    github_actions: { description: "The repository's GitHub Actions workflow, pushing the image to Docker Hub" },
  },
});
registerEnumType(RegistryKind, {
  name: 'RegistryKind',
  description: "Where a project's built images are kept",
  valuesConfig: { local: { description: 'Artifacts in the data directory of this Slipway' }, dockerhub: { description: 'Docker Hub repositories of DOCKER_USERNAME' } },
});
registerEnumType(ClusterKind, {
  name: 'ClusterKind',
  description: "Where a project's deployments run",
  valuesConfig: {
    local: { description: 'Supervised processes on this machine behind stable local URLs' },
    doks: { description: 'The DigitalOcean Kubernetes cluster DOKS_CLUSTER_ID' },
    kubeconfig: { description: 'The Kubernetes cluster of the KUBERNETES_CONTEXT context of the saved KUBECONFIG' },
  },
});

@ObjectType({ description: "Where a project lives: each port's adapter, fixed from its owner's settings when it was created" })
export class ProjectProviders {
  @Field(() => SourceHostKind, { description: 'Where its code lives' })
  sourceHost!: SourceHostKind;

  @Field(() => BuilderKind, { description: 'What builds its versions' })
  builder!: BuilderKind;

  @Field(() => RegistryKind, { description: 'Where its images are kept' })
  registry!: RegistryKind;

  @Field(() => ClusterKind, { description: 'Where its deployments run' })
  cluster!: ClusterKind;

  @Field(() => String, { description: "Where its code lives, for people: 'GitHub: acme/shop' or 'local git'" })
  label!: string;
}

/** The four kinds as REST shows them (snake_case, without what only names use). */
export function providerKindsResponse(kinds: ProviderKinds) {
  return { source_host: kinds.source_host, builder: kinds.builder, registry: kinds.registry, cluster: kinds.cluster };
}

export function toProjectProviders(project: Pick<Project, 'providers' | 'sourceOrganization' | 'sourceRepository'>): ProjectProviders {
  const kinds = project.providers;
  const repository = project.sourceOrganization && project.sourceRepository ? { organization: project.sourceOrganization, name: project.sourceRepository } : null;
  return Object.assign(new ProjectProviders(), {
    sourceHost: kinds.source_host as SourceHostKind,
    builder: kinds.builder as BuilderKind,
    registry: kinds.registry as RegistryKind,
    cluster: kinds.cluster as ClusterKind,
    label: sourceHostLabel(kinds.source_host, repository),
  });
}
