import { describe, expect, it } from 'vitest';
import { theme } from './theme';

/** WCAG 2.1 relative luminance and contrast ratio of two #rrggbb colours. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((start) => {
    const channel = parseInt(hex.slice(start, start + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

describe('theme', () => {
  it.each(['surface', 'background', 'surfaceMuted', 'sidebar', 'sidebarActive'] as const)(
    'gives the focus ring at least 3:1 contrast against %s (WCAG 2.1 1.4.11)',
    (surface) => {
      expect(contrast(theme.colors.focus, theme.colors[surface])).toBeGreaterThanOrEqual(3);
    },
  );
});
