// `npm run build`: the shared domain package (if present), the server (esbuild to server/dist) and the client
// (Vite to client/dist), all three side by side: the server's build transpiles file by file and the client
// bundles the domain package from its sources, so neither waits for domain/dist (only running the server
// does). With --if-stale, a part whose inputs hash to the value stamped in its output by its last build is
// skipped. `npm start` (scripts/start.mjs) uses the same parts one by one.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, lstatSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = path.resolve(import.meta.dirname, '..');
const STAMP = '.build-hash';
const LOCKFILE = 'package-lock.json';
const DOMAIN_INPUTS = ['domain/src', 'domain/package.json', 'domain/tsconfig.json', 'domain/build.mjs'];

/** Each part's output depends on these files and folders only (dependencies through the lockfile). */
export const PARTS = [
  { workspace: 'domain', out: 'domain/dist', inputs: DOMAIN_INPUTS },
  { workspace: 'server', out: 'server/dist', inputs: ['server/src', 'server/package.json', 'server/tsconfig.json', 'server/build.mjs'] },
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

/**
 * The workspace's own `build` script, run as npm would but without starting another npm (about half a second
 * each on the first `npm start`): `node file.mjs`, or a `node_modules/.bin` tool that is a Node script (`tsc
 * ...`, `vite build`), runs with this Node directly; anything else through `npm run build`.
 */
function buildCommand(workspace) {
  const cwd = path.join(ROOT, workspace);
  const script = JSON.parse(readFileSync(path.join(cwd, 'package.json'), 'utf8')).scripts.build;
  const [tool, ...args] = script.split(' ');
  if (/^[\w-]+$/.test(tool) && args.every((arg) => /^[\w./-]+$/.test(arg))) {
    if (tool === 'node') return { command: process.execPath, args, cwd };
    const link = path.join(ROOT, 'node_modules', '.bin', tool);
    const file = existsSync(link) && lstatSync(link).isSymbolicLink() ? realpathSync(link) : undefined;
    if (file && readFileSync(file, 'utf8').startsWith('#!/usr/bin/env node')) return { command: process.execPath, args: [file, ...args], cwd };
  }
  return { command: 'npm', args: ['run', 'build', '-w', workspace], cwd: ROOT };
}

function run(workspace) {
  return new Promise((resolve, reject) => {
    const { command, args, cwd } = buildCommand(workspace);
    const child = spawn(command, args, { cwd, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`building ${workspace} failed (exit code ${code})`))));
  });
}

/** Builds one part (skipped when `ifStale` and its stamp matches its inputs); rejects if its build fails. */
export async function build(part, ifStale) {
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

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const ifStale = process.argv.includes('--if-stale');
  try {
    await Promise.all(PARTS.map((part) => build(part, ifStale)));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
