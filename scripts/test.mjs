// `npm test`: every suite, each stage timed. The set-up runs first; then three lanes run side by side: the checks
// (lint, types, generated files), the server suite (whose files mostly wait on PostgreSQL, builds and app processes,
// about a third of a core on a 2-core machine), and the other suites with the browser tests and the Node 22 run.
// The checks share the cores the server suite leaves idle instead of holding every suite back for three minutes.
// A lane stops at its first failing stage; the others finish, so one run reports every failing lane. The exit code
// is 1 if any stage failed.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const SETUP = ['test:setup'];
const LANES = {
  checks: ['lint', 'typecheck', 'check:generated', 'schema:check'],
  server: ['test:server'],
  rest: ['test:domain', 'test:isolation', 'test:embedded', 'fuzz:ci', 'test:client', 'test:e2e', 'test:node22'],
};

const started = Date.now();
const times = [];
const minutes = (ms) => `${Math.floor(ms / 60_000)}m${String(Math.floor((ms % 60_000) / 1000)).padStart(2, '0')}s`;

/** Runs `npm run <script>`, its output line by line with the lane's tag when lanes run side by side; resolves to its exit code. */
function stage(script, tag) {
  const start = Date.now();
  console.log(`\n== ${script}${tag ? ` (lane ${tag})` : ''}`);
  const child = spawn('npm', ['run', script], { stdio: ['ignore', tag ? 'pipe' : 'inherit', tag ? 'pipe' : 'inherit'] });
  if (tag) {
    for (const [from, to] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      createInterface({ input: from, crlfDelay: Infinity }).on('line', (line) => to.write(`[${tag}] ${line}\n`));
    }
  }
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      const status = code ?? (signal ? 1 : 0);
      times.push({ script, took: Date.now() - start, status });
      console.log(`== ${script}: ${minutes(Date.now() - start)}${status === 0 ? '' : ` FAILED (exit code ${status})`}`);
      resolve(status);
    });
  });
}

async function lane(scripts, tag) {
  for (const script of scripts) if ((await stage(script, tag)) !== 0) return false;
  return true;
}

function report(ok) {
  console.log(`\n== npm test stage times${ok ? '' : ' (failed)'}`);
  for (const { script, took, status } of times) console.log(`${minutes(took).padStart(8)}  ${script}${status === 0 ? '' : '  FAILED'}`);
  console.log(`${minutes(Date.now() - started).padStart(8)}  total`);
  process.exit(ok ? 0 : 1);
}

if (!(await lane(SETUP, null))) report(false);
const lanes = await Promise.all(Object.entries(LANES).map(([tag, scripts]) => lane(scripts, tag)));
report(lanes.every(Boolean));
