import { execFile, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { mkdtemp, readFile, readdir, readlink, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import git from 'isomorphic-git';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SecretBox } from '../../../common/secret-box.js';
import { LocalSourceHost } from '../local-source-host.js';
import type { RepositoryRef } from '../source-host.port.js';
import { sourceHostContract } from './source-host.contract.js';

const run = promisify(execFile);
const HAS_GIT = spawnSync('git', ['--version']).status === 0;

sourceHostContract('local', async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'slipway-source-host-'));
  return {
    sourceHost: new LocalSourceHost(dataDir, new SecretBox(randomBytes(32))),
    organization: 'acme',
    cleanup: () => rm(dataDir, { recursive: true, force: true }),
  };
});

describe('LocalSourceHost on disk', () => {
  let dataDir: string;
  let box: SecretBox;
  let host: LocalSourceHost;
  const ref: RepositoryRef = { organization: 'acme', name: 'shop' };
  const gitdir = () => path.join(dataDir, 'repos', 'acme', 'shop.git');
  const author = { name: 'Ada', email: 'ada@example.com' };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'slipway-source-host-disk-'));
    box = new SecretBox(randomBytes(32));
    host = new LocalSourceHost(dataDir, box);
  });

  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('keeps a bare repository at <dataDir>/repos/<organization>/<name>.git behind a file:// URL', async () => {
    const info = await host.ensureRepository(ref, { description: 'The shop' });
    expect(info.url).toMatch(/^file:\/\//);
    expect(fileURLToPath(info.url)).toBe(gitdir());
    expect(await readFile(path.join(gitdir(), 'description'), 'utf8')).toBe('The shop\n');
    expect(await readFile(path.join(gitdir(), 'HEAD'), 'utf8')).toBe('ref: refs/heads/main\n');
  });

  it('can be cloned by the user: files, executable bit, one commit for a repeated commit, the annotated tag', async () => {
    const files = [
      { path: 'README.md', content: Buffer.from('# Shop\n') },
      { path: 'bin/start', content: Buffer.from('#!/bin/sh\necho start\n'), executable: true },
    ];
    const { sha } = await host.commitFiles(ref, { branch: 'main', message: 'Initial commit', author, files });
    expect(await host.commitFiles(ref, { branch: 'main', message: 'Initial commit', author, files })).toEqual({ sha, created: false });
    await host.createTag(ref, { name: 'v0.1.0', sha, message: 'Version 0.1.0' });
    const { url } = (await host.findRepository(ref))!;

    if (HAS_GIT) {
      const clone = await mkdtemp(path.join(tmpdir(), 'slipway-clone-'));
      try {
        await run('git', ['clone', '--quiet', url, clone]);
        expect(await readFile(path.join(clone, 'README.md'), 'utf8')).toBe('# Shop\n');
        expect((await stat(path.join(clone, 'bin/start'))).mode & 0o111).not.toBe(0);
        const { stdout: log } = await run('git', ['-C', clone, 'log', '--format=%H %an <%ae> %s']);
        expect(log.trim()).toBe(`${sha} Ada <ada@example.com> Initial commit`);
        expect((await run('git', ['-C', clone, 'cat-file', '-t', 'v0.1.0'])).stdout.trim()).toBe('tag');
        expect((await run('git', ['-C', clone, 'rev-list', '-n', '1', 'v0.1.0'])).stdout.trim()).toBe(sha);
        await run('git', ['-C', clone, 'fsck', '--strict']);
      } finally {
        await rm(clone, { recursive: true, force: true });
      }
    } else {
      console.warn('git is not installed: the clone test reads the repository back with isomorphic-git instead of `git clone`');
      const log = await git.log({ fs, gitdir: gitdir(), ref: 'main' });
      expect(log.map((entry) => entry.oid)).toEqual([sha]);
      const tagOid = await git.resolveRef({ fs, gitdir: gitdir(), ref: 'refs/tags/v0.1.0' });
      expect((await git.readTag({ fs, gitdir: gitdir(), oid: tagOid })).tag.object).toBe(sha);
    }
  });

  it('commits once when the same files are committed twice at the same time', async () => {
    const other: RepositoryRef = { organization: 'acme', name: 'racy' };
    await host.ensureRepository(other, { description: 'Racy' });
    const request = { branch: 'main', message: 'Initial commit', author, files: [{ path: 'a.txt', content: Buffer.from('a') }] };
    const results = await Promise.all([host.commitFiles(other, request), host.commitFiles(other, request)]);
    expect(results.map((result) => result.created).sort()).toEqual([false, true]);
    expect(results[0].sha).toBe(results[1].sha);
  });

  it.runIf(HAS_GIT)('reads what the user pushed with git (packed objects): head, export and idempotent commits', async () => {
    const { url } = (await host.findRepository(ref))!;
    const clone = await mkdtemp(path.join(tmpdir(), 'slipway-clone-'));
    const out = await mkdtemp(path.join(tmpdir(), 'slipway-export-'));
    const gitIn = (...args: string[]) => run('git', ['-C', clone, '-c', 'user.name=Ada', '-c', 'user.email=ada@example.com', ...args]);
    try {
      await run('git', ['clone', '--quiet', url, clone]);
      await writeFile(path.join(clone, 'CHANGELOG.md'), '# Changes\n');
      await gitIn('add', 'CHANGELOG.md');
      await gitIn('commit', '--quiet', '-m', 'Add a changelog');
      await gitIn('push', '--quiet', 'origin', 'main');
      // As git's own housekeeping would: every object (those Slipway wrote too) moves into a pack.
      await run('git', ['--git-dir', gitdir(), 'repack', '-a', '-d', '-q']);
      const pushed = (await gitIn('rev-parse', 'HEAD')).stdout.trim();
      expect((await readdir(path.join(gitdir(), 'objects'))).sort()).toEqual(['info', 'pack']);

      expect(await host.headCommit(ref, 'main')).toBe(pushed);
      await host.exportTree(ref, pushed, out);
      expect((await readdir(out)).sort()).toEqual(['CHANGELOG.md', 'README.md', 'bin']);
      const files = await Promise.all(
        ['CHANGELOG.md', 'README.md', 'bin/start'].map(async (file) => ({ path: file, content: await readFile(path.join(out, file)), executable: file === 'bin/start' })),
      );
      expect(await host.commitFiles(ref, { branch: 'main', message: 'Same tree', author, files })).toEqual({ sha: pushed, created: false });
    } finally {
      await rm(clone, { recursive: true, force: true });
      await rm(out, { recursive: true, force: true });
    }
  });

  it('keeps secrets sealed under a context naming the repository and the secret', async () => {
    await host.setSecrets(ref, { DOCKER_TOKEN: 'hunter2-very-secret' });
    const raw = await readFile(path.join(gitdir(), 'slipway-secrets.json'), 'utf8');
    expect(raw).not.toContain('hunter2');
    const sealed = JSON.parse(raw) as Record<string, string>;
    expect(box.open(sealed.DOCKER_TOKEN, 'repository-secret:acme/shop:DOCKER_TOKEN')).toBe('hunter2-very-secret');
    expect(() => box.open(sealed.DOCKER_TOKEN, 'repository-secret:acme/other:DOCKER_TOKEN')).toThrow();
    expect((await stat(path.join(gitdir(), 'slipway-secrets.json'))).mode & 0o077).toBe(0);
  });

  it('writes nothing outside <dataDir>/repos for refused names', async () => {
    const outside = await readdir(path.dirname(dataDir));
    await expect(host.ensureRepository({ organization: '..', name: 'escape' }, { description: '' })).rejects.toThrow(/Invalid organization/);
    await expect(host.ensureRepository({ organization: 'acme', name: '..' }, { description: '' })).rejects.toThrow(/Invalid repository name/);
    await expect(host.deleteRepository({ organization: 'acme', name: '../..' })).rejects.toThrow(/Invalid repository name/);
    expect(await readdir(path.dirname(dataDir))).toEqual(outside);
    expect(await readdir(path.join(dataDir, 'repos'))).toEqual(['acme']);
  });

  it('exports a symbolic link that stays inside the tree and refuses one that points outside', async () => {
    const other: RepositoryRef = { organization: 'acme', name: 'links' };
    await host.ensureRepository(other, { description: 'Links' });
    const dir = path.join(dataDir, 'repos', 'acme', 'links.git');
    const blob = async (text: string) => git.writeBlob({ fs, gitdir: dir, blob: Buffer.from(text) });
    const commitTree = async (entries: Array<{ mode: string; path: string; oid: string; type: 'blob' }>) =>
      git.writeCommit({
        fs,
        gitdir: dir,
        commit: {
          message: 'links\n',
          tree: await git.writeTree({ fs, gitdir: dir, tree: entries }),
          parent: [],
          author: { ...author, timestamp: 0, timezoneOffset: 0 },
          committer: { ...author, timestamp: 0, timezoneOffset: 0 },
        },
      });

    const inside = await commitTree([
      { mode: '100644', path: 'target.txt', oid: await blob('hello'), type: 'blob' },
      { mode: '120000', path: 'link', oid: await blob('target.txt'), type: 'blob' },
    ]);
    const good = await mkdtemp(path.join(tmpdir(), 'slipway-export-'));
    const bad = await mkdtemp(path.join(tmpdir(), 'slipway-export-'));
    try {
      await host.exportTree(other, inside, good);
      expect(await readlink(path.join(good, 'link'))).toBe('target.txt');

      const escaping = await commitTree([{ mode: '120000', path: 'secret', oid: await blob('../../etc/passwd'), type: 'blob' }]);
      await expect(host.exportTree(other, escaping, bad)).rejects.toThrow(/symbolic link pointing outside/);
      expect(await readdir(bad)).toEqual([]);
    } finally {
      await rm(good, { recursive: true, force: true });
      await rm(bad, { recursive: true, force: true });
    }
  });

  it('removes the repository directory and its secrets on delete', async () => {
    await host.deleteRepository(ref);
    await expect(stat(gitdir())).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
