import { registerEnumType } from 'type-graphql';

/** A member's role on a project; each role can do what the ones before it can. */
export enum MemberRole {
  viewer = 'viewer',
  developer = 'developer',
  maintainer = 'maintainer',
}

registerEnumType(MemberRole, {
  name: 'MemberRole',
  description: "A project member's role; each includes the ones before it",
  valuesConfig: {
    viewer: { description: 'Reads the project, its versions, deployments, pipelines and logs; changes nothing' },
    developer: { description: 'Also builds versions, deploys, rolls back and runs pipelines again' },
    maintainer: { description: "Also changes the project's settings and variables, its members, and deletes it" },
  },
});

export const MEMBER_ROLES = Object.values(MemberRole);

/** What one may do on a project: a member's role, or its owner (who can do anything a maintainer can, and more). */
export type ProjectRole = MemberRole | 'owner';

const LEVEL: Record<ProjectRole, number> = { viewer: 1, developer: 2, maintainer: 3, owner: 4 };

export function roleAllows(role: ProjectRole, needed: ProjectRole): boolean {
  return LEVEL[role] >= LEVEL[needed];
}

export function isMemberRole(value: unknown): value is MemberRole {
  return typeof value === 'string' && MEMBER_ROLES.includes(value as MemberRole);
}
