import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_CHANNEL } from '../src/events/postgres-event-bus.js';
import { registerUser, startTestApp, type TestApp } from './helpers/test-app.js';

/** Two API processes on one PostgreSQL database, as a scaled-out install runs them. */
let first: TestApp;
let second: TestApp;
let admin: Awaited<ReturnType<typeof registerUser>>;
beforeAll(async () => {
  first = await startTestApp();
  second = await startTestApp({ databaseUrl: first.databaseUrl });
  admin = await registerUser(first);
});
afterAll(async () => {
  await second?.stop();
  await first?.stop();
});

async function meStatus(app: TestApp, token: string) {
  return (await app.api('GET', '/users/me', { token })).status;
}

/** Events cross processes through NOTIFY, a few milliseconds after the change: waits at most a second. */
const NOTIFY_WAIT = { timeout: 1_000, interval: 20 };

async function terminateListeners(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query = $1`,
      [`LISTEN ${EVENT_CHANNEL}`],
    );
    return rows.length;
  } finally {
    await client.end();
  }
}

describe('signed-in sessions across API processes', () => {
  it('stops a token on every process once it logs out on one', async () => {
    const { token } = await registerUser(first);
    expect(await meStatus(second, token)).toBe(200);
    expect(await meStatus(second, token)).toBe(200);
    expect((await first.api('POST', '/users/logout', { token })).status).toBe(200);
    expect(await meStatus(first, token)).toBe(401);
    await expect.poll(async () => (await meStatus(second, token)) === 401, NOTIFY_WAIT).toBe(true);
  });

  it('shows a role change made on one process to the other', async () => {
    expect(admin.user.role).toBe('admin');
    const member = await registerUser(first);
    expect((await second.api('GET', '/users/me', { token: member.token })).body.role).toBe('user');
    await first.api('PUT', `/users/${member.user.id}`, { token: admin.token, body: { role: 'manager' } });
    await expect.poll(async () => (await second.api('GET', '/users/me', { token: member.token })).body.role === 'manager', NOTIFY_WAIT).toBe(true);
  });

  it('checks the database while its event connection is down, and again after it is back', async () => {
    const { token } = await registerUser(first);
    expect(await meStatus(second, token)).toBe(200);
    expect(await terminateListeners(first.databaseUrl!)).toBe(2);
    // Revoked while the other process cannot hear it: it must not trust what it remembered.
    expect((await first.api('POST', '/users/logout', { token })).status).toBe(200);
    expect(await meStatus(second, token)).toBe(401);
    const other = await registerUser(first);
    expect(await meStatus(second, other.token)).toBe(200);
    await first.api('POST', '/users/logout', { token: other.token });
    await expect.poll(async () => (await meStatus(second, other.token)) === 401, NOTIFY_WAIT).toBe(true);
  });
});
