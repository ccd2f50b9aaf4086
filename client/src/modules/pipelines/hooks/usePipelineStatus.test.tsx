import { ApolloLink } from '@apollo/client';
import { act, screen } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { Observable, Subject } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SocketStatus } from '../../../app/apollo/socket-status';
import { renderWithProviders, signedIn } from '../../../test/render';
import { testPipeline } from '../pipeline.fixtures';
import { usePipelineStatus } from './usePipelineStatus';

const PROJECT_ID = '0b6b9c1e-4a5f-4c3e-9d2a-7f1e2d3c4b5a';
type Pipeline = ReturnType<typeof testPipeline>;

/** How the server answers one ProjectPipeline query: a run after `ms`, or an error. */
type Answer = { pipeline: Pipeline; ms?: number } | { error: string; ms?: number } | { notFound: true; ms?: number };

/**
 * A terminating link standing in for the server: ProjectPipeline queries take their answers in order (noting
 * when each was asked), and the subscription delivers whatever the test pushes into `updates`.
 */
function fakeServer(answers: Answer[]) {
  const queryTimes: number[] = [];
  const updates = new Subject<Pipeline>();
  const link = new ApolloLink((operation) => {
    if (operation.operationName === 'ProjectPipelineUpdates') {
      return new Observable((subscriber) => {
        const subscription = updates.subscribe((pipeline) => subscriber.next({ data: { projectPipeline: pipeline } }));
        return () => subscription.unsubscribe();
      });
    }
    queryTimes.push(Date.now());
    const answer = answers.shift() ?? { error: 'no more answers' };
    return new Observable((subscriber) => {
      const timer = setTimeout(() => {
        if ('error' in answer) subscriber.error(new Error(answer.error));
        else if ('notFound' in answer) {
          subscriber.next({ errors: [new GraphQLError('Project not found', { extensions: { code: 'NOT_FOUND' } })] });
          subscriber.complete();
        } else {
          subscriber.next({ data: { project: { __typename: 'Project', id: PROJECT_ID, pipelineStatus: answer.pipeline } } });
          subscriber.complete();
        }
      }, answer.ms ?? 10);
      return () => clearTimeout(timer);
    });
  });
  return { link, queryTimes, updates };
}

function Probe() {
  const { pipeline, polling, gone } = usePipelineStatus(PROJECT_ID);
  return (
    <p data-testid="probe">
      {pipeline ? `${pipeline.id} ${pipeline.streamName} ${pipeline.completedProcessors}/${pipeline.totalProcessors} ${pipeline.overallStatus}` : 'none'}
      {polling ? ' polling' : ' live'}
      {gone && ' gone'}
    </p>
  );
}

const T0 = Date.parse('2026-03-01T12:00:00.000Z');

async function start(answers: Answer[], socket: SocketStatus) {
  const server = fakeServer(answers);
  const rendered = renderWithProviders(<Probe />, { auth: signedIn(), link: server.link });
  const setSocket = (status: SocketStatus) => act(() => rendered.apollo.socketStatus.set(status));
  setSocket(socket);
  await act(() => vi.advanceTimersByTimeAsync(10));
  return { ...server, setSocket, elapsed: () => server.queryTimes.map((time) => time - T0) };
}

const probe = () => screen.getByTestId('probe');
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
/** The server sends a snapshot over the subscription. */
async function push(server: { updates: Subject<Pipeline> }, pipeline: Pipeline) {
  server.updates.next(pipeline);
  await advance(0);
}

describe('usePipelineStatus', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: T0, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  });
  afterEach(() => vi.useRealTimers());

  it('follows the subscription while the socket is connected, without polling', async () => {
    const server = await start([{ pipeline: testPipeline({ completed: 1, running: true }) }], 'connected');
    expect(probe()).toHaveTextContent('run-1 project_creation 1/15 running live');
    await push(server, testPipeline({ completed: 2, running: true }));
    expect(probe()).toHaveTextContent('run-1 project_creation 2/15 running live');
    await advance(60_000);
    expect(server.queryTimes).toHaveLength(1);
  });

  it('makes a new run from the subscription the project’s run (Project.pipelineStatus)', async () => {
    const server = await start([{ pipeline: testPipeline({ completed: 15 }) }], 'connected');
    expect(probe()).toHaveTextContent('run-1 project_creation 15/15 completed');
    await push(server, testPipeline({ id: 'run-2', streamName: 'project_deletion', completed: 1, running: true }));
    expect(probe()).toHaveTextContent('run-2 project_deletion 1/5 running live');
  });

  it('polls on the spec schedule while the socket is down, and stops at a terminal state', async () => {
    const server = await start(
      [
        // Each answer takes 10 ms unless said otherwise. The first load answers at 10: polling starts, base 3 s.
        { pipeline: testPipeline({ completed: 1, running: true }) },
        { pipeline: testPipeline({ completed: 2, running: true }) }, // 3 010: fast, running -> 3 s
        { pipeline: testPipeline({ completed: 3, running: true }), ms: 2_500 }, // 6 020: over 2 s -> 3 s × 1.5 = 4.5 s
        { pipeline: testPipeline({ completed: 4, running: false }) }, // 13 020: none running -> 4.5 s × 1.2 = 5.4 s
        { error: 'Network request failed' }, // 18 430: error -> 5.4 s × 2 = 10.8 s
        { pipeline: testPipeline({ completed: 15 }) }, // 29 240: terminal, no more polls
      ],
      'closed',
    );
    expect(probe()).toHaveTextContent('1/15 running polling');
    await advance(3_100);
    expect(probe()).toHaveTextContent('2/15 running polling');
    await advance(120_000);
    expect(server.elapsed()).toEqual([0, 3_010, 6_020, 13_020, 18_430, 29_240]);
    expect(probe()).toHaveTextContent('15/15 completed live');
  });

  it('goes back to the subscription when the socket returns', async () => {
    const server = await start(
      [{ pipeline: testPipeline({ completed: 1, running: true }) }, { pipeline: testPipeline({ completed: 2, running: true }) }],
      'connecting',
    );
    await advance(3_100);
    expect(server.queryTimes).toHaveLength(2);
    expect(probe()).toHaveTextContent('2/15 running polling');
    server.setSocket('connected');
    expect(probe()).toHaveTextContent('2/15 running live');
    await advance(60_000);
    expect(server.queryTimes).toHaveLength(2);
    await push(server, testPipeline({ completed: 3, running: true }));
    expect(probe()).toHaveTextContent('3/15 running live');
  });

  it('does not poll a project without a run', async () => {
    const server = await start([{ pipeline: null as unknown as Pipeline }], 'closed');
    expect(probe()).toHaveTextContent('none');
    await advance(60_000);
    expect(server.queryTimes).toHaveLength(1);
  });

  it('tells when the project is gone: its deletion run completed, live', async () => {
    const deleting = (completed: number) => testPipeline({ id: 'run-2', streamName: 'project_deletion', completed, running: completed < 5 });
    const server = await start([{ pipeline: deleting(4) }], 'connected');
    expect(probe()).not.toHaveTextContent('gone');
    await push(server, deleting(5));
    expect(probe()).toHaveTextContent('run-2 project_deletion 5/5 completed live gone');
  });

  it('tells when the project is gone: a poll while the socket is down finds no project, and polling stops', async () => {
    const running = testPipeline({ id: 'run-2', streamName: 'project_deletion', completed: 4, running: true });
    const server = await start([{ pipeline: running }, { notFound: true }], 'closed');
    expect(probe()).toHaveTextContent('4/5 running polling');
    await advance(3_100);
    expect(probe()).toHaveTextContent('gone');
    expect(probe()).not.toHaveTextContent('polling');
    await advance(60_000);
    expect(server.queryTimes).toHaveLength(2);
  });
});
