import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../../common/app-error.js';
import type { CommitRequest, RepositoryRef, SourceHost } from '../source-host.port.js';

export interface SourceHostFixture {
  sourceHost: SourceHost;
  /** The organization the adapter may create repositories in. */
  organization: string;
  /** Removes whatever the adapter keeps (temporary directories, fake servers). */
  cleanup(): Promise<void>;
}

const author = { name: 'Ada Lovelace', email: 'ada@example.com' };

function commit(files: Record<string, string>, options: { executable?: string[]; message?: string } = {}): CommitRequest {
  return {
    branch: 'main',
    message: options.message ?? 'Initial commit',
    author,
    files: Object.entries(files).map(([filePath, content]) => ({
      path: filePath,
      content: Buffer.from(content),
      executable: options.executable?.includes(filePath),
    })),
  };
}

/**
 * What every SourceHost adapter does, whatever it talks to. A cloud adapter's spec calls this with a factory
 * that points the adapter at its fake service.
 */
export function sourceHostContract(name: string, makeAdapter: () => Promise<SourceHostFixture>): void {
  describe(`SourceHost contract: ${name}`, () => {
    let fixture: SourceHostFixture;
    let host: SourceHost;
    let scratch: string;
    /** A repository no other test uses. */
    const fresh = (): RepositoryRef => ({ organization: fixture.organization, name: `app-${randomUUID().slice(0, 8)}` });
    const created = async () => {
      const ref = fresh();
      await host.ensureRepository(ref, { description: 'A test project' });
      return ref;
    };
    const exportDir = () => mkdtemp(path.join(scratch, 'export-'));

    beforeAll(async () => {
      fixture = await makeAdapter();
      host = fixture.sourceHost;
      scratch = await mkdtemp(path.join(tmpdir(), 'slipway-source-host-contract-'));
    });

    afterAll(async () => {
      await fixture?.cleanup();
      await rm(scratch, { recursive: true, force: true });
    });

    it('creates a repository once and finds it again', async () => {
      const ref = fresh();
      expect(await host.findRepository(ref)).toBeNull();
      const info = await host.ensureRepository(ref, { description: 'A test project' });
      expect(info.url).toContain(ref.name);
      expect(info.cloneUrl).toContain(ref.name);
      expect(info.defaultBranch).toBe('main');
      expect(await host.ensureRepository(ref, { description: 'Another description' })).toEqual(info);
      expect(await host.findRepository(ref)).toEqual(info);
    });

    it('commits files as the whole tree, and commits nothing when the tree is already the head', async () => {
      const ref = await created();
      expect(await host.headCommit(ref, 'main')).toBeNull();

      const first = await host.commitFiles(ref, commit({ 'README.md': '# Shop\n', 'src/index.js': 'console.log(1);\n' }));
      expect(first.created).toBe(true);
      expect(first.sha).toMatch(/^[0-9a-f]{40}$/);
      expect(await host.headCommit(ref, 'main')).toBe(first.sha);

      const again = await host.commitFiles(ref, { ...commit({ 'src/index.js': 'console.log(1);\n', 'README.md': '# Shop\n' }), message: 'Again' });
      expect(again).toEqual({ sha: first.sha, created: false });

      const changed = await host.commitFiles(ref, commit({ 'README.md': '# Shop v2\n' }, { message: 'Second' }));
      expect(changed.created).toBe(true);
      expect(changed.sha).not.toBe(first.sha);
      expect(await host.headCommit(ref, 'main')).toBe(changed.sha);
      expect(await host.headCommit(ref, 'no-such-branch')).toBeNull();
    });

    it('exports a commit: contents, folders and the executable bit', async () => {
      const ref = await created();
      const first = await host.commitFiles(
        ref,
        commit({ 'run.sh': '#!/bin/sh\necho hi\n', 'a/b/c.txt': 'deep\n', 'plain.txt': 'plain\n' }, { executable: ['run.sh'] }),
      );
      const second = await host.commitFiles(ref, commit({ 'plain.txt': 'changed\n' }));

      const old = await exportDir();
      await host.exportTree(ref, first.sha, old);
      expect(await readFile(path.join(old, 'a/b/c.txt'), 'utf8')).toBe('deep\n');
      expect(await readFile(path.join(old, 'plain.txt'), 'utf8')).toBe('plain\n');
      expect((await stat(path.join(old, 'run.sh'))).mode & 0o111).not.toBe(0);
      expect((await stat(path.join(old, 'plain.txt'))).mode & 0o111).toBe(0);

      const latest = await exportDir();
      await host.exportTree(ref, second.sha, latest);
      expect(await readFile(path.join(latest, 'plain.txt'), 'utf8')).toBe('changed\n');
      await expect(stat(path.join(latest, 'run.sh'))).rejects.toMatchObject({ code: 'ENOENT' });
    });

    it('refuses to export a commit the repository does not have', async () => {
      const ref = await created();
      await expect(host.exportTree(ref, 'f'.repeat(40), await exportDir())).rejects.toMatchObject({ code: ErrorCode.NotFound });
    });

    it('tags a commit once: the same tag on the same commit is quiet, on another commit a conflict', async () => {
      const ref = await created();
      const first = await host.commitFiles(ref, commit({ 'a.txt': '1' }));
      const second = await host.commitFiles(ref, commit({ 'a.txt': '2' }));
      expect(await host.tagCommit(ref, 'v0.1.0')).toBeNull();

      await host.createTag(ref, { name: 'v0.1.0', sha: first.sha, message: 'Version 0.1.0' });
      expect(await host.tagCommit(ref, 'v0.1.0')).toBe(first.sha);
      await expect(host.createTag(ref, { name: 'v0.1.0', sha: first.sha, message: 'Version 0.1.0' })).resolves.toBeUndefined();
      await expect(host.createTag(ref, { name: 'v0.1.0', sha: second.sha, message: 'Moved' })).rejects.toMatchObject({
        code: ErrorCode.Conflict,
        message: expect.stringContaining('v0.1.0'),
      });
      expect(await host.tagCommit(ref, 'v0.1.0')).toBe(first.sha);
      await expect(host.createTag(ref, { name: 'v9', sha: 'e'.repeat(40), message: 'Nowhere' })).rejects.toMatchObject({ code: ErrorCode.NotFound });
      expect(await host.tagCommit(ref, 'v9')).toBeNull();
    });

    it('deletes a tag only while it points at the given commit, and an absent one quietly', async () => {
      const ref = await created();
      const first = await host.commitFiles(ref, commit({ 'a.txt': '1' }));
      const second = await host.commitFiles(ref, commit({ 'a.txt': '2' }));
      await host.createTag(ref, { name: 'v1.0.0', sha: first.sha, message: 'v1' });
      await host.deleteTag(ref, { name: 'v1.0.0', sha: second.sha });
      expect(await host.tagCommit(ref, 'v1.0.0')).toBe(first.sha);
      await host.deleteTag(ref, { name: 'v1.0.0', sha: first.sha });
      expect(await host.tagCommit(ref, 'v1.0.0')).toBeNull();
      await expect(host.deleteTag(ref, { name: 'v1.0.0', sha: first.sha })).resolves.toBeUndefined();
      // Made again afterwards, on another commit.
      await host.createTag(ref, { name: 'v1.0.0', sha: second.sha, message: 'v1 again' });
      expect(await host.tagCommit(ref, 'v1.0.0')).toBe(second.sha);
    });

    it('replaces secrets and answers their names only', async () => {
      const ref = await created();
      expect(await host.secretNames(ref)).toEqual([]);
      await host.setSecrets(ref, { DOCKER_TOKEN: 'hunter2-token', API_KEY: 'sk-live-123' });
      const names = await host.secretNames(ref);
      expect(names).toEqual(['API_KEY', 'DOCKER_TOKEN']);
      expect(JSON.stringify(names)).not.toContain('hunter2');
      await host.setSecrets(ref, { ONLY_ONE: 'x' });
      expect(await host.secretNames(ref)).toEqual(['ONLY_ONE']);
      await expect(host.setSecrets(ref, { 'BAD NAME': 'x' })).rejects.toMatchObject({ code: ErrorCode.BadUserInput });
      expect(await host.secretNames(ref)).toEqual(['ONLY_ONE']);
    });

    it('deletes a repository with its secrets and tags, and deletes an absent one quietly', async () => {
      const ref = await created();
      const { sha } = await host.commitFiles(ref, commit({ 'a.txt': '1' }));
      await host.createTag(ref, { name: 'v1', sha, message: 'v1' });
      await host.setSecrets(ref, { TOKEN: 'secret' });

      await host.deleteRepository(ref);
      expect(await host.findRepository(ref)).toBeNull();
      await expect(host.deleteRepository(ref)).resolves.toBeUndefined();

      await host.ensureRepository(ref, { description: 'Again' });
      expect(await host.headCommit(ref, 'main')).toBeNull();
      expect(await host.tagCommit(ref, 'v1')).toBeNull();
      expect(await host.secretNames(ref)).toEqual([]);
    });

    it('answers not found for work on a repository that does not exist', async () => {
      const ref = fresh();
      await expect(host.commitFiles(ref, commit({ 'a.txt': '1' }))).rejects.toMatchObject({ code: ErrorCode.NotFound });
      await expect(host.headCommit(ref, 'main')).rejects.toMatchObject({ code: ErrorCode.NotFound });
      await expect(host.setSecrets(ref, { A: 'b' })).rejects.toMatchObject({ code: ErrorCode.NotFound });
      expect(await host.findRepository(ref)).toBeNull();
    });

    it.each([
      ['an organization climbing out', (organization: string) => ({ organization: `../${organization}`, name: 'app' })],
      ['a dot-dot organization', () => ({ organization: '..', name: 'app' })],
      ['a name with a slash', (organization: string) => ({ organization, name: 'a/b' })],
      ['a name climbing out', (organization: string) => ({ organization, name: '../../etc' })],
      ['an empty name', (organization: string) => ({ organization, name: '' })],
    ])('refuses %s with a clear error', async (_case, makeRef) => {
      const ref = makeRef(fixture.organization);
      await expect(host.ensureRepository(ref, { description: 'x' })).rejects.toMatchObject({
        code: ErrorCode.BadUserInput,
        message: expect.stringMatching(/^Invalid (organization|repository name)/),
      });
      await expect(host.findRepository(ref)).rejects.toMatchObject({ code: ErrorCode.BadUserInput });
    });

    it.each([
      ['a parent path', '../outside.txt'],
      ['an absolute path', '/etc/passwd'],
      ['an empty part', 'a//b.txt'],
      ['a .git part', '.git/config'],
      ['a backslash', 'a\\b.txt'],
    ])('refuses a file with %s and commits nothing', async (_case, filePath) => {
      const ref = await created();
      await expect(host.commitFiles(ref, commit({ [filePath]: 'x', 'ok.txt': 'ok' }))).rejects.toMatchObject({ code: ErrorCode.BadUserInput });
      expect(await host.headCommit(ref, 'main')).toBeNull();
    });

    it('refuses a path that is both a file and a folder', async () => {
      const ref = await created();
      await expect(host.commitFiles(ref, commit({ a: 'file', 'a/b.txt': 'nested' }))).rejects.toMatchObject({ code: ErrorCode.BadUserInput });
      expect(await host.headCommit(ref, 'main')).toBeNull();
    });
  });
}
