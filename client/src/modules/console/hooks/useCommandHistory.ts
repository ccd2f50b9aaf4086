import { useCallback, useMemo, useRef } from 'react';

/**
 * Shell-like history of the commands run in this console. Up/Down walk it from the newest; the line being typed
 * before walking is kept and comes back after the newest entry.
 */
export function useCommandHistory() {
  const entries = useRef<string[]>([]);
  /** Index into `entries` while walking, null while typing a new line. */
  const position = useRef<number | null>(null);
  const draft = useRef('');

  const record = useCallback((command: string) => {
    if (entries.current.at(-1) !== command) entries.current.push(command);
    position.current = null;
  }, []);

  /** Stops walking, e.g. when the user edits the line. */
  const stopBrowsing = useCallback(() => {
    position.current = null;
  }, []);

  /** The older command to show instead of `current`, or null when there is none. */
  const previous = useCallback((current: string): string | null => {
    const list = entries.current;
    if (!list.length) return null;
    if (position.current === null) {
      draft.current = current;
      position.current = list.length - 1;
    } else if (position.current > 0) {
      position.current -= 1;
    } else {
      return null;
    }
    return list[position.current];
  }, []);

  /** The newer command, the kept draft after the newest one, or null when not walking. */
  const next = useCallback((): string | null => {
    if (position.current === null) return null;
    if (position.current < entries.current.length - 1) {
      position.current += 1;
      return entries.current[position.current];
    }
    position.current = null;
    return draft.current;
  }, []);

  return useMemo(() => ({ record, stopBrowsing, previous, next }), [record, stopBrowsing, previous, next]);
}
