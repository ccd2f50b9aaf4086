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

  it('accepts any GraphQL document unless SLIPWAY_TRUSTED_DOCUMENTS_ONLY is true', () => {
    expect(loadConfig({ SLIPWAY_DATA_DIR: dataDir() }).trustedDocumentsOnly).toBe(false);
    expect(loadConfig({ SLIPWAY_DATA_DIR: dataDir(), SLIPWAY_TRUSTED_DOCUMENTS_ONLY: 'true' }).trustedDocumentsOnly).toBe(true);
    expect(() => loadConfig({ SLIPWAY_DATA_DIR: dataDir(), SLIPWAY_TRUSTED_DOCUMENTS_ONLY: 'yes' })).toThrow(
      'SLIPWAY_TRUSTED_DOCUMENTS_ONLY must be true or false, got "yes"',
    );
  });

  it('serves apps\' .localhost names to the clients of SLIPWAY_LOCAL_CLIENTS (default loopback)', () => {
    expect(loadConfig({ SLIPWAY_DATA_DIR: dataDir() }).localClients).toEqual(['loopback']);
    expect(loadConfig({ SLIPWAY_DATA_DIR: dataDir(), SLIPWAY_LOCAL_CLIENTS: 'loopback, 172.30.0.1' }).localClients).toEqual(['loopback', '172.30.0.1']);
    expect(() => loadConfig({ SLIPWAY_DATA_DIR: dataDir(), SLIPWAY_LOCAL_CLIENTS: 'the docker host' })).toThrow(
      'SLIPWAY_LOCAL_CLIENTS must be a comma-separated list of addresses, subnets or loopback, got "the docker host"',
    );
  });

  it('gives deployed apps the loopback ports of SLIPWAY_APP_PORTS (default 27000-27999)', () => {
    expect(loadConfig({ SLIPWAY_DATA_DIR: dataDir() }).appPorts).toEqual({ from: 27_000, to: 27_999 });
    expect(loadConfig({ SLIPWAY_DATA_DIR: dataDir(), SLIPWAY_APP_PORTS: '30000-30099' }).appPorts).toEqual({ from: 30_000, to: 30_099 });
    expect(() => loadConfig({ SLIPWAY_DATA_DIR: dataDir(), SLIPWAY_APP_PORTS: '30100-30000' })).toThrow(
      'SLIPWAY_APP_PORTS must be a port range such as 27000-27999 (1024 to 65535), got "30100-30000"',
    );
  });

  it('sends the cloud adapters to the public services unless their URLs are set (GitHub Enterprise, fakes)', () => {
    expect(loadConfig({ SLIPWAY_DATA_DIR: dataDir() }).cloudUrls).toEqual({
      githubApi: 'https://api.github.com',
      dockerHub: 'https://hub.docker.com',
      dockerRegistry: 'https://registry-1.docker.io',
      digitalOceanApi: 'https://api.digitalocean.com',
    });
    const config = loadConfig({
      SLIPWAY_DATA_DIR: dataDir(),
      SLIPWAY_GITHUB_API_URL: 'https://github.example.com/api/v3/',
      SLIPWAY_DOCKERHUB_URL: 'http://127.0.0.1:5001',
      SLIPWAY_DOCKER_REGISTRY_URL: 'http://127.0.0.1:5002',
      SLIPWAY_DIGITALOCEAN_API_URL: 'http://127.0.0.1:5003',
    });
    expect(config.cloudUrls).toEqual({
      githubApi: 'https://github.example.com/api/v3',
      dockerHub: 'http://127.0.0.1:5001',
      dockerRegistry: 'http://127.0.0.1:5002',
      digitalOceanApi: 'http://127.0.0.1:5003',
    });
  });

  it.each([
    ['SLIPWAY_GITHUB_API_URL', 'api.github.com', 'https://api.github.com'],
    ['SLIPWAY_DOCKERHUB_URL', 'ftp://hub.docker.com', 'https://hub.docker.com'],
    ['SLIPWAY_DOCKER_REGISTRY_URL', 'https://user:pass@registry.example.com', 'https://registry-1.docker.io'],
    ['SLIPWAY_DIGITALOCEAN_API_URL', 'https://api.digitalocean.com?x=1', 'https://api.digitalocean.com'],
  ])('refuses to start when %s is not an http(s) URL (%s)', (name, value, example) => {
    expect(() => loadConfig({ SLIPWAY_DATA_DIR: dataDir(), [name]: value })).toThrow(`${name} must be an http:// or https:// URL such as ${example}, got "`);
  });

  it('reads where users reach Slipway from SLIPWAY_PUBLIC_URL (unset: none, the listening port decides)', () => {
    expect(loadConfig({ SLIPWAY_DATA_DIR: dataDir() }).publicUrl).toBeUndefined();
    expect(loadConfig({ SLIPWAY_DATA_DIR: dataDir(), SLIPWAY_PUBLIC_URL: 'https://slipway.example.com/' }).publicUrl).toBe('https://slipway.example.com');
    expect(() => loadConfig({ SLIPWAY_DATA_DIR: dataDir(), SLIPWAY_PUBLIC_URL: 'slipway.example.com' })).toThrow(
      'SLIPWAY_PUBLIC_URL must be an http:// or https:// URL such as http://localhost:4000, got "slipway.example.com"',
    );
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

  it('limits graphql-ws per user to 10 sockets and 50 subscriptions unless told otherwise', () => {
    expect(loadConfig({ SLIPWAY_DATA_DIR: dataDir() }).wsLimits).toEqual({ socketsPerUser: 10, subscriptionsPerUser: 50 });
    expect(loadConfig({ SLIPWAY_DATA_DIR: dataDir(), SLIPWAY_WS_SOCKETS_PER_USER: '', SLIPWAY_WS_SUBSCRIPTIONS_PER_USER: '' }).wsLimits).toEqual({ socketsPerUser: 10, subscriptionsPerUser: 50 });
    expect(loadConfig({ SLIPWAY_DATA_DIR: dataDir(), SLIPWAY_WS_SOCKETS_PER_USER: '20', SLIPWAY_WS_SUBSCRIPTIONS_PER_USER: ' 1000 ' }).wsLimits).toEqual({
      socketsPerUser: 20,
      subscriptionsPerUser: 1000,
    });
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT must be an integer between 0 and 65535, got "abc"'],
    [{ PORT: '70000' }, 'PORT must be an integer between 0 and 65535, got "70000"'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL must be a postgres:// URL'],
    [{ SLIPWAY_ROLE: 'workers' }, 'SLIPWAY_ROLE must be one of all, api, worker, got "workers"'],
    [{ SLIPWAY_SECRET_KEY: 'short' }, 'SLIPWAY_SECRET_KEY must be at least 32 characters'],
    [{ SLIPWAY_WS_SOCKETS_PER_USER: '0' }, 'SLIPWAY_WS_SOCKETS_PER_USER must be a whole number from 1 to 100000, got "0"'],
    [{ SLIPWAY_WS_SOCKETS_PER_USER: '2.5' }, 'SLIPWAY_WS_SOCKETS_PER_USER must be a whole number from 1 to 100000, got "2.5"'],
    [{ SLIPWAY_WS_SUBSCRIPTIONS_PER_USER: 'many' }, 'SLIPWAY_WS_SUBSCRIPTIONS_PER_USER must be a whole number from 1 to 100000, got "many"'],
    [{ SLIPWAY_WS_SUBSCRIPTIONS_PER_USER: '1e3' }, 'SLIPWAY_WS_SUBSCRIPTIONS_PER_USER must be a whole number from 1 to 100000, got "1e3"'],
    [{ SLIPWAY_WS_SUBSCRIPTIONS_PER_USER: '100001' }, 'SLIPWAY_WS_SUBSCRIPTIONS_PER_USER must be a whole number from 1 to 100000, got "100001"'],
  ])('rejects %o with a clear message', (env, message) => {
    expect(() => loadConfig({ SLIPWAY_DATA_DIR: dataDir(), ...env })).toThrow(message);
  });
});
