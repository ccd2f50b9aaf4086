import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { newAccount, registerUser, startTestApp } from './helpers/test-app.js';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('health', () => {
  it('answers 200 with the role, database, queue and workers, and 503 once the database is gone', async () => {
    const app = await startTestApp();
    try {
      expect(await app.api('GET', '/health')).toEqual({
        status: 200,
        body: {
          status: 'ok',
          role: 'all',
          database: 'up',
          mode: 'server',
          jobQueue: 'up',
          workers: [{ id: app.slipway.workerId, role: 'all', host: expect.any(String), pid: process.pid, startedAt: expect.any(String), seenAt: expect.any(String) }],
        },
      });
      await app.slipway.dataSource.destroy();
      expect(await app.api('GET', '/health')).toMatchObject({ status: 503, body: { status: 'unavailable', database: 'down' } });
    } finally {
      await app.stop().catch(() => undefined);
    }
  });
});

describe('embedded PostgreSQL (no DATABASE_URL)', () => {
  it('keeps accounts in the data directory across restarts', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'slipway-embedded-'));
    try {
      const account = newAccount();
      const first = await startTestApp({ embedded: true, dataDir });
      expect((await first.api('GET', '/health')).body).toMatchObject({ status: 'ok', mode: 'embedded' });
      expect((await first.api('POST', '/auth/register', { body: account })).body.user.role).toBe('admin');
      await first.stop();

      const second = await startTestApp({ embedded: true, dataDir });
      try {
        const login = await second.api('POST', '/auth/login', { body: { email: account.email, password: account.password } });
        expect(login.status).toBe(200);
        const me = await second.graphql('{ me { email role } }', {}, login.body.token);
        expect(me.data).toEqual({ me: { email: account.email, role: 'admin' } });
        expect((await registerUser(second)).user.role).toBe('user');
      } finally {
        await second.stop();
      }
      expect(statSync(path.join(dataDir, 'postgres', 'PG_VERSION')).isFile()).toBe(true);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('process lifecycle', () => {
  it('starts from main.ts, serves, and stops on SIGTERM with exit code 0 and no error output', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'slipway-process-'));
    const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'src/main.ts'], {
      cwd: SERVER_DIR,
      env: { PATH: process.env.PATH, SLIPWAY_DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no start: ${stdout} ${stderr}`)), 45_000);
        child.stdout.on('data', () => {
          const match = /running at (http:\/\/\S+)/.exec(stdout);
          if (match) {
            clearTimeout(timer);
            resolve(match[1]);
          }
        });
      });
      expect((await fetch(`${url}/api/health`)).status).toBe(200);
      const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      expect(await exit).toBe(0);
      expect(stderr).toBe('');
      expect(stdout).toContain('Slipway stopped');
    } finally {
      child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
