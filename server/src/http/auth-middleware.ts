import type { Request, RequestHandler } from 'express';
import type { AuditActor } from '../modules/audit/audit-context.js';
import type { Authenticated } from '../modules/auth/token.service.js';
import { notSignedIn } from '../modules/auth/auth.errors.js';

declare module 'express-serve-static-core' {
  interface Request {
    auth?: Authenticated;
    /** Who asked, when a project member's route runs on the owner's account (`auth`); see AccessPolicy. */
    actor?: Authenticated;
  }
}

/** An Authorization header to the signed-in user: null without a bearer token, 'not signed in' for an invalid one. */
export type Authenticate = (authorization: unknown) => Promise<Authenticated | null>;

export function bearerToken(header: unknown): string | null {
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match ? match[1] : null;
}

export function bearerAuthentication(verify: (token: string) => Promise<Authenticated>): Authenticate {
  return async (authorization) => {
    const token = bearerToken(authorization);
    return token ? verify(token) : null;
  };
}

/** Routes behind it need a signed-in user; an invalid token is a 401, a failing check a 500. */
export function requireAuth(authenticate: Authenticate): RequestHandler {
  return async (req, _res, next) => {
    const auth = await authenticate(req.headers.authorization);
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

/** Who asked: the member acting on a project, else the signed-in user. */
export function actorOf(req: Request): Authenticated {
  return req.actor ?? authOf(req);
}

/** Who the audit log records for a request's changes: the caller (a member, not the owner they act for), or nobody yet. */
export function auditActorOfRequest(req: Request): AuditActor {
  const auth = req.actor ?? req.auth;
  return { userId: auth?.user.id ?? null, email: auth?.user.email ?? null, tokenId: auth?.grant?.tokenId ?? null, address: clientAddress(req) };
}

export function clientAddress(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}
