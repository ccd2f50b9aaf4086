import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxSupport } from '../src/providers/sandbox/sandbox.js';
import { eventually, processesMentioning, pushBranch, waitForRun } from './helpers/project-runs.js';
import { registerUser, startTestApp, type TestApp } from './helpers/test-app.js';
import { sql, workerProcesses } from './helpers/worker-processes.js';

const { sandbox: SANDBOXED } = await sandboxSupport();

/**
 * Version builds on worker processes that are killed (SIGKILL) mid-build: the api is this process, each worker its
 * own OS process on the same database and data directory. The next worker started takes a killed worker's step over
 * as soon as it runs: it builds it again (one more attempt) or, out of attempts, fails the build for good. Real
 * PostgreSQL, real git, real builds.
 */
const MARKER = `killed-${randomBytes(5).toString('hex')}`;
const INTERRUPTED = `${MARKER}-interrupted`;
const STUCK = `${MARKER}-stuck`;

let api: TestApp;
let dataDir: string;
let owner: Awaited<ReturnType<typeof registerUser>>;
let project: any;
const workers = workerProcesses(() => api);

const versionCall = (method: string, versionId: string, suffix = '') => api.api(method, `/projects/${project.id}/versions/${versionId}${suffix}`, { token: owner.token });
const scratchDirs = () => (existsSync(path.join(dataDir, 'builds')) ? readdirSync(path.join(dataDir, 'builds')) : []);

beforeAll(async () => {
  // Without the sandbox, builds run as their project's user when the tests run as root: the data directory must let others pass through.
  dataDir = mkdtempSync(path.join(tmpdir(), 'slipway-killed-builds-'));
  chmodSync(dataDir, 0o711);
  api = await startTestApp({ role: 'api', dataDir });
  owner = await registerUser(api);
  await api.api('PUT', '/settings/GITHUB_ORGANIZATION', { token: owner.token, body: { value: 'acme' } });
  const first = workers.start();
  await first.started;
  const created = await api.api('POST', '/projects', { token: owner.token, body: { name: 'Killed Builds', template_name: 'node-rest-api', environment_variables: { API_KEY: 'api-key-value-123', SLOW_FIRST: 'yes' } } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const run = await waitForRun(api, owner.token, created.body.id, { stream: 'project_creation' });
  expect(run.overall_status).toBe('completed');
  project = (await api.api('GET', `/projects/${created.body.id}`, { token: owner.token })).body;
  // One build is slow only the first time (it leaves a flag for the next attempt); the other never ends.
  await pushBranch(project.repository_url, 'interrupted', {
    [`test/${INTERRUPTED}.test.js`]: [
      `import test from 'node:test';`,
      // Slow while the project says so (the test changes its environment before the next attempt: a sandboxed build
      // can leave nothing on the machine for it).
      `test('is slow the first time', async () => {`,
      `  const first = process.env.SLOW_FIRST === 'yes';`,
      `  console.log(first ? 'first attempt output' : 'second attempt output');`,
      `  if (first) await new Promise((resolve) => setTimeout(resolve, 600000));`,
      `});`,
      '',
    ].join('\n'),
  });
  await pushBranch(project.repository_url, 'stuck', {
    [`test/${STUCK}.test.js`]: `import test from 'node:test';\ntest('never ends', () => new Promise((resolve) => setTimeout(resolve, 600000)));\n`,
  });
  await workers.stop(first.child);
}, 240_000);

afterAll(async () => {
  await workers.stopAll('SIGKILL');
  for (const pid of [...processesMentioning(INTERRUPTED), ...processesMentioning(STUCK)]) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone
    }
  }
  await api?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

describe('a worker killed mid-build', () => {
  it('is replaced: the build runs again from the start (leftovers killed and removed), or, out of attempts, ends build_failed', async () => {
    const first = workers.start();
    await first.started;
    const interrupted = await api.api('POST', `/projects/${project.id}/versions`, { token: owner.token, body: { version_tag: 'v2.0.0', git_branch: 'interrupted' } });
    const stuck = await api.api('POST', `/projects/${project.id}/versions`, { token: owner.token, body: { version_tag: 'v2.1.0', git_branch: 'stuck' } });
    expect([interrupted.status, stuck.status]).toEqual([201, 201]);
    await eventually(async () => processesMentioning(INTERRUPTED).length > 0 && processesMentioning(STUCK).length > 0, 90_000);
    await workers.stop(first.child, 'SIGKILL');
    const changed = await api.api('PUT', `/projects/${project.id}`, { token: owner.token, body: { environment_variables: { API_KEY: 'api-key-value-123', SLOW_FIRST: 'no' } } });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);

    // The dead worker's builds leave their scratch directories. Sandboxed, the builds die with the worker
    // (--die-with-parent); without the sandbox they live on in their own process groups.
    const orphans = [...processesMentioning(INTERRUPTED), ...processesMentioning(STUCK)];
    if (SANDBOXED) await eventually(async () => [...processesMentioning(INTERRUPTED), ...processesMentioning(STUCK)].length === 0, 10_000);
    else expect(orphans.length).toBeGreaterThan(1);
    expect(scratchDirs()).toHaveLength(2);
    for (const id of [interrupted.body.id, stuck.body.id]) {
      expect((await versionCall('GET', id)).body).toMatchObject({ status: 'building', build_status: 'running' });
    }

    // The next worker sweeps what the dead one left (its build processes, its scratch directories) and builds again.
    const second = workers.start();
    await second.started;
    await eventually(async () => [...processesMentioning(INTERRUPTED), ...processesMentioning(STUCK)].every((pid) => !orphans.includes(pid)), 30_000);
    let rebuilt: any;
    await eventually(async () => {
      rebuilt = (await versionCall('GET', interrupted.body.id)).body;
      return rebuilt.status === 'ready' || rebuilt.build_status === 'failed';
    }, 300_000);
    expect(rebuilt).toMatchObject({ status: 'ready', build_status: 'success', artifacts: [expect.objectContaining({ type: 'image' })] });
    const wholeLog = (await versionCall('GET', interrupted.body.id, '/build/logs?tail=10000')).body.logs as string;
    expect(wholeLog.split('\n')[0]).toBe('The previous attempt of this build was interrupted (its worker stopped): building again from the start');
    expect(wholeLog).toContain('second attempt output');
    expect(wholeLog.split('\n').filter((line) => line.startsWith('> node --test'))).toHaveLength(1);
    const steps = await sql(
      api,
      `SELECT s.step_id, s.status, s.attempts, s.log FROM pipeline_steps s JOIN versions v ON v.build_run_id = s.run_id WHERE v.id = $1 ORDER BY s.position`,
      [interrupted.body.id],
    );
    expect(steps.map((step) => [step.step_id, step.status, step.attempts])).toEqual([
      ['checkout-version', 'completed', 1],
      ['build-version', 'completed', 2],
      ['publish-artifact', 'completed', 1],
    ]);
    expect(steps[1].log).toContain('attempt 1 was interrupted');

    // The stuck build's second attempt runs on the second worker, which is killed too: that was its last attempt.
    await eventually(async () => processesMentioning(STUCK).some((pid) => !orphans.includes(pid)) && (await sql(api, `SELECT attempts FROM pipeline_steps s JOIN versions v ON v.build_run_id = s.run_id WHERE v.id = $1 AND s.step_id = 'build-version'`, [stuck.body.id]))[0].attempts === 2, 60_000);
    const secondOrphans = processesMentioning(STUCK);
    await workers.stop(second.child, 'SIGKILL');
    expect((await versionCall('GET', stuck.body.id)).body).toMatchObject({ status: 'building', build_status: 'running' });

    // A third worker: at its start it kills the dead worker's build and removes its directory; the step, out of
    // attempts, fails the run, and the version with it.
    const third = workers.start();
    await third.started;
    await eventually(async () => processesMentioning(STUCK).every((pid) => !secondOrphans.includes(pid)), 30_000);
    let failed: any;
    await eventually(async () => {
      failed = (await versionCall('GET', stuck.body.id)).body;
      return failed.build_status !== 'running';
    }, 300_000);
    expect(failed).toMatchObject({ status: 'build_failed', build_status: 'failed', artifacts: [], docker_image_url: null });
    expect(new Date(failed.build_completed_at).getTime()).toBeGreaterThanOrEqual(new Date(failed.build_started_at).getTime());
    expect(failed.build_log.split('\n').at(-1)).toBe('Build failed: The step was interrupted and has no attempts left');
    const stuckLog = (await versionCall('GET', stuck.body.id, '/build/logs?tail=2')).body.logs as string;
    expect(stuckLog.split('\n').at(-1)).toBe('Build failed: The step was interrupted and has no attempts left');
    const progress = (await versionCall('GET', stuck.body.id, '/build/progress')).body;
    expect(progress.pipeline).toMatchObject({ overall_status: 'failed' });
    expect(progress.pipeline.processors.map((step: any) => [step.processor_name, step.status])).toEqual([
      ['checkout-version', 'completed'],
      ['build-version', 'failed'],
      ['publish-artifact', 'skipped'],
    ]);
    await eventually(async () => scratchDirs().length === 0, 30_000);

    // Over, not stuck: it can be built again (and is stopped here, it never ends).
    expect((await versionCall('POST', stuck.body.id, '/build')).status).toBe(202);
    await eventually(async () => processesMentioning(STUCK).length > 0, 60_000);
    expect((await versionCall('POST', stuck.body.id, '/build/stop')).status).toBe(200);
    await eventually(async () => processesMentioning(STUCK).length === 0, 30_000);
    await workers.stop(third.child);
  }, 900_000);
});
