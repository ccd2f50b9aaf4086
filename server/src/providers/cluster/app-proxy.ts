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

/**
 * Forwards an app's HTTP and WebSocket traffic to the processes of its serving revision (setTargets, round robin),
 * counting each request. Requests reach it through the front door (`<app>.localhost` on Slipway's port) and, when
 * listen() was called, its own loopback port. With no target it answers 503, so its addresses stay the app's while
 * a revision starts or restarts.
 */
export class AppProxy {
  private targets: number[] = [];
  private next = 0;
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
    // A response closed before it finished was cut off (its process went away mid-answer): a failed request.
    res.once('close', () => this.traffic.record(res.writableFinished ? res.statusCode : 502, performance.now() - started));
    this.forward(req, res, 0, false);
  }

  /** One WebSocket (or other upgrade) request for the app. */
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const target = this.pick();
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
  private forward(req: IncomingMessage, res: ServerResponse, attempt: number, refreshed: boolean): void {
    const target = this.pick();
    if (target === null) {
      answer(res, 503, `${this.appName} is not running\n`);
      return;
    }
    // Connection is hop-by-hop: a client's `Connection: close` ends its own connection, not the one to the app.
    this.proxy.web(req, res, { target: `http://${LOOPBACK}:${target}`, headers: KEEP_ALIVE }, (error) => {
      const retry = (req.method === 'GET' || req.method === 'HEAD') && RETRIED.has((error as NodeJS.ErrnoException).code ?? '') && !res.headersSent;
      if (retry && attempt < this.targets.length) this.forward(req, res, attempt + 1, refreshed);
      else if (retry && this.refresh && !refreshed) {
        void this.refresh().then(
          () => this.forward(req, res, 0, true),
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
    this.targets = [...ports];
  }

  private pick(): number | null {
    if (this.targets.length === 0) return null;
    this.next = (this.next + 1) % this.targets.length;
    return this.targets[this.next];
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
