import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createClient } from 'graphql-ws';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { eventually, git, processesMentioning, pushBranch, waitForRun } from './helpers/project-runs.js';
import { registerUser, startTestApp, type TestApp } from './helpers/test-app.js';

/**
 * Versions end to end on the local providers: a node-rest-api project (its tests run `node --test`), versions tagged
 * in its real git repository, built by real child processes into artifacts in the local registry. Branches that
 * break or stall the build are pushed with the git CLI. Real PostgreSQL, real HTTP and WebSocket.
 */
const execFileAsync = promisify(execFile);
const MARKER = `marker-${randomBytes(6).toString('hex')}`;
let app: TestApp;
let dataDir: string;
let owner: Awaited<ReturnType<typeof registerUser>>;
let stranger: Awaited<ReturnType<typeof registerUser>>;
let project: any;

const versionsOf = (token: string, query = '') => app.api('GET', `/projects/${project.id}/versions${query}`, { token });
const createVersion = (body: Record<string, unknown>, token = owner.token) => app.api('POST', `/projects/${project.id}/versions`, { token, body });
const versionCall = (method: string, versionId: string, suffix = '', token = owner.token) =>
  app.api(method, `/projects/${project.id}/versions/${versionId}${suffix}`, { token });

/** Polls the version until its build has ended; answers the version. */
async function builtVersion(versionId: string): Promise<any> {
  let version: any;
  await eventually(async () => {
    version = (await versionCall('GET', versionId)).body;
    return ['success', 'failed', 'cancelled'].includes(version.build_status) && version.status !== 'build_success';
  }, 120_000);
  return version;
}

/** The paths in a gzipped tar (an artifact). */
async function artifactFiles(bytes: Buffer): Promise<string[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'slipway-artifact-'));
  try {
    const file = path.join(dir, 'artifact.tar.gz');
    writeFileSync(file, bytes);
    const { stdout } = await execFileAsync('tar', ['-tzf', file]);
    return stdout.split('\n').filter(Boolean);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

beforeAll(async () => {
  // Builds run as nobody when the tests run as root: the data directory must let others pass through.
  dataDir = mkdtempSync(path.join(tmpdir(), 'slipway-versions-'));
  chmodSync(dataDir, 0o711);
  app = await startTestApp({ dataDir });
  owner = await registerUser(app);
  stranger = await registerUser(app);
  expect((await app.api('PUT', '/settings/GITHUB_ORGANIZATION', { token: owner.token, body: { value: 'acme' } })).status).toBe(200);
  const created = await app.api('POST', '/projects', {
    token: owner.token,
    body: { name: 'Versioned', description: 'Has versions', template_name: 'node-rest-api', environment_variables: { API_KEY: 'api-key-value-123', BUILD_SECRET: MARKER } },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const run = await waitForRun(app, owner.token, created.body.id, { stream: 'project_creation' });
  expect(run.overall_status, JSON.stringify(run.processors.filter((step: any) => step.status !== 'completed'))).toBe('completed');
  project = (await app.api('GET', `/projects/${created.body.id}`, { token: owner.token })).body;
}, 240_000);

afterAll(async () => {
  await app?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a version of the main branch', () => {
  let version: any;

  it('is tagged at the branch head, built into a downloadable artifact and listed', async () => {
    const res = await createVersion({ version_tag: ' v1.0.0 ', description: ' First release ', git_branch: ' main ' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ version_tag: 'v1.0.0', description: 'First release', git_branch: 'main', version_number: 2, git_commit_sha: project.build_commit, active: false, build_duration_seconds: null });
    expect(['pending', 'building']).toContain(res.body.status);

    version = await builtVersion(res.body.id);
    expect(version).toMatchObject({ status: 'ready', build_status: 'success', docker_image_url: expect.stringContaining(':v1.0.0') });
    expect(version.artifacts).toEqual([{ id: expect.stringMatching(/^sha256:[0-9a-f]{64}$/), type: 'image' }]);
    expect(new Date(version.build_completed_at).getTime()).toBeGreaterThanOrEqual(new Date(version.build_started_at).getTime());
    expect(version.build_duration_seconds).toBe(Math.round((new Date(version.build_completed_at).getTime() - new Date(version.build_started_at).getTime()) / 1000));
    expect(await git(['ls-remote', '--tags', project.repository_url])).toContain('refs/tags/v1.0.0');

    const progress = await versionCall('GET', version.id, '/build/progress');
    expect(progress.body).toMatchObject({ build_status: 'success', progress_percent: 100, pipeline: { stream_name: 'version_build', overall_status: 'completed' } });
    expect(progress.body.pipeline.processors.map((step: any) => step.processor_name)).toEqual(['checkout-version', 'build-version', 'publish-artifact']);

    const logs = await versionCall('GET', version.id, '/build/logs?tail=3');
    expect(logs.status).toBe(200);
    expect(logs.body.logs.split('\n')).toHaveLength(3);
    expect((await versionCall('GET', version.id, '/build/logs?tail=0')).status).toBe(400);

    const artifacts = await versionCall('GET', version.id, '/artifacts');
    expect(artifacts.body.artifacts).toEqual([expect.objectContaining({ id: version.artifacts[0].id, type: 'image' })]);
    const download = await fetch(`${app.url}/api/projects/${project.id}/versions/${version.id}/artifacts/${version.artifacts[0].id}/download`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/gzip');
    expect(download.headers.get('content-disposition')).toContain('v1.0.0.tar.gz');
    const bytes = Buffer.from(await download.arrayBuffer());
    expect(Number(download.headers.get('content-length'))).toBe(bytes.length);
    expect(`sha256:${createHash('sha256').update(bytes).digest('hex')}`).toBe(version.artifacts[0].id);
    expect((await versionCall('GET', version.id, '/artifacts/sha256:0000/download')).status).toBe(404);

    const list = await versionsOf(owner.token);
    expect(list.body).toMatchObject({ total: 2, total_pages: 1 });
    expect(list.body.versions.map((row: any) => row.version_tag)).toEqual(['v1.0.0', 'v0.1.0']);
    const oldestFirst = await versionsOf(owner.token, '?sort_by=version_number&sort_order=asc&limit=1&page=2');
    expect(oldestFirst.body).toMatchObject({ total: 2, total_pages: 2, versions: [{ version_tag: 'v1.0.0' }] });
    expect((await versionsOf(owner.token, '?search=first')).body.versions.map((row: any) => row.version_tag)).toEqual(['v1.0.0']);
    expect((await versionsOf(owner.token, '?build_status=failed')).body.total).toBe(0);
    expect((await versionsOf(owner.token, '?sort_by=name')).status).toBe(400);
  }, 180_000);

  it('refuses bad input with the spec messages and duplicate tags with 409, changing nothing', async () => {
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ version_tag: '  ', git_branch: 'main' }, 400, 'Version tag is required'],
      [{ version_tag: '1.0', git_branch: 'main' }, 400, 'Version must follow "vx.x.x" format (e.g., v1.0.0, v1.2.3-beta.1)'],
      [{ version_tag: 'v2.0.0', git_branch: ' ' }, 400, 'Git branch is required'],
      [{ version_tag: 'v2.0.0', git_branch: 'main; rm -rf /' }, 400, 'Branch name contains invalid characters'],
      [{ version_tag: 'v2.0.0', git_branch: 'no-such-branch' }, 400, 'Branch "no-such-branch" does not exist in the project\'s repository'],
      [{ version_tag: 'v2.0.0', git_branch: 'main', extra: 1 }, 400, 'Unknown field "extra"'],
      [{ version_tag: 'v1.0.0', git_branch: 'main' }, 409, 'Version v1.0.0 already exists in this project'],
      [{ version_tag: 'v0.1.0', git_branch: 'main' }, 409, 'Version v0.1.0 already exists in this project'],
    ];
    for (const [body, status, error] of cases) {
      const res = await createVersion(body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.error).toBe(error);
    }
    expect((await versionsOf(owner.token)).body.total).toBe(2);
    for (const query of ['?page=0', '?limit=101', '?sort_order=sideways', '?status=gone', '?build_status=done', '?page=1&page=2']) {
      expect((await versionsOf(owner.token, query)).status, query).toBe(400);
    }
    expect((await app.api('POST', `/projects/${project.id}/versions`, { token: owner.token, body: [] })).status).toBe(400);
    expect((await app.api('POST', `/projects/${project.id}/versions`, { token: owner.token, body: { version_tag: 1, git_branch: 'main' } })).body.error).toBe('version_tag must be text');
    expect((await versionCall('GET', 'not-a-uuid')).status).toBe(404);
    expect((await versionCall('GET', version.id, '/build/logs?tail=abc')).status).toBe(400);
    expect((await app.api('GET', `/projects/00000000-0000-4000-8000-000000000000/versions/${version.id}`, { token: owner.token })).status).toBe(404);
    const graphql = await app.graphql(
      'mutation ($projectId: ID!) { createVersion(projectId: $projectId, input: { versionTag: "x", gitBranch: "main" }) { id } }',
      { projectId: project.id },
      owner.token,
    );
    expect(graphql.errors?.[0]).toMatchObject({ message: 'Version must follow "vx.x.x" format (e.g., v1.0.0, v1.2.3-beta.1)', extensions: { code: 'BAD_USER_INPUT' } });
  });

  it('is archived and restored; the deployed version cannot be deleted, another one can (with its artifact)', async () => {
    const archived = await versionCall('POST', version.id, '/archive');
    expect(archived.body).toMatchObject({ status: 'archived' });
    expect((await versionCall('POST', version.id, '/archive')).status).toBe(409);
    expect((await versionCall('POST', version.id, '/build')).status).toBe(409);
    expect((await versionsOf(owner.token, '?status=archived')).body.versions.map((row: any) => row.id)).toEqual([version.id]);
    expect((await versionCall('POST', version.id, '/restore')).body).toMatchObject({ status: 'ready', build_status: 'success' });
    expect((await versionCall('POST', version.id, '/restore')).status).toBe(409);

    // The live version is refused with its reason, which GraphQL gives before anyone tries; others can go.
    const active = project.active_version;
    const refused = await versionCall('DELETE', active.id);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: 'Version v0.1.0 is live in production: deploy another version before deleting it', code: 'CONFLICT' });
    expect((await versionCall('POST', active.id, '/archive')).body.error).toBe('Version v0.1.0 is live in production: deploy another version before archiving it');
    const refusals = await app.graphql(
      'query ($id: ID!) { project(id: $id) { versions { versions { versionTag deletionRefusal } } } }',
      { id: project.id },
      owner.token,
    );
    expect(refusals.errors).toBeUndefined();
    expect(refusals.data.project.versions.versions).toEqual([
      { versionTag: 'v1.0.0', deletionRefusal: null },
      { versionTag: 'v0.1.0', deletionRefusal: 'Version v0.1.0 is live in production: deploy another version before deleting it' },
    ]);
    const graphqlRefused = await app.graphql('mutation ($id: ID!) { deleteVersion(id: $id) }', { id: active.id }, owner.token);
    expect(graphqlRefused.errors?.[0]).toMatchObject({ message: 'Version v0.1.0 is live in production: deploy another version before deleting it', extensions: { code: 'CONFLICT' } });
    expect((await versionCall('GET', active.id)).status).toBe(200);

    expect((await versionCall('PUT', version.id, '', owner.token)).status).toBe(400);
    const updated = await app.api('PUT', `/projects/${project.id}/versions/${version.id}`, { token: owner.token, body: { description: ' Renamed ' } });
    expect(updated.body).toMatchObject({ description: 'Renamed', version_tag: 'v1.0.0' });
    expect((await app.api('PUT', `/projects/${project.id}/versions/${version.id}`, { token: owner.token, body: { version_tag: 'v9.9.9' } })).status).toBe(400);

    expect((await versionCall('DELETE', version.id)).status).toBe(200);
    expect((await versionCall('GET', version.id)).status).toBe(404);
    const download = await fetch(`${app.url}/api/projects/${project.id}/versions/${version.id}/artifacts/${version.artifacts[0].id}/download`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(download.status).toBe(404);
    expect((await versionsOf(owner.token)).body.total).toBe(1);
  });
});

describe('a build that fails', () => {
  it('ends build_failed with its whole log kept and the values of sensitive variables masked', async () => {
    const sha = await pushBranch(project.repository_url, 'broken', {
      'test/broken.test.js': `import test from 'node:test';\nconsole.log('marker is ' + process.env.BUILD_SECRET);\ntest('breaks', () => { throw new Error('deliberately broken'); });\n`,
    });
    const res = await createVersion({ version_tag: 'v1.1.0-broken', git_branch: 'broken' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.git_commit_sha).toBe(sha);
    const version = await builtVersion(res.body.id);
    expect(version).toMatchObject({ status: 'build_failed', build_status: 'failed', artifacts: [], docker_image_url: null });
    const logs = (await versionCall('GET', version.id, '/build/logs?tail=10000')).body.logs;
    expect(logs).toContain('deliberately broken');
    expect(logs.split('\n').filter((line: string) => line.startsWith('> '))).toEqual(['> node --check src/server.js', '> node --test']);
    expect(logs.split('\n').slice(-2)).toEqual(['Tests failed (exit code 1)', 'Build failed: Build of v1.1.0-broken failed: Tests failed (exit code 1)']);
    expect(logs).toContain('marker is ***');
    expect(logs).not.toContain(MARKER);
    expect(version.build_log).not.toContain(MARKER);
    const progress = (await versionCall('GET', version.id, '/build/progress')).body;
    expect(progress.pipeline).toMatchObject({ overall_status: 'failed' });
    expect(progress.pipeline.processors[1]).toMatchObject({
      processor_name: 'build-version',
      status: 'failed',
      substeps: [
        { name: 'build', status: 'completed', description: 'Runs the build command: node --check src/server.js' },
        { name: 'test', status: 'failed', description: 'Runs the tests: node --test' },
      ],
    });
    expect((await versionCall('GET', version.id, '/artifacts')).body.artifacts).toEqual([]);
  }, 180_000);
});

describe('a build that is stopped', () => {
  it('is cancelled and its build process killed; it can be built again', async () => {
    const slowFile = `test/${MARKER}-slow.test.js`;
    await pushBranch(project.repository_url, 'slow', { [slowFile]: `import test from 'node:test';\ntest('waits', () => new Promise((resolve) => setTimeout(resolve, 120000)));\n` });
    const res = await createVersion({ version_tag: 'v1.2.0', git_branch: 'slow' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    await eventually(async () => processesMentioning(`${MARKER}-slow`).length > 0, 60_000);
    expect((await versionCall('GET', res.body.id)).body).toMatchObject({ status: 'building', build_status: 'running' });

    const stopped = await versionCall('POST', res.body.id, '/build/stop');
    expect(stopped.status, JSON.stringify(stopped.body)).toBe(200);
    expect(stopped.body).toMatchObject({ build_status: 'cancelled', status: 'build_failed' });
    await eventually(async () => processesMentioning(`${MARKER}-slow`).length === 0, 30_000);
    await eventually(async () => (await versionCall('GET', res.body.id, '/build/progress')).body.pipeline.overall_status === 'cancelled');
    expect((await versionCall('GET', res.body.id)).body).toMatchObject({ build_status: 'cancelled', status: 'build_failed' });
    expect((await versionCall('POST', res.body.id, '/build/stop')).status).toBe(409);

    const rebuilt = await versionCall('POST', res.body.id, '/build');
    expect(rebuilt.status).toBe(202);
    expect(rebuilt.body).toMatchObject({ build_status: 'pending', status: 'pending' });
    expect((await versionCall('POST', res.body.id, '/build')).status).toBe(409);
    expect((await versionCall('DELETE', res.body.id)).status).toBe(409);
    await eventually(async () => processesMentioning(`${MARKER}-slow`).length > 0, 60_000);
    expect((await versionCall('POST', res.body.id, '/build/stop')).status).toBe(200);
    await eventually(async () => processesMentioning(`${MARKER}-slow`).length === 0, 30_000);
  }, 180_000);
});

describe('GraphQL', () => {
  it('lists versions on the project and follows a build live, snapshot first', async () => {
    const listed = await app.graphql(
      'query ($id: ID!) { project(id: $id) { versions(filter: { limit: 1, sortBy: version_number, sortOrder: ASC }) { total totalPages versions { versionTag status buildStatus buildStartedAt buildCompletedAt buildDurationSeconds } } } }',
      { id: project.id },
      owner.token,
    );
    expect(listed.errors).toBeUndefined();
    expect(listed.data.project.versions).toMatchObject({ total: 3, totalPages: 3, versions: [{ versionTag: 'v0.1.0', status: 'ready', buildStatus: 'success' }] });
    const [initial] = listed.data.project.versions.versions;
    expect(initial.buildDurationSeconds).toBe(Math.round((new Date(initial.buildCompletedAt).getTime() - new Date(initial.buildStartedAt).getTime()) / 1000));

    const created = await app.graphql(
      'mutation ($projectId: ID!) { createVersion(projectId: $projectId, input: { versionTag: "v1.3.0", gitBranch: "main", description: "Live" }) { id versionTag } }',
      { projectId: project.id },
      owner.token,
    );
    expect(created.errors).toBeUndefined();
    const versionId = created.data.createVersion.id;
    const first = await builtVersion(versionId);
    expect(first).toMatchObject({ status: 'ready' });

    // Snapshot first (the finished build), then, after a rebuild, every change up to ready again.
    const client = createClient({ url: `${app.url.replace('http', 'ws')}/api/graphql`, webSocketImpl: WebSocket, connectionParams: { authorization: `Bearer ${owner.token}` }, retryAttempts: 0 });
    const snapshots: any[] = [];
    await new Promise<void>((resolve, reject) => {
      const stop = client.subscribe(
        { query: `subscription { versionBuild(versionId: "${versionId}") { version { status buildStatus } pipeline { id streamName overallStatus progressPercent } logTail } }` },
        {
          next: (result) => {
            if (result.errors) return reject(new Error(JSON.stringify(result.errors)));
            const build = (result.data as any).versionBuild;
            snapshots.push(build);
            if (snapshots.length === 1) {
              void app.graphql('mutation ($id: ID!) { buildVersion(id: $id) { buildStatus } }', { id: versionId }, owner.token).catch(reject);
            } else if (build.version.status === 'ready' && build.pipeline.id !== snapshots[0].pipeline.id) {
              stop();
              resolve();
            }
          },
          error: reject,
          complete: () => resolve(),
        },
      );
    });
    await client.dispose();
    expect(snapshots[0]).toMatchObject({ version: { status: 'ready', buildStatus: 'success' }, pipeline: { streamName: 'version_build', overallStatus: 'completed' } });
    expect(snapshots[0].logTail).toContain('Stored artifact');
    expect(snapshots.slice(1).some((build) => build.version.buildStatus !== 'success')).toBe(true);
    expect(snapshots.at(-1)).toMatchObject({ version: { status: 'ready', buildStatus: 'success' }, pipeline: { overallStatus: 'completed', progressPercent: 100 } });

    const strangerClient = createClient({ url: `${app.url.replace('http', 'ws')}/api/graphql`, webSocketImpl: WebSocket, connectionParams: { authorization: `Bearer ${stranger.token}` }, retryAttempts: 0 });
    const denied = await new Promise<unknown>((resolve) => {
      strangerClient.subscribe({ query: `subscription { versionBuild(versionId: "${versionId}") { logTail } }` }, { next: (result) => resolve(result.errors), error: resolve, complete: () => resolve('complete') });
    });
    await strangerClient.dispose();
    expect(JSON.stringify(denied)).toContain('Version not found');
  }, 180_000);
});

describe('another user', () => {
  it('sees none of the versions and can change none of them', async () => {
    const { body } = await versionsOf(owner.token);
    const version = body.versions[0];
    expect((await versionsOf(stranger.token)).status).toBe(404);
    expect((await createVersion({ version_tag: 'v5.0.0', git_branch: 'main' }, stranger.token)).status).toBe(404);
    for (const [method, suffix] of [
      ['GET', ''],
      ['PUT', ''],
      ['DELETE', ''],
      ['POST', '/build'],
      ['POST', '/build/stop'],
      ['GET', '/build/progress'],
      ['GET', '/build/logs'],
      ['GET', '/artifacts'],
      ['GET', `/artifacts/${version.artifacts[0]?.id ?? 'x'}/download`],
      ['POST', '/archive'],
      ['POST', '/restore'],
    ]) {
      const res = await versionCall(method, version.id, suffix, stranger.token);
      expect(res.status, `${method} ${suffix}`).toBe(404);
    }
    const graphql = await app.graphql('query ($id: ID!) { version(id: $id) { id } }', { id: version.id }, stranger.token);
    expect(graphql.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await versionsOf(owner.token)).body.versions[0]).toMatchObject({ id: version.id, description: version.description, status: version.status });
  });
});

describe('two versions built at once', () => {
  it('each ends with its own artifact and its own log, nothing of the other', async () => {
    const sides = ['left', 'right'] as const;
    const shas: Record<string, string> = {};
    for (const side of sides) {
      shas[side] = await pushBranch(project.repository_url, `concurrent-${side}`, {
        [`test/${side}-only.test.js`]: `import test from 'node:test';\ntest('${side}', async () => {\n  for (let i = 0; i < 20; i += 1) { console.log('line ' + i + ' of the ${side} build'); await new Promise((r) => setTimeout(r, 100)); }\n});\n`,
      });
    }
    const created = await Promise.all(sides.map((side, index) => createVersion({ version_tag: `v4.${index}.0`, git_branch: `concurrent-${side}` })));
    expect(created.map((res) => res.status)).toEqual([201, 201]);
    // Created at once, numbered one after the other: never the same number twice.
    const numbers = created.map((res) => res.body.version_number as number).sort((a, b) => a - b);
    expect(numbers[1]).toBe(numbers[0] + 1);
    const built = await Promise.all(created.map((res) => builtVersion(res.body.id)));
    // They ran side by side: each started before the other ended.
    const [left, right] = built;
    expect(new Date(left.build_started_at).getTime()).toBeLessThan(new Date(right.build_completed_at).getTime());
    expect(new Date(right.build_started_at).getTime()).toBeLessThan(new Date(left.build_completed_at).getTime());
    expect(left.artifacts[0].id).not.toBe(right.artifacts[0].id);

    for (const [index, side] of sides.entries()) {
      const other = sides[1 - index];
      const version = built[index];
      expect(version).toMatchObject({ status: 'ready', build_status: 'success', git_commit_sha: shas[side], docker_image_url: expect.stringContaining(`:v4.${index}.0`) });
      const log = (await versionCall('GET', version.id, '/build/logs?tail=10000')).body.logs as string;
      expect(log.match(new RegExp(`of the ${side} build`, 'g'))).toHaveLength(20);
      expect(log).not.toContain(`of the ${other} build`);
      expect(log).toContain(`:v4.${index}.0`);
      expect(log).not.toContain(`:v4.${1 - index}.0`);
      expect(version.build_log).not.toContain(other);

      const download = await fetch(`${app.url}/api/projects/${project.id}/versions/${version.id}/artifacts/${version.artifacts[0].id}/download`, {
        headers: { authorization: `Bearer ${owner.token}` },
      });
      expect(download.status).toBe(200);
      const bytes = Buffer.from(await download.arrayBuffer());
      expect(`sha256:${createHash('sha256').update(bytes).digest('hex')}`).toBe(version.artifacts[0].id);
      const files = await artifactFiles(bytes);
      expect(files).toContain(`./test/${side}-only.test.js`);
      expect(files).not.toContain(`./test/${other}-only.test.js`);
    }

    // The numbers follow the order of creation, not the tags: a lower tag made later comes after them.
    const later = await createVersion({ version_tag: 'v0.0.1', git_branch: 'main' });
    expect(later.status, JSON.stringify(later.body)).toBe(201);
    expect(later.body.version_number).toBe(numbers[1] + 1);
    const highest = await versionsOf(owner.token, '?sort_by=version_number&sort_order=desc&limit=3');
    const newestFirst = created.map((res) => res.body).sort((a, b) => b.version_number - a.version_number);
    expect(highest.body.versions.map((row: any) => row.version_tag)).toEqual(['v0.0.1', ...newestFirst.map((row) => row.version_tag)]);
  }, 240_000);
});

describe('a version whose creation fails after its tag was made', () => {
  it('leaves no tag behind (a retry makes it afresh), and a tag left at the branch head is reused', async () => {
    const db = new pg.Client({ connectionString: app.databaseUrl });
    await db.connect();
    const count = async (table: string) => (await db.query(`SELECT count(*)::int AS n FROM ${table} WHERE project_id = $1`, [project.id])).rows[0].n as number;
    const tags = async () => (await git(['ls-remote', '--tags', project.repository_url])).split('\n').map((line) => line.split('refs/tags/')[1]);
    try {
      // The insert's commit fails (a deferred check at COMMIT, after the tag was made): a real failure of the transaction.
      await db.query(`CREATE FUNCTION refuse_doomed_version() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN IF NEW.version_tag = 'v5.0.0' THEN RAISE EXCEPTION 'doomed version'; END IF; RETURN NEW; END $$`);
      await db.query(`CREATE CONSTRAINT TRIGGER refuse_doomed AFTER INSERT ON versions DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION refuse_doomed_version()`);
      const [versionsBefore, runsBefore] = [await count('versions'), await count('pipeline_runs')];
      const failed = await createVersion({ version_tag: 'v5.0.0', git_branch: 'main' });
      expect(failed.status).toBe(500);
      expect(JSON.stringify(failed.body)).not.toMatch(/doomed|SELECT|INSERT|at .*\.ts/);
      expect([await count('versions'), await count('pipeline_runs')]).toEqual([versionsBefore, runsBefore]);
      expect(await tags()).not.toContain('v5.0.0');

      // Once the commit can succeed, the same tag is made afresh and built.
      await db.query('DROP TRIGGER refuse_doomed ON versions');
      const retried = await createVersion({ version_tag: 'v5.0.0', git_branch: 'main' });
      expect(retried.status, JSON.stringify(retried.body)).toBe(201);
      expect(await tags()).toContain('v5.0.0');
      expect(await builtVersion(retried.body.id)).toMatchObject({ status: 'ready', build_status: 'success' });

      // A tag left at the branch head with no version (a create that died between its tag and its commit) is reused;
      // one on another commit is someone else's: refused, nothing changed.
      const head = await git(['ls-remote', project.repository_url, 'refs/heads/main']).then((line) => line.split('\t')[0]);
      const brokenSha = await git(['ls-remote', project.repository_url, 'refs/heads/broken']).then((line) => line.split('\t')[0]);
      const dir = mkdtempSync(path.join(tmpdir(), 'slipway-tags-'));
      try {
        await git(['clone', '--quiet', project.repository_url, dir]);
        await git(['tag', 'v5.1.0', head], dir);
        await git(['tag', 'v5.2.0', brokenSha], dir);
        await git(['push', '--quiet', 'origin', 'v5.1.0', 'v5.2.0'], dir);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
      const reused = await createVersion({ version_tag: 'v5.1.0', git_branch: 'main' });
      expect(reused.status, JSON.stringify(reused.body)).toBe(201);
      expect(reused.body.git_commit_sha).toBe(head);
      expect(await builtVersion(reused.body.id)).toMatchObject({ status: 'ready', build_status: 'success' });
      const before = await count('versions');
      const elsewhere = await createVersion({ version_tag: 'v5.2.0', git_branch: 'main' });
      expect(elsewhere.status).toBe(409);
      expect(elsewhere.body.error).toBe('Version v5.2.0 already exists in this project');
      expect(await count('versions')).toBe(before);
      expect((await git(['ls-remote', project.repository_url, 'refs/tags/v5.2.0'])).split('\t')[0]).toBe(brokenSha);
    } finally {
      await db.query('DROP TRIGGER IF EXISTS refuse_doomed ON versions');
      await db.query('DROP FUNCTION IF EXISTS refuse_doomed_version()');
      await db.end();
    }
  }, 240_000);
});

describe('the project deletion', () => {
  it('removes its versions with their build logs', async () => {
    const logsDir = path.join(app.dataDir, 'build-logs', project.id);
    expect(readdirSync(logsDir).length).toBeGreaterThan(0);
    expect((await app.api('DELETE', `/projects/${project.id}`, { token: owner.token })).status).toBe(202);
    const run = await waitForRun(app, owner.token, project.id, { stream: 'project_deletion' });
    expect(run.overall_status).toBe('completed');
    expect(existsSync(logsDir)).toBe(false);
    expect((await versionsOf(owner.token)).status).toBe(404);
  }, 120_000);
});
