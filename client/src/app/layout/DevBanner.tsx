import styled from '@emotion/styled';

const StyledBanner = styled.header(({ theme }) => ({
  position: 'relative',
  zIndex: theme.zIndex.banner,
  padding: theme.spacing(1.5, 4),
  fontSize: theme.fontSizes.sm,
  textAlign: 'center',
  color: theme.colors.warning,
  background: theme.colors.warningSoft,
  borderBottom: `1px solid ${theme.colors.border}`,
}));

/**
 * Spec section 1: a banner states that this is a development helper app. It is the page's banner landmark (a
 * top-level header), so that no content of any screen sits outside a landmark.
 */
export function DevBanner() {
  return (
    <StyledBanner aria-label="Development helper app">
      <strong>Development helper app:</strong> Slipway sets up, builds and deploys projects for development and testing.
    </StyledBanner>
  );
}
