// Makes the upgrade fixture (server/test/fixtures/upgrade/<commit>/): a database and data directory made by a
// previous release of Slipway, which server/test/upgrade.integration.spec.ts boots the current code on.
//
//   npx tsx scripts/make-upgrade-fixture.ts [commit]        (default: the release named in RELEASE below)
//
// It checks the release out in a temporary git worktree, installs it there (npm ci; or, with
// --node-modules-from <checkout>, a hard-linked copy of that checkout's node_modules when its package-lock.json is
// the same), runs it on a new database on the PostgreSQL server at FIXTURE_ADMIN_URL (default
// postgres://postgres@127.0.0.1:5432/postgres, whose pg_dump must be on PATH) with a new data directory, fills it
// through its REST API (users, settings, projects with their creation runs, versions and deployments, console
// commands), stops it, and writes:
//   database.sql     pg_dump --inserts of that database (plain SQL that node-postgres can run)
//   data.tar.gz      the data directory's secret key, local repositories, registry artifacts and build logs
//   expected.json    what the release answered, for the test to compare (users, projects, versions, deployments)
// Run as root, like the machines here: the release's builds and apps run in its sandbox.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const RELEASE = 'f263663';
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ADMIN_URL = process.env.FIXTURE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATA_FILES = ['secret.key', 'repos', 'registry', 'build-logs'];

/** The accounts the fixture holds: the first registered is the admin. */
const FIXTURE_USERS = [
  { name: 'Alice Admin', email: 'alice@fixture.example', password: 'fixture-alice-1' },
  { name: 'Bob User', email: 'bob@fixture.example', password: 'fixture-bob-1' },
];
/** Alice's settings, saved after her projects exist (so they stay local); the secrets are encrypted at rest. */
const FIXTURE_SETTINGS = {
  GITHUB_TOKEN: 'ghp_fixtureAliceToken0123456789abcdefXYZ',
  DOCKER_USERNAME: 'alice-fixture',
  DOCKER_TOKEN: 'dckr_pat_fixtureAliceToken0123456789',
  DIGITALOCEAN_TOKEN: 'dop_v1_fixturealicetoken0123456789abcdef',
  DOKS_CLUSTER_ID: 'fixture-cluster-0001',
};

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(name);
  return at < 0 ? undefined : args.splice(at, 2)[1];
};
const nodeModulesFrom = option('--node-modules-from');
const commit = execFileSync('git', ['rev-parse', '--short', args[0] ?? RELEASE], { cwd: ROOT, encoding: 'utf8' }).trim();
const out = path.join(ROOT, 'server', 'test', 'fixtures', 'upgrade', commit);

function run(command: string, commandArgs: string[], cwd: string): void {
  execFileSync(command, commandArgs, { cwd, stdio: 'inherit' });
}

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function install(checkout: string): void {
  const lock = (dir: string) => readFileSync(path.join(dir, 'package-lock.json'), 'utf8');
  if (nodeModulesFrom && lock(nodeModulesFrom) === lock(checkout)) {
    console.log(`node_modules: hard-linked from ${nodeModulesFrom} (same package-lock.json)`);
    for (const dir of ['.', 'domain', 'server', 'client']) {
      const from = path.join(nodeModulesFrom, dir, 'node_modules');
      if (existsSync(from)) run('cp', ['-al', from, path.join(checkout, dir, 'node_modules')], checkout);
    }
    return;
  }
  run('npm', ['ci', '--no-audit', '--no-fund'], checkout);
}

/** The release's server from its sources, as its tests start it; resolves with its URL once it serves. */
function startRelease(checkout: string, env: Record<string, string>) {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'src/main.ts'], {
    cwd: path.join(checkout, 'server'),
    env: { PATH: process.env.PATH, HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const url = new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk;
      const match = /running at (http:\/\/\S+)/.exec(output);
      if (match) resolve(match[1].replace('localhost', '127.0.0.1'));
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    void exited.then(() => reject(new Error(`the release exited:\n${output}`)));
  });
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      if ((await exited) !== 0) throw new Error(`the release did not stop cleanly:\n${output}`);
    },
  };
}

async function api(base: string, method: string, route: string, token?: string, body?: unknown): Promise<any> {
  const res = await fetch(`${base}/api${route}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

async function until<T>(what: string, check: () => Promise<T | false>, timeoutMs = 600_000): Promise<T> {
  for (const deadline = Date.now() + timeoutMs; ; await new Promise((resolve) => setTimeout(resolve, 500))) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
  }
}

async function seed(base: string) {
  const tokens: string[] = [];
  for (const user of FIXTURE_USERS) tokens.push((await api(base, 'POST', '/auth/register', undefined, user)).token);
  const [aliceToken, bobToken] = tokens;
  await api(base, 'PUT', '/settings/GITHUB_ORGANIZATION', aliceToken, { value: 'alice-org' });
  await api(base, 'PUT', '/settings/GITHUB_ORGANIZATION', bobToken, { value: 'bob-org' });

  const created = async (token: string, body: Record<string, unknown>) => {
    const project = await api(base, 'POST', '/projects', token, body);
    await until(`${body.name}'s creation`, async () => {
      const status = await api(base, 'GET', `/projects/${project.id}/status`, token);
      if (['failed', 'cancelled'].includes(status.overall_status)) {
        const failed = status.processors.filter((step: { status: string }) => step.status === 'failed');
        throw new Error(`${body.name}: creation ${status.overall_status}: ${JSON.stringify(failed)}`);
      }
      return status.stream_name === 'project_creation' && status.overall_status === 'completed';
    });
    return project.id as string;
  };
  const shop = await created(aliceToken, {
    name: 'Fixture Shop',
    description: 'Made by the previous release',
    template_name: 'static-site',
    tags: ['fixture', 'shop'],
    environment_variables: { GREETING: 'hello from the fixture', API_SECRET_KEY: 'fixture-sensitive-value' },
  });
  await created(bobToken, { name: 'Bob Notes', description: "Bob's project", template_name: 'static-site', tags: ['notes'] });

  console.log('a second version of Fixture Shop, built and deployed...');
  const version = await api(base, 'POST', `/projects/${shop}/versions`, aliceToken, { version_tag: 'v1.1.0', git_branch: 'main', description: 'The second version' });
  await until('v1.1.0 to build', async () => {
    const row = await api(base, 'GET', `/projects/${shop}/versions/${version.id}`, aliceToken);
    if (row.build_status === 'failed') throw new Error('v1.1.0 did not build');
    return row.status === 'ready';
  });
  const deployment = await api(base, 'POST', `/projects/${shop}/deployments`, aliceToken, { version_id: version.id, deployment_strategy: 'rolling' });
  await until('the deployment of v1.1.0', async () => {
    const row = await api(base, 'GET', `/projects/${shop}/deployments/${deployment.id}`, aliceToken);
    if (['rolled_back', 'failed'].includes(row.status)) throw new Error(`the deployment failed: ${row.error_message}`);
    return row.status === 'active';
  });

  for (const [name, value] of Object.entries(FIXTURE_SETTINGS)) await api(base, 'PUT', `/settings/${name}`, aliceToken, { value });
  for (const command of ['help', 'projects']) await api(base, 'POST', '/commands', aliceToken, { command });

  // What the release answers, for the test to compare with what the new code answers.
  const projects = [];
  for (const token of tokens) {
    for (const project of (await api(base, 'GET', '/projects?limit=100', token)).projects) {
      projects.push({
        project: await api(base, 'GET', `/projects/${project.id}`, token),
        versions: (await api(base, 'GET', `/projects/${project.id}/versions?limit=100`, token)).versions,
        deployments: (await api(base, 'GET', `/projects/${project.id}/deployments?limit=100`, token)).deployments,
      });
    }
  }
  return {
    users: await api(base, 'GET', '/users', aliceToken),
    settings: await api(base, 'GET', '/settings', aliceToken),
    projects,
    commandLogs: await api(base, 'GET', '/command-logs', aliceToken),
  };
}

async function main(): Promise<void> {
  const work = mkdtempSync(path.join(tmpdir(), 'slipway-upgrade-fixture-'));
  // Run as root, the release's builds and apps run as other users, who must pass through to the data directory.
  chmodSync(work, 0o711);
  const checkout = path.join(work, 'release');
  const dataDir = path.join(work, 'data');
  mkdirSync(dataDir, { mode: 0o711 });
  const database = `slipway_fixture_${randomBytes(4).toString('hex')}`;
  const databaseUrl = Object.assign(new URL(ADMIN_URL), { pathname: `/${database}` }).toString();
  try {
    console.log(`release ${commit} in ${checkout}`);
    run('git', ['worktree', 'add', '--detach', checkout, commit], ROOT);
    install(checkout);
    await admin(`CREATE DATABASE ${database}`);
    const release = startRelease(checkout, { DATABASE_URL: databaseUrl, SLIPWAY_DATA_DIR: dataDir, REGISTRATION_LIMIT: '100', SLIPWAY_APP_PORTS: process.env.SLIPWAY_APP_PORTS ?? '27900-27999' });
    let expected;
    try {
      const base = await release.url;
      console.log(`the release serves ${base}; seeding through its API...`);
      expected = await seed(base);
    } finally {
      await release.stop();
    }

    rmSync(out, { recursive: true, force: true });
    mkdirSync(out, { recursive: true });
    const dump = execFileSync('pg_dump', ['--inserts', '--no-owner', '--no-privileges', '--dbname', databaseUrl], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
    // pg_dump's \restrict and \unrestrict lines are for psql only; node-postgres runs the SQL itself.
    writeFileSync(path.join(out, 'database.sql'), dump.replace(/^\\(un)?restrict .*\n/gm, ''));
    run('tar', ['-czf', path.join(out, 'data.tar.gz'), '--owner=0', '--group=0', ...DATA_FILES.filter((name) => existsSync(path.join(dataDir, name)))], dataDir);
    writeFileSync(path.join(out, 'expected.json'), `${JSON.stringify({ release: commit, users: FIXTURE_USERS, settings: FIXTURE_SETTINGS, answers: expected }, null, 2)}\n`);
    console.log(`wrote ${path.relative(ROOT, out)}: database.sql, data.tar.gz, expected.json`);
  } finally {
    await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => undefined);
    if (existsSync(checkout)) run('git', ['worktree', 'remove', '--force', checkout], ROOT);
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
