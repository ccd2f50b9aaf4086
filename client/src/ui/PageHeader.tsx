import styled from '@emotion/styled';
import type { ReactNode } from 'react';

const StyledHeader = styled.header(({ theme }) => ({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: theme.spacing(3),
  marginBottom: theme.spacing(6),
}));

const StyledTitle = styled.h1(({ theme }) => ({ fontSize: theme.fontSizes.xxl, fontWeight: theme.fontWeights.bold }));

const StyledSubtitle = styled.p(({ theme }) => ({ margin: theme.spacing(1, 0, 0), color: theme.colors.textMuted }));

/** A page's h1 with an optional subtitle and actions on the right. */
export function PageHeader({ title, subtitle, actions }: { title: ReactNode; subtitle?: ReactNode; actions?: ReactNode }) {
  return (
    <StyledHeader>
      <div>
        <StyledTitle>{title}</StyledTitle>
        {subtitle && <StyledSubtitle>{subtitle}</StyledSubtitle>}
      </div>
      {actions && <div>{actions}</div>}
    </StyledHeader>
  );
}
