import styled from '@emotion/styled';

/** A white panel with a border; the building block of dashboards and lists. */
export const Card = styled.section(({ theme }) => ({
  padding: theme.spacing(5),
  background: theme.colors.surface,
  border: `1px solid ${theme.colors.border}`,
  borderRadius: theme.radii.lg,
  boxShadow: theme.shadows.card,
}));

/** A card's heading: a section of the page under its h1 (cards sit directly under the page title). */
export const CardTitle = styled.h2(({ theme }) => ({
  marginBottom: theme.spacing(3),
  fontSize: theme.fontSizes.lg,
  fontWeight: theme.fontWeights.bold,
}));
