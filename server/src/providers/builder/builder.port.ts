import type { Artifact, ImageRef } from '../registry/registry.port.js';
import type { SandboxLimits } from '../sandbox/cgroups.js';
import type { RepositoryRef } from '../source-host/source-host.port.js';

/**
 * Builder port: turns a commit into an artifact in the registry (local: checks the commit out into a
 * scratch directory and runs the template's build argv, then its test argv; cloud: the repository's GitHub Actions workflow).
 */

export interface BuildRequest {
  /** The project built: a local build runs as the project's own user, in its sandbox (see sandbox.ts). */
  projectId: string;
  /** Its owner: without a sandbox, one owner's code only runs on this machine (sandbox.ts); the project's id stands in when absent. */
  ownerId?: string;
  repository: RepositoryRef;
  commitSha: string;
  /** Where the result goes; building the same commit to an image that already exists answers that artifact. */
  image: ImageRef;
  /** The template's build argument vector (never a shell string); null when the project needs no build. */
  buildCommand: string[] | null;
  /**
   * The template's test argument vector, run after the build command in the same directory (a failing run fails the
   * build); null or absent when the project has no tests. A cloud builder runs the workflow's own test steps instead.
   */
  testCommand?: string[] | null;
  /** The project's environment variables: the only environment the build sees besides a scrubbed PATH. */
  environment: Record<string, string>;
  timeoutSeconds: number;
  /** What a local build may use (memory, processes, CPU, disk); the defaults when absent. */
  limits?: SandboxLimits;
  /**
   * Slipway built this commit before without getting the image (Retry, Rebuild): a cloud builder runs the commit's
   * finished workflow run again instead of answering how it ended. A first build follows the run its push started,
   * however that run ends. A local builder always builds.
   */
  rebuild?: boolean;
}

export interface BuildResult {
  status: 'success' | 'failed';
  /** Set on success. */
  artifact: Artifact | null;
  /** A short, safe reason on failure (e.g. 'Build exited with code 1'). */
  error: string | null;
  durationMs: number;
}

/** A builder's answers for one build, each timed from the moment this is called (the build's start). */
export function buildResults(): (status: BuildResult['status'], fields: Partial<BuildResult>) => BuildResult {
  const started = Date.now();
  return (status, fields) => ({ status, artifact: null, error: null, ...fields, durationMs: Date.now() - started });
}

export interface BuildHooks {
  /** Aborts the build (the process tree is killed). */
  signal: AbortSignal;
  /** Each line of build output as it arrives. */
  onLog(line: string): void;
  /**
   * Called as the build command and the tests start and end, when the builder runs them itself (a cloud builder's
   * workflow reports its own steps in its log).
   */
  onPhase?(phase: BuildPhase, status: 'running' | 'success' | 'failed'): void;
}

/** What a build runs: the build command, then the tests. */
export type BuildPhase = 'build' | 'test';

export interface Builder {
  readonly kind: 'local' | 'github-actions';
  build(request: BuildRequest, hooks: BuildHooks): Promise<BuildResult>;
  /**
   * Secrets the repository's workflow needs to build and push (GitHub Actions: the registry's credentials), stored
   * with the project's environment variables as the repository's secrets; none for a builder that pushes itself.
   */
  repositorySecrets?(): Record<string, string>;
}

/**
 * A repository's secrets, as a whole (the source host deletes any other): the project's environment variables and
 * what the builder's workflow pushes with (the builder's win a clash of names).
 */
export function repositorySecretsOf(environment: Record<string, string>, builder: Builder): Record<string, string> {
  return { ...environment, ...builder.repositorySecrets?.() };
}
