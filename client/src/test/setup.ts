import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// jsdom has no layout, so every element reports no boxes and focus-trap (through tabbable) would take the whole
// page for hidden. An attached element outside a `hidden` or display:none subtree gets one box, as in a browser.
Element.prototype.getClientRects = function getClientRects(this: Element) {
  for (let node: Element | null = this; node; node = node.parentElement) {
    if (node.hasAttribute('hidden') || getComputedStyle(node).display === 'none') return [] as unknown as DOMRectList;
  }
  return (this.isConnected ? [new DOMRect(0, 0, 1, 1)] : []) as unknown as DOMRectList;
};

// Nor can it scroll: jsdom's scrollTo only reports "Not implemented".
window.scrollTo = () => undefined;

afterEach(() => {
  cleanup();
  localStorage.clear();
});
