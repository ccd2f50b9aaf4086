import { registerEnumType } from 'type-graphql';

export enum ProjectStatus {
  active = 'active',
  inactive = 'inactive',
}

registerEnumType(ProjectStatus, { name: 'ProjectStatus' });

export function isProjectStatus(value: unknown): value is ProjectStatus {
  return value === ProjectStatus.active || value === ProjectStatus.inactive;
}
