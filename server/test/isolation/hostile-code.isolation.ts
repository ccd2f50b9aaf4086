import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, pushBranch, waitForRun } from '../helpers/project-runs.js';
import { registerUser, startTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * Issue 30: a project whose commit carries a hostile build step and a hostile app, each trying the attacks of
 * hostile/attacks.mjs as separate attempts, then floods of processes, memory and disk (bounded by low limits).
 * A second user's project is the victim: its build runs at the same time and its app serves throughout; afterwards
 * its artifact must be exactly what it committed, its app must still serve the same revision, and no canary
 * (its secret, Slipway's own variable) may show up anywhere the attacker can read. Real Slipway on its embedded
 * PostgreSQL, real builds and apps, in the sandbox this machine gives (run as root with bubblewrap).
 */
const HOSTILE_DIR = fileURLToPath(new URL('./hostile/', import.meta.url));
const VICTIM_SECRET = `victim-canary-${randomBytes(8).toString('hex')}`;
const SLIPWAY_CANARY = `slipway-canary-${randomBytes(8).toString('hex')}`;
const MARK = 'HOSTILE-MARK';

interface Attempt {
  context: string;
  name: string;
  outcome: 'blocked' | 'SUCCEEDED' | 'judged-outside';
  detail: string;
}

const attempts: Attempt[] = [];
/** Attempts judged by this test from outside (files left behind, processes outliving their sandbox, the victim). */
function judge(context: string, name: string, ok: boolean, detail: string): void {
  attempts.push({ context, name, outcome: ok ? 'blocked' : 'SUCCEEDED', detail });
}

let app: TestApp;
let dataDir: string;
let victim: { token: string; project: any };
let attacker: { token: string; project: any };

const api = (who: { token: string }, method: string, route: string, body?: unknown) => app.api(method, route, { token: who.token, body });

async function createProject(name: string, apiKey: string): Promise<{ token: string; project: any }> {
  const user = await registerUser(app);
  await app.api('PUT', '/settings/GITHUB_ORGANIZATION', { token: user.token, body: { value: name.toLowerCase() } });
  const created = await app.api('POST', '/projects', {
    token: user.token,
    body: { name, description: 'Issue 30', template_name: 'node-rest-api', environment_variables: { API_KEY: apiKey, CORS_ORIGIN: '*', LOG_LEVEL: 'info' } },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const run = await waitForRun(app, user.token, created.body.id, { stream: 'project_creation' });
  expect(run.overall_status, JSON.stringify(run.processors.filter((step: any) => step.status !== 'completed'))).toBe('completed');
  return { token: user.token, project: (await app.api('GET', `/projects/${created.body.id}`, { token: user.token })).body };
}

/** Starts a version build of a branch; answers the version once its build ended. */
async function build(who: { token: string; project: any }, tag: string, branch: string): Promise<{ version: any; log: string }> {
  const created = await api(who, 'POST', `/projects/${who.project.id}/versions`, { version_tag: tag, git_branch: branch });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  let version: any;
  await eventually(async () => {
    version = (await api(who, 'GET', `/projects/${who.project.id}/versions/${created.body.id}`)).body;
    return ['success', 'failed', 'cancelled'].includes(version.build_status) && version.status !== 'build_success';
  }, 180_000);
  const log = (await api(who, 'GET', `/projects/${who.project.id}/versions/${version.id}/build/logs?tail=10000`)).body.logs as string;
  return { version, log };
}

const procEntries = () => readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
const readOr = (file: string, fallback = '') => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return fallback;
  }
};
/** Pids of processes named `title` (process.title). */
const named = (title: string) => procEntries().filter((pid) => readOr(`/proc/${pid}/comm`).trim() === title);

/** The victim app's own process: below the process whose working directory is its release folder. */
function appProcess(release: string): number {
  const inRelease = procEntries().filter((pid) => {
    try {
      return readlinkSync(`/proc/${pid}/cwd`) === release;
    } catch {
      return false;
    }
  });
  const tree = new Set(inRelease);
  for (let grown = true; grown; ) {
    grown = false;
    for (const pid of procEntries()) {
      const parent = /^PPid:\s+(\d+)/m.exec(readOr(`/proc/${pid}/status`))?.[1];
      if (!tree.has(pid) && parent && tree.has(parent)) {
        tree.add(pid);
        grown = true;
      }
    }
  }
  const node = [...tree].find((pid) => readOr(`/proc/${pid}/environ`).includes('API_KEY='));
  expect(node, `the victim's app process under ${release}`).toBeDefined();
  return Number(node);
}

function findDir(root: string, name: string): string {
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    const full = path.join(root, entry.name);
    if (entry.isDirectory() && entry.name.startsWith(name)) return full;
    if (entry.isDirectory()) {
      const found = findDir(full, name);
      if (found) return found;
    }
  }
  return '';
}

/** The registry's tag manifests of a project's artifacts: digest and blob path. */
function artifactsOf(project: any): Array<{ tag: string; digest: string; blob: string }> {
  const repositories = path.join(dataDir, 'registry', 'repositories');
  const dir = readdirSync(repositories).find((name) => name.endsWith(`+${project.repository_url.split('/').pop().replace(/\.git$/, '')}`));
  expect(dir, `the registry repository of ${project.name}`).toBeDefined();
  return readdirSync(path.join(repositories, dir!)).map((file) => {
    const { digest } = JSON.parse(readFileSync(path.join(repositories, dir!, file), 'utf8')) as { digest: string };
    return { tag: file.replace(/\.json$/, ''), digest, blob: path.join(dataDir, 'registry', 'blobs', 'sha256', digest.replace(/^sha256:/, '')) };
  });
}

/** Every file of an artifact with its content. */
async function artifactFiles(blob: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  await tar.list({
    file: blob,
    onReadEntry: (entry) => {
      const chunks: Buffer[] = [];
      entry.on('data', (chunk: Buffer) => chunks.push(chunk));
      entry.on('end', () => files.set(entry.path.replace(/^\.\//, ''), Buffer.concat(chunks).toString('utf8')));
    },
  });
  return files;
}

const HOSTILE_TEST = `import { test } from 'node:test';
import { runAttacks } from '../attacks.mjs';
test('hostile build step', async () => {
  for (const { name, outcome, detail } of await runAttacks('build')) console.log(['ATTACK', name, outcome, detail].join(' :: '));
});
`;

const HOSTILE_SERVER = `import { createServer } from 'node:http';
import { runAttacks } from '../attacks.mjs';
createServer(async (req, res) => {
  if (req.url === '/health') return res.end('ok');
  if (req.url === '/attacks') return res.end(JSON.stringify(await runAttacks('app')));
  if (req.url === '/memory-flood') {
    res.end('flooding');
    const chunks = [];
    setInterval(() => { for (let i = 0; i < 8; i++) chunks.push(Buffer.alloc(8 * 1024 * 1024, 1)); }, 20);
    return;
  }
  res.writeHead(404).end();
}).listen(Number(process.env.PORT), '127.0.0.1');
`;

const FLOODS: Record<string, { test: string; expected: RegExp }> = {
  'fork bomb': {
    test: `import { spawn } from 'node:child_process';\nimport { test } from 'node:test';\ntest('forks', async () => { for (let i = 0; i < 400; i++) { try { spawn('/bin/sleep', ['60'], { stdio: 'ignore' }); } catch {} } await new Promise((r) => setTimeout(r, 60000)); });\n`,
    expected: /Tests stopped: too many processes: limit 128/,
  },
  'memory flood': {
    test: `import { test } from 'node:test';\ntest('floods memory', async () => { const chunks = []; for (let i = 0; i < 64; i++) { chunks.push(Buffer.alloc(16 * 1024 * 1024, 1)); await new Promise((r) => setTimeout(r, 5)); } await new Promise((r) => setTimeout(r, 60000)); });\n`,
    expected: /Tests stopped: out of memory: limit 256 MB/,
  },
  'disk flood': {
    test: `import { writeFileSync } from 'node:fs';\nimport { test } from 'node:test';\ntest('floods the disk', async () => { const chunk = Buffer.alloc(1024 * 1024, 1); for (let i = 0; i < 96; i++) { try { writeFileSync('flood-' + i, chunk); } catch {} } await new Promise((r) => setTimeout(r, 60000)); });\n`,
    expected: /Tests stopped: disk limit reached: limit 64 MB written/,
  },
};

beforeAll(async () => {
  // Low limits for every build and app of this Slipway, so the floods stay small on a shared machine.
  Object.assign(process.env, { SLIPWAY_LIMIT_MEMORY_MB: '256', SLIPWAY_LIMIT_PROCESSES: '128', SLIPWAY_LIMIT_DISK_MB: '64', SLIPWAY_ISOLATION_CANARY: SLIPWAY_CANARY });
  dataDir = mkdtempSync(path.join(tmpdir(), 'slipway-isolation-'));
  chmodSync(dataDir, 0o711);
  app = await startTestApp({ embedded: true, dataDir });
  [victim, attacker] = await Promise.all([createProject('Victim', VICTIM_SECRET), createProject('Attacker', `attacker-key-${randomBytes(4).toString('hex')}`)]);
}, 300_000);

afterAll(async () => {
  await app?.stop();
  rmSync(dataDir, { recursive: true, force: true });
  for (const key of ['SLIPWAY_LIMIT_MEMORY_MB', 'SLIPWAY_LIMIT_PROCESSES', 'SLIPWAY_LIMIT_DISK_MB', 'SLIPWAY_ISOLATION_CANARY']) delete process.env[key];
});

describe('hostile code', () => {
  it('reaches neither another project, nor Slipway, nor the machine; every attempt is printed', async () => {
    const victimApp = victim.project.active_deployment;
    const victimRelease = path.join(dataDir, 'cluster', victimApp.kubernetes_namespace, 'releases', '1');
    const postmaster = readOr(path.join(dataDir, 'postgres', 'postmaster.pid')).split('\n');
    const targets = {
      dataDir,
      reposDir: path.join(dataDir, 'repos'),
      victimRepository: findDir(path.join(dataDir, 'repos'), victim.project.repository_url.split('/').pop().replace(/\.git$/, '')),
      victimRelease: path.join(victimRelease, 'src', 'server.js'),
      victimArtifact: artifactsOf(victim.project)[0].blob,
      slipwayPid: process.pid,
      slipwayPort: Number(new URL(app.url).port),
      postgresPid: Number(postmaster[0]),
      postgresPort: Number(postmaster[3]),
      postgresSocketDir: postmaster[4] || '/tmp',
      victimAppPid: appProcess(victimRelease),
      victimPort: Number(new URL(victim.project.loopback_url).port),
      canaries: [VICTIM_SECRET, SLIPWAY_CANARY],
    };
    expect(targets.postgresPid, 'the embedded PostgreSQL runs').toBeGreaterThan(0);
    const victimVersion = victimApp.version_id;

    const hostileFiles = {
      'attacks.mjs': readFileSync(path.join(HOSTILE_DIR, 'attacks.mjs'), 'utf8'),
      'attack-targets.json': JSON.stringify(targets),
      'test/hostile.test.js': HOSTILE_TEST,
      'src/server.js': HOSTILE_SERVER,
    };
    await pushBranch(attacker.project.repository_url, 'hostile', hostileFiles);
    // The victim's build takes a while (its tests wait), so the attacker's build runs beside it.
    const victimFiles = { 'test/slow.test.js': `import { test } from 'node:test';\ntest('takes its time', () => new Promise((resolve) => setTimeout(resolve, 8000)));\n`, 'victim.txt': 'the victim’s own file\n' };
    await pushBranch(victim.project.repository_url, 'slow', victimFiles);
    const [victimBuild, hostileBuild] = await Promise.all([build(victim, 'v1.0.0', 'slow'), build(attacker, 'v1.0.0', 'hostile')]);
    expect(hostileBuild.version.build_status, hostileBuild.log).toBe('success');
    for (const line of hostileBuild.log.split('\n')) {
      const match = /ATTACK :: (.*?) :: (blocked|SUCCEEDED|judged-outside) :: (.*)$/.exec(line);
      if (match) attempts.push({ context: 'build', name: match[1], outcome: match[2] as Attempt['outcome'], detail: match[3] });
    }
    expect(attempts.length, hostileBuild.log).toBeGreaterThanOrEqual(40);

    // The hostile app: deployed, then asked to attack.
    const deployed = await api(attacker, 'POST', `/projects/${attacker.project.id}/deployments`, { version_id: hostileBuild.version.id });
    expect(deployed.status, JSON.stringify(deployed.body)).toBe(201);
    expect((await waitForRun(app, attacker.token, attacker.project.id, { stream: 'deployment' })).overall_status).toBe('completed');
    const hostileUrl = (await api(attacker, 'GET', `/projects/${attacker.project.id}`)).body.loopback_url as string;
    const answer = await fetch(`${hostileUrl}attacks`, { signal: AbortSignal.timeout(60_000) });
    const appAttempts = (await answer.json()) as Attempt[];
    for (const attempt of appAttempts) attempts.push({ ...attempt, context: 'app' });
    const hostileOutput = hostileBuild.log + JSON.stringify(appAttempts);

    // Floods, each in a build of its own (a sandbox that passes a limit is stopped with it).
    const floods = await Promise.all(
      Object.entries(FLOODS).map(async ([name, flood], index) => {
        await pushBranch(attacker.project.repository_url, `flood-${index}`, { 'test/flood.test.js': flood.test });
        return { name, flood, result: await build(attacker, `v2.${index}.0`, `flood-${index}`) };
      }),
    );
    for (const { name, flood, result } of floods) {
      judge('build', name, result.version.build_status === 'failed' && flood.expected.test(result.log), result.log.split('\n').find((line) => flood.expected.test(line)) ?? result.log.slice(-300));
    }
    // The app floods its memory: it is stopped, and its log says why.
    await fetch(`${hostileUrl}memory-flood`).catch(() => undefined);
    let appLog = '';
    await eventually(async () => {
      const logs = await api(attacker, 'GET', `/projects/${attacker.project.id}/deployments/${(await api(attacker, 'GET', `/projects/${attacker.project.id}`)).body.active_deployment.id}/logs?tail=200`);
      appLog = JSON.stringify(logs.body);
      return /out of memory: limit 256 MB/.test(appLog);
    }, 60_000).catch(() => undefined);
    judge('app', 'memory flood', /out of memory: limit 256 MB/.test(appLog), appLog.match(/[^"]*out of memory[^"]*/)?.[0] ?? appLog.slice(-300));

    // Judged from outside: what they left behind, and whether they outlived their sandbox.
    for (const context of ['build', 'app']) {
      for (const dir of ['/tmp', '/var/tmp', '/dev/shm']) judge(context, `leave a file in the machine’s ${dir} (seen from outside)`, !existsSync(`${dir}/${MARK}-${context}`), `${dir}/${MARK}-${context}`);
    }
    judge('build', 'outlive the build with a detached process (seen from outside)', named('hostile-build').length === 0, `processes named hostile-build: ${named('hostile-build').join(', ') || 'none'}`);
    expect((await api(attacker, 'DELETE', `/projects/${attacker.project.id}`)).status).toBeLessThan(300);
    await eventually(async () => (await api(attacker, 'GET', `/projects/${attacker.project.id}`)).status === 404, 120_000);
    await eventually(async () => named('hostile-app').length === 0, 5_000).catch(() => undefined);
    judge('app', 'outlive the app with a detached process (seen from outside)', named('hostile-app').length === 0, `processes named hostile-app: ${named('hostile-app').join(', ') || 'none'}`);

    // The victim: its build as committed, its app still serving the same artifact, no canary anywhere the attacker reads.
    expect(victimBuild.version.build_status, victimBuild.log).toBe('success');
    const built = artifactsOf(victim.project).find((artifact) => artifact.tag.includes('1.0.0'));
    expect(built, 'the victim’s v1.0.0 artifact').toBeDefined();
    judge('victim', 'artifact digest is its content’s', createHash('sha256').update(readFileSync(built!.blob)).digest('hex') === built!.digest.replace(/^sha256:/, ''), built!.digest);
    const files = await artifactFiles(built!.blob);
    judge(
      'victim',
      'artifact holds exactly its commit',
      files.get('victim.txt') === victimFiles['victim.txt'] && ![...files.keys()].some((file) => file.includes('PWNED')) && ![...files.values()].some((content) => content.includes(MARK)),
      [...files.keys()].filter((file) => !file.endsWith('/')).join(', '),
    );
    const victimNow = (await api(victim, 'GET', `/projects/${victim.project.id}`)).body;
    judge('victim', 'app serves the same deployment and artifact', victimNow.active_deployment?.id === victimApp.id && victimNow.active_deployment?.version_id === victimVersion, String(victimNow.active_deployment?.status));
    const health = await fetch(`${victim.project.loopback_url}health`).then((response) => response.status, () => 0);
    judge('victim', 'app answers its health check', health === 200, `GET /health: ${health}`);
    judge('victim', 'no canary in anything the attacker read', ![VICTIM_SECRET, SLIPWAY_CANARY].some((canary) => hostileOutput.includes(canary)), 'build log and app answers searched');

    const width = Math.max(...attempts.map((attempt) => attempt.name.length));
    console.log(
      ['Hostile code: each attempt and its result', ...attempts.map((attempt) => `${attempt.outcome === 'SUCCEEDED' ? 'FAIL' : 'ok  '} ${attempt.context.padEnd(6)} ${attempt.name.padEnd(width)}  ${attempt.context === 'victim' ? (attempt.outcome === 'blocked' ? 'held' : 'BROKEN') : attempt.outcome}: ${attempt.detail}`)].join('\n'),
    );
    // Attempts judged from outside are counted once, by their judgement.
    const counted = attempts.filter((attempt) => attempt.context !== 'victim' && attempt.outcome !== 'judged-outside');
    const victimChecks = attempts.filter((attempt) => attempt.context === 'victim');
    console.log(`${counted.length} attacks, ${counted.filter((attempt) => attempt.outcome === 'SUCCEEDED').length} succeeded; ${victimChecks.length} checks of the victim, ${victimChecks.filter((attempt) => attempt.outcome === 'SUCCEEDED').length} broken`);
    expect(counted.length).toBeGreaterThanOrEqual(40);
    expect(attempts.filter((attempt) => attempt.outcome === 'SUCCEEDED')).toEqual([]);
  }, 300_000);
});
