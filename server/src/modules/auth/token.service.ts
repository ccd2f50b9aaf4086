import { SignJWT, jwtVerify } from 'jose';
import type { Repository } from 'typeorm';
import { deriveKey } from '../../common/keys.js';
import type { User } from '../users/user.entity.js';
import { notSignedIn } from './auth.exception.js';
import type { Session } from './session.entity.js';

export interface Authenticated {
  user: User;
  sessionId: string;
}

/** Signed, expiring bearer tokens backed by a session row, so logout revokes a token at once. */
export class TokenService {
  private readonly key: Buffer;

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
    let sessionId: string | undefined;
    let userId: string | undefined;
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      sessionId = payload.jti;
      userId = payload.sub;
    } catch {
      throw notSignedIn();
    }
    if (!sessionId || !userId) throw notSignedIn();
    const session = await this.sessions.findOne({ where: { id: sessionId, userId }, relations: { user: true } });
    if (!session?.user || session.revokedAt || session.expiresAt.getTime() <= Date.now()) throw notSignedIn();
    return { user: session.user, sessionId };
  }

  async revoke(sessionId: string): Promise<void> {
    await this.sessions.update({ id: sessionId }, { revokedAt: new Date() });
  }
}
