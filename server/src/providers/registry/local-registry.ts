import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { safeSegment } from '../names.js';
import { artifactFileMissing, invalidProviderName } from '../providers.errors.js';
import { ensurePrivateDir } from '../private-dir.js';
import { SerialQueue } from '../serial-queue.js';
import type { Artifact, ImageRef, Registry } from './registry.port.js';

/** Host part of a local artifact's URL; not resolvable, it only names where the artifact lives. */
export const LOCAL_REGISTRY_HOST = 'slipway.local';

/** 'name', 'organization/name' and a little more; never a path of arbitrary depth. */
const MAX_REPOSITORY_SEGMENTS = 4;

/** What a tag file holds. */
interface TagManifest {
  digest: string;
  size: number;
  createdAt: string;
}

/**
 * Artifacts in the data directory, content-addressed like an OCI registry:
 *
 *     <dataDir>/registry/blobs/sha256/<hex>                    the artifact's bytes (a tar.gz)
 *     <dataDir>/registry/repositories/<org>+<slug>/<tag>.json  {digest, size, createdAt}
 *
 * A repository is one or more safe segments joined by '/' ('{organization}/{slug}'); its directory joins them
 * with '+', a character no segment may hold, so names map to directories one to one and never nest. An
 * artifact's url is `slipway.local/{repository}:{tag}`. Writes go through a temporary file and a rename, so a
 * crash leaves either the old state or the new one. The registry directory is closed to other users (0700), so
 * builds and apps running as another user cannot read other projects' artifacts.
 */
export class LocalRegistry implements Registry {
  readonly kind = 'local' as const;
  private readonly root: string;
  /** Every change goes through one queue, so a blob is never collected while a push is about to refer to it. */
  private readonly changes = new SerialQueue();

  constructor(dataDir: string) {
    this.root = path.join(path.resolve(dataDir), 'registry');
  }

  async push(image: ImageRef, file: string): Promise<Artifact> {
    const tagFile = this.tagFile(image);
    return this.changes.run('registry', async () => {
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) throw artifactFileMissing();
      const hex = await sha256File(file);
      const digest = `sha256:${hex}`;
      const existing = await this.readTag(tagFile);
      if (existing?.digest === digest) return this.toArtifact(image, existing);

      const blob = this.blobPath(hex);
      await ensurePrivateDir(this.root);
      if (!(await exists(blob))) {
        await mkdir(path.dirname(blob), { recursive: true });
        const temporary = `${blob}.${randomUUID()}.tmp`;
        await copyFile(file, temporary);
        await rename(temporary, blob);
      }
      const manifest: TagManifest = { digest, size: info.size, createdAt: new Date().toISOString() };
      await writeAtomically(tagFile, JSON.stringify(manifest));
      if (existing) await this.removeUnreferencedBlobs();
      return this.toArtifact(image, manifest);
    });
  }

  async find(image: ImageRef): Promise<Artifact | null> {
    const manifest = await this.readTag(this.tagFile(image));
    return manifest && this.toArtifact(image, manifest);
  }

  async list(repository: string): Promise<Artifact[]> {
    const dir = this.repositoryDir(repository);
    const names = await readdir(dir).catch(() => [] as string[]);
    const artifacts: Artifact[] = [];
    for (const name of names.filter((entry) => entry.endsWith('.json'))) {
      const tag = name.slice(0, -'.json'.length);
      const manifest = await this.readTag(path.join(dir, name));
      if (manifest) artifacts.push(this.toArtifact({ repository, tag }, manifest));
    }
    return artifacts.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.tag.localeCompare(a.tag));
  }

  localPath(artifact: Artifact): Promise<string | null> {
    return this.blobOf(artifact.digest);
  }

  /** The stored file of the artifact with this digest, whatever its name: the local cluster starts releases from it. */
  async blobOf(digest: string): Promise<string | null> {
    const hex = /^sha256:([0-9a-f]{64})$/.exec(digest)?.[1];
    if (!hex) return null;
    const blob = this.blobPath(hex);
    return (await exists(blob)) ? blob : null;
  }

  async deleteTag(image: ImageRef): Promise<void> {
    const tagFile = this.tagFile(image);
    return this.changes.run('registry', async () => {
      if (!(await exists(tagFile))) return;
      await rm(tagFile, { force: true });
      await this.removeUnreferencedBlobs();
    });
  }

  async deleteRepository(repository: string): Promise<void> {
    const dir = this.repositoryDir(repository);
    return this.changes.run('registry', async () => {
      if (!(await exists(dir))) return;
      await rm(dir, { recursive: true, force: true });
      await this.removeUnreferencedBlobs();
    });
  }

  private repositoryDir(repository: string): string {
    const segments = typeof repository === 'string' ? repository.split('/') : [];
    if (segments.length === 0 || segments.length > MAX_REPOSITORY_SEGMENTS) throw invalidProviderName('repository name', String(repository));
    const name = segments.map((segment) => safeSegment(segment, 'repository name')).join('+');
    return path.join(this.root, 'repositories', name);
  }

  private tagFile(image: ImageRef): string {
    return path.join(this.repositoryDir(image.repository), `${safeSegment(image.tag, 'tag')}.json`);
  }

  private blobPath(hex: string): string {
    return path.join(this.root, 'blobs', 'sha256', hex);
  }

  private async readTag(file: string): Promise<TagManifest | null> {
    try {
      return JSON.parse(await readFile(file, 'utf8')) as TagManifest;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  private toArtifact(image: ImageRef, manifest: TagManifest): Artifact {
    return {
      repository: image.repository,
      tag: image.tag,
      digest: manifest.digest,
      size: manifest.size,
      url: `${LOCAL_REGISTRY_HOST}/${image.repository}:${image.tag}`,
      createdAt: new Date(manifest.createdAt),
    };
  }

  /** Deletes every blob no tag of any repository names (and leftovers of interrupted pushes). */
  private async removeUnreferencedBlobs(): Promise<void> {
    const referenced = new Set<string>();
    const repositories = path.join(this.root, 'repositories');
    for (const repository of await readdir(repositories).catch(() => [] as string[])) {
      for (const name of await readdir(path.join(repositories, repository)).catch(() => [] as string[])) {
        const manifest = name.endsWith('.json') ? await this.readTag(path.join(repositories, repository, name)) : null;
        if (manifest) referenced.add(manifest.digest.replace(/^sha256:/, ''));
      }
    }
    const blobs = path.join(this.root, 'blobs', 'sha256');
    for (const name of await readdir(blobs).catch(() => [] as string[])) {
      if (!referenced.has(name)) await rm(path.join(blobs, name), { force: true });
    }
  }
}

async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

async function writeAtomically(file: string, content: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${randomUUID()}.tmp`;
  await writeFile(temporary, content);
  await rename(temporary, file);
}
