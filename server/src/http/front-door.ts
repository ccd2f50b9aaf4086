import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import proxyaddr from 'proxy-addr';
import { answer, type AppProxy } from '../providers/cluster/app-proxy.js';
import type { TrustFunction } from './client-address.js';

/** `<app>.localhost`, with or without a port: the app name is a DNS label, as the local cluster's names are. */
const APP_HOST = /^([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)\.localhost\.?(?::\d+)?$/;

/** Where the front door finds an app's proxy: the local cluster (its own, or one fed by the process that runs the apps). */
export interface AppRoutes {
  proxyOf(name: string): AppProxy | null | Promise<AppProxy | null>;
}

const NOT_LOCAL = "Apps' .localhost addresses answer only on this machine\n";

/**
 * Slipway's front door: requests to Slipway's own HTTP port whose Host is `<app>.localhost` go to that app (HTTP
 * and WebSocket), everything else to Slipway. Apps thereby have no address of their own that another program could
 * bind. `*.localhost` names this machine, so only clients on it are served (the client address as TRUST_PROXY
 * rules it, among `localClients`: loopback, plus e.g. Docker's gateway for a published port): with HOST=0.0.0.0, a
 * remote client that sends such a Host gets 403, whatever the app, and apps stay as private as their loopback
 * ports. Custom domains (served to everyone) would be another lookup here.
 */
export class FrontDoor {
  private readonly isLocalAddress: (address: string, hop: number) => boolean;

  constructor(
    private readonly routes: AppRoutes,
    private readonly trust: TrustFunction,
    localClients: string[] = ['loopback'],
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

  /** Answers the request when it is an app's (true); false leaves it to Slipway. */
  handleRequest(req: IncomingMessage, res: ServerResponse): boolean {
    const name = this.appOf(req);
    if (name === null) return false;
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

  /** Takes the upgrade (WebSocket) when it is an app's (true); false leaves it to Slipway. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean {
    const name = this.appOf(req);
    if (name === null) return false;
    const refuse = (status: number, text: string) => {
      socket.end(`HTTP/1.1 ${status} ${status === 403 ? 'Forbidden' : 'Not Found'}\r\ncontent-type: text/plain; charset=utf-8\r\nconnection: close\r\n\r\n${text}`);
    };
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

  private send(name: string, proxy: AppProxy | null, forward: (proxy: AppProxy) => void, refuse: (status: number, text: string) => void): void {
    if (proxy) forward(proxy);
    else refuse(404, `No app named ${name} runs here\n`);
  }
}
