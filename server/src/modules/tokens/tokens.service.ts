import { createHash, randomBytes } from 'node:crypto';
import type { AuditRecorder } from '../audit/audit-log.js';
import { type DataSource, IsNull, type Repository } from 'typeorm';
import { invalidInput, isUuid } from '../../common/validation.js';
import type { EventBus } from '../../events/event-bus.js';
import { notSignedIn } from '../auth/auth.errors.js';
import type { Authenticated } from '../auth/token.service.js';
import { projectNotFound } from '../projects/projects.errors.js';
import { User, userOfRow } from '../users/user.entity.js';
import { Role, hasMinimumRole } from '../users/user-role.js';
import { forbidden, userNotFound } from '../users/users.errors.js';
import { AccessToken } from './access-token.entity.js';
import { mayUse } from './token-access.js';
import { TOKEN_SCOPES, TokenScope } from './token-scope.js';
import { tokenCannotDo, tokenNotFound } from './tokens.errors.js';

/** Every personal access token starts so: secret scanners and Slipway itself recognise one by it. */
export const TOKEN_PREFIX = 'slw_';
/** 32 random bytes, base64url: 43 characters after the prefix. */
const SECRET_BYTES = 32;
export const MAX_TOKEN_NAME_LENGTH = 100;
export const MAX_TOKEN_DAYS = 366;
/** Live (unrevoked, unexpired) tokens one user may hold. */
export const MAX_TOKENS_PER_USER = 50;
/** last_used_at is written at most this often per token, so a busy CI token does not write on every request. */
const LAST_USE_RESOLUTION_MS = 60_000;
const CACHED_ENTRIES = 10_000;

export const hashToken = (secret: string) => createHash('sha256').update(secret).digest('hex');
export const isAccessToken = (secret: string) => secret.startsWith(TOKEN_PREFIX);

export interface TokenInput {
  name?: unknown;
  expiresAt?: unknown;
  scopes?: unknown;
  projectIds?: unknown;
}

const TOKEN_USER_SQL = `SELECT t.id AS token_id, t.scopes, t.project_ids, t.expires_at, t.last_used_at,
       u.id, u.name, u.email, u.password_hash, u.role, u.created_at, u.updated_at, u.password_reset_at, u.disabled_at
  FROM access_tokens t JOIN users u ON u.id = t.user_id
 WHERE t.token_hash = $1 AND t.revoked_at IS NULL AND t.expires_at > now() AND u.disabled_at IS NULL`;

interface Known {
  auth: Authenticated;
  expiresAt: number;
  lastUsedAt: number;
}

function validateName(value: unknown): string {
  const name = typeof value === 'string' ? value.trim() : '';
  if (!name) throw invalidInput('Name is required', 'name');
  if (name.length > MAX_TOKEN_NAME_LENGTH) throw invalidInput(`Name must be at most ${MAX_TOKEN_NAME_LENGTH} characters`, 'name');
  return name;
}

function validateExpiry(value: unknown): Date {
  const at = value instanceof Date ? value : typeof value === 'string' ? new Date(value) : null;
  if (!at || Number.isNaN(at.getTime())) throw invalidInput('Expiry must be a date and time', 'expiresAt');
  if (at.getTime() <= Date.now()) throw invalidInput('Expiry must be in the future', 'expiresAt');
  if (at.getTime() > Date.now() + MAX_TOKEN_DAYS * 86_400_000) throw invalidInput(`Expiry must be at most ${MAX_TOKEN_DAYS} days away`, 'expiresAt');
  return at;
}

function validateScopes(value: unknown): TokenScope[] {
  if (!Array.isArray(value) || value.length === 0) throw invalidInput('Choose at least one scope', 'scopes');
  const scopes = new Set<TokenScope>();
  for (const scope of value) {
    if (!TOKEN_SCOPES.includes(scope as TokenScope)) throw invalidInput(`Scopes must be among ${TOKEN_SCOPES.join(', ')}`, 'scopes');
    scopes.add(scope as TokenScope);
  }
  return TOKEN_SCOPES.filter((scope) => scopes.has(scope));
}

/**
 * Personal access tokens: created with a name, an expiry and scopes (optionally limited to projects), shown once,
 * kept as SHA-256 hashes, revoked at once. Verification is cached like sessions are: a revocation publishes
 * `session.revoked` with the token's id (its "session"), which every process's caches and open sockets obey.
 */
export class AccessTokensService {
  private readonly tokens: Repository<AccessToken>;
  private readonly known = new Map<string, Known>();
  private generation = 0;

  constructor(
    private readonly dataSource: DataSource,
    private readonly bus: EventBus,
    private readonly audit: AuditRecorder,
  ) {
    this.tokens = dataSource.getRepository(AccessToken);
    bus.subscribe('session.revoked', ({ sessionId }) => this.forget((entry) => entry.auth.sessionId === sessionId));
    bus.subscribe('user.changed', ({ userId }) => this.forget((entry) => entry.auth.user.id === userId));
    bus.onGap(() => this.forget(() => true));
  }

  /** A new token of the signed-in user; the secret is in the answer and nowhere else. */
  async create(auth: Authenticated, input: TokenInput): Promise<{ token: string; accessToken: AccessToken }> {
    // A token that could mint tokens could outlive its own revocation: only a signed-in person creates them.
    if (auth.grant) throw tokenCannotDo('A token cannot create tokens: sign in to create one');
    const name = validateName(input.name);
    const expiresAt = validateExpiry(input.expiresAt);
    const scopes = validateScopes(input.scopes);
    if (scopes.includes(TokenScope.admin) && !hasMinimumRole(auth.user.role, Role.manager)) {
      throw forbidden('Only managers and admins can give a token the admin scope');
    }
    const projectIds = await this.ownedProjects(auth.user.id, input.projectIds);
    const live = await this.tokens.createQueryBuilder('t').where('t.user_id = :id AND t.revoked_at IS NULL AND t.expires_at > now()', { id: auth.user.id }).getCount();
    if (live >= MAX_TOKENS_PER_USER) throw invalidInput(`You can have at most ${MAX_TOKENS_PER_USER} live tokens: revoke one first`);
    const secret = TOKEN_PREFIX + randomBytes(SECRET_BYTES).toString('base64url');
    const accessToken = await this.dataSource.transaction(async (manager) => {
      const repo = manager.getRepository(AccessToken);
      const saved = await repo.save(
        repo.create({ userId: auth.user.id, name, tokenHash: hashToken(secret), tokenPrefix: secret.slice(0, TOKEN_PREFIX.length + 4), scopes, projectIds, expiresAt, lastUsedAt: null, revokedAt: null }),
      );
      await this.audit.record(manager, { action: 'token.create', target: `token:${saved.id}`, details: { name, scopes, projectIds, expiresAt: expiresAt.toISOString() } });
      return saved;
    });
    return { token: secret, accessToken };
  }

  /** The signed-in user's tokens, newest first; an admin (admin scope, for a token) may name another user. */
  async list(auth: Authenticated, userId?: unknown): Promise<AccessToken[]> {
    const owner = userId === undefined || userId === null ? auth.user.id : await this.administeredUser(auth, userId);
    return this.tokens.find({ where: { userId: owner }, order: { createdAt: 'DESC' } });
  }

  /** Revokes one of the user's tokens, or (admins) anyone's; it stops on every process within the bus's delay. */
  async revoke(auth: Authenticated, id: unknown): Promise<AccessToken> {
    const token = isUuid(id) ? await this.tokens.findOneBy({ id }) : null;
    if (!token) throw tokenNotFound();
    // Someone else's token is 'not found' unless an admin asks (with the admin scope, for a token).
    if (token.userId !== auth.user.id && !(auth.user.role === Role.admin && mayUse(auth, TokenScope.admin))) throw tokenNotFound();
    if (!token.revokedAt) {
      token.revokedAt = new Date();
      await this.dataSource.transaction(async (manager) => {
        await manager.getRepository(AccessToken).update({ id: token.id, revokedAt: IsNull() }, { revokedAt: token.revokedAt! });
        await this.audit.record(manager, { action: 'token.revoke', target: `token:${token.id}`, details: { name: token.name, ownerId: token.userId } });
      });
      await this.bus.publish('session.revoked', { sessionId: token.id });
    }
    return token;
  }

  /** The user and grant behind a token's secret; an unknown, revoked or expired one is 'not signed in'. */
  async verify(secret: string): Promise<Authenticated> {
    const tokenHash = hashToken(secret);
    const live = this.bus.isLive();
    const known = live ? this.known.get(tokenHash) : undefined;
    const now = Date.now();
    if (known && known.expiresAt > now) {
      if (now - known.lastUsedAt >= LAST_USE_RESOLUTION_MS) await this.touch(known, now);
      return known.auth;
    }
    const generation = this.generation;
    const [row] = await this.dataSource.query(TOKEN_USER_SQL, [tokenHash]);
    if (!row) throw notSignedIn();
    const user = userOfRow(row);
    const expiresAt = (row.expires_at as Date).getTime();
    const auth: Authenticated = {
      user,
      sessionId: row.token_id,
      expiresAt,
      grant: { tokenId: row.token_id, scopes: row.scopes, projectIds: row.project_ids },
    };
    const entry: Known = { auth, expiresAt, lastUsedAt: (row.last_used_at as Date | null)?.getTime() ?? 0 };
    if (now - entry.lastUsedAt >= LAST_USE_RESOLUTION_MS) await this.touch(entry, now);
    if (live && generation === this.generation) {
      if (this.known.size >= CACHED_ENTRIES) this.known.delete(this.known.keys().next().value!);
      this.known.set(tokenHash, entry);
    }
    return auth;
  }

  /** Expired tokens have no use; revoked ones are kept a while for the owner's list. The maintenance job calls this. */
  async deleteEnded(): Promise<void> {
    await this.tokens.createQueryBuilder().delete().where("expires_at <= now() - interval '30 days' OR revoked_at <= now() - interval '30 days'").execute();
  }

  /**
   * Records a use before the request goes on (at most once a minute per token), so a list read right after shows
   * it. Bookkeeping only: a failed write must not fail the request it rides on.
   */
  private async touch(entry: Known, now: number): Promise<void> {
    entry.lastUsedAt = now;
    await this.tokens.update({ id: entry.auth.sessionId }, { lastUsedAt: new Date(now) }).catch(() => undefined);
  }

  private async ownedProjects(userId: string, value: unknown): Promise<string[] | null> {
    if (value === undefined || value === null) return null;
    if (!Array.isArray(value) || value.length === 0) throw invalidInput('Choose at least one project, or leave the token for every project', 'projectIds');
    const ids = [...new Set(value)];
    if (!ids.every(isUuid)) throw projectNotFound();
    const rows: unknown[] = await this.dataSource.query('SELECT id FROM projects WHERE owner_id = $1 AND id = ANY($2::uuid[])', [userId, ids]);
    if (rows.length !== ids.length) throw projectNotFound();
    return ids;
  }

  private async administeredUser(auth: Authenticated, userId: unknown): Promise<string> {
    if (userId === auth.user.id) return userId;
    if (auth.user.role !== Role.admin) throw forbidden('Only admins can see other users\' tokens');
    if (!isUuid(userId) || !(await this.dataSource.getRepository(User).existsBy({ id: userId }))) throw userNotFound();
    return userId;
  }

  private forget(matches: (entry: Known) => boolean): void {
    this.generation += 1;
    for (const [hash, entry] of this.known) if (matches(entry)) this.known.delete(hash);
  }
}
