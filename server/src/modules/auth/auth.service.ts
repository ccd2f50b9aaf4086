import { invalidInput } from '../../common/validation.js';
import type { User } from '../users/user.entity.js';
import type { UserInput, UsersService } from '../users/users.service.js';
import { validateEmail } from '../users/user.validation.js';
import { invalidCredentials } from './auth.errors.js';
import type { LoginThrottle } from './login-throttle.js';
import type { PasswordCheck } from './password-check.js';
import type { AccessTokensService } from '../tokens/tokens.service.js';
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
    const user = await this.users.findByEmail(email);
    if (!(await this.passwords.matches(email, user?.passwordHash ?? null, password, clientAddress)) || !user) throw invalidCredentials();
    return { user, token: await this.tokens.issue(user) };
  }

  /** Ends the credential that asks: its session, or a personal access token (revoked). */
  async logout(auth: Authenticated): Promise<void> {
    if (auth.grant) await this.accessTokens.revoke(auth, auth.grant.tokenId);
    else await this.tokens.revoke(auth.sessionId);
  }
}
