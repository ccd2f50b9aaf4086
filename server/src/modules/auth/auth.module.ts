import type { DataSource } from 'typeorm';
import type { AuditRecorder } from '../audit/audit-log.js';
import type { EventBus } from '../../events/event-bus.js';
import { type Authenticate, bearerAuthentication } from '../../http/auth-middleware.js';
import type { Feature } from '../feature.js';
import type { UsersService } from '../users/users.service.js';
import { AuthResolver } from './auth.resolver.js';
import { authRoutes } from './auth.routes.js';
import { AuthService } from './auth.service.js';
import { LoginFailure } from './login-failure.entity.js';
import { LoginThrottle } from './login-throttle.js';
import { PasswordCheck } from './password-check.js';
import { Session } from './session.entity.js';
import { type Authenticated, TokenService } from './token.service.js';
import { AccessPolicy } from '../tokens/token-access.js';
import { AccessTokensService, isAccessToken } from '../tokens/tokens.service.js';

export interface Authentication {
  tokens: TokenService;
  /** Personal access tokens: created, listed, revoked and verified. */
  accessTokens: AccessTokensService;
  /**
   * THE credential check: a bearer secret (a session token or a personal access token, `slw_…`) to the user and
   * what it may do; 'not signed in' for anything else. Bearer headers, graphql-ws and git over HTTP all use it.
   */
  verifyCredential: (secret: string) => Promise<Authenticated>;
  /** Scopes and project limits of tokens, for every route and resolver. */
  access: AccessPolicy;
  /** The Authorization header to the signed-in user, for GraphQL contexts. */
  authenticate: Authenticate;
  /** Sign-in and registration limits, shared by every API process. */
  throttle: LoginThrottle;
  /** Every check of a typed password (sign-in, changing one's own), throttled. */
  passwords: PasswordCheck;
}

/** Sessions, tokens and password checks: built first, since every other feature's routes check them. */
export function createAuthentication(deps: {
  dataSource: DataSource;
  bus: EventBus;
  secretKey: Buffer;
  tokenTtlSeconds: number;
  registrationsPerAddress: number;
  audit: AuditRecorder;
}): Authentication {
  const tokens = new TokenService(deps.dataSource.getRepository(Session), deps.secretKey, deps.tokenTtlSeconds, deps.bus);
  const accessTokens = new AccessTokensService(deps.dataSource, deps.bus, deps.audit);
  const verifyCredential = (secret: string) => (isAccessToken(secret) ? accessTokens.verify(secret) : tokens.verify(secret));
  const authenticate = bearerAuthentication(verifyCredential);
  const throttle = new LoginThrottle(deps.dataSource.getRepository(LoginFailure), deps.registrationsPerAddress);
  return { tokens, accessTokens, verifyCredential, access: new AccessPolicy(deps.dataSource, deps.bus), authenticate, throttle, passwords: new PasswordCheck(throttle) };
}

/** Registration, sign-in and sign-out; its cleanup deletes sessions and login failures that no longer count. */
export function authModule({ users, authentication, audit }: { users: UsersService; authentication: Authentication; audit: AuditRecorder }) {
  const { throttle } = authentication;
  const service = new AuthService(users, authentication.tokens, throttle, authentication.passwords, authentication.accessTokens, audit);
  const feature: Feature = {
    rest: { routes: authRoutes(service) },
    resolvers: [new AuthResolver(service)],
  };
  const cleanup = async () => {
    await authentication.tokens.deleteEnded();
    await authentication.accessTokens.deleteEnded();
    await throttle.forgetExpired();
  };
  return { service, feature, cleanup };
}
