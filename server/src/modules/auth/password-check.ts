import { verify } from '@node-rs/argon2';
import type { LoginThrottle } from './login-throttle.js';

/** A hash of a random password, checked when the email is unknown so both paths take the same time. */
const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$SaXSmtty+OQk2yF0p0uvAQ$3VgcXtH4Ib0j8CJnu8uz9+JIKMiW05KEMFu/TP0A7BY';

/**
 * Every check of a password a person types, for signing in or for changing it: throttled per account and client
 * address (LoginThrottle), so neither a sign-in form nor a stolen session can be used to guess it.
 */
export class PasswordCheck {
  constructor(private readonly throttle: LoginThrottle) {}

  /** True when `password` is the account's; `passwordHash` null (no such account) is never a match, found as slowly. */
  async matches(email: string, passwordHash: string | null, password: string, clientAddress: string): Promise<boolean> {
    await this.throttle.reserveLogin(email, clientAddress);
    const matches = await verify(passwordHash ?? DUMMY_HASH, password).catch(() => false);
    if (!matches || passwordHash === null) return false;
    await this.throttle.loginSucceeded(email, clientAddress);
    return true;
  }
}
