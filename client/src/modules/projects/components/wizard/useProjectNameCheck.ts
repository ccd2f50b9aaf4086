import { useApolloClient } from '@apollo/client/react';
import { projectNameError } from '@slipway/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ProjectNameRefusalDocument } from '../../../../generated/graphql';

/** The name is checked with the server this long after the last keystroke. */
export const NAME_CHECK_DEBOUNCE_MS = 300;

/**
 * Asks the server whether a project name is free (projectNameRefusal: a project of the user's with that name,
 * ignoring case), so that step 1 says so instead of step 4. `schedule` checks a name once typing pauses; `check`
 * answers at once (Continue waits for it). Answers are kept per trimmed name; a failed check refuses nothing, since
 * creation checks again.
 */
export function useProjectNameCheck() {
  const client = useApolloClient();
  const [refusals, setRefusals] = useState<ReadonlyMap<string, string | null>>(new Map());
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const check = useCallback(
    async (value: string): Promise<string | null> => {
      const name = value.trim();
      if (projectNameError(name)) return null;
      try {
        const { data } = await client.query({ query: ProjectNameRefusalDocument, variables: { name }, fetchPolicy: 'network-only' });
        const refusal = data?.projectNameRefusal ?? null;
        setRefusals((known) => new Map(known).set(name, refusal));
        return refusal;
      } catch {
        return null;
      }
    },
    [client],
  );

  const schedule = useCallback(
    (value: string) => {
      clearTimeout(timer.current);
      const name = value.trim();
      if (projectNameError(name) || refusals.has(name)) return;
      timer.current = setTimeout(() => void check(name), NAME_CHECK_DEBOUNCE_MS);
    },
    [check, refusals],
  );

  /** The server's refusal of this name, once known; undefined while unknown or free. */
  const refusalOf = useCallback((value: string | undefined) => refusals.get((value ?? '').trim()) ?? undefined, [refusals]);

  return { schedule, check, refusalOf };
}
