import { useEffect, type RefObject } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';
import { focusHeading, focusIsLost } from '../../ui/focus-heading';

/**
 * After a page change (signing in, opening a project, following a link that went away with the old page), focus
 * would fall back to <body> and a keyboard or screen-reader user would start again from the top. So once the new
 * page's h1 is there (pages load their data first), it gets focus — unless something on the page already has it.
 * A page the browser itself loaded or went back to ('POP') keeps the browser's own focus, so that the skip link
 * stays the first Tab stop there.
 */
export function useFocusMainHeading(mainRef: RefObject<HTMLElement | null>): void {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  useEffect(() => {
    const main = mainRef.current;
    if (!main || navigationType === 'POP') return;
    const tryFocus = () => {
      const heading = main.querySelector('h1');
      if (!heading) return false;
      if (focusIsLost()) focusHeading(heading);
      return true;
    };
    if (tryFocus()) return;
    const observer = new MutationObserver(() => {
      if (tryFocus()) observer.disconnect();
    });
    observer.observe(main, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [mainRef, pathname, navigationType]);
}
