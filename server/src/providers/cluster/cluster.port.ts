import type { Artifact } from '../registry/registry.port.js';

/**
 * Cluster port: where a project's app runs (local: supervised child processes on loopback behind a stable
 * URL that Slipway serves; cloud: a DigitalOcean Kubernetes Deployment + Service). Designed for rolling
 * updates: deploy() starts the new revision, waits for its health check, switches traffic, then stops the old.
 */

export interface AppRuntime {
  /** Start argument vector, run in the artifact's extracted tree (never a shell). */
  start: string[];
  /** Path answered with 2xx when the app is up. */
  healthPath: string;
  /** Name of the environment variable that carries the port the app must listen on. */
  portEnv: string;
}

export interface DeploySpec {
  /** Stable name of the app (one per project and environment), e.g. '{slug}-{projectId first 8}'. */
  name: string;
  projectId: string;
  ownerId: string;
  artifact: Artifact;
  runtime: AppRuntime;
  /** The project's environment: the only environment the app sees besides its port and a scrubbed PATH. */
  environment: Record<string, string>;
  /** Default 1. */
  replicas: number;
  /** Health check budget before the new revision counts as failed (and the old one keeps serving). */
  healthTimeoutSeconds: number;
}

export interface AppStatus {
  name: string;
  /** running: serving; starting: new revision not healthy yet; failed: no healthy revision; stopped: removed. */
  state: 'running' | 'starting' | 'failed' | 'stopped';
  /** The stable URL (works from curl and Node's fetch with no DNS set up). */
  url: string | null;
  /** Digest of the artifact serving traffic. */
  digest: string | null;
  revision: number;
  replicas: number;
}

export interface DeployHooks {
  signal: AbortSignal;
  onLog(line: string): void;
}

export interface Cluster {
  readonly kind: 'local' | 'doks';
  /**
   * Makes the app serve this artifact: a no-op when it already does; otherwise a rolling update (new revision
   * up and healthy before the old one stops; on a failed health check the old one keeps serving and this throws).
   */
  deploy(spec: DeploySpec, hooks: DeployHooks): Promise<AppStatus>;
  /** The app's status, or null when it was never deployed (or was removed). */
  status(name: string): Promise<AppStatus | null>;
  /** Stops the app and removes it; no-op when absent. */
  remove(name: string): Promise<void>;
  /**
   * The last `tail` lines the app printed, oldest first; [] when it is absent (local: its supervised processes'
   * output; cloud: its pods' logs). The app's own output: show it to the project's owner only.
   */
  logs(name: string, tail: number): Promise<string[]>;
}
