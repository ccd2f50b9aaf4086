// `npm test`: every suite, each stage timed. The set-up runs first; then three lanes run side by side: the checks
// (lint, types, generated files), the server suite (whose files mostly wait on PostgreSQL, builds and app processes,
// about a third of a core on a 2-core machine), and the other suites with the browser tests and the Node 22 run.
// The checks share the cores the server suite leaves idle instead of holding every suite back for three minutes.
// A lane stops at its first failing stage; the others finish, so one run reports every failing lane. The exit code
// is 1 if any stage failed. A failing stage's last lines are printed again at the end, below the times: side by side,
// its output is interleaved with the other lanes' and may lie far above the end of a long log.
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
const TAIL_LINES = 80;
const minutes = (ms) => `${Math.floor(ms / 60_000)}m${String(Math.floor((ms % 60_000) / 1000)).padStart(2, '0')}s`;

/** The children's user and system time from bash's `times` (its second line, e.g. "1m2.345s 0m6.789s"), in seconds. */
function cpuSeconds(report) {
  const children = report.trim().split('\n')[1] ?? '';
  return [...children.matchAll(/(\d+)m([\d.]+)s/g)].reduce((sum, [, m, s]) => sum + Number(m) * 60 + Number(s), 0);
}

/** Runs `npm run <script>`, its output line by line with the lane's tag when lanes run side by side; resolves to its exit code. */
function stage(script, tag) {
  const start = Date.now();
  console.log(`\n== ${script}${tag ? ` (lane ${tag})` : ''}`);
  // bash's `times` (on fd 3) says how much CPU the stage's processes used: on 2 cores the lanes share, CPU is the budget.
  const child = spawn('bash', ['-c', 'npm run "$1"; code=$?; times >&3; exit $code', 'stage', script], {
    stdio: ['ignore', tag ? 'pipe' : 'inherit', tag ? 'pipe' : 'inherit', 'pipe'],
  });
  let cpuReport = '';
  child.stdio[3].on('data', (chunk) => (cpuReport += chunk));
  const tail = [];
  if (tag) {
    for (const [from, to] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      createInterface({ input: from, crlfDelay: Infinity }).on('line', (line) => {
        to.write(`[${tag}] ${line}\n`);
        tail.push(line);
        if (tail.length > TAIL_LINES) tail.shift();
      });
    }
  }
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      const status = code ?? (signal ? 1 : 0);
      const cpu = cpuSeconds(cpuReport);
      times.push({ script, took: Date.now() - start, cpu, status, tail });
      console.log(`== ${script}: ${minutes(Date.now() - start)} (CPU ${minutes(cpu * 1000)})${status === 0 ? '' : ` FAILED (exit code ${status})`}`);
      resolve(status);
    });
  });
}

async function lane(scripts, tag) {
  for (const script of scripts) if ((await stage(script, tag)) !== 0) return false;
  return true;
}

function report(ok) {
  for (const { script, status, tail } of times) {
    if (status !== 0 && tail.length > 0) console.log(`\n== the last ${tail.length} lines ${script} printed\n${tail.join('\n')}`);
  }
  console.log(`\n== npm test stage times${ok ? '' : ' (failed)'}`);
  console.log('    time       CPU  stage');
  for (const { script, took, cpu, status } of times) console.log(`${minutes(took).padStart(8)}  ${minutes(cpu * 1000).padStart(8)}  ${script}${status === 0 ? '' : '  FAILED'}`);
  const cpu = times.reduce((sum, { cpu }) => sum + cpu, 0);
  console.log(`${minutes(Date.now() - started).padStart(8)}  ${minutes(cpu * 1000).padStart(8)}  total`);
  process.exit(ok ? 0 : 1);
}

if (!(await lane(SETUP, null))) report(false);
const lanes = await Promise.all(Object.entries(LANES).map(([tag, scripts]) => lane(scripts, tag)));
report(lanes.every(Boolean));
