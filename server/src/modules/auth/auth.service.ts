import { verify } from '@node-rs/argon2';
import { invalidInput } from '../../common/validation.js';
import type { User } from '../users/user.entity.js';
import type { UserInput, UsersService } from '../users/users.service.js';
import { validateEmail } from '../users/user.validation.js';
import { invalidCredentials } from './auth.errors.js';
import type { LoginThrottle } from './login-throttle.js';
import type { TokenService } from './token.service.js';

export interface AuthResult {
  token: string;
  user: User;
}

/** A hash of a random password, checked when the email is unknown so both paths take the same time. */
const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$SaXSmtty+OQk2yF0p0uvAQ$3VgcXtH4Ib0j8CJnu8uz9+JIKMiW05KEMFu/TP0A7BY';

export class AuthService {
  constructor(
    private readonly users: UsersService,
    private readonly tokens: TokenService,
    private readonly throttle: LoginThrottle,
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
    const attempt = await this.throttle.reserveLogin(email, clientAddress);
    const user = await this.users.findByEmail(email);
    const matches = await verify(user?.passwordHash ?? DUMMY_HASH, password).catch(() => false);
    if (!user || !matches) throw invalidCredentials();
    await this.throttle.loginSucceeded(email, attempt);
    return { user, token: await this.tokens.issue(user) };
  }

  logout(sessionId: string): Promise<void> {
    return this.tokens.revoke(sessionId);
  }
}
