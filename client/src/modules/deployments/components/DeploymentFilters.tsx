import styled from '@emotion/styled';
import { useId } from 'react';
import type { DeploymentStatus } from '../../../generated/graphql';
import { controlStyles } from '../../../ui/fields/FieldShell';
import { SearchBox } from '../../../ui/SearchBox';
import { DEPLOYMENT_SORT_OPTIONS, DEPLOYMENT_STATUSES, deploymentSortValue, type DeploymentListParams } from '../deployment-list-params';
import { statusLabel } from '../deployment-format';

const StyledBar = styled.div(({ theme }) => ({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 2fr) repeat(2, minmax(0, 1fr))',
  alignItems: 'end',
  gap: theme.spacing(3),
  marginBottom: theme.spacing(4),
  [theme.breakpoints.md]: { gridTemplateColumns: '1fr' },
}));

const StyledControl = styled.div(({ theme }) => ({ display: 'flex', flexDirection: 'column', gap: theme.spacing(1.5) }));

const StyledLabel = styled.label(({ theme }) => ({ fontSize: theme.fontSizes.sm, fontWeight: theme.fontWeights.medium }));

const StyledSelect = styled('select')(({ theme }) => controlStyles({ theme, invalid: false }));

export interface DeploymentFiltersProps {
  params: DeploymentListParams;
  onSearch: (search: string) => void;
  onStatus: (status: DeploymentStatus | '') => void;
  onSort: (value: string) => void;
}

/** Search, status and sort of the Deployment History. */
export function DeploymentFilters({ params, onSearch, onStatus, onSort }: DeploymentFiltersProps) {
  const id = useId();
  return (
    <StyledBar role="search" aria-label="Deployment filters">
      <StyledControl>
        <StyledLabel htmlFor={`${id}-search`}>Search deployments</StyledLabel>
        <SearchBox id={`${id}-search`} value={params.search} onChange={onSearch} placeholder="Search by version, commit, environment or error..." />
      </StyledControl>
      <StyledControl>
        <StyledLabel htmlFor={`${id}-status`}>Deployment status</StyledLabel>
        <StyledSelect id={`${id}-status`} value={params.status} onChange={(event) => onStatus(event.target.value as DeploymentStatus | '')}>
          <option value="">All Status</option>
          {DEPLOYMENT_STATUSES.map((status) => (
            <option key={status} value={status}>
              {statusLabel(status)}
            </option>
          ))}
        </StyledSelect>
      </StyledControl>
      <StyledControl>
        <StyledLabel htmlFor={`${id}-sort`}>Sort deployments by</StyledLabel>
        <StyledSelect id={`${id}-sort`} value={deploymentSortValue(params)} onChange={(event) => onSort(event.target.value)}>
          {DEPLOYMENT_SORT_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </StyledSelect>
      </StyledControl>
    </StyledBar>
  );
}
