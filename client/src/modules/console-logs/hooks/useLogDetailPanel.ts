import { useCallback, useEffect, useRef, useState } from 'react';
import { PANEL_CLEAR_DELAY_MS } from '../log-format';

/**
 * Which log the side panel shows. Closing hides the panel at once but keeps the log for PANEL_CLEAR_DELAY_MS,
 * so the panel slides away with its content instead of going blank first.
 */
export function useLogDetailPanel() {
  const [logId, setLogId] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const clearTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const show = useCallback((id: string) => {
    clearTimeout(clearTimer.current);
    setLogId(id);
    setOpen(true);
  }, []);

  const close = useCallback(() => {
    setOpen(false);
    clearTimeout(clearTimer.current);
    clearTimer.current = setTimeout(() => setLogId(null), PANEL_CLEAR_DELAY_MS);
  }, []);

  useEffect(() => () => clearTimeout(clearTimer.current), []);

  return { logId, open, show, close };
}
