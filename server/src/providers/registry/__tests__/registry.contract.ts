import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../../common/app-error.js';
import type { Registry } from '../registry.port.js';

export interface RegistryFixture {
  registry: Registry;
  /** Removes whatever the adapter keeps (temporary directories, fake servers). */
  cleanup(): Promise<void>;
}

/**
 * What every Registry adapter does, whatever it talks to. A cloud adapter's spec calls this with a factory
 * that points the adapter at its fake service.
 */
export function registryContract(name: string, makeAdapter: () => Promise<RegistryFixture>): void {
  describe(`Registry contract: ${name}`, () => {
    let fixture: RegistryFixture;
    let registry: Registry;
    let filesDir: string;
    let counter = 0;

    /** A fresh artifact file with random bytes, and its expected digest. */
    async function artifactFile(bytes: Buffer = randomBytes(2048)) {
      counter += 1;
      const file = path.join(filesDir, `artifact-${counter}.tar.gz`);
      await writeFile(file, bytes);
      return { file, bytes, digest: `sha256:${createHash('sha256').update(bytes).digest('hex')}` };
    }

    beforeAll(async () => {
      fixture = await makeAdapter();
      registry = fixture.registry;
      filesDir = await mkdtemp(path.join(tmpdir(), 'slipway-registry-contract-'));
    });

    afterAll(async () => {
      await fixture?.cleanup();
      await rm(filesDir, { recursive: true, force: true });
    });

    it('answers null and an empty list for what was never pushed', async () => {
      expect(await registry.find({ repository: 'acme/never-pushed', tag: 'v0.1.0' })).toBeNull();
      expect(await registry.list('acme/never-pushed')).toEqual([]);
    });

    it('pushes a file and finds it again by its tag', async () => {
      const { file, bytes, digest } = await artifactFile();
      const artifact = await registry.push({ repository: 'acme/shop', tag: 'v0.1.0' }, file);
      expect(artifact).toMatchObject({ repository: 'acme/shop', tag: 'v0.1.0', digest, size: bytes.length });
      expect(artifact.url).toContain('acme/shop');
      expect(artifact.url).toContain('v0.1.0');
      expect(artifact.createdAt).toBeInstanceOf(Date);
      expect(await registry.find({ repository: 'acme/shop', tag: 'v0.1.0' })).toEqual(artifact);
    });

    it('is idempotent: pushing the same bytes to the same tag answers the same artifact', async () => {
      const { file, bytes } = await artifactFile();
      const first = await registry.push({ repository: 'acme/again', tag: 'v1' }, file);
      const again = await artifactFile(bytes);
      const second = await registry.push({ repository: 'acme/again', tag: 'v1' }, again.file);
      expect(second).toEqual(first);
      expect(await registry.list('acme/again')).toEqual([first]);
    });

    it('replaces a tag pushed again with other bytes', async () => {
      const first = await artifactFile();
      const second = await artifactFile();
      await registry.push({ repository: 'acme/retag', tag: 'latest' }, first.file);
      const replaced = await registry.push({ repository: 'acme/retag', tag: 'latest' }, second.file);
      expect(replaced.digest).toBe(second.digest);
      expect((await registry.find({ repository: 'acme/retag', tag: 'latest' }))?.digest).toBe(second.digest);
    });

    it('lists every tag of a repository, newest first, and only that repository', async () => {
      const older = await registry.push({ repository: 'acme/listed', tag: 'v0.1.0' }, (await artifactFile()).file);
      await sleep(20);
      const newer = await registry.push({ repository: 'acme/listed', tag: 'v0.2.0' }, (await artifactFile()).file);
      await registry.push({ repository: 'acme/listed-other', tag: 'v9' }, (await artifactFile()).file);
      expect(await registry.list('acme/listed')).toEqual([newer, older]);
    });

    it('deletes a repository with all its tags, leaves others alone, and deletes an absent one quietly', async () => {
      const shared = await artifactFile();
      await registry.push({ repository: 'acme/doomed', tag: 'v1' }, shared.file);
      await registry.push({ repository: 'acme/doomed', tag: 'v2' }, (await artifactFile()).file);
      const kept = await registry.push({ repository: 'acme/kept', tag: 'v1' }, shared.file);

      await registry.deleteRepository('acme/doomed');
      expect(await registry.find({ repository: 'acme/doomed', tag: 'v1' })).toBeNull();
      expect(await registry.list('acme/doomed')).toEqual([]);
      expect(await registry.find({ repository: 'acme/kept', tag: 'v1' })).toEqual(kept);
      await expect(registry.deleteRepository('acme/doomed')).resolves.toBeUndefined();
      await expect(registry.deleteRepository('acme/never-existed')).resolves.toBeUndefined();
    });

    it('deletes one tag, keeping the others and any bytes they share', async () => {
      const shared = await artifactFile();
      const other = await registry.push({ repository: 'acme/tags', tag: 'v1' }, shared.file);
      const doomed = await registry.push({ repository: 'acme/tags', tag: 'v2' }, shared.file);
      const alone = await registry.push({ repository: 'acme/tags', tag: 'v3' }, (await artifactFile()).file);

      await registry.deleteTag({ repository: 'acme/tags', tag: 'v2' });
      expect(await registry.find({ repository: 'acme/tags', tag: 'v2' })).toBeNull();
      expect(await registry.find({ repository: 'acme/tags', tag: 'v1' })).toEqual(other);
      expect(await registry.localPath(other)).not.toBeNull();
      expect(doomed.digest).toBe(other.digest);

      const bytes = await registry.localPath(alone);
      await registry.deleteTag({ repository: 'acme/tags', tag: 'v3' });
      expect(await registry.localPath(alone)).toBeNull();
      expect(bytes).not.toBeNull();
      await expect(registry.deleteTag({ repository: 'acme/tags', tag: 'v3' })).resolves.toBeUndefined();
      await expect(registry.deleteTag({ repository: '../outside', tag: 'v1' })).rejects.toMatchObject({ code: ErrorCode.BadUserInput });
    });

    it.each([
      ['a repository climbing out', { repository: '../outside', tag: 'v1' }],
      ['a repository with an empty segment', { repository: 'acme//shop', tag: 'v1' }],
      ['a repository with a dot-dot segment', { repository: 'acme/../shop', tag: 'v1' }],
      ['an empty repository', { repository: '', tag: 'v1' }],
      ['a tag climbing out', { repository: 'acme/shop', tag: '../../etc' }],
      ['a tag with a slash', { repository: 'acme/shop', tag: 'a/b' }],
      ['an empty tag', { repository: 'acme/shop', tag: '' }],
    ])('refuses %s with a clear error and changes nothing', async (_case, image) => {
      const { file } = await artifactFile();
      await expect(registry.push(image, file)).rejects.toMatchObject({ code: ErrorCode.BadUserInput, message: expect.stringMatching(/^Invalid (repository name|tag)/) });
      await expect(registry.find(image)).rejects.toMatchObject({ code: ErrorCode.BadUserInput });
    });

    it('refuses to push a file that does not exist', async () => {
      await expect(registry.push({ repository: 'acme/missing', tag: 'v1' }, path.join(filesDir, 'no-such-file'))).rejects.toMatchObject({
        code: ErrorCode.BadUserInput,
      });
      expect(await registry.find({ repository: 'acme/missing', tag: 'v1' })).toBeNull();
    });
  });
}
