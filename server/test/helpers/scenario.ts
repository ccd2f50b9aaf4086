/**
 * A step of a scenario that several `it`s build on (a rollout, a build): it runs once, at the first `it` that needs
 * it, and later calls answer the same result. Each `it` calls the steps it needs, so it runs alone too, while the
 * whole file still does each (slow) step once.
 */
export function once<T>(step: () => Promise<T>): () => Promise<T> {
  let result: Promise<T> | undefined;
  return () => (result ??= step());
}
