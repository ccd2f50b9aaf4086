import { LessThan, MoreThan, type EntityManager, type Repository } from 'typeorm';
import { AppError, ErrorCode } from '../../common/app-error.js';
import { loginThrottled } from './auth.errors.js';
import { LoginFailure } from './login-failure.entity.js';

/** Failed password checks one address may make for one account before it has to wait. */
export const FREE_FAILURES_PER_ACCOUNT_AND_ADDRESS = 5;
/** The first wait; each failure after it doubles the wait, up to the longest. */
export const FIRST_LOCK_SECONDS = 60;
export const LONGEST_LOCK_SECONDS = 15 * 60;
/** Failures are remembered this long, so that the backoff does not start over while it still grows. */
const FAILURE_MEMORY_HOURS = 24;

export const REGISTRATION_WINDOW_MINUTES = 15;
/** Sent as Retry-After with a 429 that names no wait of its own. */
export const THROTTLE_WINDOW_SECONDS = REGISTRATION_WINDOW_MINUTES * 60;

const registrationsThrottled = () =>
  new AppError(ErrorCode.TooManyRequests, `Too many accounts created from this address. Try again in ${REGISTRATION_WINDOW_MINUTES} minutes.`, {
    reason: 'REGISTRATIONS_THROTTLED',
    retryAfterSeconds: THROTTLE_WINDOW_SECONDS,
  });

/** How long an account and address wait after their latest failure, once they have had their free ones. */
export function lockSeconds(failures: number): number {
  if (failures < FREE_FAILURES_PER_ACCOUNT_AND_ADDRESS) return 0;
  return Math.min(LONGEST_LOCK_SECONDS, FIRST_LOCK_SECONDS * 2 ** (failures - FREE_FAILURES_PER_ACCOUNT_AND_ADDRESS));
}

const loginKey = (email: string, clientAddress: string) => `login:${email} ${clientAddress}`;

/**
 * Counts password checks and registrations in the database, so every API process shares the same limits.
 *
 * Password checks are throttled per account AND client address: whoever guesses from one address waits longer and
 * longer (5 free failures, then 1, 2, 4, 8, 15 minutes after each further one), while the owner signing in from
 * another address is not held up, and failures against other accounts do not count. A check is recorded as a failure
 * BEFORE the password is verified, under an advisory lock on its key: parallel attempts cannot all see the count
 * below the limit, so at most the free failures ever reach argon2 at once.
 */
export class LoginThrottle {
  constructor(
    private readonly failures: Repository<LoginFailure>,
    private readonly registrationsPerAddress: number,
  ) {}

  /** Reserves one password check for the account from this address, or refuses it while they must wait. */
  async reserveLogin(email: string, clientAddress: string): Promise<void> {
    const key = loginKey(email, clientAddress);
    return this.failures.manager.transaction(async (manager: EntityManager) => {
      await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`throttle:${key}`]);
      const [{ failures, waitMs }] = await manager.query(
        `SELECT count(*)::int AS failures,
                COALESCE(EXTRACT(EPOCH FROM max(created_at) - now()) * 1000, 0)::float8 AS "waitMs"
           FROM login_failures WHERE key = $1 AND created_at > now() - make_interval(hours => $2)`,
        [key, FAILURE_MEMORY_HOURS],
      );
      const remainingMs = waitMs + lockSeconds(failures) * 1000;
      if (lockSeconds(failures) > 0 && remainingMs > 0) throw loginThrottled(Math.ceil(remainingMs / 1000));
      await manager.getRepository(LoginFailure).insert({ key });
    });
  }

  /** The right password: the account's failures from this address are forgiven (the reserved check among them). */
  async loginSucceeded(email: string, clientAddress: string): Promise<void> {
    await this.failures.delete({ key: loginKey(email, clientAddress) });
  }

  async reserveRegistration(clientAddress: string): Promise<void> {
    const key = `register:${clientAddress}`;
    await this.failures.manager.transaction(async (manager: EntityManager) => {
      await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`throttle:${key}`]);
      const repo = manager.getRepository(LoginFailure);
      const since = new Date(Date.now() - REGISTRATION_WINDOW_MINUTES * 60_000);
      if ((await repo.count({ where: { key, createdAt: MoreThan(since) } })) >= this.registrationsPerAddress) throw registrationsThrottled();
      await repo.insert({ key });
    });
  }

  /** Rows older than the longest memory no longer count; the maintenance job deletes them. */
  async forgetExpired(): Promise<void> {
    await this.failures.delete({ createdAt: LessThan(new Date(Date.now() - FAILURE_MEMORY_HOURS * 3_600_000)) });
  }
}
