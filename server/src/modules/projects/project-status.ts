import { registerEnumType } from 'type-graphql';

export enum ProjectStatus {
  active = 'active',
  inactive = 'inactive',
}

registerEnumType(ProjectStatus, {
  name: 'ProjectStatus',
  description: 'Whether a project is in use; new projects are active',
  valuesConfig: {
    active: { description: 'In use' },
    inactive: { description: 'Kept but set aside' },
  },
});

export function isProjectStatus(value: unknown): value is ProjectStatus {
  return value === ProjectStatus.active || value === ProjectStatus.inactive;
}
