import { isIP } from 'node:net';
import { type SecureContext, createSecureContext } from 'node:tls';
import type { DataSource } from 'typeorm';
import type { SecretBox } from '../../common/secret-box.js';
import { keyContext } from './domain-key.js';

/** Where a registered domain's requests go: its environment's serving app (null while nothing serves), and its HTTPS context. */
export interface DomainRoute {
  app: string | null;
  tls: SecureContext | null;
}

/** How long this process trusts what it read; other processes' changes are seen within it. */
export const ROUTE_LIFETIME_MS = 5_000;
/** Hosts remembered at most (unknown ones included): a flood of made-up Hosts cannot grow it further. */
const MAX_ENTRIES = 10_000;

interface Row {
  id: string;
  certificate: string | null;
  key_encrypted: string | null;
  app: string | null;
}

/**
 * The front door's table of custom domains: Host (port ignored) to route, read from the database once per host per
 * lifetime and answered from memory meanwhile (unknown hosts too); a change made in this process drops its entry at once.
 */
export class DomainRoutes {
  private readonly entries = new Map<string, { route: DomainRoute | null; until: number }>();
  private readonly reading = new Map<string, Promise<DomainRoute | null>>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly box: SecretBox,
    private readonly lifetimeMs = ROUTE_LIFETIME_MS,
  ) {}

  /** The route of a Host header's name; synchronous when known (or never a domain: no dot, an IP address), else read. */
  lookup(host: string | undefined): DomainRoute | null | Promise<DomainRoute | null> {
    const hostname = hostnameOf(host);
    if (!hostname) return null;
    const entry = this.entries.get(hostname);
    if (entry && entry.until > Date.now()) return entry.route;
    let pending = this.reading.get(hostname);
    if (!pending) {
      pending = this.read(hostname).finally(() => this.reading.delete(hostname));
      this.reading.set(hostname, pending);
    }
    return pending;
  }

  /** Forgets a hostname after a change in this process, so its next request reads the change. */
  invalidate(hostname: string): void {
    this.entries.delete(hostname);
  }

  private async read(hostname: string): Promise<DomainRoute | null> {
    const until = Date.now() + this.lifetimeMs;
    const [row]: Row[] = await this.dataSource.query(
      `SELECT d.id, d.certificate, d.key_encrypted,
         (SELECT dep.kubernetes_namespace FROM deployments dep WHERE dep.environment_id = d.environment_id AND dep.status = 'active'
           ORDER BY dep.activated_at DESC NULLS LAST LIMIT 1) AS app
       FROM domains d WHERE d.hostname = $1`,
      [hostname],
    );
    const route = row ? { app: row.app, tls: row.certificate && row.key_encrypted ? createSecureContext({ cert: row.certificate, key: this.box.open(row.key_encrypted, keyContext(row.id)) }) : null } : null;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(hostname, { route, until });
    return route;
  }
}

/** The name of a Host header or SNI server name that could be a domain: lower-cased, port and trailing dot dropped; else null. */
export function hostnameOf(host: string | undefined): string | null {
  if (!host || host.startsWith('[')) return null;
  const name = host.replace(/:\d*$/, '').replace(/\.$/, '').toLowerCase();
  if (!name.includes('.') || isIP(name) || name.endsWith('.localhost')) return null;
  return name;
}
