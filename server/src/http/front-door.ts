import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import proxyaddr from 'proxy-addr';
import { answer, type AppProxy } from '../providers/cluster/app-proxy.js';
import type { TrustFunction } from './client-address.js';
import type { DomainRoute } from '../modules/domains/domain-routes.js';

/** `<app>.localhost`, with or without a port: the app name is a DNS label, as the local cluster's names are. */
const APP_HOST = /^([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)\.localhost\.?(?::\d+)?$/;

const STATUS_TEXT: Record<number, string> = { 403: 'Forbidden', 404: 'Not Found', 502: 'Bad Gateway', 503: 'Service Unavailable' };

/** Where the front door finds an app's proxy: the local cluster (its own, or one fed by the process that runs the apps). */
export interface AppRoutes {
  proxyOf(name: string): AppProxy | null | Promise<AppProxy | null>;
}

/** Custom domains: a Host's route, at once when known, or after a read; null for a Host that is no domain (Slipway's). */
export interface DomainLookup {
  lookup(host: string | undefined): DomainRoute | null | Promise<DomainRoute | null>;
}

const NOT_LOCAL = "Apps' .localhost addresses answer only on this machine\n";

/**
 * Slipway's front door: requests to Slipway's own HTTP port whose Host is `<app>.localhost` go to that app (HTTP
 * and WebSocket), everything else to Slipway. Apps thereby have no address of their own that another program could
 * bind. `*.localhost` names this machine, so only clients on it are served (the client address as TRUST_PROXY
 * rules it, among `localClients`: loopback, plus e.g. Docker's gateway for a published port): with HOST=0.0.0.0, a
 * remote client that sends such a Host gets 403, whatever the app, and apps stay as private as their loopback
 * ports. A custom domain's Host (port ignored) goes to its environment's serving app, for every client; a request
 * whose Host must first be read is taken and handed back to Slipway (`fallback`) when it is no domain.
 */
export class FrontDoor {
  private readonly isLocalAddress: (address: string, hop: number) => boolean;

  constructor(
    private readonly routes: AppRoutes,
    private readonly trust: TrustFunction,
    localClients: string[] = ['loopback'],
    private readonly domains: DomainLookup = { lookup: () => null },
  ) {
    this.isLocalAddress = proxyaddr.compile(localClients);
  }

  /** The app a request is for, or null when it is Slipway's. */
  appOf(req: IncomingMessage): string | null {
    const host = req.headers.host;
    if (!host?.includes('.localhost')) return null;
    return APP_HOST.exec(host.toLowerCase())?.[1] ?? null;
  }

  private isLocal(req: IncomingMessage): boolean {
    const address = proxyaddr(req, this.trust);
    return !!address && this.isLocalAddress(address, 0);
  }

  /** Answers the request when it is an app's (true); false leaves it to Slipway, as `fallback` does once a Host is read. */
  handleRequest(req: IncomingMessage, res: ServerResponse, fallback: (req: IncomingMessage, res: ServerResponse) => void): boolean {
    const name = this.appOf(req);
    if (name === null) {
      const refuse = (status: number, text: string) => answer(res, status, text);
      return this.toDomain(req, (proxy) => proxy.handle(req, res), refuse, () => fallback(req, res));
    }
    if (!this.isLocal(req)) {
      answer(res, 403, NOT_LOCAL);
      return true;
    }
    const refuse = (status: number, text: string) => answer(res, status, text);
    const found = this.routes.proxyOf(name);
    // The process that runs the apps answers at once; one that reads their snapshot may have to read it first.
    if (!(found instanceof Promise)) this.send(name, found, (proxy) => proxy.handle(req, res), refuse);
    else found.then((proxy) => this.send(name, proxy, (known) => known.handle(req, res), refuse), () => refuse(502, `${name} did not answer\n`));
    return true;
  }

  /** Takes the upgrade (WebSocket) when it is an app's (true); false leaves it to Slipway, as `fallback` does once a Host is read. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer, fallback: (req: IncomingMessage, socket: Duplex, head: Buffer) => void): boolean {
    const name = this.appOf(req);
    const refuse = (status: number, text: string) => {
      socket.end(`HTTP/1.1 ${status} ${STATUS_TEXT[status] ?? 'Error'}\r\ncontent-type: text/plain; charset=utf-8\r\nconnection: close\r\n\r\n${text}`);
    };
    if (name === null) return this.toDomain(req, (proxy) => proxy.upgrade(req, socket, head), refuse, () => fallback(req, socket, head));
    if (!this.isLocal(req)) {
      refuse(403, NOT_LOCAL);
      return true;
    }
    void Promise.resolve(this.routes.proxyOf(name)).then(
      (proxy) => this.send(name, proxy, (known) => known.upgrade(req, socket, head), refuse),
      () => socket.destroy(),
    );
    return true;
  }

  /** A custom domain's request goes to its environment's app (true); false when its Host is known to be no domain. */
  private toDomain(req: IncomingMessage, forward: (proxy: AppProxy) => void, refuse: (status: number, text: string) => void, fallback: () => void): boolean {
    const go = (route: DomainRoute | null) => {
      if (!route) return fallback();
      if (!route.app) return refuse(503, `Nothing serves ${req.headers.host ?? 'this domain'} yet: deploy its environment\n`);
      const app = route.app;
      void Promise.resolve(this.routes.proxyOf(app)).then((proxy) => this.send(app, proxy, forward, refuse), () => refuse(502, `${app} did not answer\n`));
    };
    const found = this.domains.lookup(req.headers.host);
    if (found === null) return false;
    if (found instanceof Promise) found.then(go, () => refuse(502, 'The domain could not be looked up\n'));
    else go(found);
    return true;
  }

  private send(name: string, proxy: AppProxy | null, forward: (proxy: AppProxy) => void, refuse: (status: number, text: string) => void): void {
    if (proxy) forward(proxy);
    else refuse(404, `No app named ${name} runs here\n`);
  }
}
