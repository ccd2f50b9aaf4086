import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// jsdom has no layout, so every element reports no boxes and focus-trap (through tabbable) would take the whole
// page for hidden. An attached element outside a `hidden` or display:none subtree gets one box, as in a browser.
const rendered = (element: Element | null): boolean =>
  !element || (!element.hasAttribute('hidden') && getComputedStyle(element).display !== 'none' && rendered(element.parentElement));
Element.prototype.getClientRects = function getClientRects(this: Element) {
  return (this.isConnected && rendered(this) ? [new DOMRect(0, 0, 1, 1)] : []) as unknown as DOMRectList;
};

// findBy* and waitFor wait up to 5 s, not 1: on a loaded 2-core machine a lazily loaded route's first import alone
// can take longer than a second (seen in CI beside the server suite).
configure({ asyncUtilTimeout: 5_000 });

// Nor can it scroll: jsdom's scrollTo only reports "Not implemented".
window.scrollTo = () => undefined;

afterEach(() => {
  cleanup();
  localStorage.clear();
});
