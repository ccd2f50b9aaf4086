import type { BuildStatus, VersionStatus } from '../../../generated/graphql';
import { ListFilters } from '../../../ui/ListFilters';
import { BUILD_STATUS_LABELS, VERSION_SORT_OPTIONS, VERSION_STATUS_LABELS, sortValue, type VersionListParams } from '../version-list-params';

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
  return (
    <ListFilters
      label="Version filters"
      search={{ label: 'Search versions', value: params.search, placeholder: 'Search by tag or description...', onChange: onSearch }}
      selects={[
        { name: 'status', label: 'Status', value: params.status, options: STATUS_OPTIONS, onChange: (value) => onStatus(value as VersionStatus | '') },
        { name: 'build-status', label: 'Build status', value: params.buildStatus, options: BUILD_STATUS_OPTIONS, onChange: (value) => onBuildStatus(value as BuildStatus | '') },
        { name: 'sort', label: 'Sort by', value: sortValue(params), options: VERSION_SORT_OPTIONS, onChange: onSort },
      ]}
    />
  );
}
