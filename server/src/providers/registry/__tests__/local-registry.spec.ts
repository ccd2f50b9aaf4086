import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalRegistry } from '../local-registry.js';
import { registryContract } from './registry.contract.js';

registryContract('local', async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'slipway-registry-'));
  return { registry: new LocalRegistry(dataDir), cleanup: () => rm(dataDir, { recursive: true, force: true }) };
});

describe('LocalRegistry on disk', () => {
  let dataDir: string;
  let registry: LocalRegistry;
  const blobs = () => readdir(path.join(dataDir, 'registry', 'blobs', 'sha256')).catch(() => [] as string[]);

  async function file(name: string, bytes: Buffer): Promise<string> {
    const target = path.join(dataDir, name);
    await writeFile(target, bytes);
    return target;
  }

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'slipway-registry-disk-'));
    registry = new LocalRegistry(dataDir);
  });

  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('keeps the bytes once under their digest, names them slipway.local/{repository}:{tag}, and answers their path', async () => {
    const bytes = randomBytes(4096);
    const one = await registry.push({ repository: 'acme/shop', tag: 'v0.1.0' }, await file('one.tgz', bytes));
    const two = await registry.push({ repository: 'acme/mirror', tag: 'abc123' }, await file('two.tgz', bytes));
    expect(one.url).toBe('slipway.local/acme/shop:v0.1.0');
    expect(two.url).toBe('slipway.local/acme/mirror:abc123');
    expect(two.digest).toBe(one.digest);
    const hex = one.digest.slice('sha256:'.length);
    expect(await blobs()).toEqual([hex]);
    const blob = await registry.localPath(one);
    expect(blob).toBe(path.join(dataDir, 'registry', 'blobs', 'sha256', hex));
    expect(await readFile(blob!)).toEqual(bytes);
    const manifest = JSON.parse(await readFile(path.join(dataDir, 'registry', 'repositories', 'acme+shop', 'v0.1.0.json'), 'utf8'));
    expect(manifest).toEqual({ digest: one.digest, size: 4096, createdAt: one.createdAt.toISOString() });
  });

  it('removes a blob when the last tag naming it goes, not before', async () => {
    const bytes = randomBytes(100);
    const shared = await registry.push({ repository: 'gc/one', tag: 'v1' }, await file('gc.tgz', bytes));
    await registry.push({ repository: 'gc/two', tag: 'v1' }, await file('gc2.tgz', bytes));
    const hex = shared.digest.slice('sha256:'.length);
    await registry.deleteRepository('gc/one');
    expect(await blobs()).toContain(hex);
    expect(await registry.localPath(shared)).not.toBeNull();
    await registry.deleteRepository('gc/two');
    expect(await blobs()).not.toContain(hex);
    expect(await registry.localPath(shared)).toBeNull();
  });

  it('drops the old blob when a tag is pushed again with other bytes', async () => {
    const old = await registry.push({ repository: 'gc/retag', tag: 'latest' }, await file('old.tgz', randomBytes(64)));
    const replaced = await registry.push({ repository: 'gc/retag', tag: 'latest' }, await file('new.tgz', randomBytes(64)));
    expect(await blobs()).not.toContain(old.digest.slice('sha256:'.length));
    expect(await blobs()).toContain(replaced.digest.slice('sha256:'.length));
  });

  it('writes nothing outside its own directory for refused names', async () => {
    const before = await readdir(dataDir);
    await expect(registry.push({ repository: '../../escape', tag: 'v1' }, await file('x.tgz', randomBytes(8)))).rejects.toThrow(/Invalid repository name/);
    await expect(registry.push({ repository: 'acme/x', tag: '..' }, path.join(dataDir, 'x.tgz'))).rejects.toThrow(/Invalid tag/);
    expect((await readdir(dataDir)).sort()).toEqual([...before, 'x.tgz'].sort());
    expect(await readdir(path.dirname(dataDir))).not.toContain('escape');
  });

  it('answers null from localPath for a digest it does not hold', async () => {
    const artifact = await registry.push({ repository: 'acme/path', tag: 'v1' }, await file('p.tgz', randomBytes(8)));
    expect(await registry.localPath({ ...artifact, digest: `sha256:${'0'.repeat(64)}` })).toBeNull();
    expect(await registry.localPath({ ...artifact, digest: 'sha256:../../etc/passwd' })).toBeNull();
  });
});
