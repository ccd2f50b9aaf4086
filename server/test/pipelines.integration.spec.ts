import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StepDefinition } from '../src/pipelines/steps.js';
import { failsOnce, gate, quick, quickToo, setFailing, setGate, testSteps, tooSlow } from './helpers/pipeline-test-steps.js';
import { waitForRun } from './helpers/project-runs.js';
import { refusal, registerUser, startTestApp, type TestApp } from './helpers/test-app.js';

type Account = Awaited<ReturnType<typeof registerUser>>;

const STATUS_FIELDS = `id projectId streamName overallStatus progressPercent completedProcessors totalProcessors runningProcessors lastUpdated seq
  processors { processorName label description icon status attempts startedAt completedAt updatedAt errorMessage log substeps { name status description } }`;
const SUBSCRIPTION = `subscription ($projectId: ID!) { projectPipeline(projectId: $projectId) { ${STATUS_FIELDS} } }`;

interface Status {
  id: string;
  overallStatus: string;
  progressPercent: number;
  seq: number;
  processors: Array<{ processorName: string; status: string; errorMessage: string | null }>;
}

let app: TestApp;
let owner: Account;
let other: Account;
beforeAll(async () => {
  app = await startTestApp({ extraPipelineSteps: testSteps });
  owner = await registerUser(app);
  other = await registerUser(app);
  await app.api('PUT', '/settings/GITHUB_ORGANIZATION', { token: owner.token, body: { value: 'acme' } });
});
afterAll(() => app?.stop());
beforeEach(() => {
  setGate(false);
  setFailing(true);
});

let projects = 0;
/** A blank project, once its own creation run has ended: the test's runs come after it. */
async function createProject(): Promise<string> {
  projects += 1;
  const res = await app.api('POST', '/projects', { token: owner.token, body: { name: `Pipeline Project ${projects}` } });
  expect(res.status).toBe(201);
  await waitForRun(app, owner.token, res.body.id, { stream: 'project_creation', timeoutMs: 60_000 });
  return res.body.id;
}

function startRun(projectId: string, steps: Array<StepDefinition<unknown>>): Promise<string> {
  return app.slipway.pipelines.start('test_stream', steps, { ownerId: owner.user.id, projectId });
}

const restStatus = (projectId: string, token = owner.token) => app.api('GET', `/projects/${projectId}/status`, { token });

/** Reads until `done` holds of the value read, at most `timeoutMs`; answers that value. */
function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  return vi.waitFor(
    async () => {
      const value = await read();
      if (!done(value)) throw new Error(`not yet; last value: ${JSON.stringify(value)}`);
      return value;
    },
    { timeout: timeoutMs, interval: 25 },
  );
}

const untilRest = (projectId: string, done: (body: any) => boolean) => eventually(async () => (await restStatus(projectId)).body, done);

function wsClient(token: string): Client {
  return createClient({
    url: `${app.url.replace('http', 'ws')}/api/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${token}` },
    retryAttempts: 0,
  });
}

/** A query answered over the client's socket: whatever the server sent that socket before has arrived by then. */
function roundTrip(client: Client): Promise<void> {
  return new Promise((resolve, reject) => {
    client.subscribe({ query: '{ __typename }' }, { next: () => undefined, error: reject, complete: resolve });
  });
}

/** Every message of one subscription, as it arrives. */
function follow(client: Client, projectId: string) {
  const messages: Array<{ data?: { projectPipeline: Status } | null; errors?: unknown[] }> = [];
  let ended: unknown = null;
  const stop = client.subscribe(
    { query: SUBSCRIPTION, variables: { projectId } },
    { next: (message) => void messages.push(message as (typeof messages)[number]), error: (error) => (ended = error ?? 'error'), complete: () => (ended = 'complete') },
  );
  const statuses = () => messages.map((message) => message.data!.projectPipeline);
  const until = (done: (statuses: Status[]) => boolean) => eventually(async () => statuses(), done);
  return { messages, statuses, until, stop, ended: () => ended };
}

describe('a project pipeline status', () => {
  it('answers REST and GraphQL for the latest run, and streams a snapshot then every change in order to its subscriber', async () => {
    const projectId = await createProject();
    // A project from before pipeline runs has none.
    await app.slipway.dataSource.query('DELETE FROM pipeline_runs WHERE project_id = $1', [projectId]);
    expect(await restStatus(projectId)).toEqual(refusal(404, 'This project has no pipeline run'));
    const graphqlNone = await app.graphql('query ($id: ID!) { project(id: $id) { pipelineStatus { id } } }', { id: projectId }, owner.token);
    expect(graphqlNone.data).toEqual({ project: { pipelineStatus: null } });
    const client = wsClient(owner.token);
    const live = follow(client, projectId);
    try {
      // The subscription is live once it sent a run: a first run of its own.
      const warmUp = await startRun(projectId, [quickToo]);
      await live.until((statuses) => statuses.at(-1)?.id === warmUp && statuses.at(-1)?.overallStatus === 'completed');
      const runId = await startRun(projectId, [quick, gate]);
      const running = await untilRest(projectId, (body) => body.processors?.[1]?.status === 'running');
      expect(running).toEqual({
        id: runId,
        project_id: projectId,
        stream_name: 'test_stream',
        overall_status: 'running',
        progress_percent: 50,
        completed_processors: 1,
        total_processors: 2,
        running_processors: 1,
        last_updated: expect.any(String),
        seq: expect.any(Number),
        processors: [
          {
            processor_name: 'test-quick',
            label: 'Quick',
            description: 'Takes a moment',
            ran_on: null,
            icon: 'code',
            status: 'completed',
            attempts: 1,
            started_at: expect.any(String),
            completed_at: expect.any(String),
            updated_at: expect.any(String),
            error_message: null,
            log: expect.stringContaining('quick work done'),
            substeps: [{ name: 'work', status: 'completed', description: 'Done' }],
          },
          expect.objectContaining({ processor_name: 'test-gate', label: 'Gate', icon: 'config', status: 'running', completed_at: null, substeps: [] }),
        ],
      });
      const graphql = await app.graphql(`query ($id: ID!) { project(id: $id) { pipelineStatus { ${STATUS_FIELDS} } } }`, { id: projectId }, owner.token);
      expect(graphql.errors).toBeUndefined();
      expect(graphql.data.project.pipelineStatus).toMatchObject({
        id: runId,
        projectId,
        streamName: 'test_stream',
        overallStatus: 'running',
        progressPercent: 50,
        completedProcessors: 1,
        totalProcessors: 2,
        runningProcessors: 1,
        lastUpdated: running.last_updated,
        processors: [
          { processorName: 'test-quick', label: 'Quick', icon: 'code', status: 'completed', log: expect.stringContaining('quick work done') },
          { processorName: 'test-gate', status: 'running', errorMessage: null },
        ],
      });

      setGate(true);
      await live.until((statuses) => statuses.at(-1)?.id === runId && statuses.at(-1)?.overallStatus === 'completed');
      expect(live.messages.every((message) => !message.errors)).toBe(true);
      const first = live.statuses().filter((status) => status.id === runId);
      expectInOrder(first, runId);
      expect(first.at(-1)).toMatchObject({ progressPercent: 100, processors: [{ status: 'completed' }, { status: 'completed' }] });
      // The run began after the subscription: each of its steps was seen running.
      expect(first.some((status) => status.processors[0].status === 'running')).toBe(true);
      expect(first.some((status) => status.processors[1].status === 'running')).toBe(true);

      // A new run of the same project (as a deletion run follows a creation run) comes on the same subscription.
      const count = live.statuses().length;
      const nextRunId = await startRun(projectId, [quickToo]);
      const all = await live.until((statuses) => statuses.at(-1)?.id === nextRunId && statuses.at(-1)?.overallStatus === 'completed');
      expectInOrder(all.slice(count), nextRunId);
      expect((await restStatus(projectId)).body).toMatchObject({ id: nextRunId, overall_status: 'completed', progress_percent: 100 });

      // A late subscriber gets the current snapshot at once.
      const late = follow(client, projectId);
      const [snapshot] = await late.until((statuses) => statuses.length === 1);
      expect(snapshot).toMatchObject({ id: nextRunId, overallStatus: 'completed', seq: all.at(-1)!.seq });
      late.stop();
    } finally {
      live.stop();
      await client.dispose();
    }
  });

  it('shows a step that outlasts its timeout as failed with its reason, and the rest skipped', async () => {
    const projectId = await createProject();
    await startRun(projectId, [tooSlow, quick]);
    const failed = await untilRest(projectId, (body) => body.overall_status === 'failed');
    expect(failed).toMatchObject({
      progress_percent: 0,
      completed_processors: 0,
      running_processors: 0,
      processors: [
        { processor_name: 'test-too-slow', status: 'failed', error_message: 'Timed out after 1 s', completed_at: expect.any(String) },
        { processor_name: 'test-quick', status: 'skipped', error_message: null },
      ],
    });
  });

  it('retries a failed run and cancels a running one, through REST and GraphQL', async () => {
    const projectId = await createProject();
    await startRun(projectId, [failsOnce, quick]);
    await untilRest(projectId, (body) => body.overall_status === 'failed');
    expect(await app.api('POST', `/projects/${projectId}/status/cancel`, { token: owner.token })).toEqual(refusal(409, 'Only a running pipeline can be cancelled'));
    setFailing(false);
    const retried = await app.api('POST', `/projects/${projectId}/status/retry`, { token: owner.token });
    expect(retried.status).toBe(200);
    // The retried step is pending again, or already claimed by a worker (the queue wakes one on the retry's commit).
    expect(retried.body).toMatchObject({
      overall_status: 'running',
      processors: [{ status: expect.stringMatching(/^(pending|running)$/), error_message: null }, { status: 'pending' }],
    });
    await untilRest(projectId, (body) => body.overall_status === 'completed');
    expect(await app.api('POST', `/projects/${projectId}/status/retry`, { token: owner.token })).toEqual(refusal(409, 'Only a failed pipeline can be retried'));

    setFailing(true);
    await startRun(projectId, [failsOnce]);
    await untilRest(projectId, (body) => body.overall_status === 'failed');
    setFailing(false);
    const retry = await app.graphql(`mutation ($id: ID!) { retryProjectPipeline(projectId: $id) { overallStatus processors { status } } }`, { id: projectId }, owner.token);
    // As over REST: pending again, or already claimed by the worker the retry's commit woke.
    expect(retry.data).toEqual({ retryProjectPipeline: { overallStatus: 'running', processors: [{ status: expect.stringMatching(/^(pending|running)$/) }] } });
    await untilRest(projectId, (body) => body.overall_status === 'completed');

    await startRun(projectId, [gate, quick]);
    await untilRest(projectId, (body) => body.processors[0].status === 'running');
    const cancel = await app.graphql(
      `mutation ($id: ID!) { cancelProjectPipeline(projectId: $id) { overallStatus runningProcessors processors { status errorMessage } } }`,
      { id: projectId },
      owner.token,
    );
    expect(cancel.data).toEqual({
      cancelProjectPipeline: { overallStatus: 'cancelled', runningProcessors: 0, processors: [{ status: 'failed', errorMessage: 'Cancelled' }, { status: 'skipped', errorMessage: null }] },
    });

    await startRun(projectId, [gate]);
    await untilRest(projectId, (body) => body.processors[0].status === 'running');
    const cancelled = await app.api('POST', `/projects/${projectId}/status/cancel`, { token: owner.token });
    expect(cancelled.body).toMatchObject({ overall_status: 'cancelled', processors: [{ status: 'failed', error_message: 'Cancelled' }] });
  });

  it("runs other projects' steps while one project's step takes long", async () => {
    const [slowProject, otherProject] = [await createProject(), await createProject()];
    await startRun(slowProject, [gate]);
    await untilRest(slowProject, (body) => body.processors[0].status === 'running');
    await startRun(otherProject, [quick, quickToo]);
    await untilRest(otherProject, (body) => body.overall_status === 'completed');
    expect((await restStatus(slowProject)).body).toMatchObject({ overall_status: 'running', processors: [{ status: 'running' }] });
    setGate(true);
    await untilRest(slowProject, (body) => body.overall_status === 'completed');
  });

  it("keeps a project's pipeline from anyone else: no status, no subscription, no retry, no cancel", async () => {
    const projectId = await createProject();
    await startRun(projectId, [gate]);
    await untilRest(projectId, (body) => body.processors[0].status === 'running');
    const notFound = refusal(404, 'Project not found');
    expect(await restStatus(projectId, other.token)).toEqual(notFound);
    expect(await app.api('POST', `/projects/${projectId}/status/retry`, { token: other.token })).toEqual(notFound);
    expect(await app.api('POST', `/projects/${projectId}/status/cancel`, { token: other.token })).toEqual(notFound);
    expect(await restStatus('not-a-uuid')).toEqual(notFound);
    expect(await restStatus(projectId, 'forged')).toEqual(refusal(401, 'Authentication required'));
    for (const mutation of ['retryProjectPipeline', 'cancelProjectPipeline']) {
      const res = await app.graphql(`mutation ($id: ID!) { ${mutation}(projectId: $id) { id } }`, { id: projectId }, other.token);
      expect(res.data).toBeNull();
      expect(res.errors).toEqual([expect.objectContaining({ message: 'Project not found', extensions: expect.objectContaining({ code: 'NOT_FOUND' }) })]);
    }

    const client = wsClient(other.token);
    const spy = follow(client, projectId);
    const ownerClient = wsClient(owner.token);
    const ownerLive = follow(ownerClient, projectId);
    try {
      await eventually(async () => spy.ended(), (ended) => ended !== null);
      expect(spy.messages).toEqual([{ errors: [expect.objectContaining({ message: 'Project not found' })] }]);
      // The owner's run goes on and ends; nothing reaches the other user. The owner's subscriber gets the end
      // first, then a round trip on the other user's socket: what the server sent that socket before has arrived.
      setGate(true);
      await ownerLive.until((statuses) => statuses.at(-1)?.overallStatus === 'completed');
      await roundTrip(client);
      expect(spy.messages).toHaveLength(1);
    } finally {
      spy.stop();
      ownerLive.stop();
      await Promise.all([client.dispose(), ownerClient.dispose()]);
    }
    expect((await restStatus(projectId)).status).toBe(200);
  });
});

/** Snapshots of one run: seq strictly rising (no repeats), and no step ever going back. */
function expectInOrder(statuses: Status[], runId: string): void {
  expect(statuses.every((status) => status.id === runId)).toBe(true);
  const rank: Record<string, number> = { pending: 0, running: 1, completed: 2, failed: 2, skipped: 2 };
  for (let index = 1; index < statuses.length; index += 1) {
    expect(statuses[index].seq).toBeGreaterThan(statuses[index - 1].seq);
    statuses[index].processors.forEach((processor, position) => {
      expect(rank[processor.status]).toBeGreaterThanOrEqual(rank[statuses[index - 1].processors[position].status]);
    });
  }
}
