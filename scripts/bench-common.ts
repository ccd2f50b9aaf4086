// What the benchmark scripts share: their PostgreSQL server, a percentile and a signed-in REST call.
import pg from 'pg';

/** The PostgreSQL server each benchmark creates its own database on (BENCH_DATABASE_ADMIN_URL). */
export const ADMIN_URL = process.env.BENCH_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The p-th percentile (nearest rank) of ascending values; NaN when there are none. */
export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** One statement on the admin database (CREATE / DROP DATABASE). */
export async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A REST call to Slipway at `base`; answers the JSON body, throws on a non-2xx answer. */
export async function request(base: string, method: string, route: string, token?: string, body?: unknown) {
  const res = await fetch(`${base}/api${route}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}
