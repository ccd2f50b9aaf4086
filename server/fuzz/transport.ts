/**
 * Sends one fuzz case and records what came back: raw node:http (so malformed paths and headers go out as
 * generated, not normalised by fetch) and raw `ws` frames (so malformed graphql-ws messages do too).
 */
import { request } from 'node:http';
import WebSocket from 'ws';

/** One HTTP request, exactly as it goes on the wire. */
export interface HttpCase {
  surface: 'http';
  method: string;
  /** Raw request target: may hold bad percent-encoding, dot segments, any query string. */
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer;
}

/** One graphql-ws conversation: the frames go out in order, then a ping that must be answered. */
export interface WsCase {
  surface: 'ws';
  frames: string[];
}

export type FuzzCase = HttpCase | WsCase;

/** What the client saw: an HTTP reply, a socket's messages and close, or nothing at all. */
export interface Observation {
  ms: number;
  status?: number;
  closeCode?: number;
  /** Reply body, or every graphql-ws message received, joined. */
  text: string;
  /** The transport failed with no reply (reset, hang-up, timeout). */
  dropped?: string;
  /** graphql-ws: the ids of operations that got a `next` result. */
  executed?: string[];
  /** What the server wrote to stderr meanwhile (when the fuzzer runs it): names the cause of a failure. */
  serverLog?: string;
}

/** Longer than the 1 s rule, so a slow reply is measured rather than cut off, yet bounded. */
const GIVE_UP_MS = 3000;

export function sendHttp(base: URL, c: HttpCase): Promise<Observation> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    const headers = { ...c.headers };
    if (c.body !== undefined) headers['content-length'] = String(Buffer.byteLength(c.body));
    // Generators only produce what node will put on the wire; if node refuses, this throws: a generator bug.
    const req = request({ host: base.hostname, port: base.port, method: c.method, path: c.path, headers, agent: false });
    // Giving up is the client's choice, not a dropped connection: it counts as slow, and only as slow.
    req.setTimeout(GIVE_UP_MS, () => {
      resolve({ ms: elapsed(), text: '' });
      req.destroy();
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ ms: elapsed(), status: res.statusCode, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', (error) => resolve({ ms: elapsed(), status: res.statusCode, text: '', dropped: `reply cut off: ${error.message}` }));
    });
    req.on('error', (error) => resolve({ ms: elapsed(), text: '', dropped: error.message }));
    req.end(c.body);
  });
}

/** After the case's frames, a ping: the server must answer it with a pong or close the socket cleanly. */
export function sendWs(base: URL, c: WsCase): Promise<Observation> {
  const url = new URL('/api/graphql', base);
  url.protocol = 'ws:';
  return new Promise((resolve) => {
    const messages: string[] = [];
    const executed: string[] = [];
    let started = performance.now();
    let settled = false;
    let slowestAck = 0;
    const socket = new WebSocket(url, 'graphql-transport-ws', { handshakeTimeout: GIVE_UP_MS });
    const finish = (extra: Partial<Observation>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.removeAllListeners();
      socket.on('error', () => {});
      socket.terminate();
      resolve({ ms: Math.round(Math.max(performance.now() - started, slowestAck)), text: messages.join('\n'), executed, ...extra });
    };
    const timer = setTimeout(() => finish({ dropped: `no pong and no close within ${GIVE_UP_MS} ms` }), GIVE_UP_MS * 2);
    let acknowledged: () => void = () => {};
    socket.on('open', async () => {
      for (const frame of c.frames) {
        if (settled) return;
        socket.send(frame);
        // A well-behaved client waits for the ack before subscribing; the ack itself is due within the 1 s rule.
        if (isInit(frame)) {
          const sentAt = performance.now();
          await new Promise<void>((resolve) => {
            acknowledged = resolve;
            setTimeout(resolve, GIVE_UP_MS);
          });
          const waited = performance.now() - sentAt;
          if (waited > slowestAck) slowestAck = waited;
        }
      }
      if (settled) return;
      socket.send(JSON.stringify({ type: 'ping', payload: { fuzz: 'final' } }));
      // The 1 s rule counts from the last frame sent: a big frame's upload time is the client's.
      started = performance.now();
    });
    socket.on('message', (data) => {
      const text = data.toString();
      messages.push(text);
      let message: { type?: string; id?: string; payload?: { fuzz?: string } } = {};
      try {
        const parsed: unknown = JSON.parse(text);
        if (parsed && typeof parsed === 'object') message = parsed;
      } catch {
        // a non-JSON message from the server is judged by the oracle through `text`
      }
      if (message.type === 'connection_ack') acknowledged();
      if (message.type === 'next' && message.id) executed.push(message.id);
      if (message.type === 'pong' && message.payload?.fuzz === 'final') finish({});
    });
    // An upgrade refused with an HTTP status (e.g. 429 for too many sockets) is a reply, not a dropped connection.
    socket.on('unexpected-response', (_req, res) => finish({ status: res.statusCode }));
    socket.on('close', (code) => finish({ closeCode: code }));
    socket.on('error', (error) => finish({ dropped: error.message }));
  });
}

function isInit(frame: string): boolean {
  try {
    return (JSON.parse(frame) as { type?: unknown }).type === 'connection_init';
  } catch {
    return false;
  }
}

export function send(base: URL, c: FuzzCase): Promise<Observation> {
  return c.surface === 'http' ? sendHttp(base, c) : sendWs(base, c);
}
