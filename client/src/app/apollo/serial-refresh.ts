import { useCallback, useEffect, useRef } from 'react';

/**
 * A refresh that runs one fetch at a time, and one more after it when asked again meanwhile, so the last answer was
 * read after the last change that asked for it. Its fetches pass `context: { queryDeduplication: false }`: one that
 * joined a request already on the wire (Apollo's deduplication) would answer with what was read before the change.
 */
export function useSerialRefresh(fetch: () => Promise<unknown>): () => void {
  const latest = useRef(fetch);
  useEffect(() => {
    latest.current = fetch;
  });
  const fetching = useRef<{ again: boolean } | null>(null);
  return useCallback(() => {
    if (fetching.current) {
      fetching.current.again = true;
      return;
    }
    const current = { again: true };
    fetching.current = current;
    void (async () => {
      while (current.again) {
        current.again = false;
        await latest.current().catch(() => undefined);
      }
      fetching.current = null;
    })();
  }, []);
}

/** The context of a fetch that must not join one already on the wire (see useSerialRefresh). */
export const FRESH_FETCH = { queryDeduplication: false } as const;
