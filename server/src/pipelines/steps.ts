import type { ProviderKinds } from '../providers/project-providers.js';
import type { StepStatus } from './pipeline-step.entity.js';

/** Spec section 2's timeline icon names. */
export type StepIcon = 'code' | 'files' | 'test' | 'deploy' | 'database' | 'server' | 'config' | 'cloud';

/** At most this many retries per step. */
const MAX_STEP_RETRIES = 5;

export interface RunInfo {
  id: string;
  streamName: string;
  ownerId: string;
  projectId: string | null;
  createdAt: Date;
}

export interface StepLogger {
  info(message: string): Promise<void>;
  error(message: string): Promise<void>;
}

/** Everything a step may touch. No settings service, no HTTP, no database: ports come through `providers`. */
export interface StepContext<P> {
  run: RunInfo;
  projectId: string | null;
  providers: P;
  /** Appends to the step's short log, which the owner can read: never log a secret. */
  logger: StepLogger;
  /** Aborted on the step's timeout and when the run is cancelled. */
  signal: AbortSignal;
  /**
   * Idempotency by key: returns the value saved under `key` by an earlier attempt of this step, or runs
   * `work` and saves its (small, JSON) result. A crash between `work` and the save repeats `work`, so work
   * with an outside effect must still check whether its effect exists before making it.
   */
  checkpoint<T>(key: string, work: () => Promise<T>): Promise<T>;
  /** Sets a substep's status (and description), adding it if the step did not declare it. */
  substep(name: string, status: StepStatus, description?: string): Promise<void>;
}

export interface StepDefinition<P = Record<string, never>> {
  /** The spec's processor id, e.g. 'validate-request'. */
  id: string;
  label: string;
  description: string;
  icon: StepIcon;
  timeoutSeconds: number;
  /** Further attempts after a failure (unless final), a timeout or a dead worker (default 2). */
  retries?: number;
  /** Substeps shown as pending from the start. */
  substeps?: Array<{ name: string; description: string }>;
  /** The description naming the adapters the run used ('on GitHub'), once the run has recorded them. */
  describe?(used: ProviderKinds): string;
  run(ctx: StepContext<P>): Promise<void>;
}

/**
 * A step's failure with a message safe to show its owner; any other error is stored as a generic message. A `final`
 * failure is not retried (another attempt would fail the same way, e.g. a build that broke); the step's other
 * attempts stay for what is not the step's own fault (a dead worker, a hiccup).
 */
export class StepFailure extends Error {
  readonly final: boolean;

  constructor(message: string, { final = false }: { final?: boolean } = {}) {
    super(message);
    this.name = 'StepFailure';
    this.final = final;
  }
}

export function defineStep<P = Record<string, never>>(step: StepDefinition<P>): StepDefinition<P> {
  if (!/^[a-z][a-z0-9-]*$/.test(step.id)) throw new Error(`Step id ${step.id} must be lower-case words joined by hyphens`);
  if (!(step.timeoutSeconds > 0)) throw new Error(`Step ${step.id} needs a positive timeout`);
  const retries = step.retries ?? 2;
  if (!Number.isInteger(retries) || retries < 0 || retries > MAX_STEP_RETRIES) {
    throw new Error(`Step ${step.id}: retries must be a whole number from 0 to ${MAX_STEP_RETRIES}`);
  }
  return { ...step, retries };
}

export function maxAttempts<P>(step: StepDefinition<P>): number {
  return (step.retries ?? 2) + 1;
}

/** A feature's steps and the ports they run with: each feature hands its own to the engine at boot (PipelineEngine.register). */
export interface StepFamily<P> {
  steps: Array<StepDefinition<P>>;
  /** The ports a run's steps use, chosen when a step's attempt starts (from the owner's saved credentials). */
  providers: (run: RunInfo) => P | Promise<P>;
}

/** A registered step with the ports of its family. */
export type RegisteredStep = StepDefinition<unknown> & { providers: (run: RunInfo) => unknown };

/** The one place a worker finds a step's code by the id stored on its row; every process builds the same one. */
export class StepRegistry {
  private readonly steps = new Map<string, RegisteredStep>();

  add<P>({ steps, providers }: StepFamily<P>): void {
    for (const step of steps) {
      if (this.steps.has(step.id)) throw new Error(`Step ${step.id} is defined twice`);
      this.steps.set(step.id, { ...step, providers });
    }
  }

  get(id: string): RegisteredStep | undefined {
    return this.steps.get(id);
  }

  /** Whether this very step (not another one with its id) is registered. */
  has(step: StepDefinition<unknown>): boolean {
    const registered = this.steps.get(step.id);
    return registered !== undefined && registered.run === step.run;
  }

  /** The longest step timeout: the queue need not wait longer (plus a margin) for a step's job. */
  longestTimeoutSeconds(): number {
    return Math.max(60, ...[...this.steps.values()].map((step) => step.timeoutSeconds));
  }
}
