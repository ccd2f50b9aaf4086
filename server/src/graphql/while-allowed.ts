/** The last event of a subscription whose caller lost access: its resolver throws `error` (see guardRootFields). */
export class AccessLost {
  constructor(readonly error: unknown) {}
}

/** A watch on a caller's access, started before their subscription's source: `lost` settles with the error once it is gone. */
export interface AccessWatch {
  lost: Promise<unknown>;
  stop(): void;
}

/** Starts watching: `watch` gets the function to call when access is lost and answers how to stop. */
export function watchAccess(watch: (lose: (error: unknown) => void) => () => void): AccessWatch {
  let lose!: (error: unknown) => void;
  const lost = new Promise<unknown>((resolve) => {
    lose = resolve;
  });
  return { lost, stop: watch((error) => lose(error)) };
}

/**
 * A subscription's events until its access watch reports a loss: then one AccessLost event, and the end (the client
 * gets the error, then `complete`). Not an async generator: its `return` (the client unsubscribing) must reach the
 * source at once, even while it waits for an event that may never come.
 */
export function whileAllowed<T>(events: AsyncIterable<T>, watch: AccessWatch): AsyncIterableIterator<T | AccessLost> {
  const source = events[Symbol.asyncIterator]();
  const lost = watch.lost.then((error) => new AccessLost(error));
  let ended = false;
  const end = async (): Promise<IteratorResult<T | AccessLost>> => {
    if (!ended) {
      ended = true;
      watch.stop();
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
