import type { ServerOptions } from 'node:http';
import type { RequestHandler } from 'express';
import helmet from 'helmet';
import { assertSafeInput, inputProblem, inputTooDeep } from '../common/nul-bytes.js';

/**
 * Slow clients (a body that never finishes, headers sent a byte at a time) lose their connection within
 * 30 s: Node checks these deadlines every `connectionsCheckingInterval`, so the worst case is their sum.
 * WebSocket connections have left the HTTP parser after the upgrade and are not affected.
 */
export const HTTP_SERVER_OPTIONS: ServerOptions = {
  headersTimeout: 15_000,
  requestTimeout: 25_000,
  connectionsCheckingInterval: 2_000,
};

/**
 * Security headers for the app, the API and GraphiQL. Scripts come only from this origin (the Vite build
 * has no inline script); emotion and Monaco inject <style> elements, so inline styles stay allowed;
 * Monaco's workers are same-origin or blob: modules; 'self' in connect-src covers ws(s):// to this origin.
 * No upgrade-insecure-requests: self-hosted installs are often plain HTTP on a LAN.
 */
export function securityHeaders(): RequestHandler {
  const headers = recordHeaders(helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        workerSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
  }));
  return (_req, res, next) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}

/**
 * The headers a middleware sets, found once by running it against a recorder: helmet's are the same on every
 * response here (no per-request CSP nonce), and setting a fixed list spares a dozen middleware calls per request.
 */
function recordHeaders(middleware: RequestHandler): Array<[string, string]> {
  const headers: Array<[string, string]> = [];
  const recorder = {
    setHeader: (name: string, value: string) => headers.push([name, value]),
    // helmet drops X-Powered-By; Express never sets it here (app.disable('x-powered-by')).
    removeHeader: () => {},
  };
  let done = false;
  middleware({} as never, recorder as never, (error?: unknown) => {
    if (error) throw error;
    done = true;
  });
  if (!done) throw new Error('security headers: the middleware did not finish synchronously');
  return headers;
}

/** API answers carry tokens and user data: no browser or proxy may keep a copy. */
export const noStore: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store');
  next();
};

/** One door on HTTP for decoded JSON bodies, query strings and %00 in paths: bounded depth, no NUL. */
export const rejectUnsafeInput: RequestHandler = (req, _res, next) => {
  assertSafeInput(req.body, req.query, /%00/i.test(req.path) ? '\0' : '');
  next();
};

/** GraphQL's JSON bodies: their depth is bounded before Apollo reads them (a NUL in variables is a GraphQL error, apollo.ts). */
export const rejectDeepInput: RequestHandler = (req, _res, next) => {
  if (inputProblem(req.body) === 'too-deep') throw inputTooDeep();
  next();
};
