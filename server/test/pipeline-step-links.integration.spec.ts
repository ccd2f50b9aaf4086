import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ranOnUnlessNamed } from '../src/modules/projects/runs/run-places.js';
import { eventually, waitForRun } from './helpers/project-runs.js';
import { registerUser, startTestApp, type TestApp } from './helpers/test-app.js';

/**
 * PipelineStatus.buildVersion: the version a run builds, which the timeline's build step links to (its live build
 * log). A static-site project on the local providers, its creation (its first version, v0.1.0) and a version build (v1.1.0); a blank
 * project's creation builds none. Real PostgreSQL, HTTP, git and child processes.
 */
let app: TestApp;
let dataDir: string;
let owner: Awaited<ReturnType<typeof registerUser>>;

const PIPELINE = `query ($id: ID!) { project(id: $id) { pipelineStatus { id streamName overallStatus buildVersion { id versionTag buildStatus buildLog } } } }`;

beforeAll(async () => {
  // Builds run as nobody when the tests run as root: the data directory must let others pass through.
  dataDir = mkdtempSync(path.join(tmpdir(), 'slipway-build-version-'));
  chmodSync(dataDir, 0o711);
  app = await startTestApp({ dataDir });
  owner = await registerUser(app);
  expect((await app.api('PUT', '/settings/GITHUB_ORGANIZATION', { token: owner.token, body: { value: 'acme' } })).status).toBe(200);
}, 60_000);

afterAll(async () => {
  await app?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('PipelineProcessor.ranOn', () => {
  it('says where a provider-named step ran on the local providers, over GraphQL and REST, and nothing for the others', async () => {
    const created = await app.api('POST', '/projects', {
      token: owner.token,
      body: { name: 'Ran On Site', description: '', tags: [], template_name: 'static-site', environment_variables: {} },
    });
    expect(created.status).toBe(201);
    const rest = await waitForRun(app, owner.token, created.body.id, { stream: 'project_creation' });
    const restRanOn = Object.fromEntries(rest.processors.map((processor: any) => [processor.processor_name, processor.ran_on]));
    const answer = await app.graphql(`query ($id: ID!) { project(id: $id) { pipelineStatus { processors { processorName label ranOn } } } }`, { id: created.body.id }, owner.token);
    const processors = answer.data.project.pipelineStatus.processors as Array<{ processorName: string; label: string; ranOn: string | null }>;
    const ranOn = Object.fromEntries(processors.map((processor) => [processor.processorName, processor.ranOn]));
    expect(ranOn).toEqual(restRanOn);
    expect(ranOn).toMatchObject({
      'validate-request': null,
      'validate-github': 'local git',
      'setup-github-repo': 'local git',
      'create-github-version': 'local git',
      'check-github-version-build': 'the local builder',
      'check-docker': 'the local registry',
      'deploy-to-doks': 'the local cluster',
      'finalize-deployment': null,
    });
    // The spec's labels stay.
    expect(processors.find((processor) => processor.processorName === 'deploy-to-doks')?.label).toBe('Deploy To Doks');
  }, 120_000);

  it('says nothing when the cloud provider the label names ran the step', () => {
    const cloud = { source_host: 'github', builder: 'github-actions', registry: 'dockerhub', cluster: 'doks' } as const;
    for (const role of ['source_host', 'builder', 'registry', 'cluster'] as const) expect(ranOnUnlessNamed(role)(cloud)).toBeNull();
    expect(ranOnUnlessNamed('cluster')({ ...cloud, cluster: 'local' })).toBe('the local cluster');
  });
});

describe('PipelineStatus.buildVersion', () => {
  it("names the version a creation and a version build built, with its build log, and nothing for a blank project", async () => {
    const created = await app.api('POST', '/projects', {
      token: owner.token,
      body: { name: 'Build Link Site', description: 'Its build step links to the build log', tags: [], template_name: 'static-site', environment_variables: {} },
    });
    expect(created.status).toBe(201);
    expect((await waitForRun(app, owner.token, created.body.id, { stream: 'project_creation' })).overall_status).toBe('completed');

    const creation = await app.graphql(PIPELINE, { id: created.body.id }, owner.token);
    expect(creation.errors).toBeUndefined();
    const built = creation.data.project.pipelineStatus.buildVersion;
    expect(built).toMatchObject({ versionTag: 'v0.1.0', buildStatus: 'success' });
    expect(built.buildLog).not.toBe('');

    const version = await app.api('POST', `/projects/${created.body.id}/versions`, { token: owner.token, body: { version_tag: 'v1.1.0', git_branch: 'main' } });
    expect(version.status).toBe(201);
    await eventually(async () => {
      const answer = await app.graphql(PIPELINE, { id: created.body.id }, owner.token);
      const status = answer.data?.project.pipelineStatus;
      return status?.streamName === 'version_build' && status.overallStatus === 'completed';
    }, 120_000);
    const rebuilt = await app.graphql(PIPELINE, { id: created.body.id }, owner.token);
    expect(rebuilt.data.project.pipelineStatus.buildVersion).toMatchObject({ id: version.body.id, versionTag: 'v1.1.0', buildStatus: 'success' });

    const blank = await app.api('POST', '/projects', { token: owner.token, body: { name: 'Build Link Blank', description: '', tags: [], environment_variables: {} } });
    expect(blank.status).toBe(201);
    await waitForRun(app, owner.token, blank.body.id, { stream: 'project_creation' });
    const none = await app.graphql(PIPELINE, { id: blank.body.id }, owner.token);
    expect(none.errors).toBeUndefined();
    expect(none.data.project.pipelineStatus.buildVersion).toBeNull();
  }, 240_000);
});
