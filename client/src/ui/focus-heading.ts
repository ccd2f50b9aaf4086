/**
 * Moves keyboard and screen-reader focus to a heading (made focusable by script only, tabIndex -1) without
 * scrolling: callers decide where the page should be.
 */
export function focusHeading(heading: HTMLElement): void {
  if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  heading.focus({ preventScroll: true });
}

/** True when nothing useful has focus: the element that had it went away (a page change, a closed panel). */
export function focusIsLost(): boolean {
  const active = document.activeElement;
  return !active || active === document.body || !active.isConnected;
}
