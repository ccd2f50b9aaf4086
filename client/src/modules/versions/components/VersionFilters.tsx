import styled from '@emotion/styled';
import { useId } from 'react';
import type { BuildStatus, VersionStatus } from '../../../generated/graphql';
import { controlStyles } from '../../../ui/fields/FieldShell';
import { SearchBox } from '../../../ui/SearchBox';
import { BUILD_STATUS_LABELS, VERSION_SORT_OPTIONS, VERSION_STATUS_LABELS, sortValue, type VersionListParams } from '../version-list-params';

const StyledBar = styled.div(({ theme }) => ({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 2fr) repeat(3, minmax(0, 1fr))',
  alignItems: 'end',
  gap: theme.spacing(3),
  marginBottom: theme.spacing(5),
  [theme.breakpoints.md]: { gridTemplateColumns: '1fr' },
}));

const StyledControl = styled.div(({ theme }) => ({ display: 'flex', flexDirection: 'column', gap: theme.spacing(1.5) }));

const StyledLabel = styled.label(({ theme }) => ({ fontSize: theme.fontSizes.sm, fontWeight: theme.fontWeights.medium }));

const StyledSelect = styled('select')(({ theme }) => controlStyles({ theme, invalid: false }));

const options = <K extends string>(all: string, labels: Record<K, string>) => [
  { value: '', label: all },
  ...(Object.entries(labels) as [K, string][]).map(([value, label]) => ({ value, label })),
];

const STATUS_OPTIONS = options('All Status', VERSION_STATUS_LABELS);
const BUILD_STATUS_OPTIONS = options('All Build Status', BUILD_STATUS_LABELS);

export interface VersionFiltersProps {
  params: VersionListParams;
  onSearch: (search: string) => void;
  onStatus: (status: VersionStatus | '') => void;
  onBuildStatus: (buildStatus: BuildStatus | '') => void;
  onSort: (value: string) => void;
}

/** Search (tag or description), status, build status and sort of the version list. */
export function VersionFilters({ params, onSearch, onStatus, onBuildStatus, onSort }: VersionFiltersProps) {
  const id = useId();
  return (
    <StyledBar role="search" aria-label="Version filters">
      <StyledControl>
        <StyledLabel htmlFor={`${id}-search`}>Search versions</StyledLabel>
        <SearchBox id={`${id}-search`} value={params.search} onChange={onSearch} placeholder="Search by tag or description..." />
      </StyledControl>
      <StyledControl>
        <StyledLabel htmlFor={`${id}-status`}>Status</StyledLabel>
        <StyledSelect id={`${id}-status`} value={params.status} onChange={(event) => onStatus(event.target.value as VersionStatus | '')}>
          {STATUS_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </StyledSelect>
      </StyledControl>
      <StyledControl>
        <StyledLabel htmlFor={`${id}-build-status`}>Build status</StyledLabel>
        <StyledSelect
          id={`${id}-build-status`}
          value={params.buildStatus}
          onChange={(event) => onBuildStatus(event.target.value as BuildStatus | '')}
        >
          {BUILD_STATUS_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </StyledSelect>
      </StyledControl>
      <StyledControl>
        <StyledLabel htmlFor={`${id}-sort`}>Sort by</StyledLabel>
        <StyledSelect id={`${id}-sort`} value={sortValue(params)} onChange={(event) => onSort(event.target.value)}>
          {VERSION_SORT_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </StyledSelect>
      </StyledControl>
    </StyledBar>
  );
}
