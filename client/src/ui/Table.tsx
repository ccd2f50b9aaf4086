import styled from '@emotion/styled';
import type { ReactNode } from 'react';
import { VisuallyHidden } from './VisuallyHidden';

/** A column's header; `hidden` ones (an actions column) are read by screen readers only. */
export type TableColumn = string | { label: string; hidden: true };

export interface TableProps {
  /** The table's name, as its caption: shown, or read by screen readers only (`hideCaption`) where a heading says it. */
  caption: ReactNode;
  hideCaption?: boolean;
  columns: readonly TableColumn[];
  /** The rows; a row's naming cell is a `<th scope="row">`. */
  children: ReactNode;
  /** Names the scrolling box and makes it a tab stop, so the keyboard can scroll a table wider than its screen. */
  scrollLabel?: string;
  /** Styles the box around the table (spacing), or its cells through it. */
  className?: string;
}

const StyledScroller = styled.div(({ theme }) => ({
  overflowX: 'auto',
  '&:focus-visible': { outline: `2px solid ${theme.colors.focus}`, outlineOffset: 2 },
}));

const StyledTable = styled.table(({ theme }) => ({
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: theme.fontSizes.sm,
  caption: { textAlign: 'left', fontWeight: theme.fontWeights.bold, marginBottom: theme.spacing(2) },
  'caption[data-hidden]': { marginBottom: 0 },
  'th, td': { padding: theme.spacing(2.5, 3), textAlign: 'left', verticalAlign: 'baseline', borderBottom: `1px solid ${theme.colors.border}` },
  th: { fontWeight: theme.fontWeights.medium },
  'thead th': { color: theme.colors.textMuted, whiteSpace: 'nowrap' },
}));

/** A data table: its caption, column headers with scope, one look everywhere; it scrolls sideways inside its box. */
export function Table({ caption, hideCaption = false, columns, children, scrollLabel, className }: TableProps) {
  return (
    <StyledScroller className={className} {...(scrollLabel ? { tabIndex: 0, role: 'region', 'aria-label': scrollLabel } : {})}>
      <StyledTable>
        <caption data-hidden={hideCaption || undefined}>{hideCaption ? <VisuallyHidden>{caption}</VisuallyHidden> : caption}</caption>
        <thead>
          <tr>
            {columns.map((column, index) => (
              <th key={index} scope="col">
                {typeof column === 'string' ? column : <VisuallyHidden>{column.label}</VisuallyHidden>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </StyledTable>
    </StyledScroller>
  );
}
