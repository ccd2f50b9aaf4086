import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_CHANNEL, PostgresEventBus } from '../postgres-event-bus.js';

const ADMIN_URL = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `slipway_bus_${process.pid}_${randomBytes(3).toString('hex')}`;
let url: string;
let pool: pg.Pool;

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  await client.query(sql).finally(() => client.end());
}

const startBus = () => PostgresEventBus.start(url, (channel, payload) => pool.query('SELECT pg_notify($1, $2)', [channel, payload]));
const until = async (check: () => boolean) => {
  for (let i = 0; i < 150 && !check(); i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
  return check();
};

beforeAll(async () => {
  await admin(`CREATE DATABASE ${name}`);
  const parsed = new URL(ADMIN_URL);
  parsed.pathname = `/${name}`;
  url = parsed.toString();
  pool = new pg.Pool({ connectionString: url });
});
afterAll(async () => {
  await pool.end();
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
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
    expect(await until(() => heardByB.length > 0)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heardByA).toEqual(['s1']);
    expect(heardByB).toEqual(['s1']);
    await Promise.all([a.close(), b.close()]);
  });

  it('is not live while its connection is down, and reports the gap when it is back', async () => {
    const bus = await startBus();
    let gaps = 0;
    bus.onGap(() => (gaps += 1));
    expect(bus.isLive()).toBe(true);
    await pool.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND query = $2`, [name, `LISTEN ${EVENT_CHANNEL}`]);
    expect(await until(() => !bus.isLive())).toBe(true);
    expect(await until(() => bus.isLive())).toBe(true);
    expect(gaps).toBe(1);
    await bus.close();
    expect(bus.isLive()).toBe(false);
  });
});
