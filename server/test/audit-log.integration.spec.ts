import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { createClient } from 'graphql-ws';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { registerUser, startTestApp, type TestApp } from './helpers/test-app.js';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');

/** A value that must never reach the audit log, wherever it was typed. */
const CANARY = 'CANARY-9f1c2e7a-never-logged';

let app: TestApp;
let db: pg.Client;
type Account = Awaited<ReturnType<typeof registerUser>>;
let admin: Account;
let member: Account;
let stranger: Account;
let projectId: string;

interface Entry {
  seq: string;
  action: string;
  actor_user_id: string | null;
  actor_email: string | null;
  actor_token_id: string | null;
  address: string | null;
  project_id: string | null;
  target: string | null;
  details: Record<string, unknown>;
  result: string;
}

const entries = async (token: string, query = '', base = '/audit'): Promise<Entry[]> => {
  const res = await app.api('GET', `${base}${query}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.entries;
};

beforeAll(async () => {
  app = await startTestApp();
  db = new pg.Client({ connectionString: app.databaseUrl });
  await db.connect();
  admin = await registerUser(app);
  member = await registerUser(app);
  stranger = await registerUser(app);
  expect((await app.api('PUT', '/settings', { token: admin.token, body: { settings: { GITHUB_ORGANIZATION: 'acme', GITHUB_TOKEN: `ghp_${CANARY}` } } })).status).toBe(200);
  const created = await app.api('POST', '/projects', { token: admin.token, body: { name: 'Audited', environment_variables: { API_SECRET: CANARY, PLAIN: 'x' } } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  projectId = created.body.id;
  expect((await app.api('POST', `/projects/${projectId}/members`, { token: admin.token, body: { email: member.email, role: 'maintainer' } })).status).toBe(201);
}, 60_000);
afterAll(async () => {
  await db?.end();
  await app?.stop();
});

describe('what the audit log records', () => {
  it('records sign-ins and refused sign-ins with the email tried, the address and the result, never the password', async () => {
    expect((await app.api('POST', '/auth/login', { body: { email: stranger.email, password: `wrong-${CANARY}` } })).status).toBe(401);
    expect((await app.api('POST', '/auth/login', { body: { email: stranger.email, password: stranger.password } })).status).toBe(200);
    const signIns = (await entries(admin.token, `?action=auth.sign_in&actor_id=${stranger.user.id}`)).slice(0, 2);
    expect(signIns).toMatchObject([
      { action: 'auth.sign_in', actor_email: stranger.email, result: 'success', address: expect.stringMatching(/127\.0\.0\.1/) },
      { action: 'auth.sign_in', actor_email: stranger.email, result: 'failure', details: { reason: 'INVALID_CREDENTIALS' } },
    ]);
  });

  it('records a setting by its key, a project with the names of its variables, and who acted for a member', async () => {
    const own = await entries(admin.token, `?actor_id=${admin.user.id}`);
    expect(own.find((e) => e.action === 'setting.set' && e.target === 'setting:GITHUB_TOKEN')).toMatchObject({ details: {} });
    expect(own.find((e) => e.action === 'project.create')).toMatchObject({ project_id: projectId, details: { name: 'Audited', variables: ['API_SECRET', 'PLAIN'] } });
    expect(own.find((e) => e.action === 'member.add')).toMatchObject({ project_id: projectId, details: { email: member.email, role: 'maintainer' } });

    // The maintainer's change runs on the owner's account but is recorded as the maintainer's, in the same transaction.
    expect((await app.api('PUT', `/projects/${projectId}`, { token: member.token, body: { environment_variables: { API_SECRET: CANARY, NEW_ONE: 'y' } } })).status).toBe(200);
    const [update] = await entries(member.token, '?action=project.update', `/projects/${projectId}/audit`);
    expect(update).toMatchObject({ actor_user_id: member.user.id, actor_email: member.email, project_id: projectId, details: { fields: ['environmentVariables'], variables: ['API_SECRET', 'NEW_ONE'] } });
  });

  it('names the token used, and records nothing for a change that was refused', async () => {
    const created = await app.api('POST', '/tokens', { token: admin.token, body: { name: 'ci', expires_at: new Date(Date.now() + 86_400_000).toISOString(), scopes: ['read', 'write'] } });
    expect(created.status).toBe(201);
    expect((await app.api('PUT', `/projects/${projectId}`, { token: created.body.token, body: { description: 'by token' } })).status).toBe(200);
    const [byToken] = await entries(admin.token, '?action=project.update');
    expect(byToken).toMatchObject({ actor_user_id: admin.user.id, actor_token_id: created.body.access_token.id, details: { fields: ['description'] } });
    expect((await entries(admin.token, '?action=token.create'))[0]).toMatchObject({ target: `token:${created.body.access_token.id}`, details: { name: 'ci', scopes: ['read', 'write'] } });

    const before = (await entries(admin.token, '?limit=1'))[0].seq;
    expect((await app.api('PUT', `/projects/${projectId}`, { token: admin.token, body: { name: 'x' } })).status).toBe(400);
    expect((await entries(admin.token, '?limit=1'))[0].seq).toBe(before);
  });

  it('records a console command by its name only', async () => {
    expect((await app.api('POST', '/commands', { token: admin.token, body: { command: `settings set GITHUB_TOKEN ghp_${CANARY}` } })).status).toBe(200);
    const [command] = await entries(admin.token, '?action=console');
    expect(command).toMatchObject({ action: 'console.command', details: { command: 'settings' } });
  });
});

describe('reading the audit log', () => {
  it("shows a project's entries to its members only, everyone's to admins, and others their own", async () => {
    expect((await app.api('GET', `/projects/${projectId}/audit`, { token: stranger.token })).body).toEqual({ error: 'Project not found', code: 'NOT_FOUND' });
    const mine = await entries(stranger.token);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((e) => e.actor_user_id === stranger.user.id)).toBe(true);
    expect((await app.api('GET', `/audit?actor_id=${admin.user.id}`, { token: stranger.token })).status).toBe(403);
    const all = await entries(admin.token, '?limit=500');
    expect(new Set(all.map((e) => e.actor_user_id))).toEqual(new Set([admin.user.id, member.user.id, stranger.user.id]));
    const projectOnly = await entries(member.token, '', `/projects/${projectId}/audit`);
    expect(projectOnly.every((e) => e.project_id === projectId)).toBe(true);
    expect((await app.api('GET', '/audit?limit=0', { token: admin.token })).body).toMatchObject({ code: 'BAD_USER_INPUT', field: 'limit' });
  });

  it('filters by time, and answers the same in GraphQL and as JSON Lines', async () => {
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect(await entries(admin.token, `?from=${encodeURIComponent(future)}`)).toEqual([]);
    const rest = await entries(admin.token, '?limit=5', `/projects/${projectId}/audit`);
    const { data } = await app.graphql('query ($id: ID) { auditLog(projectId: $id, filter: { limit: 5 }) { seq action hash } }', { id: projectId }, admin.token);
    expect(data.auditLog.map((e: { seq: string }) => e.seq)).toEqual(rest.map((e) => e.seq));
    const res = await fetch(`${app.url}/api/projects/${projectId}/audit/export?limit=5`, { headers: { authorization: `Bearer ${admin.token}` } });
    expect(res.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
    const lines = (await res.text()).trim().split('\n').map((line) => JSON.parse(line) as Entry);
    expect(lines.map((e) => e.seq)).toEqual(rest.map((e) => e.seq));
  });

  it("follows a project's new entries live over graphql-ws", async () => {
    const socket = new WebSocket(`${app.url.replace('http', 'ws')}/api/graphql`, 'graphql-transport-ws');
    socket.on('error', () => undefined);
    try {
      const subscribed = new Promise<void>((resolve) => socket.on('message', (data) => JSON.parse(String(data)).type === 'connection_ack' && resolve()));
      const first = new Promise<{ action: string; actorUserId: string; projectId: string }>((resolve) =>
        socket.on('message', (data) => {
          const frame = JSON.parse(String(data));
          if (frame.type === 'next') resolve(frame.payload.data?.auditAppended ?? frame.payload);
        }),
      );
      await new Promise<void>((resolve) => socket.once('open', () => resolve()));
      socket.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${member.token}` } }));
      await subscribed;
      socket.send(
        JSON.stringify({ type: 'subscribe', id: '1', payload: { query: 'subscription ($id: ID) { auditAppended(projectId: $id) { action actorUserId projectId } }', variables: { id: projectId } } }),
      );
      // The subscription reads from the log's head when it starts: change until the first entry arrives.
      let received: { action: string } | undefined;
      void first.then((entry) => (received = entry));
      let change = 0;
      await vi.waitFor(
        async () => {
          if (received) return;
          expect((await app.api('PUT', `/projects/${projectId}`, { token: admin.token, body: { description: `live ${(change += 1)}` } })).status).toBe(200);
          throw new Error('no entry yet');
        },
        { timeout: 10_000, interval: 100 },
      );
      expect(await first).toEqual({ action: 'project.update', actorUserId: admin.user.id, projectId });
    } finally {
      socket.close();
    }
  });

  it('catches up from `after`: entries written since come first, with nothing to wait for; a bad `after` is refused', async () => {
    const [base] = await entries(admin.token, '?limit=1', `/projects/${projectId}/audit`);
    expect((await app.api('PUT', `/projects/${projectId}`, { token: admin.token, body: { description: 'written before the follow' } })).status).toBe(200);
    const client = createClient({ url: `${app.url.replace('http', 'ws')}/api/graphql`, webSocketImpl: WebSocket, connectionParams: { authorization: `Bearer ${member.token}` }, retryAttempts: 0 });
    const first = (after: string) =>
      new Promise<{ data?: unknown; errors?: readonly { message: string }[] }>((resolve, reject) => {
        const stop = client.subscribe(
          { query: 'subscription ($id: ID, $after: ID) { auditAppended(projectId: $id, after: $after) { seq action details } }', variables: { id: projectId, after } },
          {
            next: (result) => {
              stop();
              resolve(result);
            },
            error: (error) => resolve({ errors: Array.isArray(error) ? error : [error as { message: string }] }),
            complete: () => reject(new Error('completed without an entry')),
          },
        );
      });
    try {
      const caughtUp = (await first(base.seq)) as { data: { auditAppended: { seq: string } } };
      expect(caughtUp.data.auditAppended).toMatchObject({ action: 'project.update', details: '{"fields":["description"]}' });
      expect(Number(caughtUp.data.auditAppended.seq)).toBeGreaterThan(Number(base.seq));
      expect((await first('x1')).errors?.map((error) => error.message)).toEqual(['after must be an entry number']);
    } finally {
      await client.dispose();
    }
  });
});

describe('the chain', () => {
  const verify = async () => {
    try {
      const { stdout } = await run('npm', ['run', '--silent', 'audit:verify'], { cwd: ROOT, env: { ...process.env, DATABASE_URL: app.databaseUrl, SLIPWAY_DATA_DIR: app.dataDir } });
      return { code: 0, output: stdout };
    } catch (error) {
      const failure = error as { code: number; stdout: string; stderr: string };
      return { code: failure.code, output: failure.stdout + failure.stderr };
    }
  };

  it('never holds a secret value (canary)', async () => {
    const { rows } = await db.query('SELECT * FROM audit_log');
    expect(rows.length).toBeGreaterThan(10);
    expect(JSON.stringify(rows)).not.toContain(CANARY);
  });

  it('refuses UPDATE, DELETE and TRUNCATE', async () => {
    await expect(db.query("UPDATE audit_log SET action = 'x'")).rejects.toThrow('audit_log is append-only');
    await expect(db.query('DELETE FROM audit_log')).rejects.toThrow('audit_log is append-only');
    await expect(db.query('TRUNCATE audit_log')).rejects.toThrow('audit_log is append-only');
  });

  it('passes audit:verify intact, and fails it once an entry is removed or edited behind the trigger', async () => {
    const intact = await verify();
    expect(intact.code, intact.output).toBe(0);
    expect(intact.output).toMatch(/Audit log intact: \d+ entries/);

    const { rows } = await db.query('SELECT seq::text AS seq FROM audit_log ORDER BY seq LIMIT 6');
    await db.query('ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_change');
    await db.query('DELETE FROM audit_log WHERE seq = $1', [rows[2].seq]);
    await db.query(`UPDATE audit_log SET action = 'tampered' WHERE seq = $1`, [rows[4].seq]);
    await db.query('ALTER TABLE audit_log ENABLE TRIGGER audit_log_no_change');

    const broken = await verify();
    expect(broken.code).toBe(1);
    expect(broken.output).toContain(`entry ${rows[3].seq}: does not follow the entry before it (an entry was removed or reordered)`);
    expect(broken.output).toContain(`entry ${rows[4].seq}: its content does not match its hash (it was edited)`);
  }, 60_000);
});
