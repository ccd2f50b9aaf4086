import { createServer } from 'node:http';
import { createApp } from './app.js';

const LEVELS = { error: 0, info: 1, debug: 2 };
const level = LEVELS[process.env.LOG_LEVEL ?? 'info'] ?? LEVELS.info;
const log = (lvl, message) => {
  if (LEVELS[lvl] <= level) console.log(`[${lvl}] ${message}`);
};

const port = Number(process.env.PORT) || 3000;
const app = createApp({ apiKey: process.env.API_KEY, corsOrigin: process.env.CORS_ORIGIN || '*', log });
const server = createServer((req, res) => {
  app(req, res).catch((error) => {
    log('error', error.stack ?? String(error));
    if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: 'Internal server error' }));
  });
});

server.listen(port, () => log('info', `Listening on port ${port}`));

for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => server.close(() => process.exit(0)));
}
