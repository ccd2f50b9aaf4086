import { In, LessThan, MoreThan, type EntityManager, type Repository } from 'typeorm';
import { AppError, ErrorCode } from '../../common/app-error.js';
import { loginThrottled } from './auth.errors.js';
import { LoginFailure } from './login-failure.entity.js';

export const LOGIN_WINDOW_MINUTES = 15;
/** Sent as Retry-After with every 429: both throttles count over this window. */
export const THROTTLE_WINDOW_SECONDS = LOGIN_WINDOW_MINUTES * 60;
export const MAX_FAILURES_PER_EMAIL = 5;
export const MAX_FAILURES_PER_ADDRESS = 20;

const windowStart = () => new Date(Date.now() - LOGIN_WINDOW_MINUTES * 60_000);

const registrationsThrottled = () =>
  new AppError(ErrorCode.TooManyRequests, `Too many accounts created from this address. Try again in ${LOGIN_WINDOW_MINUTES} minutes.`, {
    reason: 'REGISTRATIONS_THROTTLED',
  });

/**
 * Counts sign-in attempts and registrations in the database, so every API process shares the same limits.
 * An attempt is recorded as a failure BEFORE its password is checked, under advisory locks on its keys:
 * parallel attempts cannot all read the count below the limit, so at most the limit ever reach argon2.
 */
export class LoginThrottle {
  constructor(
    private readonly failures: Repository<LoginFailure>,
    private readonly registrationsPerAddress: number,
  ) {}

  /** Reserves one attempt, or refuses it when the email or address is over its limit; returns the rows to release. */
  async reserveLogin(email: string, clientAddress: string): Promise<string[]> {
    return this.reserve(
      [
        { key: `email:${email}`, limit: MAX_FAILURES_PER_EMAIL },
        { key: `ip:${clientAddress}`, limit: MAX_FAILURES_PER_ADDRESS },
      ],
      () => loginThrottled(LOGIN_WINDOW_MINUTES),
    );
  }

  /** Attempts and registrations older than the window no longer count; the maintenance job deletes them. */
  async forgetExpired(): Promise<void> {
    await this.failures.delete({ createdAt: LessThan(windowStart()) });
  }

  /** A correct password: the reserved attempt was not a failure, and the email's earlier failures are forgiven. */
  async loginSucceeded(email: string, reserved: string[]): Promise<void> {
    await this.failures.delete({ id: In(reserved) });
    await this.failures.delete({ key: `email:${email}` });
  }

  async reserveRegistration(clientAddress: string): Promise<void> {
    await this.reserve(
      [{ key: `register:${clientAddress}`, limit: this.registrationsPerAddress }],
      registrationsThrottled,
    );
  }

  private async reserve(counters: Array<{ key: string; limit: number }>, refusal: () => AppError): Promise<string[]> {
    return this.failures.manager.transaction(async (manager: EntityManager) => {
      const repo = manager.getRepository(LoginFailure);
      const since = windowStart();
      // Always locked in the same order (the order of `counters`), so two attempts cannot deadlock.
      for (const { key } of counters) await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`throttle:${key}`]);
      for (const { key, limit } of counters) {
        if ((await repo.count({ where: { key, createdAt: MoreThan(since) } })) >= limit) throw refusal();
      }
      const inserted = await repo.insert(counters.map(({ key }) => ({ key })));
      return inserted.identifiers.map((row) => String(row.id));
    });
  }
}
