import { Agent, createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { createProxyServer } from 'http-proxy-3';
import { TrafficRecorder } from './app-traffic.js';

/** Errors of a process that is gone or going, before it answered. */
const RETRIED = new Set(['ECONNREFUSED', 'ECONNRESET']);

const KEEP_ALIVE = { connection: 'keep-alive' };

/** Loopback only: app processes and the loopback URL are for this machine, never the network. */
export const LOOPBACK = '127.0.0.1';

export function answer(res: ServerResponse, status: number, message: string): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }).end(message);
}

/** One revision's processes (round robin) and what they were sent. */
class Pool {
  ports: number[] = [];
  private next = 0;
  readonly traffic = new TrafficRecorder();

  pick(): number | null {
    if (this.ports.length === 0) return null;
    this.next = (this.next + 1) % this.ports.length;
    return this.ports[this.next];
  }
}

/** What one revision was sent while a canary runs: cumulative since the canary started. */
export interface PoolTraffic {
  requests: number;
  errors: number;
  latencyBuckets: number[];
}

/**
 * Forwards an app's HTTP and WebSocket traffic to the processes of its serving revision (setTargets, round robin),
 * counting each request; while a canary runs (setCanary), a set share of new requests goes to the new revision. Requests reach it through the front door (`<app>.localhost` on Slipway's port) and, when
 * listen() was called, its own loopback port. With no target it answers 503, so its addresses stay the app's while
 * a revision starts or restarts.
 */
export class AppProxy {
  /** The serving revision's processes. */
  private stable = new Pool();
  /** While a canary runs: the new revision's processes and its share of new requests. */
  private canary: { pool: Pool; percent: number; seen: number; routed: number } | null = null;
  /**
   * Connections to the app's processes are kept open and reused (http-proxy opens one per request without an agent,
   * which costs the proxy and the app a connection each time); idle ones close before Node's 5 s keep-alive timeout.
   */
  private readonly agent = new Agent({ keepAlive: true, timeout: 4_000 });
  private readonly proxy = createProxyServer({ xfwd: true, agent: this.agent });
  private server: Server | null = null;
  /** Client sockets of the loopback port and of proxied WebSockets: close() ends them. */
  private readonly sockets = new Set<Duplex>();
  /** Every HTTP request's status and duration (WebSocket upgrades are not counted). */
  readonly traffic = new TrafficRecorder();

  /**
   * `refresh`, when given, is asked for the current targets once every target refused a request: a process that
   * reads the targets from another process's snapshot may hold an older list than the one already serving.
   */
  constructor(
    private readonly appName: string,
    private readonly refresh?: () => Promise<void>,
  ) {
    // The app's own Connection and Keep-Alive are about the proxy's connection to it: the client's is Node's to settle.
    this.proxy.on('proxyRes', (proxyRes) => {
      delete proxyRes.headers.connection;
      delete proxyRes.headers['keep-alive'];
    });
    this.proxy.on('error', (_error, _req, res) => {
      if ('writeHead' in res) answer(res, 502, `${this.appName} did not answer\n`);
      else res.destroy();
    });
  }

  /** One HTTP request for the app. */
  handle(req: IncomingMessage, res: ServerResponse): void {
    const started = performance.now();
    const pool = this.choose();
    // A response closed before it finished was cut off (its process went away mid-answer): a failed request.
    res.once('close', () => {
      const status = res.writableFinished ? res.statusCode : 502;
      const ms = performance.now() - started;
      this.traffic.record(status, ms);
      pool.traffic.record(status, ms);
    });
    this.forward(req, res, pool, 0, false);
  }

  /** One WebSocket (or other upgrade) request for the app. */
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const target = this.choose().pick();
    if (target === null) {
      socket.destroy();
      return;
    }
    this.sockets.add(socket);
    socket.once('close', () => this.sockets.delete(socket));
    this.proxy.ws(req, socket, head, { target: `ws://${LOOPBACK}:${target}` });
  }

  /**
   * Sends the request to the next process. A request without a body (GET, HEAD) that a process refused or
   * dropped before answering (it just ended; its exit is not seen yet) goes to the next one, as a proxy's
   * "next upstream" does, so one replica's crash costs no request; when all refused, once more after a refresh.
   */
  private forward(req: IncomingMessage, res: ServerResponse, pool: Pool, attempt: number, refreshed: boolean): void {
    const target = pool.pick();
    if (target === null) {
      answer(res, 503, `${this.appName} is not running\n`);
      return;
    }
    // Connection is hop-by-hop: a client's `Connection: close` ends its own connection, not the one to the app.
    this.proxy.web(req, res, { target: `http://${LOOPBACK}:${target}`, headers: KEEP_ALIVE }, (error) => {
      const retry = (req.method === 'GET' || req.method === 'HEAD') && RETRIED.has((error as NodeJS.ErrnoException).code ?? '') && !res.headersSent;
      if (retry && attempt < pool.ports.length) this.forward(req, res, pool, attempt + 1, refreshed);
      else if (retry && this.refresh && !refreshed) {
        void this.refresh().then(
          () => this.forward(req, res, this.choose(), 0, true),
          () => answer(res, 502, `${this.appName} did not answer\n`),
        );
      } else answer(res, 502, `${this.appName} did not answer\n`);
    });
  }

  /** Serves the app on its own loopback port too; rejects (EADDRINUSE, EACCES) when another program holds it. */
  listen(port: number): Promise<void> {
    const server = createServer((req, res) => this.handle(req, res));
    server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.once('close', () => this.sockets.delete(socket));
    });
    server.on('upgrade', (req, socket, head: Buffer) => this.upgrade(req, socket, head));
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, LOOPBACK, () => {
        server.off('error', reject);
        this.server = server;
        resolve();
      });
    });
  }

  /** Where new requests go from now on (round robin); requests already forwarded finish where they are. */
  setTargets(ports: number[]): void {
    this.stable.ports = [...ports];
  }

  /**
   * Sends `percent` of new requests to the canary's processes (null: none, the canary is over). Counts per revision
   * start afresh when a canary starts; a new percent applies exactly from the next request on.
   */
  setCanary(canary: { ports: number[]; percent: number } | null): void {
    if (!canary) {
      this.canary = null;
      return;
    }
    if (!this.canary) {
      const ports = this.stable.ports;
      this.stable = new Pool();
      this.stable.ports = ports;
      this.canary = { pool: new Pool(), percent: 0, seen: 0, routed: 0 };
    }
    this.canary.pool.ports = [...canary.ports];
    if (this.canary.percent !== canary.percent) Object.assign(this.canary, { percent: canary.percent, seen: 0, routed: 0 });
  }

  /** Each revision's requests since the canary started; null when no canary runs. */
  canaryTraffic(): { stable: PoolTraffic; canary: PoolTraffic } | null {
    return this.canary && { stable: this.stable.traffic.snapshot(), canary: this.canary.pool.traffic.snapshot() };
  }

  /**
   * The revision a new request goes to: the canary for exactly its share of requests (counted, not drawn at random,
   * so a split of 10 % is 1 request in 10), the other one when the chosen revision has no process up.
   */
  private choose(): Pool {
    const canary = this.canary;
    if (!canary || canary.pool.ports.length === 0) return this.stable;
    if (this.stable.ports.length === 0) return canary.pool;
    canary.seen++;
    if (canary.routed * 100 >= canary.seen * canary.percent) return this.stable;
    canary.routed++;
    return canary.pool;
  }

  get listening(): boolean {
    return this.server?.listening ?? false;
  }

  /** Stops the loopback port taking connections (those open stay until close()): its loopback URL refuses from now on. */
  stopListening(): Promise<void> {
    const server = this.server;
    this.server = null;
    return server?.listening ? new Promise<void>((resolve) => server.close(() => resolve())) : Promise.resolve();
  }

  /** Stops the loopback port and drops open connections and WebSockets: afterwards its loopback URL refuses connections. */
  async close(): Promise<void> {
    const closed = this.stopListening();
    for (const socket of this.sockets) socket.destroy();
    this.agent.destroy();
    await closed;
  }
}
