import { existsSync } from 'node:fs';
import path from 'node:path';
import { Router, type RequestHandler } from 'express';
import expressStaticGzip from 'express-static-gzip';

/** Vite names everything under /assets by content hash: a new build gets new names, so these never go stale. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The built client (client/dist): the .br and .gz files written next to each asset at build time go to
 * clients that accept them (Vary: Accept-Encoding), hashed assets are cached for a year, and index.html,
 * also the answer for every client route, is revalidated on each load so that a new build shows at once.
 * Returns no handler when there is no built client (API-only, e.g. `npm run dev`).
 */
export function clientStatic(distDir: string): RequestHandler | undefined {
  if (!existsSync(path.join(distDir, 'index.html'))) return undefined;
  const files = expressStaticGzip(distDir, {
    enableBrotli: true,
    orderPreference: ['br', 'gzip'],
    index: false,
    serveStatic: {
      index: false,
      cacheControl: false,
      setHeaders(res, filePath) {
        const hashed = path.relative(distDir, filePath).startsWith(`assets${path.sep}`);
        res.setHeader('Cache-Control', hashed ? IMMUTABLE : 'no-cache');
      },
    },
  }) as RequestHandler;

  const router = Router();
  router.use(files);
  // Client-side routes: the app shell, served (and compressed) like the file itself.
  router.get('/{*path}', (req, res, next) => {
    req.url = '/index.html';
    files(req, res, next);
  });
  return router;
}
