import { invalidInput } from '../../common/validation.js';
import { AppError } from '../../common/app-error.js';
import type { AuditRecorder } from '../audit/audit-log.js';
import type { User } from '../users/user.entity.js';
import type { UserInput, UsersService } from '../users/users.service.js';
import { emailError } from '@slipway/domain';
import { validateEmail } from '../users/user.validation.js';
import { accountDisabled, invalidCredentials } from './auth.errors.js';
import type { LoginThrottle } from './login-throttle.js';
import type { PasswordCheck } from './password-check.js';
import { type AccessTokensService, isAccessToken } from '../tokens/tokens.service.js';
import type { Authenticated, TokenService } from './token.service.js';

export interface AuthResult {
  token: string;
  user: User;
}

export class AuthService {
  constructor(
    private readonly users: UsersService,
    private readonly tokens: TokenService,
    private readonly throttle: LoginThrottle,
    private readonly passwords: PasswordCheck,
    private readonly accessTokens: AccessTokensService,
    private readonly audit: AuditRecorder,
  ) {}

  async register(input: UserInput, clientAddress: string): Promise<AuthResult> {
    await this.throttle.reserveRegistration(clientAddress);
    const user = await this.users.register(input);
    return { user, token: await this.tokens.issue(user) };
  }

  async login(input: { email?: unknown; password?: unknown }, clientAddress: string): Promise<AuthResult> {
    const email = validateEmail(input.email);
    const password = input.password;
    if (typeof password !== 'string' || password === '') throw invalidInput('Password is required', 'password');
    let user: User;
    try {
      user = await this.userForCredentials(email, password, clientAddress);
    } catch (error) {
      // A refused sign-in is recorded with the email tried (never the password), then refused as before.
      if (error instanceof AppError) {
        const known = await this.users.findByEmail(email);
        await this.audit.record(null, { action: 'auth.sign_in', result: 'failure', actor: { userId: known?.id ?? null, email }, details: { reason: error.reason ?? error.code } });
      }
      throw error;
    }
    await this.audit.record(null, { action: 'auth.sign_in', actor: { userId: user.id, email: user.email } });
    return { user, token: await this.tokens.issue(user) };
  }

  /**
   * HTTP basic auth (git over HTTP): a personal access token as the password (any username), with its scopes and
   * project limits, or the account's email and password as at sign-in.
   */
  async basicCredentials(username: string, password: string, clientAddress: string): Promise<Authenticated> {
    if (isAccessToken(password)) return this.accessTokens.verify(password).catch(() => Promise.reject(invalidCredentials()));
    return { user: await this.userForCredentials(username, password, clientAddress), sessionId: '' };
  }

  /**
   * The one check of a username and password outside a session (the sign-in form, HTTP basic auth on git): the
   * account's email and its password, throttled per account and client address. Invalid credentials, whatever is
   * wrong with them, are 'Invalid email or password'; too many failures a 429; a disabled account, after the right
   * password, 'This account is disabled' (403).
   */
  async userForCredentials(username: string, password: string, clientAddress: string): Promise<User> {
    const email = username.trim().toLowerCase();
    if (emailError(email) || password === '') throw invalidCredentials();
    const user = await this.users.findByEmail(email);
    if (!(await this.passwords.matches(email, user?.passwordHash ?? null, password, clientAddress)) || !user) throw invalidCredentials();
    if (user.disabledAt) throw accountDisabled();
    return user;
  }

  /** Ends the credential that asks: its session, or a personal access token (revoked). */
  async logout(auth: Authenticated): Promise<void> {
    if (auth.grant) await this.accessTokens.revoke(auth, auth.grant.tokenId);
    else await this.tokens.revoke(auth.sessionId);
  }
}
