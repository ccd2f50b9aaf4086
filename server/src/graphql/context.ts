import { AppError, ErrorCode } from '../common/app-error.js';
import type { Authenticate } from '../http/auth-middleware.js';
import type { Authenticated } from '../modules/auth/token.service.js';
import type { AuditActor } from '../modules/audit/audit-context.js';
import type { TokenGrant } from '../modules/tokens/token-scope.js';
import type { User } from '../modules/users/user.entity.js';

export interface GraphQLContext {
  user: User | null;
  sessionId: string | null;
  /** A personal access token's scopes and projects; null for a session (or anonymous). */
  grant: TokenGrant | null;
  clientAddress: string;
  /**
   * Who asked, when a project member's operation runs on the project owner's account (`user`); absent otherwise
   * (then `user` asked). What the audit log records as the actor.
   */
  actor?: User;
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
  return contextOf(await credentialOf(authenticate, request.authorization), request.clientAddress);
}

/** The credential of an Authorization value: null when it does not sign in; any other failure propagates. */
export function credentialOf(authenticate: Authenticate, authorization: unknown): Promise<Authenticated | null> {
  return authenticate(authorization).catch((error: unknown) => {
    if (error instanceof AppError && error.code === ErrorCode.Unauthenticated) return null;
    throw error;
  });
}

export function contextOf(auth: Authenticated | null, clientAddress: () => string): GraphQLContext {
  return new RequestContext(auth?.user ?? null, auth?.sessionId ?? null, auth?.grant ?? null, clientAddress);
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
    readonly grant: TokenGrant | null,
    private readonly findAddress: () => string,
  ) {}

  get clientAddress(): string {
    this.address ??= this.findAddress();
    return this.address;
  }
}

/** The signed-in user, or the 'not signed in' error: for resolvers guarded by @Authorized. */
export function signedIn(context: GraphQLContext): Authenticated {
  if (!context.user || !context.sessionId) throw new Error('@Authorized resolver reached without a user');
  return { user: context.user, sessionId: context.sessionId, ...(context.grant ? { grant: context.grant } : {}) };
}

/** The context's credential, or null when anonymous: what the token access policy checks. */
export function authOfContext(context: GraphQLContext): Authenticated | null {
  return context.user && context.sessionId ? signedIn(context) : null;
}

/** The context of one root field that a project member runs on the owner's account (see AccessPolicy). */
export function actingContext(context: GraphQLContext, owner: User): GraphQLContext {
  return Object.create(context, { user: { value: owner }, actor: { value: context.actor ?? context.user } }) as GraphQLContext;
}

/** Who asked: the member acting on a project, else the signed-in user. */
export function actorOf(context: GraphQLContext): User | null {
  return context.actor ?? context.user;
}

/** Who the audit log records for this context's changes: the caller (a member, not the owner they act for). */
export function auditActorOf(context: GraphQLContext): AuditActor {
  const actor = actorOf(context);
  return { userId: actor?.id ?? null, email: actor?.email ?? null, tokenId: context.grant?.tokenId ?? null, address: context.clientAddress };
}
