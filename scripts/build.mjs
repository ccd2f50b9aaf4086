// `npm run build`: the shared domain package (if present), then the server (tsc to server/dist) and the
// client (Vite to client/dist) side by side. With --if-stale (`npm start`), a part whose inputs hash to
// the value stamped in its output by its last build is skipped, so a restart goes straight to the server.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const STAMP = '.build-hash';
const LOCKFILE = 'package-lock.json';
const DOMAIN_INPUTS = ['domain/src', 'domain/package.json', 'domain/tsconfig.json', 'domain/tsconfig.build.json'];

/** Each part's output depends on these files and folders only (dependencies through the lockfile). */
const PARTS = [
  { workspace: 'domain', out: 'domain/dist', inputs: DOMAIN_INPUTS },
  { workspace: 'server', out: 'server/dist', inputs: ['server/src', 'server/package.json', 'server/tsconfig.json', 'server/tsconfig.build.json'] },
  {
    workspace: 'client',
    out: 'client/dist',
    // The client bundles the domain package from its sources.
    inputs: ['client/src', 'client/public', 'client/index.html', 'client/package.json', 'client/tsconfig.json', 'client/vite.config.ts', 'client/vite-plugins', ...DOMAIN_INPUTS],
  },
].filter((part) => existsSync(path.join(ROOT, part.workspace, 'package.json')));

function files(relative) {
  const full = path.join(ROOT, relative);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [relative];
  return readdirSync(full).flatMap((name) => files(path.join(relative, name)));
}

function inputHash(part) {
  const hash = createHash('sha256');
  for (const file of [...part.inputs, LOCKFILE].flatMap(files).sort()) {
    hash.update(`${file}\0`).update(readFileSync(path.join(ROOT, file))).update('\0');
  }
  return hash.digest('hex');
}

function isCurrent(part, hash) {
  const stamp = path.join(ROOT, part.out, STAMP);
  return existsSync(stamp) && readFileSync(stamp, 'utf8') === hash;
}

function run(workspace) {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', 'build', '-w', workspace], { cwd: ROOT, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`building ${workspace} failed (exit code ${code})`))));
  });
}

async function build(part, ifStale) {
  const hash = inputHash(part);
  if (ifStale && isCurrent(part, hash)) {
    console.log(`${part.workspace}: up to date`);
    return;
  }
  // tsc leaves the output of deleted sources behind; Vite empties its own outDir.
  rmSync(path.join(ROOT, part.out), { recursive: true, force: true });
  await run(part.workspace);
  writeFileSync(path.join(ROOT, part.out, STAMP), hash);
}

const ifStale = process.argv.includes('--if-stale');
const [domain] = PARTS.filter((part) => part.workspace === 'domain');
try {
  // Server and client both import the domain package: it goes first, they build side by side.
  if (domain) await build(domain, ifStale);
  await Promise.all(PARTS.filter((part) => part !== domain).map((part) => build(part, ifStale)));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
