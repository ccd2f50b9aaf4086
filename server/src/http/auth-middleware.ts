import type { Request, RequestHandler } from 'express';
import type { Authenticated } from '../modules/auth/token.service.js';
import { notSignedIn } from '../modules/auth/auth.exception.js';
import type { Services } from '../services.js';

declare module 'express-serve-static-core' {
  interface Request {
    auth?: Authenticated;
  }
}

export function bearerToken(header: unknown): string | null {
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match ? match[1] : null;
}

/** Resolves the bearer token, if any, to the signed-in user; an invalid token is a 401. */
export async function authenticate(services: Services, header: unknown): Promise<Authenticated | null> {
  const token = bearerToken(header);
  return token ? services.auth.authenticate(token) : null;
}

export function requireAuth(services: Services): RequestHandler {
  return async (req, _res, next) => {
    const auth = await authenticate(services, req.headers.authorization);
    if (!auth) throw notSignedIn();
    req.auth = auth;
    next();
  };
}

/** The signed-in user of a route behind requireAuth. */
export function authOf(req: Request): Authenticated {
  if (!req.auth) throw notSignedIn();
  return req.auth;
}

export function clientAddress(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}
