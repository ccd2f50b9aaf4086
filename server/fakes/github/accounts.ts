import { notFound, type Router } from './http.js';
import { orgMembership, organizationFull, privateUser } from './representations.js';
import type { GitHubState } from './state.js';

/** The rate limit, the signed-in user, organizations and memberships. */
export function accountRoutes(router: Router, state: GitHubState): void {
  router.route(
    'GET',
    '/rate_limit',
    () => {
      const core = { limit: state.limit.limit, remaining: state.limit.remaining, reset: state.limit.reset, used: state.limit.limit - state.limit.remaining };
      return { status: 200, body: { resources: { core }, rate: core } };
    },
    false,
  );

  router.route('GET', '/user', ({ session }) => ({ status: 200, body: privateUser(state.base, session.user, state.startedAt) }));

  router.route('GET', '/orgs/{org}', ({ params, session }) => {
    const org = state.organizations.get(params.org.toLowerCase());
    if (!org) throw notFound('orgs/orgs#get-an-organization');
    return { status: 200, body: organizationFull(state.base, org, state.role(org, session) !== undefined) };
  });

  router.route('GET', '/user/memberships/orgs/{org}', ({ params, session }) => {
    const org = state.organizations.get(params.org.toLowerCase());
    const membership = org && state.role(org, session);
    if (!org || !membership) throw notFound('orgs/members#get-an-organization-membership-for-the-authenticated-user');
    return { status: 200, body: orgMembership(state.base, org, session.user, membership) };
  });

  router.route('GET', '/orgs/{org}/memberships/{username}', ({ params, session }) => {
    const org = state.organizations.get(params.org.toLowerCase());
    if (!org || state.role(org, session) === undefined) throw notFound('orgs/members#get-organization-membership-for-a-user');
    const membership = org.members.get(params.username.toLowerCase());
    if (!membership) throw notFound('orgs/members#get-organization-membership-for-a-user');
    return { status: 200, body: orgMembership(state.base, org, state.userFor(params.username), membership) };
  });
}
