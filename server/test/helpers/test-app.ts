import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { loadConfig } from '../../src/config/env.js';
import type { StepDefinition } from '../../src/pipelines/steps.js';
import { startSlipway, type RunningSlipway } from '../../src/server.js';
import { createMigratedTestDatabase } from './test-database.js';

export { createTestDatabase, type TestDatabase } from './test-database.js';

/**
 * Test files run side by side (one vitest worker each); each worker's Slipways, and the worker processes they
 * start (which inherit this environment), give apps their own 100 loopback ports, so an app of one file never takes
 * a port another file's app just left (a deleted app's loopback URL must stay closed; a restarted one gets its port back).
 */
const poolId = Number(process.env.VITEST_POOL_ID ?? 1);
process.env.SLIPWAY_APP_PORTS ??= `${27_000 + ((poolId - 1) % 10) * 100}-${27_099 + ((poolId - 1) % 10) * 100}`;

/** The root secret every test app runs with, for tests that check encryption from outside. */
export const TEST_SECRET_KEY = 'test-secret-key-that-is-long-enough-0123456789';

export interface ApiResponse<T = any> {
  status: number;
  body: T;
}

/** The code REST pairs with each error status (the contract clients branch on). */
const ERROR_CODES: Record<number, string> = {
  400: 'BAD_USER_INPUT',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
  500: 'INTERNAL_SERVER_ERROR',
  502: 'PROVIDER_UNREACHABLE',
};

/** A REST refusal as clients see it: `{error, code}` with its status, plus `field` when it is about one input. */
export function refusal(status: number, error: string, field?: string): ApiResponse {
  return { status, body: { error, code: ERROR_CODES[status], ...(field ? { field } : {}) } };
}

export interface TestApp {
  url: string;
  slipway: RunningSlipway;
  dataDir: string;
  databaseUrl?: string;
  api<T = any>(method: string, route: string, options?: { body?: unknown; token?: string; raw?: string }): Promise<ApiResponse<T>>;
  graphql<T = any>(query: string, variables?: Record<string, unknown>, token?: string): Promise<{ status: number; data?: T; errors?: Array<{ message: string; extensions?: { code?: string } }> }>;
  stop(): Promise<void>;
}

/**
 * Boots a real Slipway over HTTP: on a fresh PostgreSQL database (cloned from the run's migrated template), or
 * embedded (its own PostgreSQL server in the data directory, a temp dir unless given), or on the database of another
 * test app (`databaseUrl`) to act as a second API process beside it.
 */
export async function startTestApp(
  options: {
    embedded?: boolean;
    dataDir?: string;
    databaseUrl?: string;
    role?: 'all' | 'api';
    env?: Record<string, string>;
    /** Pipeline steps of the test's own, for runs it starts with `slipway.pipelines`. */
    extraPipelineSteps?: Array<StepDefinition<unknown>>;
  } = {},
): Promise<TestApp> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'slipway-test-'));
  const ownDatabase = options.embedded || options.databaseUrl ? undefined : await createMigratedTestDatabase();
  const databaseUrl = options.databaseUrl ?? ownDatabase?.url;
  const config = loadConfig({
    SLIPWAY_DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    PORT: '0',
    HOST: '127.0.0.1',
    SLIPWAY_SECRET_KEY: TEST_SECRET_KEY,
    SLIPWAY_ROLE: options.role,
    // Every test account comes from 127.0.0.1; the registration throttle has its own test.
    REGISTRATION_LIMIT: '1000',
    SLIPWAY_APP_PORTS: process.env.SLIPWAY_APP_PORTS,
    ...options.env,
  });
  const slipway = await startSlipway(config, { extraPipelineSteps: options.extraPipelineSteps });
  if (!slipway.url) throw new Error('a test app serves HTTP');
  const url = slipway.url;

  const api: TestApp['api'] = async (method, route, { body, token, raw } = {}) => {
    const headers: Record<string, string> = {};
    if (body !== undefined || raw !== undefined) headers['content-type'] = 'application/json';
    if (token) headers.authorization = `Bearer ${token}`;
    const res = await fetch(`${url}/api${route}`, {
      method,
      headers,
      body: raw ?? (body === undefined ? undefined : JSON.stringify(body)),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  };

  const graphql: TestApp['graphql'] = async (query, variables, token) => {
    const res = await api('POST', '/graphql', { body: { query, variables }, token });
    return { status: res.status, ...res.body };
  };

  return {
    url,
    slipway,
    dataDir,
    databaseUrl,
    api,
    graphql,
    async stop() {
      // The database and data directory go even when Slipway's stop fails (a test that took its database away).
      try {
        await slipway.stop();
      } finally {
        await ownDatabase?.drop();
        if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}

let counter = 0;
/** A unique, valid registration payload. */
export function newAccount(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return { name: `User ${counter}`, email: `user${counter}-${randomBytes(3).toString('hex')}@example.com`, password: 'secret1', ...overrides };
}

export async function registerUser(app: TestApp, overrides: Record<string, unknown> = {}) {
  const account = newAccount(overrides);
  const res = await app.api('POST', '/auth/register', { body: account });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { ...account, token: res.body.token as string, user: res.body.user as { id: string; role: string; email: string } };
}
