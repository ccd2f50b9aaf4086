import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/test-app.js';
import { EVENT_CHANNEL, type EventMessage, PostgresEventBus } from '../postgres-event-bus.js';

let database: TestDatabase;
let pool: pg.Pool;

const startBus = () => PostgresEventBus.start(database.url, (channel, payload) => pool.query('SELECT pg_notify($1, $2)', [channel, payload]));
/** NOTIFY reaches the other connections within milliseconds: polls for at most 3 s. */
const NOTIFY_WAIT = { timeout: 3_000, interval: 20 };

beforeAll(async () => {
  database = await createTestDatabase();
  pool = new pg.Pool({ connectionString: database.url });
});
afterAll(async () => {
  await pool.end();
  await database.drop();
});

describe('PostgresEventBus', () => {
  it('delivers an event once to the publisher at once and once to every other process', async () => {
    const [a, b] = await Promise.all([startBus(), startBus()]);
    const heardByA: string[] = [];
    const heardByB: string[] = [];
    a.subscribe('session.revoked', ({ sessionId }) => heardByA.push(sessionId));
    b.subscribe('session.revoked', ({ sessionId }) => heardByB.push(sessionId));
    await a.publish('session.revoked', { sessionId: 's1' });
    expect(heardByA).toEqual(['s1']);
    await expect.poll(() => heardByB.length > 0, NOTIFY_WAIT).toBe(true);
    // Notifications reach each connection in order: once each bus heard a later one from the other, any second
    // copy of s1 would have come before it.
    await b.publish('session.revoked', { sessionId: 's2' });
    await expect.poll(() => heardByA.includes('s2'), NOTIFY_WAIT).toBe(true);
    await a.publish('session.revoked', { sessionId: 's3' });
    await expect.poll(() => heardByB.includes('s3'), NOTIFY_WAIT).toBe(true);
    expect(heardByA).toEqual(['s1', 's2', 's3']);
    expect(heardByB).toEqual(['s1', 's2', 's3']);
    await Promise.all([a.close(), b.close()]);
  });

  it('is not live while its connection is down, and reports the gap when it is back', async () => {
    const bus = await startBus();
    let gaps = 0;
    bus.onGap(() => (gaps += 1));
    expect(bus.isLive()).toBe(true);
    await pool.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query = $1`, [`LISTEN ${EVENT_CHANNEL}`]);
    await expect.poll(() => !bus.isLive(), NOTIFY_WAIT).toBe(true);
    await expect.poll(() => bus.isLive(), NOTIFY_WAIT).toBe(true);
    expect(gaps).toBe(1);
    await bus.close();
    expect(bus.isLive()).toBe(false);
  });

  it('tells subscribers about a gap when a publisher\'s sequence number jumps, and not otherwise', async () => {
    const bus = await startBus();
    let gaps = 0;
    bus.onGap(() => (gaps += 1));
    const heard: string[] = [];
    bus.subscribe('session.revoked', ({ sessionId }) => heard.push(sessionId));
    const send = (seq: number, sessionId: string) =>
      pool.query('SELECT pg_notify($1, $2)', [EVENT_CHANNEL, JSON.stringify({ origin: 'other-process', seq, topic: 'session.revoked', payload: { sessionId } } satisfies EventMessage)]);
    await send(7, 'a');
    await send(8, 'b');
    await expect.poll(() => heard.length === 2, NOTIFY_WAIT).toBe(true);
    expect(gaps).toBe(0);
    await send(10, 'd');
    await expect.poll(() => heard.length === 3, NOTIFY_WAIT).toBe(true);
    expect(gaps).toBe(1);
    await send(11, 'e');
    await expect.poll(() => heard.length === 4, NOTIFY_WAIT).toBe(true);
    expect(heard).toEqual(['a', 'b', 'd', 'e']);
    expect(gaps).toBe(1);
    await bus.close();
  });

  it('numbers concurrent publishes in order, so a busy publisher causes no false gap', async () => {
    const [a, b] = await Promise.all([startBus(), startBus()]);
    let gaps = 0;
    b.onGap(() => (gaps += 1));
    const heard: string[] = [];
    b.subscribe('session.revoked', ({ sessionId }) => heard.push(sessionId));
    const ids = Array.from({ length: 30 }, (_, i) => `s${i}`);
    await Promise.all(ids.map((sessionId) => a.publish('session.revoked', { sessionId })));
    await expect.poll(() => heard.length === ids.length, NOTIFY_WAIT).toBe(true);
    expect(heard).toEqual(ids);
    expect(gaps).toBe(0);
    await Promise.all([a.close(), b.close()]);
  });

  it('refuses an event too large for NOTIFY before delivering it anywhere', async () => {
    const bus = await startBus();
    const heard: string[] = [];
    bus.subscribe('session.revoked', ({ sessionId }) => heard.push(sessionId));
    await expect(bus.publish('session.revoked', { sessionId: 'x'.repeat(8000) })).rejects.toThrow(/NOTIFY takes at most 7999/);
    expect(heard).toEqual([]);
    await bus.close();
  });
});
