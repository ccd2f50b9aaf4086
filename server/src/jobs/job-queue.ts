import type { EntityManager } from 'typeorm';

/** Runs one job; `job.id` is the id enqueue answered. */
export type JobHandler<T> = (data: T, job: { id: string }) => Promise<void>;

export interface JobOptions {
  /** Retries after the first failed attempt. */
  retryLimit: number;
  /** An attempt still running after this long counts as failed (and is retried). */
  expireInSeconds: number;
  /** How many of these jobs one working process may run at once (default 1). */
  concurrency?: number;
}

export interface EnqueueOptions {
  /** The caller's transaction: the job exists only if it commits. */
  transaction?: EntityManager;
  /** While a job with this key is waiting to run, enqueueing another one is a no-op. */
  singletonKey?: string;
}

export type QueueState = 'up' | 'down';

/**
 * The job queue port. Every process defines every job (so it can enqueue it); only processes that
 * work jobs (the worker and all roles) run the handlers.
 */
export interface JobQueue {
  define<T extends object>(name: string, handler: JobHandler<T>, options: JobOptions): Promise<void>;
  /** The new job's id, or null when a job with the same singleton key is already waiting. */
  enqueue<T extends object>(name: string, data: T, options?: EnqueueOptions): Promise<string | null>;
  /** Ends a job that has not ended (waiting or running): it is never run, or run again. In `transaction`, if given. */
  cancel(name: string, id: string, options?: Pick<EnqueueOptions, 'transaction'>): Promise<void>;
  /**
   * Of these singleton keys, those with no job of this name that waits to run or was taken less than `seconds` ago:
   * their job is lost (a worker took it and died before its handler could record anything), or was never made.
   */
  lost(name: string, singletonKeys: string[], seconds: number): Promise<string[]>;
  state(): QueueState;
  stop(): Promise<void>;
}
