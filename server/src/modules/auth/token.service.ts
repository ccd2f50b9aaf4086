import { SignJWT, jwtVerify } from 'jose';
import type { Repository } from 'typeorm';
import { deriveKey } from '../../common/keys.js';
import { isUuid } from '../../common/validation.js';
import type { EventBus } from '../../events/event-bus.js';
import { type User, userOfRow } from '../users/user.entity.js';
import { notSignedIn } from './auth.errors.js';
import type { Session } from './session.entity.js';
import type { TokenGrant } from '../tokens/token-scope.js';

export interface Authenticated {
  user: User;
  /** The session's id, or a personal access token's (its revocation ends it the same way). */
  sessionId: string;
  /** When the credential stops working (ms since the epoch): open sockets close then. */
  expiresAt?: number;
  /** Set for a personal access token: what it may do. A session may do all its user may. */
  grant?: TokenGrant;
}

interface Claims {
  userId: string;
  sessionId: string;
  expiresAt: number;
}

interface SignIn {
  auth: Authenticated;
  expiresAt: number;
}

/** Tokens whose signature was already checked, and sessions already found valid; oldest dropped first. */
const CACHED_ENTRIES = 10_000;

/** The session must exist, be unrevoked and unexpired, and belong to the user. */
const SESSION_USER_SQL = `SELECT u.id, u.name, u.email, u.password_hash, u.role, u.created_at, u.updated_at, u.password_reset_at, u.disabled_at, s.expires_at
  FROM sessions s JOIN users u ON u.id = s.user_id
 WHERE s.id = $1 AND s.user_id = $2 AND s.revoked_at IS NULL AND s.expires_at > now() AND u.disabled_at IS NULL`;

function remember<K, V>(map: Map<K, V>, key: K, value: V): void {
  if (map.size >= CACHED_ENTRIES) map.delete(map.keys().next().value!);
  map.set(key, value);
}

/**
 * Signed, expiring bearer tokens backed by a session row, so logout revokes a token at once.
 *
 * A session found valid is remembered, so most requests need no database round trip. That is safe only while
 * the event bus is live: logout and account changes in any process publish events that drop the entries, and a
 * gap in the bus drops them all. The generation counter keeps a lookup that raced an invalidation from
 * re-adding what was just dropped.
 */
export class TokenService {
  private readonly key: Buffer;
  private readonly verified = new Map<string, Claims>();
  private readonly signIns = new Map<string, SignIn>();
  private generation = 0;

  constructor(
    private readonly sessions: Repository<Session>,
    rootSecret: Buffer,
    private readonly ttlSeconds: number,
    private readonly bus: EventBus,
  ) {
    this.key = deriveKey(rootSecret, 'token-signing');
    bus.subscribe('session.revoked', ({ sessionId }) => this.forget((signIn) => signIn.auth.sessionId === sessionId));
    bus.subscribe('user.changed', ({ userId }) => this.forget((signIn) => signIn.auth.user.id === userId));
    bus.onGap(() => this.forget(() => true));
  }

  async issue(user: User): Promise<string> {
    const expiresAt = new Date(Date.now() + this.ttlSeconds * 1000);
    const session = await this.sessions.save(this.sessions.create({ userId: user.id, expiresAt, revokedAt: null }));
    return new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setJti(session.id)
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.key);
  }

  /** The user and session behind a token; any invalid, expired or revoked token is 'not signed in'. */
  async verify(token: string): Promise<Authenticated> {
    const { userId, sessionId } = await this.claims(token);
    const live = this.bus.isLive();
    const known = live ? this.signIns.get(sessionId) : undefined;
    if (known && known.auth.user.id === userId && known.expiresAt > Date.now()) return known.auth;

    const generation = this.generation;
    const [row] = await this.sessions.query(SESSION_USER_SQL, [sessionId, userId]);
    if (!row) throw notSignedIn();
    const user = userOfRow(row);
    const auth: Authenticated = { user, sessionId, expiresAt: row.expires_at.getTime() };
    if (live && generation === this.generation) remember(this.signIns, sessionId, { auth, expiresAt: row.expires_at.getTime() });
    return auth;
  }

  /**
   * The token's subject and session, its signature checked once: WebCrypto HMAC costs more than the
   * rest of a typical request, and the same token comes back on every call. Bounded, oldest dropped first.
   */
  private async claims(token: string): Promise<Claims> {
    const cached = this.verified.get(token);
    if (cached && cached.expiresAt > Date.now()) return cached;
    let claims: Claims;
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      // A validly signed token can still name no row: ids that are not UUIDs would fail in PostgreSQL.
      if (!isUuid(payload.jti) || !isUuid(payload.sub) || !payload.exp) throw notSignedIn();
      claims = { sessionId: payload.jti, userId: payload.sub, expiresAt: payload.exp * 1000 };
    } catch {
      throw notSignedIn();
    }
    remember(this.verified, token, claims);
    return claims;
  }

  async revoke(sessionId: string): Promise<void> {
    await this.sessions.update({ id: sessionId }, { revokedAt: new Date() });
    await this.bus.publish('session.revoked', { sessionId });
  }

  /** Expired and revoked sessions can never sign in again; the maintenance job deletes them. */
  async deleteEnded(): Promise<void> {
    await this.sessions.createQueryBuilder().delete().where('expires_at <= now() OR revoked_at IS NOT NULL').execute();
  }

  private forget(matches: (signIn: SignIn) => boolean): void {
    this.generation += 1;
    for (const [sessionId, signIn] of this.signIns) if (matches(signIn)) this.signIns.delete(sessionId);
  }
}
