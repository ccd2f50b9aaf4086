// The API as a plain request handler, so tests can drive it without opening a port.
import { randomUUID, timingSafeEqual } from 'node:crypto';

const MAX_BODY_BYTES = 64 * 1024;

function send(res, status, body, headers = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(body === undefined ? undefined : JSON.stringify(body));
}

function readJson(req) {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks = [];
    req.on('data', (chunk) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) reject(new Error('Request body is too large'));
      else chunks.push(chunk);
    });
    req.on('end', () => {
      try {
        resolve(chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {});
      } catch {
        reject(new Error('Malformed JSON'));
      }
    });
    req.on('error', reject);
  });
}

function keyMatches(expected, given) {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function createApp({ apiKey, corsOrigin = '*', log = () => {} }) {
  if (!apiKey) throw new Error('API_KEY is required');
  const items = new Map();

  return async function handle(req, res) {
    const started = Date.now();
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    const cors = { 'access-control-allow-origin': corsOrigin };
    res.on('finish', () => log('info', `${req.method} ${pathname} ${res.statusCode} ${Date.now() - started}ms`));

    if (req.method === 'OPTIONS') {
      return send(res, 204, undefined, {
        ...cors,
        'access-control-allow-methods': 'GET, POST, DELETE',
        'access-control-allow-headers': 'content-type, x-api-key',
      });
    }
    if (pathname === '/health') return send(res, 200, { status: 'ok' }, cors);

    if (pathname === '/api/items' && req.method === 'GET') {
      return send(res, 200, { items: [...items.values()] }, cors);
    }

    const writes = pathname === '/api/items' && req.method === 'POST';
    const deleteMatch = /^\/api\/items\/([\w-]+)$/.exec(pathname);
    if (!writes && !(deleteMatch && req.method === 'DELETE')) {
      return send(res, 404, { error: 'Not found' }, cors);
    }
    if (!keyMatches(apiKey, req.headers['x-api-key'])) {
      return send(res, 401, { error: 'A valid x-api-key header is required' }, cors);
    }

    if (deleteMatch) {
      if (!items.delete(deleteMatch[1])) return send(res, 404, { error: 'Item not found' }, cors);
      return send(res, 204, undefined, cors);
    }

    let body;
    try {
      body = await readJson(req);
    } catch (error) {
      return send(res, 400, { error: error.message }, cors);
    }
    const name = typeof body?.name === 'string' ? body.name.trim() : '';
    if (!name) return send(res, 400, { error: 'name is required' }, cors);
    const item = { id: randomUUID(), name, createdAt: new Date().toISOString() };
    items.set(item.id, item);
    return send(res, 201, item, cors);
  };
}
