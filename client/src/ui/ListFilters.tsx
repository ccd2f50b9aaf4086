import styled from '@emotion/styled';
import { useId } from 'react';
import { controlStyles } from './fields/FieldShell';
import { SearchBox } from './SearchBox';

const StyledBar = styled('div', { shouldForwardProp: (prop) => prop !== 'selects' })<{ selects: number }>(({ theme, selects }) => ({
  display: 'grid',
  gridTemplateColumns: `minmax(0, 2fr) repeat(${selects}, minmax(0, 1fr))`,
  alignItems: 'end',
  gap: theme.spacing(3),
  marginBottom: theme.spacing(4),
  [theme.breakpoints.md]: { gridTemplateColumns: '1fr' },
}));

const StyledControl = styled.div(({ theme }) => ({ display: 'flex', flexDirection: 'column', gap: theme.spacing(1.5) }));

const StyledLabel = styled.label(({ theme }) => ({ fontSize: theme.fontSizes.sm, fontWeight: theme.fontWeights.medium }));

const StyledSelect = styled('select')(({ theme }) => controlStyles({ theme, invalid: false }));

/** One drop-down of a list's filters: its label, the value chosen and every option (value and text). */
export interface ListFilterSelect {
  /** Tells the drop-downs of one bar apart (their element ids). */
  name: string;
  label: string;
  value: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  onChange: (value: string) => void;
}

export interface ListFiltersProps {
  /** The search landmark's name, e.g. "Version filters". */
  label: string;
  search: { label: string; value: string; placeholder: string; onChange: (search: string) => void };
  selects: readonly ListFilterSelect[];
}

/** A list's filter bar: a search box, then drop-downs (filters and sort), one row on wide screens. */
export function ListFilters({ label, search, selects }: ListFiltersProps) {
  const id = useId();
  return (
    <StyledBar role="search" aria-label={label} selects={selects.length}>
      <StyledControl>
        <StyledLabel htmlFor={`${id}-search`}>{search.label}</StyledLabel>
        <SearchBox id={`${id}-search`} value={search.value} onChange={search.onChange} placeholder={search.placeholder} />
      </StyledControl>
      {selects.map((select) => (
        <StyledControl key={select.name}>
          <StyledLabel htmlFor={`${id}-${select.name}`}>{select.label}</StyledLabel>
          <StyledSelect id={`${id}-${select.name}`} value={select.value} onChange={(event) => select.onChange(event.target.value)}>
            {select.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </StyledSelect>
        </StyledControl>
      ))}
    </StyledBar>
  );
}
