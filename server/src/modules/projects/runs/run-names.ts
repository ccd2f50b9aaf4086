import { StepFailure } from '../../../pipelines/steps.js';
import { commitImageTag, versionImageTag } from '../../../providers/builder/image-tags.js';
import type { ImageRef } from '../../../providers/registry/registry.port.js';
import type { RepositoryRef } from '../../../providers/source-host/source-host.port.js';
import type { ProjectRecord, ProjectRecords } from './run-ports.js';

/** Where every project run puts things, derived once from the project's fixed source names. */
export const MAIN_BRANCH = 'main';
export const FIRST_VERSION_TAG = 'v0.1.0';
export const ENVIRONMENT = 'production';
export const SLIPWAY_AUTHOR = { name: 'Slipway', email: 'slipway@localhost' };

export interface RunNames {
  project: ProjectRecord;
  repository: RepositoryRef;
  /** The registry repository of the project's artifacts (imageRepositoryOf). */
  imageRepository: string;
  /** The app's stable name on the cluster: '{repository}-{project id's first 8}'. */
  appName: string;
}

/**
 * The registry repository of a project's artifacts, or null before the project has its source names: on Docker Hub
 * '{the DOCKER_USERNAME it was created with}/{repository}', locally '{organization}/{repository}'.
 */
export function imageRepositoryOf(project: Pick<ProjectRecord, 'sourceOrganization' | 'sourceRepository' | 'providers'>): string | null {
  if (!project.sourceOrganization || !project.sourceRepository) return null;
  const namespace = project.providers.registry === 'dockerhub' ? project.providers.registry_namespace : project.sourceOrganization;
  return namespace ? `${namespace}/${project.sourceRepository}` : null;
}

export function namesOf(project: ProjectRecord): RunNames {
  const imageRepository = imageRepositoryOf(project);
  if (!imageRepository || !project.sourceOrganization || !project.sourceRepository) throw new StepFailure('The project has no repository name');
  const repository = { organization: project.sourceOrganization, name: project.sourceRepository };
  return {
    project,
    repository,
    imageRepository,
    // A DNS label (at most 63 characters), as cluster app names are.
    appName: `${repository.name.slice(0, 54).replace(/-+$/, '')}-${project.id.slice(0, 8)}`,
  };
}

/** A version's image (tagged by commitImageTag/versionImageTag's rule). */
export function versionImage(names: RunNames, versionTag: string): ImageRef {
  return { repository: names.imageRepository, tag: versionImageTag(versionTag) };
}

/** The image of a commit's CI build. */
export function commitImage(names: RunNames, sha: string): ImageRef {
  return { repository: names.imageRepository, tag: commitImageTag(sha) };
}

/** The run's project, which must still exist. */
export async function requireProject(records: ProjectRecords): Promise<ProjectRecord> {
  const project = await records.project();
  if (!project) throw new StepFailure('The project no longer exists');
  return project;
}
