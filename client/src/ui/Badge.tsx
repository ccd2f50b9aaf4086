import styled from '@emotion/styled';

export type BadgeTone = 'neutral' | 'success' | 'warning' | 'danger' | 'info';

/** A small pill label: statuses, types, tags. */
export const Badge = styled('span', { shouldForwardProp: (prop) => prop !== 'tone' })<{ tone?: BadgeTone }>(
  ({ theme, tone = 'neutral' }) => {
    const colors = {
      neutral: { color: theme.colors.textMuted, background: theme.colors.surfaceMuted },
      success: { color: theme.colors.success, background: theme.colors.successSoft },
      warning: { color: theme.colors.warning, background: theme.colors.warningSoft },
      danger: { color: theme.colors.danger, background: theme.colors.dangerSoft },
      info: { color: theme.colors.info, background: theme.colors.infoSoft },
    }[tone];
    return {
      display: 'inline-flex',
      alignItems: 'center',
      padding: theme.spacing(0.5, 2.5),
      fontSize: theme.fontSizes.xs,
      fontWeight: theme.fontWeights.medium,
      color: colors.color,
      background: colors.background,
      borderRadius: theme.radii.pill,
      whiteSpace: 'nowrap',
    };
  },
);
