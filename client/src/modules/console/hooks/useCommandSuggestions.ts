import { useApolloClient } from '@apollo/client/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { CommandSuggestionsDocument, type CommandSuggestionsQuery } from '../../../generated/graphql';

/** Spec sections 7 and 9: suggestions are fetched 300 ms after the last keystroke. */
export const SUGGESTION_DEBOUNCE_MS = 300;

export type CommandSuggestion = CommandSuggestionsQuery['commandSuggestions'][number];

/**
 * The suggestion dropdown's state. `search` is called with what the user typed (never with text the console filled
 * in itself, so a completed command does not reopen the list); the list is open while it holds suggestions.
 * A failed lookup just empties the list (spec section 8).
 */
export function useCommandSuggestions() {
  const client = useApolloClient();
  const [suggestions, setSuggestions] = useState<readonly CommandSuggestion[]>([]);
  const [highlighted, setHighlighted] = useState(-1);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** Bumped by every search and close, so that an answer to an outdated lookup is dropped. */
  const generation = useRef(0);

  const show = useCallback((list: readonly CommandSuggestion[]) => {
    setSuggestions(list);
    setHighlighted(-1);
  }, []);

  const close = useCallback(() => {
    clearTimeout(timer.current);
    generation.current += 1;
    show([]);
  }, [show]);

  const search = useCallback(
    (text: string) => {
      close();
      if (!text.trim()) return;
      const lookup = generation.current;
      timer.current = setTimeout(() => {
        client.query({ query: CommandSuggestionsDocument, variables: { search: text } }).then(
          ({ data }) => {
            if (lookup === generation.current) show(data?.commandSuggestions ?? []);
          },
          () => {
            if (lookup === generation.current) show([]);
          },
        );
      }, SUGGESTION_DEBOUNCE_MS);
    },
    [client, close, show],
  );

  /** Moves the highlight by `step` (1 down, -1 up), wrapping around the list. */
  const move = useCallback(
    (step: number) => {
      setHighlighted((current) => {
        if (current === -1) return step > 0 ? 0 : suggestions.length - 1;
        return (current + step + suggestions.length) % suggestions.length;
      });
    },
    [suggestions.length],
  );

  useEffect(() => () => clearTimeout(timer.current), []);

  return useMemo(
    () => ({ suggestions, open: suggestions.length > 0, highlighted, setHighlighted, search, close, move }),
    [suggestions, highlighted, search, close, move],
  );
}
