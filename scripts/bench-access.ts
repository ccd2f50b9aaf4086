/**
 * `npm run bench:access`: how soon a revoked personal access token is refused (issue 34, target <= 1 s).
 *
 * Slipway (role all) boots in this process on a fresh database on the PostgreSQL server (BENCH_DATABASE_ADMIN_URL)
 * and a second API process (role api, in this process too) joins it on the same database, as a scaled-out install
 * runs. Each round creates a token, uses it on both (so both have it cached), opens a graphql-ws socket with a running
 * subscription on each, then revokes it through the first. It prints, from sending the revocation, the time until
 * a REST request is refused (401) on the process that revoked it and on the other one, and until each open socket
 * is closed (4403): p50, p95 and max over the rounds (BENCH_ROUNDS, default 30).
 *
 * Then it times what the audit entry adds to a mutating request: BENCH_UPDATES (default 2000) project updates
 * (PUT /projects/{id}, a new description each) with the audit write and as many without it (the audit log's
 * `record` swapped for a no-op in this process), alternating one with and one without so that the machine's load
 * falls on both alike; it prints p50 and p95 of each and the difference (target: p95 at most 5 % more).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { ADMIN_URL, percentile, request, until, withBenchSlipway } from './bench-common.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const UPDATES = Number(process.env.BENCH_UPDATES ?? 2000);
const TARGET_MS = 1000;
const AUDIT_TARGET_PERCENT = 5;

/** A graphql-ws socket signed in with the token, its subscription answering; resolves `closed` with the time it closed. */
async function openSocket(base: string, token: string): Promise<{ closed: Promise<number> }> {
  const socket = new WebSocket(`${base.replace('http', 'ws')}/api/graphql`, 'graphql-transport-ws');
  socket.on('error', () => undefined);
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code === 4403 ? performance.now() : NaN)));
  await new Promise<void>((resolve, reject) => {
    socket.on('message', (data) => {
      const frame = JSON.parse(String(data)) as { type: string; id?: string };
      if (frame.type === 'connection_ack') socket.send(JSON.stringify({ type: 'subscribe', id: '1', payload: { query: 'subscription { serverTime }' } }));
      if (frame.id === '1' && frame.type === 'next') resolve();
    });
    socket.on('close', () => reject(new Error('socket closed before its subscription answered')));
    socket.on('open', () => socket.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${token}` } })));
  });
  return { closed };
}

/** Polls a REST call with the token until it is refused; the time of the refusal. */
async function refusedAt(base: string, token: string): Promise<number> {
  for (;;) {
    const res = await fetch(`${base}/api/users/me`, { headers: { authorization: `Bearer ${token}` } });
    await res.arrayBuffer();
    if (res.status === 401) return performance.now();
  }
}

const stats = (label: string, values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const worst = sorted[sorted.length - 1];
  console.log(
    `${label.padEnd(44)} p50 ${percentile(sorted, 50).toFixed(1).padStart(6)} ms  p95 ${percentile(sorted, 95).toFixed(1).padStart(6)} ms  max ${worst.toFixed(1).padStart(6)} ms  ${worst <= TARGET_MS ? 'within' : 'OVER'} ${TARGET_MS} ms`,
  );
};

/** One project update over REST on a kept-alive connection (fetch's pool); its time in ms. */
async function timedUpdate(base: string, token: string, projectId: string, n: number): Promise<number> {
  const started = performance.now();
  await request(base, 'PUT', `/projects/${projectId}`, token, { description: `Audit bench update ${n}` });
  return performance.now() - started;
}

/**
 * Project updates with and without the audit write, alternating, after a warm-up of each. Without: AuditLog's
 * `record` (every service's only way to write an entry) is a no-op for that request, restored after it.
 */
async function auditOverhead(base: string, token: string): Promise<void> {
  const { AuditLog } = await import('../server/src/modules/audit/audit-log.js');
  const record = AuditLog.prototype.record;
  await request(base, 'PUT', '/settings/GITHUB_ORGANIZATION', token, { value: 'bench' });
  const project = await request(base, 'POST', '/projects', token, { name: 'Audit bench', template_name: '' });
  // Its creation run (a blank repository) ends before the timing starts.
  await until('the project created', async () => ['completed', 'failed'].includes((await request(base, 'GET', `/projects/${project.id}/status`, token)).overall_status));
  const samples = { with: [] as number[], without: [] as number[] };
  const skipAudit = (skip: boolean) => {
    AuditLog.prototype.record = skip ? async () => undefined : record;
  };
  try {
    for (let n = 0; n < 40; n += 1) {
      skipAudit(n % 2 === 1);
      await timedUpdate(base, token, project.id, n);
    }
    for (let n = 0; n < UPDATES * 2; n += 1) {
      // Which of the pair goes first alternates too, so neither always follows the other's commit.
      const without = (n % 2 === 1) !== (Math.floor(n / 2) % 2 === 1);
      skipAudit(without);
      (without ? samples.without : samples.with).push(await timedUpdate(base, token, project.id, 100 + n));
    }
  } finally {
    skipAudit(false);
  }
  const sortedWith = [...samples.with].sort((a, b) => a - b);
  const sortedWithout = [...samples.without].sort((a, b) => a - b);
  const line = (label: string, sorted: number[]) => `${label.padEnd(44)} p50 ${percentile(sorted, 50).toFixed(2).padStart(6)} ms  p95 ${percentile(sorted, 95).toFixed(2).padStart(6)} ms`;
  const added = (p: number) => {
    const ms = percentile(sortedWith, p) - percentile(sortedWithout, p);
    return { ms, percent: (ms / percentile(sortedWithout, p)) * 100 };
  };
  const p50 = added(50);
  const p95 = added(95);
  console.log(`\naudit write on a project update (PUT /projects/{id}), ${UPDATES} requests each, alternating:`);
  console.log(line('with the audit entry', sortedWith));
  console.log(line('without it', sortedWithout));
  console.log(
    `${'added by the audit write'.padEnd(44)} p50 ${p50.ms.toFixed(2).padStart(6)} ms (${p50.percent.toFixed(1)} %)  p95 ${p95.ms.toFixed(2).padStart(6)} ms (${p95.percent.toFixed(1)} %)  ${p95.percent <= AUDIT_TARGET_PERCENT ? 'within' : 'OVER'} ${AUDIT_TARGET_PERCENT} % at p95`,
  );
}

await withBenchSlipway('access', {}, async ({ base, db }) => {
  const { loadConfig } = await import('../server/src/config/env.js');
  const { startSlipway } = await import('../server/src/server.js');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'slipway-bench-access-api-'));
  const second = await startSlipway(
    loadConfig({
      DATABASE_URL: Object.assign(new URL(ADMIN_URL), { pathname: `/${db.database}` }).toString(),
      SLIPWAY_DATA_DIR: dataDir,
      SLIPWAY_SECRET_KEY: randomBytes(32).toString('base64'),
      SLIPWAY_ROLE: 'api',
      PORT: '0',
      HOST: '127.0.0.1',
    }),
  );
  try {
    const other = second.url!.replace('localhost', '127.0.0.1');
    const { token: session } = await request(base, 'POST', '/auth/register', undefined, { name: 'Bench', email: `bench-${Date.now()}@example.com`, password: 'secret12' });
    const samples = { httpSame: [] as number[], httpOther: [] as number[], socketSame: [] as number[], socketOther: [] as number[] };
    for (let round = 0; round < ROUNDS; round += 1) {
      const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
      const created = await request(base, 'POST', '/tokens', session, { name: `round ${round}`, expires_at: expiresAt, scopes: ['read'] });
      await request(base, 'GET', '/users/me', created.token);
      await request(other, 'GET', '/users/me', created.token);
      const sockets = [await openSocket(base, created.token), await openSocket(other, created.token)];
      // From the revocation request being sent: the socket on the same process may close before its answer arrives.
      const revoked = performance.now();
      await request(base, 'DELETE', `/tokens/${created.access_token.id}`, session);
      const [same, elsewhere, socketSame, socketOther] = await Promise.all([refusedAt(base, created.token), refusedAt(other, created.token), sockets[0].closed, sockets[1].closed]);
      samples.httpSame.push(same - revoked);
      samples.httpOther.push(elsewhere - revoked);
      samples.socketSame.push(socketSame - revoked);
      samples.socketOther.push(socketOther - revoked);
    }
    console.log(`\nrevocation sent -> token refused, ${ROUNDS} rounds (REST: the first refused request of a tight poll):`);
    stats('REST 401, process that revoked it', samples.httpSame);
    stats('REST 401, another API process', samples.httpOther);
    stats('graphql-ws 4403, process that revoked it', samples.socketSame);
    stats('graphql-ws 4403, another API process', samples.socketOther);
    await auditOverhead(base, session);
  } finally {
    await second.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
