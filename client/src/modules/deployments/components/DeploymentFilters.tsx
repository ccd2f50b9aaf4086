import type { DeploymentStatus } from '../../../generated/graphql';
import { ListFilters } from '../../../ui/ListFilters';
import { DEPLOYMENT_SORT_OPTIONS, DEPLOYMENT_STATUSES, deploymentSortValue, type DeploymentListParams } from '../deployment-list-params';
import { statusLabel } from '../deployment-format';

const STATUS_OPTIONS = [{ value: '', label: 'All Status' }, ...DEPLOYMENT_STATUSES.map((status) => ({ value: status, label: statusLabel(status) }))];

export interface DeploymentFiltersProps {
  params: DeploymentListParams;
  onSearch: (search: string) => void;
  onStatus: (status: DeploymentStatus | '') => void;
  onSort: (value: string) => void;
}

/** Search, status and sort of the Deployment History. */
export function DeploymentFilters({ params, onSearch, onStatus, onSort }: DeploymentFiltersProps) {
  return (
    <ListFilters
      label="Deployment filters"
      search={{ label: 'Search deployments', value: params.search, placeholder: 'Search by version, commit, environment or error...', onChange: onSearch }}
      selects={[
        { name: 'status', label: 'Deployment status', value: params.status, options: STATUS_OPTIONS, onChange: (value) => onStatus(value as DeploymentStatus | '') },
        { name: 'sort', label: 'Sort deployments by', value: deploymentSortValue(params), options: DEPLOYMENT_SORT_OPTIONS, onChange: onSort },
      ]}
    />
  );
}
