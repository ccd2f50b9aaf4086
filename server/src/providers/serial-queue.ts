import AsyncLock from 'async-lock';

/**
 * Runs the changes made under one key one after another (in this process), so two callers never interleave
 * their writes to the same repository, registry or app. One Slipway process owns its data directory.
 */
export class SerialQueue {
  // No cap on waiters (the library's default turns away the 1001st): every change must run, in order.
  private readonly lock = new AsyncLock({ maxPending: Infinity });

  run<T>(key: string, work: () => Promise<T>): Promise<T> {
    return this.lock.acquire(key, work);
  }
}
