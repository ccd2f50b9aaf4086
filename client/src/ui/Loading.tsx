import { keyframes } from '@emotion/react';
import styled from '@emotion/styled';
import type { ReactNode } from 'react';

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

export const Spinner = styled.span(({ theme }) => ({
  display: 'inline-block',
  width: '1em',
  height: '1em',
  border: `2px solid ${theme.colors.border}`,
  borderTopColor: theme.colors.primary,
  borderRadius: '50%',
  animation: `${spin} 0.8s linear infinite`,
}));

const StyledLoading = styled.div(({ theme }) => ({
  display: 'flex',
  alignItems: 'center',
  gap: theme.spacing(2),
  padding: theme.spacing(6),
  color: theme.colors.textMuted,
}));

/** A spinner and a text such as 'Loading...' or 'Loading projects...', announced politely. */
export function LoadingText({ children = 'Loading...' }: { children?: ReactNode }) {
  return (
    <StyledLoading role="status">
      <Spinner aria-hidden="true" />
      <span>{children}</span>
    </StyledLoading>
  );
}
