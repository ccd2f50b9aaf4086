// Runs the job every JOB_INTERVAL_SECONDS, never two runs at once; /health reports the last run.
import { createServer } from 'node:http';
import { runJob } from './job.mjs';

const port = Number(process.env.PORT) || 8080;
const intervalMs = (Number(process.env.JOB_INTERVAL_SECONDS) || 60) * 1000;
const webhookUrl = process.env.WEBHOOK_URL;
const webhookToken = process.env.WEBHOOK_TOKEN;

const status = { runs: 0, failures: 0, lastRunAt: null, lastResult: null, lastError: null };
let running = false;

async function report(payload) {
  if (!webhookUrl) return;
  const headers = { 'content-type': 'application/json' };
  if (webhookToken) headers.authorization = `Bearer ${webhookToken}`;
  const res = await fetch(webhookUrl, { method: 'POST', headers, body: JSON.stringify(payload) });
  if (!res.ok) throw new Error(`Webhook answered ${res.status}`);
}

async function tick() {
  if (running) return;
  running = true;
  status.lastRunAt = new Date().toISOString();
  try {
    status.lastResult = await runJob();
    status.lastError = null;
    await report({ ok: true, at: status.lastRunAt, result: status.lastResult });
    console.log(`[{{PROJECT_SLUG}}] run ${status.runs + 1} ok`);
  } catch (error) {
    status.failures += 1;
    status.lastError = error.message;
    console.error(`[{{PROJECT_SLUG}}] run ${status.runs + 1} failed: ${error.message}`);
  } finally {
    status.runs += 1;
    running = false;
  }
}

const timer = setInterval(tick, intervalMs);
tick();

const server = createServer((req, res) => {
  const { pathname } = new URL(req.url ?? '/', 'http://localhost');
  if (pathname === '/health' || pathname === '/status') {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(pathname === '/health' ? { status: 'ok' } : status));
    return;
  }
  res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'Not found' }));
});
server.listen(port, () => console.log(`Status on port ${port}, running every ${intervalMs / 1000}s`));

for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    clearInterval(timer);
    server.close(() => process.exit(0));
  });
}
