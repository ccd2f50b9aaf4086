import type { IncomingMessage, ServerResponse } from 'node:http';

/** Small helpers both fake hosts share. */

export const MAX_BODY_BYTES = 64 * 1024 * 1024;

export async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new Error('request body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = Buffer.from(JSON.stringify(body));
  response.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': String(text.length), ...headers });
  response.end(text);
}

/** username and secret of a Basic Authorization header, or null. */
export function basicCredentials(request: IncomingMessage): { username: string; secret: string } | null {
  const match = /^Basic\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  if (!match) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? null : { username: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

/** The token of a `Bearer` (or the Hub's older `JWT`) Authorization header, or null. */
export function bearerToken(request: IncomingMessage): string | null {
  return /^(?:Bearer|JWT)\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? null;
}

/** A request budget per window, answering the headers the service sends. */
export class RequestBudget {
  private remaining: number;
  private resetAt: number;

  constructor(
    readonly limit: number,
    private readonly windowSeconds: number,
  ) {
    this.remaining = limit;
    this.resetAt = Date.now() + windowSeconds * 1000;
  }

  /** Sets how many more requests succeed before 429s (until the window resets). */
  set(remaining: number): void {
    this.refill();
    this.remaining = remaining;
  }

  /** Spends one request; false when none is left. */
  take(): boolean {
    this.refill();
    if (this.remaining <= 0) return false;
    this.remaining -= 1;
    return true;
  }

  get left(): number {
    return this.remaining;
  }

  get resetEpochSeconds(): number {
    return Math.ceil(this.resetAt / 1000);
  }

  get window(): number {
    return this.windowSeconds;
  }

  private refill(): void {
    if (Date.now() < this.resetAt) return;
    this.remaining = this.limit;
    this.resetAt = Date.now() + this.windowSeconds * 1000;
  }
}
