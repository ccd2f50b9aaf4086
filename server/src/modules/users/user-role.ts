import { registerEnumType } from 'type-graphql';

export enum Role {
  user = 'user',
  manager = 'manager',
  admin = 'admin',
}

registerEnumType(Role, {
  name: 'Role',
  description: 'Access level: user 1, manager 2, admin 3; a check for a role passes at that level or above',
  valuesConfig: {
    user: { description: 'Level 1: their own account, projects, settings and console' },
    manager: { description: 'Level 2: also lists, creates, edits and deletes user accounts up to their own level' },
    admin: { description: 'Level 3: also assigns and changes roles' },
  },
});

export const ROLE_LEVEL: Record<Role, number> = { [Role.user]: 1, [Role.manager]: 2, [Role.admin]: 3 };

/** The minimum-role check of spec section 6: passes when the user's level is at least the required one. */
export function hasMinimumRole(role: Role, required: Role): boolean {
  return ROLE_LEVEL[role] >= ROLE_LEVEL[required];
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && Object.values(Role).includes(value as Role);
}
