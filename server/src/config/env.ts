import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import proxyaddr from 'proxy-addr';
import type { BuildInfo } from '../common/build-info.js';
import { ROLES, type Role } from '../common/process-role.js';
import { DEFAULT_WS_SOCKETS_PER_USER, DEFAULT_WS_SUBSCRIPTIONS_PER_USER, type WsLimits } from '../graphql/ws-limits.js';
import type { TrustProxy } from '../http/client-address.js';
import { readBuildInfo } from './build-info.js';
import type { SmtpSettings } from '../modules/notifications/email-sender.js';
import { WebhookAddressPolicy } from '../modules/notifications/webhook-target.js';

/** The most either may be set to: each socket and subscription costs the server memory. */
export const MAX_WS_LIMIT = 100_000;




export interface AppConfig {
  role: Role;
  port: number;
  /** Where Slipway serves HTTPS for custom domains with an uploaded certificate (SLIPWAY_HTTPS_PORT); null: no HTTPS (default). */
  httpsPort: number | null;
  host: string;
  /**
   * Where users reach this Slipway (SLIPWAY_PUBLIC_URL), for the git clone URLs it shows; undefined means
   * http://localhost:<the port it listens on>.
   */
  publicUrl?: string;
  /** Which proxies' X-Forwarded-For names the client, for HTTP and graphql-ws alike. */
  trustProxy: TrustProxy;
  /**
   * Client addresses that count as this machine for apps' `<app>.localhost` names at the front door
   * (SLIPWAY_LOCAL_CLIENTS: addresses, subnets or 'loopback'; default loopback).
   */
  localClients: string[];
  dataDir: string;
  /** A PostgreSQL server; undefined means the embedded PostgreSQL server with its cluster in dataDir/postgres. */
  databaseUrl?: string;
  /** Root secret from which the token-signing and encryption keys are derived. */
  secretKey: Buffer;
  /** Built client to serve, if present. */
  clientDistDir: string;
  /** The client's trusted documents ('sha256:<hex>' -> text), written by codegen. */
  trustedDocumentsFile: string;
  /**
   * SLIPWAY_TRUSTED_DOCUMENTS_ONLY=true: GraphQL runs only the client's own documents (hardening; GraphiQL and
   * other tools then cannot send their own). Default false: any document is accepted.
   */
  trustedDocumentsOnly: boolean;
  /**
   * Set by `npm start` (scripts/start.mjs, SLIPWAY_AWAIT_CLIENT_BUILD=1), which boots the server while the client
   * still builds: the server opens its port only once the script says, over the IPC channel, that the client is built.
   */
  awaitClientBuild?: boolean;
  /** Loopback ports the local cluster gives deployed apps' stable URLs (SLIPWAY_APP_PORTS, default 27000-27999). */
  appPorts: { from: number; to: number };
  /** The project template catalog (templates/ at the repository root). */
  templatesDir: string;
  tokenTtlSeconds: number;
  /** Accounts one client address may register per 15 minutes (REGISTRATION_LIMIT, default 20). */
  registrationsPerAddress: number;
  /** Per-user graphql-ws limits (SLIPWAY_WS_SOCKETS_PER_USER, default 10; SLIPWAY_WS_SUBSCRIPTIONS_PER_USER, default 50). */
  wsLimits: WsLimits;
  /**
   * Where the cloud adapters send their requests (GitHub Enterprise, or local fakes): SLIPWAY_GITHUB_API_URL,
   * SLIPWAY_DOCKERHUB_URL, SLIPWAY_DOCKER_REGISTRY_URL and SLIPWAY_DIGITALOCEAN_API_URL.
   */
  cloudUrls: CloudUrls;
  /** How long a cloud service has to answer a request before it counts as unreachable (SLIPWAY_PROVIDER_TIMEOUT_SECONDS, default 30). */
  providerTimeoutMs: number;
  /** How often live deployments' instances are checked (SLIPWAY_HEALTH_CHECK_SECONDS, default 15; tests use 1). */
  healthCheckMs: number;
  /** How often a build on GitHub Actions is looked at (SLIPWAY_GITHUB_POLL_SECONDS, default 5; tests use 1). */
  githubPollMs: number;
  /** Version, git commit (SLIPWAY_COMMIT, else read from .git) and Node.js version, for the console's `version`. */
  build: BuildInfo;
  /** The SMTP server email notifications go through (SLIPWAY_SMTP_URL, SLIPWAY_SMTP_FROM); unset: no email channels. */
  smtp?: SmtpSettings;
  /** Ranges (CIDR) webhooks may reach although loopback or private (SLIPWAY_WEBHOOK_ALLOW, comma-separated; default none). */
  webhookAllow: string[];
}

export interface CloudUrls {
  githubApi: string;
  dockerHub: string;
  dockerRegistry: string;
  digitalOceanApi: string;
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

/** An http(s) URL without a trailing slash, or the fallback when unset. */
function parseHttpUrl(name: string, raw: string | undefined, fallback: string): string {
  const value = raw?.trim() ?? '';
  if (value === '') return fallback;
  let url: URL | null = null;
  try {
    url = new URL(value);
  } catch {
    url = null;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password || url.search || url.hash) {
    throw new ConfigError(`${name} must be an http:// or https:// URL such as ${fallback}, got "${value.slice(0, 200)}"`);
  }
  return value.replace(/\/+$/, '');
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

function parseBoolean(name: string, raw: string | undefined): boolean {
  const value = raw?.trim().toLowerCase() ?? '';
  if (value === '' || value === 'false') return false;
  if (value === 'true') return true;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

function parseWsLimit(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw.trim());
  if (!/^\d+$/.test(raw.trim()) || !Number.isSafeInteger(value) || value < 1 || value > MAX_WS_LIMIT) {
    throw new ConfigError(`${name} must be a whole number from 1 to ${MAX_WS_LIMIT}, got "${raw}"`);
  }
  return value;
}

function parseHttpsPort(raw: string | undefined): number | null {
  if (raw === undefined || raw === '') return null;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ConfigError(`SLIPWAY_HTTPS_PORT must be an integer between 0 and 65535, got "${raw}"`);
  return port;
}

function parsePortRange(name: string, raw: string | undefined, fallback: { from: number; to: number }): { from: number; to: number } {
  if (raw === undefined || raw.trim() === '') return fallback;
  const match = /^(\d+)-(\d+)$/.exec(raw.trim());
  const [from, to] = match ? [Number(match[1]), Number(match[2])] : [NaN, NaN];
  if (!(from >= 1024 && to <= 65535 && from <= to)) throw new ConfigError(`${name} must be a port range such as 27000-27999 (1024 to 65535), got "${raw}"`);
  return { from, to };
}

function parseLocalClients(raw: string | undefined): string[] {
  const list = (raw ?? '').split(',').map((item) => item.trim()).filter(Boolean);
  if (list.length === 0) return ['loopback'];
  try {
    proxyaddr.compile(list);
  } catch {
    throw new ConfigError(`SLIPWAY_LOCAL_CLIENTS must be a comma-separated list of addresses, subnets or loopback, got "${raw}"`);
  }
  return list;
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

/** SLIPWAY_SECRET_KEY, validated, when it is set. */
function secretKeyFromEnvironment(raw: string | undefined): Buffer | undefined {
  if (!raw) return undefined;
  if (raw.length < 32) throw new ConfigError('SLIPWAY_SECRET_KEY must be at least 32 characters');
  return Buffer.from(raw, 'utf8');
}

/** The secret from SLIPWAY_SECRET_KEY, else one generated once into the data directory (mode 0600). */
function loadSecretKey(raw: string | undefined, dataDir: string): Buffer {
  const fromEnvironment = secretKeyFromEnvironment(raw);
  if (fromEnvironment) return fromEnvironment;
  const file = path.join(dataDir, 'secret.key');
  if (!existsSync(file)) {
    writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
  }
  chmodSync(file, 0o600);
  return Buffer.from(readFileSync(file, 'utf8').trim(), 'utf8');
}

/** Where Slipway keeps its data, read without creating or changing anything (backup and restore). */
export interface DataLocation {
  dataDir: string;
  databaseUrl?: string;
  /** SLIPWAY_SECRET_KEY when set; otherwise the key is the data directory's secret.key. */
  secretKey?: Buffer;
}

export function loadDataLocation(env: NodeJS.ProcessEnv = process.env): DataLocation {
  return {
    dataDir: path.resolve(env.SLIPWAY_DATA_DIR || path.join(REPO_ROOT, '.data')),
    databaseUrl: parseDatabaseUrl(env.DATABASE_URL),
    secretKey: secretKeyFromEnvironment(env.SLIPWAY_SECRET_KEY),
  };
}

/** The only reader of process.env: every setting is read and validated here, once, at boot. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const { dataDir, databaseUrl } = loadDataLocation(env);
  mkdirSync(dataDir, { recursive: true });
  return {
    role: parseRole(env.SLIPWAY_ROLE),
    port: parsePort(env.PORT, 4000),
    httpsPort: parseHttpsPort(env.SLIPWAY_HTTPS_PORT),
    host: env.HOST || '0.0.0.0',
    publicUrl: env.SLIPWAY_PUBLIC_URL?.trim() ? parseHttpUrl('SLIPWAY_PUBLIC_URL', env.SLIPWAY_PUBLIC_URL, 'http://localhost:4000') : undefined,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    localClients: parseLocalClients(env.SLIPWAY_LOCAL_CLIENTS),
    dataDir,
    databaseUrl,
    secretKey: loadSecretKey(env.SLIPWAY_SECRET_KEY, dataDir),
    clientDistDir: path.join(REPO_ROOT, 'client', 'dist'),
    trustedDocumentsFile: path.join(REPO_ROOT, 'client', 'src', 'generated', 'persisted-documents.json'),
    trustedDocumentsOnly: parseBoolean('SLIPWAY_TRUSTED_DOCUMENTS_ONLY', env.SLIPWAY_TRUSTED_DOCUMENTS_ONLY),
    awaitClientBuild: env.SLIPWAY_AWAIT_CLIENT_BUILD === '1',
    appPorts: parsePortRange('SLIPWAY_APP_PORTS', env.SLIPWAY_APP_PORTS, { from: 27_000, to: 27_999 }),
    templatesDir: path.join(REPO_ROOT, 'templates'),
    tokenTtlSeconds: 7 * 24 * 3600,
    registrationsPerAddress: parsePositiveInteger('REGISTRATION_LIMIT', env.REGISTRATION_LIMIT, 20),
    wsLimits: {
      socketsPerUser: parseWsLimit('SLIPWAY_WS_SOCKETS_PER_USER', env.SLIPWAY_WS_SOCKETS_PER_USER, DEFAULT_WS_SOCKETS_PER_USER),
      subscriptionsPerUser: parseWsLimit('SLIPWAY_WS_SUBSCRIPTIONS_PER_USER', env.SLIPWAY_WS_SUBSCRIPTIONS_PER_USER, DEFAULT_WS_SUBSCRIPTIONS_PER_USER),
    },
    cloudUrls: {
      githubApi: parseHttpUrl('SLIPWAY_GITHUB_API_URL', env.SLIPWAY_GITHUB_API_URL, 'https://api.github.com'),
      dockerHub: parseHttpUrl('SLIPWAY_DOCKERHUB_URL', env.SLIPWAY_DOCKERHUB_URL, 'https://hub.docker.com'),
      dockerRegistry: parseHttpUrl('SLIPWAY_DOCKER_REGISTRY_URL', env.SLIPWAY_DOCKER_REGISTRY_URL, 'https://registry-1.docker.io'),
      digitalOceanApi: parseHttpUrl('SLIPWAY_DIGITALOCEAN_API_URL', env.SLIPWAY_DIGITALOCEAN_API_URL, 'https://api.digitalocean.com'),
    },
    providerTimeoutMs: parsePositiveInteger('SLIPWAY_PROVIDER_TIMEOUT_SECONDS', env.SLIPWAY_PROVIDER_TIMEOUT_SECONDS, 30) * 1000,
    healthCheckMs: parsePositiveInteger('SLIPWAY_HEALTH_CHECK_SECONDS', env.SLIPWAY_HEALTH_CHECK_SECONDS, 15) * 1000,
    githubPollMs: parsePositiveInteger('SLIPWAY_GITHUB_POLL_SECONDS', env.SLIPWAY_GITHUB_POLL_SECONDS, 5) * 1000,
    build: readBuildInfo(REPO_ROOT, env.SLIPWAY_COMMIT),
    smtp: parseSmtp(env.SLIPWAY_SMTP_URL, env.SLIPWAY_SMTP_FROM),
    webhookAllow: parseWebhookAllow(env.SLIPWAY_WEBHOOK_ALLOW),
  };
}

function parseSmtp(rawUrl: string | undefined, rawFrom: string | undefined): SmtpSettings | undefined {
  const value = rawUrl?.trim() ?? '';
  if (!value) return undefined;
  let url: URL | null = null;
  try {
    url = new URL(value);
  } catch {
    url = null;
  }
  // The URL may hold the SMTP password: never echo it.
  if (!url || (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') || !url.hostname) {
    throw new ConfigError('SLIPWAY_SMTP_URL must be an smtp:// or smtps:// URL such as smtp://user:password@mail.example.com:587');
  }
  return { url: value, from: rawFrom?.trim() || 'Slipway <slipway@localhost>' };
}

function parseWebhookAllow(raw: string | undefined): string[] {
  try {
    return WebhookAddressPolicy.parseRanges(raw);
  } catch {
    throw new ConfigError(`SLIPWAY_WEBHOOK_ALLOW must be comma-separated CIDR ranges such as 127.0.0.0/8,10.0.0.0/8, got "${String(raw).slice(0, 200)}"`);
  }
}
