import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import proxyaddr from 'proxy-addr';
import { type BuildInfo, readBuildInfo } from './build-info.js';

/** all: HTTP, GraphQL, WebSocket and job handlers; api: the first three; worker: job handlers only. */
export const ROLES = ['all', 'api', 'worker'] as const;
export type Role = (typeof ROLES)[number];

/** TRUST_PROXY: false (default), true, a number of hops, or addresses/subnets/'loopback' of trusted proxies. */
export type TrustProxy = boolean | number | string[];

export interface AppConfig {
  role: Role;
  port: number;
  host: string;
  /** Which proxies' X-Forwarded-For names the client, for HTTP and graphql-ws alike. */
  trustProxy: TrustProxy;
  dataDir: string;
  /** A PostgreSQL server; undefined means the embedded PostgreSQL server with its cluster in dataDir/postgres. */
  databaseUrl?: string;
  /** Root secret from which the token-signing and encryption keys are derived. */
  secretKey: Buffer;
  /** Built client to serve, if present. */
  clientDistDir: string;
  /** The project template catalog (templates/ at the repository root). */
  templatesDir: string;
  tokenTtlSeconds: number;
  /** Accounts one client address may register per 15 minutes (REGISTRATION_LIMIT, default 20). */
  registrationsPerAddress: number;
  /**
   * How long a pipeline step's job may stay with a worker before another worker takes it over as a dead one's
   * (SLIPWAY_STEP_EXPIRY_SECONDS; default: the longest step timeout plus a margin). Lower it only where steps are
   * known to be quick (tests): a step still running past it would run twice.
   */
  stepExpirySeconds?: number;
  /** Version, git commit (SLIPWAY_COMMIT, else read from .git) and Node.js version, for the console's `version`. */
  build: BuildInfo;
}

export class ConfigError extends Error {}

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

function parsePort(raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT must be an integer between 0 and 65535, got "${raw}"`);
  }
  return port;
}

function parseDatabaseUrl(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError('DATABASE_URL must be a postgres:// URL');
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new ConfigError('DATABASE_URL must be a postgres:// URL');
  }
  return raw;
}

function parseRole(raw: string | undefined): Role {
  if (raw === undefined || raw === '') return 'all';
  const role = ROLES.find((candidate) => candidate === raw);
  if (!role) throw new ConfigError(`SLIPWAY_ROLE must be one of ${ROLES.join(', ')}, got "${raw}"`);
  return role;
}

function parsePositiveInteger(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new ConfigError(`${name} must be a positive integer, got "${raw}"`);
  return value;
}

function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = raw?.trim() ?? '';
  if (value === '' || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  const list = value.split(',').map((item) => item.trim()).filter(Boolean);
  try {
    proxyaddr.compile(list);
  } catch {
    throw new ConfigError('TRUST_PROXY must be true, false, a number of hops, or a comma-separated list of addresses or subnets');
  }
  return list;
}

/** The secret from SLIPWAY_SECRET_KEY, else one generated once into the data directory (mode 0600). */
function loadSecretKey(raw: string | undefined, dataDir: string): Buffer {
  if (raw) {
    if (raw.length < 32) throw new ConfigError('SLIPWAY_SECRET_KEY must be at least 32 characters');
    return Buffer.from(raw, 'utf8');
  }
  const file = path.join(dataDir, 'secret.key');
  if (!existsSync(file)) {
    writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
  }
  chmodSync(file, 0o600);
  return Buffer.from(readFileSync(file, 'utf8').trim(), 'utf8');
}

/** The only reader of process.env: every setting is read and validated here, once, at boot. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const dataDir = path.resolve(env.SLIPWAY_DATA_DIR || path.join(REPO_ROOT, '.data'));
  mkdirSync(dataDir, { recursive: true });
  const databaseUrl = parseDatabaseUrl(env.DATABASE_URL);
  return {
    role: parseRole(env.SLIPWAY_ROLE),
    port: parsePort(env.PORT, 4000),
    host: env.HOST || '0.0.0.0',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    dataDir,
    databaseUrl,
    secretKey: loadSecretKey(env.SLIPWAY_SECRET_KEY, dataDir),
    clientDistDir: path.join(REPO_ROOT, 'client', 'dist'),
    templatesDir: path.join(REPO_ROOT, 'templates'),
    tokenTtlSeconds: 7 * 24 * 3600,
    registrationsPerAddress: parsePositiveInteger('REGISTRATION_LIMIT', env.REGISTRATION_LIMIT, 20),
    stepExpirySeconds: env.SLIPWAY_STEP_EXPIRY_SECONDS ? parsePositiveInteger('SLIPWAY_STEP_EXPIRY_SECONDS', env.SLIPWAY_STEP_EXPIRY_SECONDS, 1) : undefined,
    build: readBuildInfo(REPO_ROOT, env.SLIPWAY_COMMIT),
  };
}
