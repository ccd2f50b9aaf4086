// First part of `npm test`: what the tests need from the system. On Debian or Ubuntu it installs what is
// missing when it may (as root), or stops at once saying exactly what to install.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

/** A command the tests run, and the Debian package that provides it. */
const SYSTEM_NEEDS = [
  { command: 'chromium', pkg: 'chromium', why: 'the browser tests drive Debian\'s Chromium (never a downloaded browser)' },
  { command: 'go', pkg: 'golang-go', why: 'the template catalog test builds the Go template' },
  { command: 'bwrap', pkg: 'bubblewrap', why: 'builds and apps run in a bubblewrap sandbox' },
  { command: 'git', pkg: 'git', why: 'repositories are served over HTTP by git http-backend, and tests push with git' },
];

const run = (command, args, options = {}) => spawnSync(command, args, { stdio: 'inherit', ...options });
const has = (command) => spawnSync('sh', ['-c', 'command -v "$1"', 'sh', command], { stdio: 'ignore' }).status === 0;
const isRoot = process.getuid?.() === 0;

function installMissing() {
  const missing = SYSTEM_NEEDS.filter(({ command }) => !has(command));
  if (missing.length === 0) return;
  const packages = missing.map(({ pkg }) => pkg);
  if (!isRoot || !has('apt-get')) {
    console.error('The tests need these programs, which this machine lacks:');
    for (const { command, pkg, why } of missing) console.error(`  ${command} (package ${pkg}): ${why}`);
    console.error(has('apt-get') ? `Install them with: sudo apt-get install -y ${packages.join(' ')}` : `Install the packages ${packages.join(', ')} (or your system's equivalent).`);
    process.exit(1);
  }
  console.log(`Installing ${packages.join(', ')} from Debian's packages`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (run('apt-get', ['update', '-qq'], { env }).status !== 0 || run('apt-get', ['install', '-y', '-qq', ...packages], { env }).status !== 0) {
    console.error(`Installing ${packages.join(' ')} failed; install them by hand and run the tests again.`);
    process.exit(1);
  }
}

/** Server tests use the PostgreSQL server on 127.0.0.1:5432 if it answers, else an embedded one: start it if it is installed but stopped. */
function startLocalPostgres() {
  if (!isRoot || !has('pg_isready') || !has('pg_ctlcluster')) return;
  const ready = () => run('pg_isready', ['-q', '-h', '127.0.0.1', '-p', '5432'], { stdio: 'ignore' }).status === 0;
  if (ready()) return;
  let versions = [];
  try {
    versions = readdirSync('/etc/postgresql');
  } catch {
    return;
  }
  console.log('Starting the local PostgreSQL');
  for (const version of versions) run('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'start'], { stdio: 'ignore' });
  for (let i = 0; i < 30 && !ready(); i += 1) spawnSync('sleep', ['1']);
}

installMissing();
startLocalPostgres();
