/** The one Slipway theme: every colour, size and shadow a component uses comes from here. */
export const theme = {
  colors: {
    background: '#f4f6fa',
    surface: '#ffffff',
    surfaceMuted: '#eef1f6',
    sidebar: '#111827',
    sidebarText: '#cbd5e1',
    sidebarActive: '#1f2937',
    sidebarActiveText: '#ffffff',
    border: '#d8dee8',
    borderStrong: '#aab4c3',
    text: '#111827',
    textMuted: '#5b6576',
    textInverse: '#ffffff',
    primary: '#2563eb',
    primaryHover: '#1d4ed8',
    primarySoft: '#dbeafe',
    danger: '#b91c1c',
    dangerHover: '#991b1b',
    dangerSoft: '#fee2e2',
    warning: '#92400e',
    warningSoft: '#fef3c7',
    info: '#1e40af',
    infoSoft: '#e0ecff',
    success: '#166534',
    successSoft: '#dcfce7',
    overlay: 'rgba(17, 24, 39, 0.55)',
    tooltip: '#1f2937',
    // WCAG 2.1 1.4.11: at least 3:1 against every surface a focusable element sits on (white, page, sidebar).
    focus: '#3b82f6',
  },
  fonts: {
    body: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    mono: "ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace",
  },
  fontSizes: {
    xs: '0.75rem',
    sm: '0.875rem',
    md: '1rem',
    lg: '1.125rem',
    xl: '1.375rem',
    xxl: '1.75rem',
  },
  fontWeights: { regular: 400, medium: 500, bold: 600 },
  lineHeights: { tight: 1.25, normal: 1.5 },
  /** spacing(2) === '8px': a 4 px grid. */
  spacing: (...steps: number[]) => steps.map((step) => `${step * 4}px`).join(' '),
  radii: { sm: '4px', md: '8px', lg: '12px', pill: '999px' },
  shadows: {
    card: '0 1px 2px rgba(17, 24, 39, 0.06), 0 1px 3px rgba(17, 24, 39, 0.1)',
    modal: '0 20px 45px rgba(17, 24, 39, 0.3)',
    tooltip: '0 4px 12px rgba(17, 24, 39, 0.25)',
  },
  /** Modal widths by size; 'full' fills the viewport less a margin. */
  modalWidths: { sm: '400px', md: '560px', lg: '760px', xl: '1000px', full: 'calc(100vw - 32px)' },
  breakpoints: { sm: '@media (max-width: 640px)', md: '@media (max-width: 960px)' },
  layout: { sidebarWidth: '232px', contentMaxWidth: '1200px' },
  zIndex: { banner: 10, sidebar: 20, tooltip: 1000, modal: 1100 },
  transitions: { fast: '120ms ease-out' },
} as const;

export type AppTheme = typeof theme;
