// Last part of `npm test`. Node 20 is past its end of life and users run Slipway on Node 22 and 24: the whole
// server suite runs on the Node that runs npm; on Node 22 (the npm registry's node@22 package) run the parts whose
// behaviour rests on the runtime rather than on our code: a real start and stop (embedded PostgreSQL, child
// processes, signals), the pipeline engine, the job queue and the event bus (pg, pg-boss, LISTEN/NOTIFY, timers),
// the hardening suite (the HTTP server and its limits, graphql-ws, headers) and one project created end to end
// (git, a real build, sandboxed app processes, the front door).
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const SERVER = path.join(ROOT, 'server');

function run(command, args, options) {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (result.status !== 0) process.exit(result.status ?? 1);
  return result;
}

// npx keeps node@22 under the home directory, which the sandboxed users of builds and apps cannot pass (root's
// home is 0700): its binary is copied into a directory they can reach and put first on PATH, so vitest, its
// children and the builds they start all use it.
const found = spawnSync('npx', ['--yes', '-p', 'node@22', '--', 'node', '-p', 'process.execPath'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
if (found.status !== 0) process.exit(found.status ?? 1);
const dir = mkdtempSync('/tmp/slipway-node22-');
mkdirSync(path.join(dir, 'bin'));
const node = path.join(dir, 'bin', 'node');
copyFileSync(found.stdout.trim(), node);
chmodSync(node, 0o755);
chmodSync(dir, 0o755);
const env = { ...process.env, PATH: `${path.dirname(node)}${path.delimiter}${process.env.PATH}` };
const version = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();

console.log(`\n== smoke start on Node ${version}`);
run(node, [path.join(ROOT, 'scripts', 'smoke-start.mjs')], { env, cwd: ROOT });
console.log(`\n== engine, job queue, event bus and hardening on Node ${version}`);
run('npx', ['vitest', 'run', 'src/pipelines/__tests__/engine.spec.ts', 'src/jobs', 'src/events', 'test/hardening.integration.spec.ts'], { env, cwd: SERVER });
console.log(`\n== a static-site project created end to end on Node ${version}`);
run('npx', ['vitest', 'run', 'test/project-runs.integration.spec.ts', '-t', 'static-site: created'], { env, cwd: SERVER });
