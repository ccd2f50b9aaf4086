import styled from '@emotion/styled';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../ui/Button';
import { controlStyles } from '../../../ui/fields/FieldShell';
import { LOG_SEARCH_DEBOUNCE_MS } from '../log-format';
import { LOG_TYPES, type LogFilters as Filters } from '../hooks/useLogFilters';

const StyledBar = styled.div(({ theme }) => ({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: theme.spacing(3),
  marginBottom: theme.spacing(4),
}));

const StyledField = styled.div(({ theme }) => ({ display: 'flex', flexDirection: 'column', gap: theme.spacing(1) }));

const StyledSearchField = styled(StyledField)({ flex: '1 1 240px' });

const StyledLabel = styled.label(({ theme }) => ({ fontSize: theme.fontSizes.sm, fontWeight: theme.fontWeights.medium }));

const StyledSelect = styled.select((props) => controlStyles({ ...props, invalid: false }));

const StyledInput = styled.input((props) => controlStyles({ ...props, invalid: false }));

interface LogFiltersProps {
  filters: Filters;
  active: boolean;
  onChange(change: Partial<Omit<Filters, 'page'>>): void;
  onClear(): void;
}

const successValue = (success: boolean | undefined) => (success === undefined ? '' : String(success));

/** Type, result and command text filters; the text applies 500 ms after the last keystroke. */
export function LogFilters({ filters, active, onChange, onClear }: LogFiltersProps) {
  const id = useId();
  const [search, setSearch] = useState(filters.command ?? '');
  // Follows the URL when it changes from elsewhere (back button, Clear filters), but never rewrites what is being
  // typed: a search applied as 'echo' leaves 'echo ' alone.
  const [applied, setApplied] = useState(filters.command);
  if (filters.command !== applied) {
    setApplied(filters.command);
    if ((filters.command ?? '') !== search.trim()) setSearch(filters.command ?? '');
  }
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // The debounced search applies to the filters as they are when it fires, not as they were on the keystroke.
  const latestOnChange = useRef(onChange);
  useEffect(() => {
    latestOnChange.current = onChange;
  });
  useEffect(() => () => clearTimeout(timer.current), []);

  const onSearch = (value: string) => {
    setSearch(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => latestOnChange.current({ command: value.trim() || undefined }), LOG_SEARCH_DEBOUNCE_MS);
  };

  const clear = () => {
    clearTimeout(timer.current);
    onClear();
  };

  return (
    <StyledBar role="group" aria-label="Filters">
      <StyledField>
        <StyledLabel htmlFor={`${id}-type`}>Type</StyledLabel>
        <StyledSelect
          id={`${id}-type`}
          value={filters.type ?? ''}
          onChange={(event) => onChange({ type: LOG_TYPES.find((type) => type === event.target.value) })}
        >
          <option value="">All types</option>
          {LOG_TYPES.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </StyledSelect>
      </StyledField>
      <StyledField>
        <StyledLabel htmlFor={`${id}-success`}>Success</StyledLabel>
        <StyledSelect
          id={`${id}-success`}
          value={successValue(filters.success)}
          onChange={(event) => onChange({ success: event.target.value === '' ? undefined : event.target.value === 'true' })}
        >
          <option value="">All</option>
          <option value="true">Successful</option>
          <option value="false">Failed</option>
        </StyledSelect>
      </StyledField>
      <StyledSearchField>
        <StyledLabel htmlFor={`${id}-command`}>Command</StyledLabel>
        <StyledInput
          id={`${id}-command`}
          type="search"
          value={search}
          placeholder="Search commands..."
          onChange={(event) => onSearch(event.target.value)}
        />
      </StyledSearchField>
      {active && (
        <Button variant="ghost" onClick={clear}>
          Clear filters
        </Button>
      )}
    </StyledBar>
  );
}
