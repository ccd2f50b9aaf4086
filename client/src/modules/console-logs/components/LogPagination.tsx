import styled from '@emotion/styled';
import { Button } from '../../../ui/Button';
import { pageWindow } from '../../../ui/page-window';
import { LOG_PAGE_BUTTONS } from '../log-format';

const StyledPager = styled.nav(({ theme }) => ({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: theme.spacing(3),
  marginTop: theme.spacing(4),
}));

const StyledButtons = styled.div(({ theme }) => ({ display: 'flex', flexWrap: 'wrap', gap: theme.spacing(1) }));

const StyledSummary = styled.span(({ theme }) => ({ fontSize: theme.fontSizes.sm, color: theme.colors.textMuted }));

interface LogPaginationProps {
  page: number;
  totalPages: number;
  onPage(page: number): void;
}

/** First, up to 3 page numbers around the current page, and Last (spec section 2). */
export function LogPagination({ page, totalPages, onPage }: LogPaginationProps) {
  return (
    <StyledPager aria-label="Pagination">
      <StyledSummary>
        Page {page} of {totalPages}
      </StyledSummary>
      <StyledButtons>
        <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => onPage(1)} aria-label="First page">
          First
        </Button>
        {pageWindow(page, totalPages, LOG_PAGE_BUTTONS).map((number) => (
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
        <Button size="sm" variant="secondary" disabled={page >= totalPages} onClick={() => onPage(totalPages)} aria-label="Last page">
          Last
        </Button>
      </StyledButtons>
    </StyledPager>
  );
}
