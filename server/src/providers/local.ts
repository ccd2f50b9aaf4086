import path from 'node:path';
import type { SecretBox } from '../common/secret-box.js';
import { LocalBuilder } from './builder/local-builder.js';
import { LocalRegistry } from './registry/local-registry.js';
import { LocalSourceHost } from './source-host/local-source-host.js';

export interface LocalProviders {
  sourceHost: LocalSourceHost;
  builder: LocalBuilder;
  registry: LocalRegistry;
}

/**
 * The local adapters, all in the data directory: `repos/` (bare git repositories and their sealed secrets),
 * `registry/` (artifacts), `builds/` (one scratch directory per running build, removed when it ends; one a killed worker left is removed
 * when a worker starts and before every build).
 */
export function createLocalProviders(options: { dataDir: string; secretBox: SecretBox }): LocalProviders {
  const sourceHost = new LocalSourceHost(options.dataDir, options.secretBox);
  const registry = new LocalRegistry(options.dataDir);
  const builder = new LocalBuilder(sourceHost, registry, path.join(options.dataDir, 'builds'));
  return { sourceHost, builder, registry };
}
