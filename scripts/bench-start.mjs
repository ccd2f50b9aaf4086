// `npm run bench:start`: how long `npm start` takes to a healthy GET /api/health, the first time on a fresh
// clone (build + first boot, embedded PostgreSQL in a new data directory) and on a restart (nothing to
// build, existing data). It clones the committed HEAD into a temp directory and runs `npm ci` there
// first (not timed), so the checkout you work in is left alone. BENCH_PORT (default 4600) is the port.
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const PORT = Number(process.env.BENCH_PORT) || 4600;
const HEALTH = `http://127.0.0.1:${PORT}/api/health`;
const TIMEOUT_MS = 180_000;

async function healthy() {
  try {
    return (await fetch(HEALTH)).ok;
  } catch {
    return false;
  }
}

/** Runs `npm start` in `cwd` until /api/health answers 200, then stops it; returns the seconds it took. */
async function timeStart(cwd, dataDir) {
  if (await healthy()) throw new Error(`something already answers on port ${PORT}; set BENCH_PORT`);
  const started = performance.now();
  // Its own process group, so that stopping it reaches npm's children (the server) too.
  const child = spawn('npm', ['start'], {
    cwd,
    detached: true,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', SLIPWAY_DATA_DIR: dataDir },
  });
  // npm exits on SIGTERM before the server has stopped; the pipe closes once every process holding it is gone.
  child.stdout.resume();
  const exited = new Promise((resolve) => child.stdout.once('close', resolve));
  let seconds;
  try {
    while (!(await healthy())) {
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode} before it was healthy`);
      if (performance.now() - started > TIMEOUT_MS) throw new Error(`not healthy after ${TIMEOUT_MS / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    seconds = (performance.now() - started) / 1000;
  } finally {
    if (child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
    await exited;
  }
  return seconds;
}

const work = mkdtempSync(path.join(tmpdir(), 'slipway-bench-start-'));
// Open like a usual checkout: run as root, the embedded PostgreSQL (the postgres user) must reach its binaries.
chmodSync(work, 0o755);
const clone = path.join(work, 'slipway');
const dataDir = path.join(work, 'data');
try {
  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
  console.log(`cloning ${commit} into ${clone} and running npm ci (not timed)...`);
  execFileSync('git', ['clone', '--quiet', ROOT, clone], { stdio: 'inherit' });
  execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: clone, stdio: 'inherit' });

  const first = await timeStart(clone, dataDir);
  console.log(`first start (build + new database): ${first.toFixed(1)} s (target <= 10 s)`);
  const restart = await timeStart(clone, dataDir);
  console.log(`restart (up to date, existing data): ${restart.toFixed(1)} s (target <= 3 s)`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
