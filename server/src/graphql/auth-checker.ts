import type { AuthChecker } from 'type-graphql';
import { notSignedIn } from '../modules/auth/auth.errors.js';
import { forbidden } from '../modules/users/users.errors.js';
import { hasMinimumRole, isRole } from '../modules/users/user-role.js';
import type { GraphQLContext } from './context.js';

/** `@Authorized()` needs a signed-in user; `@Authorized(Role.manager)` also a minimum role. */
export const authChecker: AuthChecker<GraphQLContext> = ({ context }, roles) => {
  if (!context.user) throw notSignedIn();
  const [required] = roles;
  if (required && isRole(required) && !hasMinimumRole(context.user.role, required)) {
    throw forbidden('You do not have permission to do this');
  }
  return true;
};
