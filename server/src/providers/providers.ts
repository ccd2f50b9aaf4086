import type { Builder } from './builder/builder.port.js';
import type { Cluster } from './cluster/cluster.port.js';
import type { Registry } from './registry/registry.port.js';
import type { SourceHost } from './source-host/source-host.port.js';

/** The ports a pipeline step may use; chosen per run (local adapters by default, cloud ones from saved credentials). */
export interface Providers {
  sourceHost: SourceHost;
  builder: Builder;
  registry: Registry;
  cluster: Cluster;
}
