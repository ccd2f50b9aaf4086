import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, git, pushBranch, waitForRun } from './helpers/project-runs.js';
import { registerUser, startTestApp, type TestApp } from './helpers/test-app.js';

/**
 * Issue 31, items 23 and 24: what a version's build log says. A node-rest-api project on the local providers, its
 * branches pushed with the git CLI; real builds, real PostgreSQL and HTTP.
 */
const API_KEY = 'api-key-value-4f81';
let app: TestApp;
let dataDir: string;
let owner: Awaited<ReturnType<typeof registerUser>>;
let project: any;

const versionCall = (versionId: string, suffix = '') => app.api('GET', `/projects/${project.id}/versions/${versionId}${suffix}`, { token: owner.token });

async function builtVersion(tag: string, branch: string): Promise<{ version: any; log: string }> {
  const created = await app.api('POST', `/projects/${project.id}/versions`, { token: owner.token, body: { version_tag: tag, git_branch: branch } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  let version: any;
  await eventually(async () => {
    version = (await versionCall(created.body.id)).body;
    return ['success', 'failed', 'cancelled'].includes(version.build_status) && version.status !== 'build_success';
  }, 120_000);
  return { version, log: (await versionCall(version.id, '/build/logs?tail=10000')).body.logs };
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'slipway-build-log-'));
  chmodSync(dataDir, 0o711);
  app = await startTestApp({ dataDir });
  owner = await registerUser(app);
  await app.api('PUT', '/settings/GITHUB_ORGANIZATION', { token: owner.token, body: { value: 'acme' } });
  const created = await app.api('POST', '/projects', {
    token: owner.token,
    body: { name: 'Logged', description: 'Its logs are read', template_name: 'node-rest-api', environment_variables: { API_KEY, CORS_ORIGIN: '*', LOG_LEVEL: 'info' } },
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

describe('build logs', () => {
  it('mask the values of sensitive variables only, leaving short ordinary values such as CORS_ORIGIN=* readable (item 24)', async () => {
    await pushBranch(project.repository_url, 'masking', {
      'test/print.test.js': `import test from 'node:test';\nconsole.log('copied to builds/* at level ' + process.env.LOG_LEVEL + ' for origin ' + process.env.CORS_ORIGIN + ' with key ' + process.env.API_KEY);\ntest('prints', () => {});\n`,
    });
    const { version, log } = await builtVersion('v1.0.0', 'masking');
    expect(version.build_status).toBe('success');
    expect(log).toContain('copied to builds/* at level info for origin * with key ***');
    expect(log).not.toContain(API_KEY);
  });

  it('of a commit refused for a symbolic link out of the repository say only that, once (item 23)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'slipway-symlink-'));
    try {
      await git(['clone', '--quiet', project.repository_url, dir]);
      await git(['checkout', '--quiet', '-b', 'escaping'], dir);
      symlinkSync('../../../../../../etc/passwd', path.join(dir, 'escape'));
      await git(['add', '-A'], dir);
      await git(['-c', 'user.name=Test', '-c', 'user.email=test@example.com', 'commit', '--quiet', '-m', 'A link out'], dir);
      await git(['push', '--quiet', 'origin', 'escaping'], dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const { version, log } = await builtVersion('v1.1.0', 'escaping');
    expect(version).toMatchObject({ status: 'build_failed', build_status: 'failed' });
    expect(log.split('\n')).toEqual(['Build failed: Build of v1.1.0 failed: Invalid file path "escape": a symbolic link pointing outside the repository']);
    const progress = (await versionCall(version.id, '/build/progress')).body;
    expect(progress.pipeline.processors[1]).toMatchObject({
      processor_name: 'build-version',
      status: 'failed',
      error_message: 'Build of v1.1.0 failed: Invalid file path "escape": a symbolic link pointing outside the repository',
    });
  });
});
