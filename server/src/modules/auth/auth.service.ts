import { invalidInput } from '../../common/validation.js';
import type { User } from '../users/user.entity.js';
import type { UserInput, UsersService } from '../users/users.service.js';
import { emailError } from '@slipway/domain';
import { validateEmail } from '../users/user.validation.js';
import { invalidCredentials } from './auth.errors.js';
import type { LoginThrottle } from './login-throttle.js';
import type { PasswordCheck } from './password-check.js';
import type { TokenService } from './token.service.js';

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
    const user = await this.userForCredentials(email, password, clientAddress);
    return { user, token: await this.tokens.issue(user) };
  }

  /**
   * The one check of a username and password outside a session (the sign-in form, HTTP basic auth on git): the
   * account's email and its password, throttled per account and client address. Invalid credentials, whatever is
   * wrong with them, are 'Invalid email or password'; too many failures a 429. Personal access tokens (password =
   * token) are to be accepted here too, so that every caller takes them at once.
   */
  async userForCredentials(username: string, password: string, clientAddress: string): Promise<User> {
    const email = username.trim().toLowerCase();
    if (emailError(email) || password === '') throw invalidCredentials();
    const user = await this.users.findByEmail(email);
    if (!(await this.passwords.matches(email, user?.passwordHash ?? null, password, clientAddress)) || !user) throw invalidCredentials();
    return user;
  }

  logout(sessionId: string): Promise<void> {
    return this.tokens.revoke(sessionId);
  }
}
