import { useState } from 'react';
import { COPIED_MESSAGE, COPIED_MESSAGE_MS } from './clipboard';
import { useFlash } from './useFlash';

export const COPY_FAILED_MESSAGE = 'Failed to copy to clipboard';

/** Copies a text; answers what to announce in a status region ('Copied to clipboard!' for 2 s, or the failure). */
export function useCopyToClipboard(): { copy: (text: string) => void; message: string | null } {
  const [copied, flashCopied] = useFlash<string>(COPIED_MESSAGE_MS);
  const [failed, setFailed] = useState(false);
  const copy = (text: string) => {
    setFailed(false);
    navigator.clipboard.writeText(text).then(
      () => flashCopied(COPIED_MESSAGE),
      () => setFailed(true),
    );
  };
  return { copy, message: failed ? COPY_FAILED_MESSAGE : copied };
}
