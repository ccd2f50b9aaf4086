import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A value that shows for `durationMs` after `flash(value)` and then clears itself ('Copied to clipboard!' for 2 s,
 * 'Settings saved successfully!' for 3 s). A new flash restarts the clock.
 */
export function useFlash<T>(durationMs: number): [T | null, (value: T) => void] {
  const [value, setValue] = useState<T | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const flash = useCallback(
    (next: T) => {
      clearTimeout(timer.current);
      setValue(next);
      timer.current = setTimeout(() => setValue(null), durationMs);
    },
    [durationMs],
  );

  return [value, flash];
}
