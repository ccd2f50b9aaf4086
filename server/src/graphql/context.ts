import type { Services } from '../services.js';
import type { User } from '../modules/users/user.entity.js';

export interface GraphQLContext {
  user: User | null;
  sessionId: string | null;
  clientAddress: string;
  services: Services;
}

/** The signed-in user, or the 'not signed in' error: for resolvers guarded by @Authorized. */
export function signedIn(context: GraphQLContext): { user: User; sessionId: string } {
  if (!context.user || !context.sessionId) throw new Error('@Authorized resolver reached without a user');
  return { user: context.user, sessionId: context.sessionId };
}
