import { AppError, ErrorCode } from '../common/app-error.js';
import type { Authenticate } from '../http/auth-middleware.js';
import type { User } from '../modules/users/user.entity.js';

export interface GraphQLContext {
  user: User | null;
  sessionId: string | null;
  clientAddress: string;
}

/**
 * The context of one GraphQL request (HTTP) or connection (WebSocket). A token that does not sign in leaves
 * it anonymous, so @Authorized answers UNAUTHENTICATED; any other failure (the database down) propagates as a
 * server error, so a client never signs its user out over an outage.
 */
export async function createContext(
  authenticate: Authenticate,
  request: { authorization: unknown; clientAddress: () => string },
): Promise<GraphQLContext> {
  const auth = await authenticate(request.authorization).catch((error: unknown) => {
    if (error instanceof AppError && error.code === ErrorCode.Unauthenticated) return null;
    throw error;
  });
  return new RequestContext(auth?.user ?? null, auth?.sessionId ?? null, request.clientAddress);
}

/**
 * Only sign-in and registration read the client address (their throttles): it is worked out (trust rule,
 * X-Forwarded-For) once, when read. The getter is on the prototype, so it stays lazy in the copy of the context
 * Apollo makes for each operation (which copies own properties, and would call a getter of the object itself).
 */
class RequestContext implements GraphQLContext {
  private address: string | undefined;

  constructor(
    readonly user: User | null,
    readonly sessionId: string | null,
    private readonly findAddress: () => string,
  ) {}

  get clientAddress(): string {
    this.address ??= this.findAddress();
    return this.address;
  }
}

/** The signed-in user, or the 'not signed in' error: for resolvers guarded by @Authorized. */
export function signedIn(context: GraphQLContext): { user: User; sessionId: string } {
  if (!context.user || !context.sessionId) throw new Error('@Authorized resolver reached without a user');
  return { user: context.user, sessionId: context.sessionId };
}
