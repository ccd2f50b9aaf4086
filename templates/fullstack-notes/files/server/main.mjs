import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openNotesStore } from './notes-store.mjs';
import { COOKIE, isValid, issue, passwordMatches, readCookie } from './session.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');

const config = {
  port: Number(process.env.PORT) || 3000,
  adminPassword: process.env.ADMIN_PASSWORD,
  sessionSecret: process.env.SESSION_SECRET,
  dataFile: path.resolve(root, process.env.DATA_FILE || 'data/notes.json'),
  ttlHours: Number(process.env.SESSION_TTL_HOURS) || 12,
};
for (const name of ['adminPassword', 'sessionSecret']) {
  if (!config[name]) {
    console.error(`${name === 'adminPassword' ? 'ADMIN_PASSWORD' : 'SESSION_SECRET'} is required`);
    process.exit(1);
  }
}

const notes = await openNotesStore(config.dataFile);
const TYPES = { '.html': 'text/html; charset=utf-8', '.css': 'text/css; charset=utf-8', '.js': 'text/javascript; charset=utf-8' };

function json(res, status, body, headers = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(body === undefined ? undefined : JSON.stringify(body));
}

async function body(req) {
  const chunks = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > 16 * 1024) throw new Error('Request body is too large');
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
  } catch {
    throw new Error('Malformed JSON');
  }
}

async function api(req, res, pathname) {
  const signedIn = isValid(config.sessionSecret, readCookie(req.headers.cookie, COOKIE));
  if (pathname === '/api/health') return json(res, 200, { status: 'ok' });
  if (pathname === '/api/session' && req.method === 'GET') return json(res, 200, { signedIn });
  if (pathname === '/api/session' && req.method === 'POST') {
    const { password } = await body(req);
    if (!passwordMatches(config.adminPassword, password)) return json(res, 401, { error: 'Wrong password' });
    const cookie = `${COOKIE}=${issue(config.sessionSecret, config.ttlHours)}; HttpOnly; SameSite=Strict; Path=/; Max-Age=${config.ttlHours * 3600}`;
    return json(res, 200, { signedIn: true }, { 'set-cookie': cookie });
  }
  if (pathname === '/api/notes' && req.method === 'GET') return json(res, 200, { notes: notes.list() });
  const removeMatch = /^\/api\/notes\/([\w-]+)$/.exec(pathname);
  const isWrite = (pathname === '/api/notes' && req.method === 'POST') || (removeMatch && req.method === 'DELETE');
  if (!isWrite) return json(res, 404, { error: 'Not found' });
  if (!signedIn) return json(res, 401, { error: 'Sign in first' });
  if (removeMatch) return (await notes.remove(removeMatch[1])) ? json(res, 204) : json(res, 404, { error: 'Note not found' });
  const { text } = await body(req);
  if (typeof text !== 'string' || !text.trim()) return json(res, 400, { error: 'text is required' });
  return json(res, 201, await notes.add(text.trim()));
}

async function staticFile(res, pathname) {
  const file = path.resolve(dist, '.' + path.posix.normalize(pathname === '/' ? '/index.html' : pathname));
  const info = file.startsWith(dist + path.sep) ? await stat(file).catch(() => null) : null;
  if (!info?.isFile()) return json(res, 404, { error: 'Not found' });
  res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
  createReadStream(file).pipe(res);
}

const server = createServer(async (req, res) => {
  const { pathname } = new URL(req.url ?? '/', 'http://localhost');
  try {
    if (pathname.startsWith('/api/')) await api(req, res, pathname);
    else await staticFile(res, pathname);
  } catch (error) {
    const clientError = error.message === 'Malformed JSON' || error.message === 'Request body is too large';
    if (!clientError) console.error(error);
    if (!res.headersSent) json(res, clientError ? 400 : 500, { error: clientError ? error.message : 'Internal server error' });
  }
});

server.listen(config.port, () => console.log(`Listening on port ${config.port}`));
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => server.close(() => process.exit(0)));
}
