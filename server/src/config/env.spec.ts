import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from './env.js';

const dirs: string[] = [];
function dataDir() {
  const dir = mkdtempSync(path.join(tmpdir(), 'slipway-config-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('loadConfig', () => {
  it('defaults to port 4000 and embedded PostgreSQL in the data directory', () => {
    const config = loadConfig({ SLIPWAY_DATA_DIR: dataDir() });
    expect(config.port).toBe(4000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.role).toBe('all');
  });

  it('reads the process role from SLIPWAY_ROLE', () => {
    expect(loadConfig({ SLIPWAY_DATA_DIR: dataDir(), SLIPWAY_ROLE: 'worker' }).role).toBe('worker');
    expect(loadConfig({ SLIPWAY_DATA_DIR: dataDir(), SLIPWAY_ROLE: 'api' }).role).toBe('api');
  });

  it('generates the secret key once into the data directory, readable by the owner only', () => {
    const dir = dataDir();
    const first = loadConfig({ SLIPWAY_DATA_DIR: dir }).secretKey;
    const second = loadConfig({ SLIPWAY_DATA_DIR: dir }).secretKey;
    expect(second.equals(first)).toBe(true);
    const file = path.join(dir, 'secret.key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').length).toBeGreaterThanOrEqual(32);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT must be an integer between 0 and 65535, got "abc"'],
    [{ PORT: '70000' }, 'PORT must be an integer between 0 and 65535, got "70000"'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL must be a postgres:// URL'],
    [{ SLIPWAY_ROLE: 'workers' }, 'SLIPWAY_ROLE must be one of all, api, worker, got "workers"'],
    [{ SLIPWAY_SECRET_KEY: 'short' }, 'SLIPWAY_SECRET_KEY must be at least 32 characters'],
  ])('rejects %o with a clear message', (env, message) => {
    expect(() => loadConfig({ SLIPWAY_DATA_DIR: dataDir(), ...env })).toThrow(message);
  });
});
