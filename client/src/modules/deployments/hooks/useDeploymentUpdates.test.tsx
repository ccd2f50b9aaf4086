import { ApolloLink } from '@apollo/client';
import { act, screen, within } from '@testing-library/react';
import { Observable, Subject } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SocketStatus } from '../../../app/apollo/socket-status';
import type { DeploymentCardFragment, DeploymentStatus, DeploymentsFilterInput } from '../../../generated/graphql';
import { renderWithProviders, signedIn } from '../../../test/render';
import { PROJECT_ID, testDeployment } from '../components/deployments.fixtures';
import { DeploymentsTab } from '../components/DeploymentsTab';

/** How the server answers one DeploymentStatus lookup: the deployment's status then, after `ms`; or a failure. */
type StatusAnswer = { status: DeploymentStatus; ms?: number; change?: Partial<DeploymentCardFragment> } | { error: true; ms?: number };

/**
 * A terminating link standing in for the server, holding one deployment: the lists answer it as it is now (the
 * active list only while it is active); DeploymentStatus lookups take their answers in order and move it to that
 * status; the subscription delivers what the test pushes into `updates`. Every operation is noted with its time.
 */
function fakeServer(initial: DeploymentCardFragment, statusAnswers: StatusAnswer[], listMs = 10) {
  let deployment = initial;
  const calls: { name: string; at: number; filter?: DeploymentsFilterInput }[] = [];
  const updates = new Subject<DeploymentCardFragment>();
  const link = new ApolloLink((operation) => {
    const name = operation.operationName ?? '';
    if (name === 'ProjectDeploymentUpdates') {
      return new Observable((subscriber) => {
        const subscription = updates.subscribe((next) => {
          deployment = next;
          subscriber.next({ data: { projectDeployments: next } });
        });
        return () => subscription.unsubscribe();
      });
    }
    const filter = operation.variables.filter as DeploymentsFilterInput | undefined;
    calls.push({ name, at: Date.now(), filter });
    const answer = name === 'DeploymentStatus' ? (statusAnswers.shift() ?? { error: true as const }) : undefined;
    // The lists read the row when asked, as the server does, and answer it after `listMs`.
    const read = deployment;
    return new Observable((subscriber) => {
      const timer = setTimeout(() => {
        if (answer && 'error' in answer) {
          subscriber.error(new Error('Network request failed'));
          return;
        }
        if (answer) {
          const active = answer.status === 'active';
          deployment = { ...deployment, status: answer.status, isActive: active, trafficPercent: active ? 100 : 0, ...answer.change };
        }
        if (name === 'DeploymentStatus') {
          const { id, status, health, trafficPercent, isActive, errorMessage, deployedUrl, canaryStep, updatedAt } = deployment;
          subscriber.next({ data: { deployment: { __typename: 'Deployment', id, status, health, trafficPercent, isActive, errorMessage, deployedUrl, canaryStep, updatedAt } } });
        } else {
          const listed = filter?.status && filter.status !== read.status ? [] : [read];
          subscriber.next({
            data: {
              project: {
                __typename: 'Project',
                id: PROJECT_ID,
                deployments: { __typename: 'DeploymentPage', page: 1, limit: filter?.limit ?? 10, count: listed.length, totalPages: 1, deployments: listed },
              },
            },
          });
        }
        subscriber.complete();
      }, answer?.ms ?? (answer ? 10 : listMs));
      return () => clearTimeout(timer);
    });
  });
  return { link, calls, updates };
}

const T0 = Date.parse('2026-03-01T12:00:00.000Z');
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const deploying = testDeployment({ status: 'deploying', isActive: false, trafficPercent: 0, activatedAt: null, rollbackTargetId: null });

async function start(statusAnswers: StatusAnswer[], socket: SocketStatus, initial = deploying, listMs = 10) {
  const server = fakeServer(initial, statusAnswers, listMs);
  const rendered = renderWithProviders(<DeploymentsTab projectId={PROJECT_ID} />, { auth: signedIn(), link: server.link });
  act(() => rendered.apollo.socketStatus.set(socket));
  await advance(10);
  return {
    ...server,
    setSocket: (status: SocketStatus) => act(() => rendered.apollo.socketStatus.set(status)),
    lookups: () => server.calls.filter((call) => call.name === 'DeploymentStatus').map((call) => call.at - T0),
    refreshes: () => server.calls.filter((call) => call.filter?.limit === 50).map((call) => call.at - T0),
  };
}

const historyRow = () => within(screen.getByRole('table', { name: 'Deployment history' })).getAllByTestId('deployment-row')[0];

describe('Deployments tab live updates', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: T0, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  });
  afterEach(() => vi.useRealTimers());

  it('polls a deployment in progress every 5 s while the socket is down, 1.5 times longer after a slow call, and refreshes the list when its status changed', async () => {
    const server = await start(
      [
        // The lists answer at 10 ms: polling starts, 5 s base.
        { status: 'deploying' }, // 5 010: fast -> 5 s
        { status: 'deploying', ms: 2_500 }, // 10 020: over 2 s -> 5 s × 1.5 = 7.5 s
        { status: 'active' }, // 20 020: changed -> list page 1 limit 50, lists asked again; nothing in progress: stop
      ],
      'closed',
    );
    expect(historyRow()).toHaveTextContent('Deploying');
    expect(screen.getByText('Live updates are unavailable; deployment statuses are checked every few seconds.')).toBeInTheDocument();
    await advance(30_000);
    expect(server.lookups()).toEqual([5_010, 10_020, 20_020]);
    expect(server.refreshes()).toEqual([20_030]);
    expect(historyRow()).toHaveTextContent('Active');
    expect(screen.getByRole('article', { name: 'production deployment v2.0.0' })).toHaveTextContent('Traffic100%');
    await advance(60_000);
    expect(server.lookups()).toHaveLength(3);
    expect(screen.queryByText(/Live updates are unavailable/)).not.toBeInTheDocument();
  });

  it('ignores a failed lookup and keeps polling at the same pace', async () => {
    const server = await start([{ error: true }, { status: 'deploying' }, { status: 'active' }], 'closed');
    await advance(16_000);
    // The failed call ends at 5 020: the wait stays 5 s.
    expect(server.lookups()).toEqual([5_010, 10_020, 15_030]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(historyRow()).toHaveTextContent('Active');
  });

  it('does not poll while the socket is connected: a status change from the subscription updates the row and asks the lists again', async () => {
    const server = await start([], 'connected');
    await advance(30_000);
    expect(server.lookups()).toEqual([]);
    const listCalls = server.calls.filter((call) => call.name === 'ProjectDeployments').length;
    act(() => server.updates.next(testDeployment({ rollbackTargetId: null })));
    await advance(50);
    expect(historyRow()).toHaveTextContent('Active');
    expect(server.calls.filter((call) => call.name === 'ProjectDeployments').length).toBeGreaterThan(listCalls);
    expect(screen.getByRole('article', { name: 'production deployment v2.0.0' })).toBeInTheDocument();
  });

  it("keeps a canary's next step from the subscription when a list answer read before it arrives later", async () => {
    const canary = { ...deploying, strategy: 'canary' as const, canarySteps: [20, 100], canaryStepSeconds: 600, canaryStep: null };
    // The lists take 2 s to answer (a loaded server): the refresh the step asks for shares the request in flight.
    const server = await start([], 'connected', canary, 2_000);
    act(() => server.updates.next({ ...canary, canaryStep: 0, trafficPercent: 20, updatedAt: '2026-03-01T12:00:01.000Z' }));
    await advance(2_100);
    const panel = screen.getByRole('region', { name: 'Canary Release in production' });
    expect(panel).toHaveTextContent('1 of 2: 20 % of new requests');
    expect(panel).toHaveTextContent('v2.0.0: 20 %');
  });

  it('shows a deployment that became active while the lists were being asked (their answers read before it)', async () => {
    // The lists take 2 s to answer (a loaded server): the refresh the activation asks for must not share them.
    const server = await start([], 'connected', deploying, 2_000);
    act(() => server.updates.next(testDeployment({ rollbackTargetId: null, updatedAt: '2026-03-01T12:00:01.000Z' })));
    await advance(4_100);
    const cards = screen.getByRole('list', { name: 'Active deployment list' });
    expect(within(cards).getByRole('article', { name: 'production deployment v2.0.0' })).toHaveTextContent('Traffic100%');
  });

  it('polls a canary in progress while the socket is down and asks the lists again when its step moved on', async () => {
    const canary = { ...deploying, strategy: 'canary' as const, canarySteps: [20, 100], canaryStepSeconds: 600, canaryStep: null };
    const server = await start([{ status: 'deploying', change: { canaryStep: 0, trafficPercent: 20 } }], 'closed', canary);
    expect(screen.getByRole('region', { name: 'Canary Release in production' })).toHaveTextContent('Starting');
    await advance(5_100);
    expect(server.refreshes()).toEqual([5_020]);
    expect(screen.getByRole('region', { name: 'Canary Release in production' })).toHaveTextContent('1 of 2: 20 % of new requests');
  });

  it('stops polling when the socket comes back, and asks the lists again for what it missed', async () => {
    const server = await start([{ status: 'deploying' }, { status: 'deploying' }], 'closed');
    await advance(5_100);
    expect(server.lookups()).toEqual([5_010]);
    server.setSocket('connected');
    const listCalls = server.calls.filter((call) => call.name === 'ProjectDeployments').length;
    await advance(30_000);
    expect(server.lookups()).toEqual([5_010]);
    expect(server.calls.filter((call) => call.name === 'ProjectDeployments').length).toBeGreaterThan(listCalls);
  });
});
