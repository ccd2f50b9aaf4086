import { Global, useTheme } from '@emotion/react';

/** Page-wide resets and the base font; everything else is styled per component. */
export function GlobalStyles() {
  const theme = useTheme();
  return (
    <Global
      styles={{
        '*, *::before, *::after': { boxSizing: 'border-box' },
        'html, body, #root': { height: '100%' },
        body: {
          margin: 0,
          fontFamily: theme.fonts.body,
          fontSize: theme.fontSizes.md,
          lineHeight: theme.lineHeights.normal,
          color: theme.colors.text,
          background: theme.colors.background,
        },
        'h1, h2, h3, h4': { lineHeight: theme.lineHeights.tight, margin: 0 },
        'button, input, select, textarea': { font: 'inherit' },
        ':focus-visible': { outline: `3px solid ${theme.colors.focus}`, outlineOffset: '1px' },
      }}
    />
  );
}
