import styled from '@emotion/styled';
import { useId } from 'react';
import type { ProjectStatus } from '../../../../generated/graphql';
import { Button } from '../../../../ui/Button';
import { controlStyles } from '../../../../ui/fields/FieldShell';
import { SearchBox } from '../../../../ui/SearchBox';
import { SORT_OPTIONS, STATUS_OPTIONS, hasFiltersToClear, sortValue, type ProjectListParams } from './project-list-params';

const StyledBar = styled.section(({ theme }) => ({
  display: 'flex',
  flexDirection: 'column',
  gap: theme.spacing(4),
  marginBottom: theme.spacing(6),
  padding: theme.spacing(4, 5),
  background: theme.colors.surface,
  border: `1px solid ${theme.colors.border}`,
  borderRadius: theme.radii.lg,
}));

const StyledRow = styled.div(({ theme }) => ({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 1fr) minmax(0, 1fr) auto',
  alignItems: 'end',
  gap: theme.spacing(3),
  [theme.breakpoints.md]: { gridTemplateColumns: '1fr' },
}));

const StyledControl = styled.div(({ theme }) => ({ display: 'flex', flexDirection: 'column', gap: theme.spacing(1.5) }));

const StyledLabel = styled.label(({ theme }) => ({ fontSize: theme.fontSizes.sm, fontWeight: theme.fontWeights.medium }));

const StyledSelect = styled('select')(({ theme }) => controlStyles({ theme, invalid: false }));

const StyledTags = styled.fieldset(({ theme }) => ({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: theme.spacing(2, 4),
  margin: 0,
  padding: 0,
  border: 'none',
}));

const StyledLegend = styled.legend(({ theme }) => ({
  float: 'left',
  marginRight: theme.spacing(2),
  fontSize: theme.fontSizes.sm,
  fontWeight: theme.fontWeights.medium,
}));

const StyledTag = styled.label(({ theme }) => ({
  display: 'inline-flex',
  alignItems: 'center',
  gap: theme.spacing(1.5),
  fontSize: theme.fontSizes.sm,
  cursor: 'pointer',
}));

export interface ProjectFiltersProps {
  params: ProjectListParams;
  /** The user's tags; the checkbox list shows only when there are some. */
  tags: readonly string[];
  onSearch: (search: string) => void;
  onStatus: (status: ProjectStatus | '') => void;
  onSort: (value: string) => void;
  onToggleTag: (tag: string) => void;
  onClear: () => void;
}

/** Search (name or description), status, sort, the tag checkboxes and 'Clear filters'. */
export function ProjectFilters({ params, tags, onSearch, onStatus, onSort, onToggleTag, onClear }: ProjectFiltersProps) {
  const id = useId();
  return (
    <StyledBar aria-label="Project filters">
      <StyledRow>
        <StyledControl>
          <StyledLabel htmlFor={`${id}-search`}>Search</StyledLabel>
          <SearchBox id={`${id}-search`} value={params.search} onChange={onSearch} placeholder="Search by name or description..." />
        </StyledControl>
        <StyledControl>
          <StyledLabel htmlFor={`${id}-status`}>Status</StyledLabel>
          <StyledSelect
            id={`${id}-status`}
            value={params.status}
            onChange={(event) => onStatus(event.target.value as ProjectStatus | '')}
          >
            {STATUS_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </StyledSelect>
        </StyledControl>
        <StyledControl>
          <StyledLabel htmlFor={`${id}-sort`}>Sort by</StyledLabel>
          <StyledSelect id={`${id}-sort`} value={sortValue(params)} onChange={(event) => onSort(event.target.value)}>
            {SORT_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </StyledSelect>
        </StyledControl>
        <Button variant="secondary" onClick={onClear} disabled={!hasFiltersToClear(params)}>
          Clear filters
        </Button>
      </StyledRow>
      {tags.length > 0 && (
        <StyledTags>
          <StyledLegend>Tags</StyledLegend>
          {tags.map((tag) => (
            <StyledTag key={tag}>
              <input type="checkbox" checked={params.tags.includes(tag)} onChange={() => onToggleTag(tag)} />
              {tag}
            </StyledTag>
          ))}
        </StyledTags>
      )}
    </StyledBar>
  );
}
