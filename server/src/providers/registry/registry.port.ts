/**
 * Registry port: where built artifacts (images) are kept (local: content-addressed tar.gz files in the data
 * directory; cloud: Docker Hub repositories and tags).
 */

export interface ImageRef {
  /** e.g. '{organization}/{slug}' */
  repository: string;
  /** e.g. 'v0.1.0' or a commit sha */
  tag: string;
}

export interface Artifact extends ImageRef {
  /** 'sha256:' + hex of the artifact's bytes. */
  digest: string;
  /** Bytes. */
  size: number;
  /** What a project shows as docker_image_url (local: 'slipway.local/{repository}:{tag}' or similar). */
  url: string;
  createdAt: Date;
}

export interface Registry {
  readonly kind: 'local' | 'dockerhub';
  /** Cloud registries only: checks that the credentials work; throws an Error whose message the owner can read. */
  validateAccess?(): Promise<void>;
  /** Stores the file under image (content-addressed; pushing the same bytes again is a no-op) and answers the artifact. */
  push(image: ImageRef, file: string): Promise<Artifact>;
  /** The artifact a tag names, or null. */
  find(image: ImageRef): Promise<Artifact | null>;
  /** Every tag of a repository, newest first. */
  list(repository: string): Promise<Artifact[]>;
  /** Absolute path of the artifact's bytes on this machine (Docker Hub: a verified download of a single-layer artifact), or null when it cannot be had. */
  localPath(artifact: Artifact): Promise<string | null>;
  /** Removes one tag (and its blob when nothing else refers to it); no-op when absent. */
  deleteTag(image: ImageRef): Promise<void>;
  /** Removes the repository with all its tags (and blobs nothing else refers to); no-op when absent. */
  deleteRepository(repository: string): Promise<void>;
}
