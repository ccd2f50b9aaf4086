import styled from '@emotion/styled';
import { Button } from '../../../../ui/Button';
import { pageWindow, resultRangeText } from './project-list-params';

const StyledPagination = styled.nav(({ theme }) => ({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: theme.spacing(3),
  marginTop: theme.spacing(6),
}));

const StyledSummary = styled.p(({ theme }) => ({ margin: 0, fontSize: theme.fontSizes.sm, color: theme.colors.textMuted }));

const StyledPages = styled.div(({ theme }) => ({ display: 'flex', flexWrap: 'wrap', gap: theme.spacing(1.5) }));

export interface ProjectsPaginationProps {
  page: number;
  limit: number;
  total: number;
  totalPages: number;
  onPage: (page: number) => void;
}

/** Previous, up to 5 page numbers around the current one, Next, and 'Showing X to Y of Z results'; only with more than one page. */
export function ProjectsPagination({ page, limit, total, totalPages, onPage }: ProjectsPaginationProps) {
  if (totalPages <= 1) return null;
  return (
    <StyledPagination aria-label="Pagination">
      <StyledSummary>{resultRangeText(page, limit, total)}</StyledSummary>
      <StyledPages>
        <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        {pageWindow(page, totalPages).map((number) => (
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
        <Button size="sm" variant="secondary" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
          Next
        </Button>
      </StyledPages>
    </StyledPagination>
  );
}
