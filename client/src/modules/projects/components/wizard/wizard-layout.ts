import styled from '@emotion/styled';

/** Pieces every wizard step shares: its heading, intro and the Back / Continue row. */
export const StyledStepTitle = styled.h2(({ theme }) => ({ marginBottom: theme.spacing(1), fontSize: theme.fontSizes.xl }));

export const StyledStepIntro = styled.p(({ theme }) => ({ margin: theme.spacing(0, 0, 5), color: theme.colors.textMuted }));

export const StyledStepActions = styled.div(({ theme }) => ({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: theme.spacing(3),
  marginTop: theme.spacing(6),
  paddingTop: theme.spacing(4),
  borderTop: `1px solid ${theme.colors.border}`,
}));

/** Read out by screen readers, not shown: a live region for what is also shown elsewhere on the step. */
export const StyledAnnouncement = styled.p({
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
});

/** A centred message with actions: loading failures, empty results, nothing to configure. */
export const StyledStatePanel = styled.div(({ theme }) => ({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: theme.spacing(3),
  padding: theme.spacing(8, 4),
  textAlign: 'center',
  background: theme.colors.surfaceMuted,
  borderRadius: theme.radii.lg,
}));

export const StyledStateTitle = styled.h3(({ theme }) => ({ fontSize: theme.fontSizes.lg }));

export const StyledStateText = styled.p(({ theme }) => ({ margin: 0, color: theme.colors.textMuted }));

export const StyledStateActions = styled.div(({ theme }) => ({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'center',
  gap: theme.spacing(2),
}));
