import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { createProxyServer } from 'http-proxy-3';
import { TrafficRecorder } from './app-traffic.js';

/** Errors of a process that is gone or going, before it answered. */
const RETRIED = new Set(['ECONNREFUSED', 'ECONNRESET']);

/** Loopback only: the stable URL is for this machine (curl, Node's fetch, the browser), never the network. */
export const LOOPBACK = '127.0.0.1';

function answer(res: ServerResponse, status: number, message: string): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }).end(message);
}

/**
 * An app's stable URL: a reverse proxy on its own loopback port that forwards HTTP and WebSocket traffic to
 * the processes of the revision serving (setTargets, round robin). With none it answers 503, so the URL stays
 * bound (and the port stays the app's) while a revision starts or restarts.
 */
export class AppProxy {
  private targets: number[] = [];
  private next = 0;
  private readonly proxy = createProxyServer({ xfwd: true });
  private readonly server: Server;
  private readonly sockets = new Set<Socket>();
  /** Every HTTP request's status and duration (WebSocket upgrades are not counted). */
  readonly traffic = new TrafficRecorder();

  constructor(private readonly appName: string) {
    this.proxy.on('error', (_error, _req, res) => {
      if ('writeHead' in res) answer(res, 502, `${this.appName} did not answer\n`);
      else res.destroy();
    });
    this.server = createServer((req, res) => {
      const started = performance.now();
      // A response closed before it finished was cut off (its process went away mid-answer): a failed request.
      res.once('close', () => this.traffic.record(res.writableFinished ? res.statusCode : 502, performance.now() - started));
      this.forward(req, res, 0);
    });
    this.server.on('connection', (socket: Socket) => {
      this.sockets.add(socket);
      socket.once('close', () => this.sockets.delete(socket));
    });
    this.server.on('upgrade', (req, socket: Socket, head: Buffer) => {
      const target = this.pick();
      if (target === null) socket.destroy();
      else this.proxy.ws(req, socket, head, { target: `ws://${LOOPBACK}:${target}` });
    });
  }

  /**
   * Sends the request to the next process. A request without a body (GET, HEAD) that a process refused or
   * dropped before answering (it just ended; its exit is not seen yet) goes to the next one, as a proxy's
   * "next upstream" does, so one replica's crash costs no request.
   */
  private forward(req: IncomingMessage, res: ServerResponse, attempt: number): void {
    const target = this.pick();
    if (target === null) {
      answer(res, 503, `${this.appName} is not running\n`);
      return;
    }
    this.proxy.web(req, res, { target: `http://${LOOPBACK}:${target}` }, (error) => {
      const retry = (req.method === 'GET' || req.method === 'HEAD') && RETRIED.has((error as NodeJS.ErrnoException).code ?? '');
      if (retry && attempt < this.targets.length && !res.headersSent) this.forward(req, res, attempt + 1);
      else answer(res, 502, `${this.appName} did not answer\n`);
    });
  }

  /** Binds the stable port; rejects (EADDRINUSE, EACCES) when another program holds it. */
  listen(port: number): Promise<void> {
    return new Promise((resolve, reject) => {
      const fail = (error: Error) => reject(error);
      this.server.once('error', fail);
      this.server.listen(port, LOOPBACK, () => {
        this.server.off('error', fail);
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
    return this.server.listening;
  }

  /** Stops accepting connections and drops the open ones: afterwards the URL refuses connections. */
  async close(): Promise<void> {
    if (!this.server.listening) return;
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    for (const socket of this.sockets) socket.destroy();
    await closed;
  }
}
