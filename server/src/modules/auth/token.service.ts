import { SignJWT, jwtVerify } from 'jose';
import type { Repository } from 'typeorm';
import { deriveKey } from '../../common/keys.js';
import { User } from '../users/user.entity.js';
import { notSignedIn } from './auth.exception.js';
import type { Session } from './session.entity.js';

export interface Authenticated {
  user: User;
  sessionId: string;
}

interface Claims {
  userId: string;
  sessionId: string;
  expiresAt: number;
}

/** Tokens whose signature was already checked; every request still checks its session in the database. */
const VERIFIED_TOKENS_CACHED = 10_000;

/** One round trip per request: the session must exist, be unrevoked and unexpired, and belong to the user. */
const SESSION_USER_SQL = `SELECT u.id, u.name, u.email, u.password_hash, u.role, u.created_at, u.updated_at
  FROM sessions s JOIN users u ON u.id = s.user_id
 WHERE s.id = $1 AND s.user_id = $2 AND s.revoked_at IS NULL AND s.expires_at > now()`;

/** Signed, expiring bearer tokens backed by a session row, so logout revokes a token at once. */
export class TokenService {
  private readonly key: Buffer;
  private readonly verified = new Map<string, Claims>();

  constructor(
    private readonly sessions: Repository<Session>,
    rootSecret: Buffer,
    private readonly ttlSeconds: number,
  ) {
    this.key = deriveKey(rootSecret, 'token-signing');
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
    const [row] = await this.sessions.query(SESSION_USER_SQL, [sessionId, userId]);
    if (!row) throw notSignedIn();
    const user = Object.assign(new User(), {
      id: row.id,
      name: row.name,
      email: row.email,
      passwordHash: row.password_hash,
      role: row.role,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    });
    return { user, sessionId };
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
      if (!payload.jti || !payload.sub || !payload.exp) throw notSignedIn();
      claims = { sessionId: payload.jti, userId: payload.sub, expiresAt: payload.exp * 1000 };
    } catch {
      throw notSignedIn();
    }
    if (this.verified.size >= VERIFIED_TOKENS_CACHED) this.verified.delete(this.verified.keys().next().value!);
    this.verified.set(token, claims);
    return claims;
  }

  async revoke(sessionId: string): Promise<void> {
    await this.sessions.update({ id: sessionId }, { revokedAt: new Date() });
  }
}
