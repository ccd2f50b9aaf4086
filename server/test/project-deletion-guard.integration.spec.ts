import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, waitForRun } from './helpers/project-runs.js';
import { createTestDatabase, refusal, registerUser, startTestApp, type TestApp, type TestDatabase } from './helpers/test-app.js';

/**
 * A project while its deletion run is going: the projects list says so (GraphQL `beingDeleted`, read in the
 * list's own query), and every change to the project or its versions is refused with 409 and changes nothing,
 * over REST and GraphQL. The run is held "going" for real: a Slipway with a worker makes the project (a
 * static site, so it has a repository and versions), then stops; an API-only Slipway on the same database and
 * data directory (no worker, so no step runs) takes the DELETE, whose run stays running.
 */
let database: TestDatabase;
let dataDir: string;
let api: TestApp;
let owner: Awaited<ReturnType<typeof registerUser>>;
let doomed: any;
let kept: any;
let extraVersion: any;
/** As things were once the deletion had started. */
let before: Awaited<ReturnType<typeof snapshot>>;

const MESSAGE = 'Project "Doomed" is being deleted and can no longer be changed';

async function count(sql: string, values: unknown[]): Promise<number> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    return Number((await client.query(sql, values)).rows[0].n);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), 'slipway-deletion-guard-'));
  const full = await startTestApp({ databaseUrl: database.url, dataDir });
  try {
    owner = await registerUser(full);
    await full.api('PUT', '/settings/GITHUB_ORGANIZATION', { token: owner.token, body: { value: 'acme' } });
    const created = await full.api('POST', '/projects', {
      token: owner.token,
      body: { name: 'Doomed', description: 'before', template_name: 'static-site', environment_variables: { GREETING: 'hello' } },
    });
    expect(created.status).toBe(201);
    doomed = created.body;
    expect((await waitForRun(full, owner.token, doomed.id, { stream: 'project_creation' })).overall_status).toBe('completed');
    const version = await full.api('POST', `/projects/${doomed.id}/versions`, { token: owner.token, body: { version_tag: 'v0.2.0', git_branch: 'main' } });
    expect(version.status).toBe(201);
    extraVersion = version.body;
    await eventually(async () => {
      const { body } = await full.api('GET', `/projects/${doomed.id}/versions/${extraVersion.id}`, { token: owner.token });
      return ['success', 'failed', 'cancelled'].includes(body.build_status);
    }, 120_000);
    kept = (await full.api('POST', '/projects', { token: owner.token, body: { name: 'Kept' } })).body;
    await waitForRun(full, owner.token, kept.id, { stream: 'project_creation' });
  } finally {
    await full.stop();
  }
  api = await startTestApp({ databaseUrl: database.url, dataDir, role: 'api' });
}, 240_000);

afterAll(async () => {
  await api?.stop();
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

const LIST = '{ projects(filter: { sortBy: name, sortOrder: ASC }) { projects { name beingDeleted } } }';

describe('a project being deleted', () => {
  it('is changeable before its deletion, and is not marked in the list', async () => {
    const res = await api.api('PUT', `/projects/${doomed.id}`, { token: owner.token, body: { description: 'still mine' } });
    expect(res.status).toBe(200);
    expect((await api.graphql(LIST, undefined, owner.token)).data.projects.projects).toEqual([
      { name: 'Doomed', beingDeleted: false },
      { name: 'Kept', beingDeleted: false },
    ]);
  });

  it('shows as being deleted in the list and on its own once DELETE has started its run', async () => {
    expect((await api.api('DELETE', `/projects/${doomed.id}`, { token: owner.token })).status).toBe(202);
    const status = await api.api('GET', `/projects/${doomed.id}/status`, { token: owner.token });
    expect(status.body).toMatchObject({ stream_name: 'project_deletion', overall_status: 'running' });
    expect((await api.graphql(LIST, undefined, owner.token)).data.projects.projects).toEqual([
      { name: 'Doomed', beingDeleted: true },
      { name: 'Kept', beingDeleted: false },
    ]);
    const one = await api.graphql('query ($id: ID!) { project(id: $id) { name beingDeleted } }', { id: doomed.id }, owner.token);
    expect(one.data.project).toEqual({ name: 'Doomed', beingDeleted: true });
    before = await snapshot();
  });

  it('refuses every REST change to the project, its versions and its deployments with 409, changing nothing', async () => {
    const calls: Array<[string, string, unknown]> = [
      ['PUT', `/projects/${doomed.id}`, { name: 'Renamed', description: 'changed' }],
      ['PUT', `/projects/${doomed.id}`, { environment_variables: { GREETING: 'bye' } }],
      ['PUT', `/projects/${doomed.id}/status`, { status: 'inactive' }],
      ['POST', `/projects/${doomed.id}/versions`, { version_tag: 'v0.3.0', git_branch: 'main' }],
      ['PUT', `/projects/${doomed.id}/versions/${extraVersion.id}`, { description: 'changed' }],
      ['POST', `/projects/${doomed.id}/versions/${extraVersion.id}/archive`, undefined],
      ['POST', `/projects/${doomed.id}/versions/${extraVersion.id}/build`, undefined],
      ['DELETE', `/projects/${doomed.id}/versions/${extraVersion.id}`, undefined],
      ['POST', `/projects/${doomed.id}/deployments`, { version_id: extraVersion.id, deployment_strategy: 'rolling' }],
      ['POST', `/projects/${doomed.id}/deployments/stop?environment=production`, undefined],
      ['POST', `/projects/${doomed.id}/deployments/archive`, { older_than_days: 0 }],
    ];
    for (const [method, route, body] of calls) {
      const res = await api.api(method, route, { token: owner.token, body });
      expect({ method, route, ...res }).toEqual({ method, route, ...refusal(409, MESSAGE) });
    }
    await expectUnchanged();
  });

  it('refuses every GraphQL change with CONFLICT and the same message, changing nothing', async () => {
    const mutations: Array<[string, Record<string, unknown>]> = [
      ['mutation ($id: ID!) { updateProject(id: $id, input: { name: "Renamed" }) { id } }', { id: doomed.id }],
      ['mutation ($id: ID!) { updateProjectEnvironment(id: $id, variables: [{ name: "GREETING", value: "bye" }]) { id } }', { id: doomed.id }],
      ['mutation ($id: ID!) { setProjectStatus(id: $id, status: inactive) { id } }', { id: doomed.id }],
      ['mutation ($id: ID!) { createVersion(projectId: $id, input: { versionTag: "v0.3.0", gitBranch: "main" }) { id } }', { id: doomed.id }],
    ];
    for (const [mutation, variables] of mutations) {
      const res = await api.graphql(mutation, variables, owner.token);
      expect({ mutation, data: res.data, errors: res.errors?.map(({ message, extensions }) => ({ message, code: extensions?.code })) }).toEqual({
        mutation,
        data: null,
        errors: [{ message: MESSAGE, code: 'CONFLICT' }],
      });
    }
    await expectUnchanged();
  });

  it('still changes the other project, and tells anyone else the project is not found', async () => {
    expect((await api.api('PUT', `/projects/${kept.id}`, { token: owner.token, body: { description: 'fine' } })).status).toBe(200);
    const stranger = await registerUser(api);
    expect(await api.api('PUT', `/projects/${doomed.id}`, { token: stranger.token, body: { name: 'Mine' } })).toEqual(refusal(404, 'Project not found'));
  });
});

/** The project and its versions as the owner reads them, and how many runs the project has had. */
async function snapshot() {
  const project = await api.api('GET', `/projects/${doomed.id}`, { token: owner.token });
  const versions = await api.api('GET', `/projects/${doomed.id}/versions?sort_by=created_at&sort_order=ASC`, { token: owner.token });
  const runs = await count('SELECT count(*) AS n FROM pipeline_runs WHERE project_id = $1', [doomed.id]);
  return { project: project.body, versions: versions.body.versions, runs };
}

async function expectUnchanged(): Promise<void> {
  const now = await snapshot();
  expect(now).toEqual(before);
  expect(now.project).toMatchObject({ name: 'Doomed', description: 'still mine', status: 'active', environment_variables: { GREETING: 'hello' } });
  expect(now.versions.map((version: any) => version.version_tag)).toEqual(['v0.1.0', 'v0.2.0']);
}
