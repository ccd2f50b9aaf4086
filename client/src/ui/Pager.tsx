import styled from '@emotion/styled';
import type { ReactNode } from 'react';
import { Button } from './Button';
import { pageWindow } from './page-window';

const StyledPager = styled.nav(({ theme }) => ({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: theme.spacing(3),
  marginTop: theme.spacing(5),
}));

const StyledSummary = styled.p(({ theme }) => ({ margin: 0, fontSize: theme.fontSizes.sm, color: theme.colors.textMuted }));

const StyledButtons = styled.div(({ theme }) => ({ display: 'flex', flexWrap: 'wrap', gap: theme.spacing(1) }));

export interface PagerProps {
  page: number;
  totalPages: number;
  /** How many page numbers show around the current page. */
  windowSize: number;
  /** 'first-last' jumps to either end; 'previous-next' steps one page. */
  edges: 'first-last' | 'previous-next';
  summary: ReactNode;
  onPage(page: number): void;
}

/** Page numbers in a sliding window between two edge buttons, with a summary; nothing with a single page. */
export function Pager({ page, totalPages, windowSize, edges, summary, onPage }: PagerProps) {
  if (totalPages <= 1) return null;
  const [back, forward] = edges === 'first-last' ? (['First', 'Last'] as const) : (['Previous', 'Next'] as const);
  return (
    <StyledPager aria-label="Pagination">
      <StyledSummary>{summary}</StyledSummary>
      <StyledButtons>
        <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => onPage(edges === 'first-last' ? 1 : page - 1)}>
          {back}
        </Button>
        {pageWindow(page, totalPages, windowSize).map((number) => (
          <Button
            key={number}
            size="sm"
            variant={number === page ? 'primary' : 'secondary'}
            aria-current={number === page ? 'page' : undefined}
            aria-label={`Page ${number}`}
            onClick={() => onPage(number)}
          >
            {number}
          </Button>
        ))}
        <Button
          size="sm"
          variant="secondary"
          disabled={page >= totalPages}
          onClick={() => onPage(edges === 'first-last' ? totalPages : page + 1)}
        >
          {forward}
        </Button>
      </StyledButtons>
    </StyledPager>
  );
}
