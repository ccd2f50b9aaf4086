import { LessThan, MoreThan, type Repository } from 'typeorm';
import { loginThrottled } from './auth.errors.js';
import type { LoginFailure } from './login-failure.entity.js';

export const LOGIN_WINDOW_MINUTES = 15;
export const MAX_FAILURES_PER_EMAIL = 5;
export const MAX_FAILURES_PER_ADDRESS = 20;

const windowStart = () => new Date(Date.now() - LOGIN_WINDOW_MINUTES * 60_000);

/** Counts failed sign-ins in the database, so every API process shares the same limits. */
export class LoginThrottle {
  constructor(private readonly failures: Repository<LoginFailure>) {}

  async assertAllowed(email: string, clientAddress: string): Promise<void> {
    const since = windowStart();
    const [byEmail, byAddress] = await Promise.all([
      this.failures.count({ where: { key: `email:${email}`, createdAt: MoreThan(since) } }),
      this.failures.count({ where: { key: `ip:${clientAddress}`, createdAt: MoreThan(since) } }),
    ]);
    if (byEmail >= MAX_FAILURES_PER_EMAIL || byAddress >= MAX_FAILURES_PER_ADDRESS) {
      throw loginThrottled(LOGIN_WINDOW_MINUTES);
    }
  }

  async recordFailure(email: string, clientAddress: string): Promise<void> {
    await this.failures.insert([{ key: `email:${email}` }, { key: `ip:${clientAddress}` }]);
  }

  /** Failures older than the window no longer count; the maintenance job deletes them. */
  async forgetExpired(): Promise<void> {
    await this.failures.delete({ createdAt: LessThan(windowStart()) });
  }

  async clear(email: string): Promise<void> {
    await this.failures.delete({ key: `email:${email}` });
  }
}
