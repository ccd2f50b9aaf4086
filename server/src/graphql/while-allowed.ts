/** The last event of a subscription whose caller lost access: its resolver throws `error` (see guardRootFields). */
export class AccessLost {
  constructor(readonly error: unknown) {}
}

/**
 * A subscription's events until `watch` reports that access is lost: then one AccessLost event, and the end (the
 * client gets the error, then `complete`). Not an async generator: its `return` (the client unsubscribing) must reach
 * the source at once, even while it waits for an event that may never come.
 */
export function whileAllowed<T>(events: AsyncIterable<T>, watch: (lose: (error: unknown) => void) => () => void): AsyncIterableIterator<T | AccessLost> {
  const source = events[Symbol.asyncIterator]();
  let lose!: (error: unknown) => void;
  const lost = new Promise<AccessLost>((resolve) => {
    lose = (error) => resolve(new AccessLost(error));
  });
  const unwatch = watch((error) => lose(error));
  let ended = false;
  const end = async (): Promise<IteratorResult<T | AccessLost>> => {
    if (!ended) {
      ended = true;
      unwatch();
      await source.return?.();
    }
    return { done: true, value: undefined };
  };
  return {
    async next() {
      if (ended) return { done: true, value: undefined };
      const next = await Promise.race([source.next(), lost]);
      if (next instanceof AccessLost) {
        await end();
        return { done: false, value: next };
      }
      if (next.done) await end();
      return next;
    },
    return: end,
    async throw(error: unknown) {
      await end();
      throw error;
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}
