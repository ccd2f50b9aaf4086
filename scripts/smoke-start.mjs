// Smoke start: Slipway from source (as the tests run it; run directly, since npm's own exit on SIGTERM
// would not wait for Slipway's) on a fresh data directory with embedded PostgreSQL; GET /api/health must
// answer 200, then SIGTERM must stop it with exit code 0. CI runs it under Node 22 (see .ci/run).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const TIMEOUT_MS = 90_000;
const dataDir = mkdtempSync(path.join(tmpdir(), 'slipway-smoke-'));
const started = Date.now();
const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'src/main.ts'], {
  cwd: path.resolve(import.meta.dirname, '..', 'server'),
  env: { ...process.env, SLIPWAY_DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', DATABASE_URL: '' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const exit = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));

function fail(message) {
  console.error(`smoke start failed: ${message}`);
  try {
    child.kill('SIGKILL');
  } catch {}
  process.exit(1);
}

try {
  let output = '';
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no "running at" line within ${TIMEOUT_MS / 1000} s`)), TIMEOUT_MS);
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const match = /running at (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    void exit.then((code) => reject(new Error(`exited (${code}) before serving:\n${output}`)));
  });
  const health = await fetch(`${url}/api/health`);
  if (health.status !== 200) fail(`GET /api/health answered ${health.status}: ${await health.text()}`);
  const healthy = Date.now() - started;
  child.kill('SIGTERM');
  const code = await exit;
  if (code !== 0) fail(`exit code ${code} after SIGTERM`);
  console.log(`smoke start on Node ${process.version}: /api/health 200 after ${healthy} ms, stopped cleanly`);
} catch (error) {
  fail(error.message);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
