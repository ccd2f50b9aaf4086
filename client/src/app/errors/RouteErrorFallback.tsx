import styled from '@emotion/styled';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';

const StyledFallback = styled.div(({ theme }) => ({
  maxWidth: '640px',
  margin: `${theme.spacing(16)} auto`,
  padding: theme.spacing(6),
  background: theme.colors.surface,
  border: `1px solid ${theme.colors.border}`,
  borderRadius: theme.radii.lg,
}));

const StyledDetail = styled.pre(({ theme }) => ({
  margin: theme.spacing(3, 0, 0),
  padding: theme.spacing(3),
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  fontFamily: theme.fonts.mono,
  fontSize: theme.fontSizes.sm,
  color: theme.colors.danger,
  background: theme.colors.dangerSoft,
  borderRadius: theme.radii.md,
}));

function describe(error: unknown): string | null {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message || null;
  return null;
}

/** The route table's fallback for errors thrown while matching, loading or rendering a route. */
export function RouteErrorFallback() {
  const detail = describe(useRouteError());
  return (
    <StyledFallback role="alert">
      <h2>Unexpected Application Error!</h2>
      {detail && <StyledDetail>{detail}</StyledDetail>}
    </StyledFallback>
  );
}
