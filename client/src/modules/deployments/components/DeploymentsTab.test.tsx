import type { MockLink } from '@apollo/client/testing';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AbortCanaryDocument, DeploymentLogLinesDocument, DeploymentMetricsDocument, type DeploymentCardFragment } from '../../../generated/graphql';
import { renderWithProviders, signedIn } from '../../../test/render';
import { formatDateTime } from '../../projects/components/detail/project-format';
import { DEFAULT_DEPLOYMENT_PARAMS } from '../deployment-list-params';
import {
  COMMIT_V2,
  PROJECT_ID,
  activeMock,
  detailsMock,
  historyMock,
  previousDeployment,
  rollbackMock,
  testDeployment,
  updatesMock,
} from './deployments.fixtures';
import { DeploymentsTab } from './DeploymentsTab';

const renderTab = (mocks: MockLink.MockedResponse[], route = `/dashboard/projects/${PROJECT_ID}`) =>
  renderWithProviders(<DeploymentsTab projectId={PROJECT_ID} />, { auth: signedIn(), mocks: [...mocks, updatesMock()], route });

const activeCard = (name = 'production deployment v2.0.0') => screen.findByRole('article', { name });
const historyTable = () => screen.findByRole('table', { name: 'Deployment history' });
const rows = async () => within(await historyTable()).getAllByTestId('deployment-row');

describe('DeploymentsTab', () => {
  it('shows a canary in progress with its step and split, and aborts it once confirmed', async () => {
    const serving = previousDeployment({ status: 'active', isActive: true, trafficPercent: 90 });
    const canary = testDeployment({
      id: 'd0000000-0000-4000-8000-000000000003',
      status: 'deploying',
      strategy: 'canary',
      isActive: false,
      trafficPercent: 10,
      activatedAt: null,
      canarySteps: [10, 50, 100],
      canaryStepSeconds: 60,
      canaryStep: 0,
    });
    const aborted = { ...canary, status: 'rolled_back' as const, trafficPercent: 0, canaryStep: null };
    let asked = 0;
    const abortMock: MockLink.MockedResponse = {
      request: { query: AbortCanaryDocument, variables: { id: canary.id } },
      result: () => {
        asked++;
        return { data: { abortCanary: aborted } };
      },
    };
    renderTab([activeMock([serving]), historyMock([canary, serving]), abortMock, activeMock([serving]), historyMock([aborted, serving])]);
    const panel = await screen.findByRole('region', { name: 'Canary Release in production' });
    expect(panel).toHaveTextContent('Step1 of 3: 10 % of new requests, held 60 s');
    expect(panel).toHaveTextContent('Traffic splitv2.0.0: 10 % · v1.0.0: 90 %');
    fireEvent.click(within(panel).getByRole('button', { name: 'Abort' }));
    const dialog = screen.getByRole('dialog', { name: 'Abort Canary' });
    expect(dialog).toHaveTextContent('Are you sure you want to abort the canary in production? All new requests go back to v1.0.0, and v2.0.0 stops.');
    expect(asked).toBe(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Abort v2.0.0' }));
    await expect.poll(() => asked).toBe(1);
    await expect.poll(() => screen.queryByRole('dialog')).toBeNull();
  });

  it('shows an active deployment card with its facts, Metrics, Logs and Rollback (it replaced another one)', async () => {
    const active = testDeployment();
    renderTab([activeMock([active]), historyMock([active, previousDeployment()])]);
    const card = await activeCard();
    expect(screen.getByRole('heading', { name: 'Active Deployments' })).toBeInTheDocument();
    expect(within(card).getByRole('heading', { name: 'production' })).toBeInTheDocument();
    expect(within(card).getByText('Active')).toBeInTheDocument();
    expect(within(card).getByText('Health: Healthy')).toBeInTheDocument();
    expect(card).toHaveTextContent('Versionv2.0.0');
    expect(within(card).getByText(COMMIT_V2.slice(0, 8))).toBeInTheDocument();
    expect(card).toHaveTextContent('Traffic100%');
    expect(card).toHaveTextContent('StrategyRolling Update');
    expect(card).toHaveTextContent('Replicas1');
    expect(card).toHaveTextContent(`Deployed${formatDateTime(active.activatedAt!)}`);
    expect(within(card).getByRole('link', { name: 'http://shop-1a2b3c4d.localhost:4000/' })).toHaveAttribute('href', 'http://shop-1a2b3c4d.localhost:4000/');
    expect(card).toHaveTextContent('Loopback URLhttp://127.0.0.1:27000/');
    expect(within(card).getByRole('button', { name: 'Metrics of the production deployment' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Logs of the production deployment' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Rollback to v1.0.0 (the production deployment)' })).toHaveTextContent('Rollback to v1.0.0');
  });

  it('offers no Rollback on a card without a rollback target, and shows its error message and health', async () => {
    const first = testDeployment({ rollbackTargetId: null, rollbackTarget: null, health: 'unhealthy', errorMessage: 'Health check failed on /health' });
    renderTab([activeMock([first]), historyMock([first])]);
    const card = await activeCard();
    expect(within(card).queryByRole('button', { name: /^Rollback/ })).not.toBeInTheDocument();
    expect(within(card).getByText('Health: Unhealthy')).toBeInTheDocument();
    expect(card).toHaveTextContent('Health check failed on /health');
  });

  it('lists the history with its columns, an error message per row, Rollback on active rows only, and the pager', async () => {
    const failed = testDeployment({
      id: 'd3',
      status: 'rolled_back',
      isActive: false,
      trafficPercent: 0,
      activatedAt: null,
      errorMessage: 'Instances never became healthy',
      durationSeconds: 3725,
      deployedUrl: null,
      version: { __typename: 'Version', id: 'v3', versionTag: 'v3.0.0', versionNumber: 9, gitCommitSha: null },
    });
    renderTab([
      activeMock([testDeployment()]),
      historyMock([failed, testDeployment(), previousDeployment()], DEFAULT_DEPLOYMENT_PARAMS, { page: 1, count: 23, totalPages: 3, limit: 10 }),
    ]);
    const table = await historyTable();
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Version',
      'Strategy',
      'Status',
      'Traffic',
      'Deployed',
      'Duration',
      'URL',
      'Actions',
    ]);
    const [first, second, third] = await rows();
    expect(first).toHaveTextContent('v3.0.0');
    expect(first).toHaveTextContent('Instances never became healthy');
    expect(first).toHaveTextContent('Rolled Back');
    expect(first).toHaveTextContent('1h 2m');
    expect(within(first).queryByRole('button', { name: /^Rollback/ })).not.toBeInTheDocument();
    expect(second).toHaveTextContent('1m');
    expect(within(second).getByRole('button', { name: 'Rollback to v1.0.0 (deployment v2.0.0, production)' })).toBeInTheDocument();
    expect(third).toHaveTextContent('40s');
    expect(third).toHaveTextContent('Superseded');
    expect(screen.getByRole('heading', { name: 'Deployment History (23)' })).toBeInTheDocument();
    expect(screen.getByText('Showing page 1 of 3 (23 deployments)')).toBeInTheDocument();
  });

  it('keeps the status filter, sort and page in the URL and asks for that list', async () => {
    const active = { ...DEFAULT_DEPLOYMENT_PARAMS, status: 'active' as const };
    const activated = { ...active, sortBy: 'activated_at' as const, sortOrder: 'DESC' as const };
    const second = { ...activated, page: 2 };
    const page = { page: 1, count: 12, totalPages: 2, limit: 10 };
    const { user, router } = renderTab([
      activeMock([testDeployment()]),
      historyMock([testDeployment()], DEFAULT_DEPLOYMENT_PARAMS),
      historyMock([testDeployment()], active),
      historyMock([testDeployment()], activated, page),
      historyMock([testDeployment({ id: 'd9', version: { __typename: 'Version', id: 'v9', versionTag: 'v0.9.0', versionNumber: 9, gitCommitSha: null } })], second, {
        ...page,
        page: 2,
      }),
    ]);
    await historyTable();
    await user.selectOptions(screen.getByLabelText('Deployment status'), 'Active');
    await user.selectOptions(screen.getByLabelText('Sort deployments by'), 'Recently Activated');
    expect(await screen.findByText('Showing page 1 of 2 (12 deployments)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('v0.9.0')).toBeInTheDocument();
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      deployments_status: 'active',
      deployments_sort_by: 'activated_at',
      deployments_sort_order: 'DESC',
      deployments_page: '2',
    });
  });

  it('reads the filters from the URL it opens with', async () => {
    const failedSearch = { ...DEFAULT_DEPLOYMENT_PARAMS, search: 'timeout', sortOrder: 'ASC' as const };
    renderTab(
      [activeMock([]), historyMock([], failedSearch)],
      `/dashboard/projects/${PROJECT_ID}?deployments_search=timeout&deployments_sort_by=created_at&deployments_sort_order=ASC`,
    );
    expect(await screen.findByText('No deployments found')).toBeInTheDocument();
    expect(screen.getByText('No active deployments')).toBeInTheDocument();
    expect(screen.getByLabelText('Search deployments')).toHaveValue('timeout');
    expect(screen.getByLabelText('Sort deployments by')).toHaveDisplayValue('Oldest First');
  });

  it('opens the details of a row on click and on Enter: events, error, environment and cluster names', async () => {
    const failed = previousDeployment({ errorMessage: 'Port 8080 never answered', rollbackReason: 'Automatic rollback: Port 8080 never answered' });
    const events = [
      { __typename: 'DeploymentEvent' as const, id: 'e1', type: 'scheduled', message: 'Deployment scheduled', createdAt: '2026-02-28T09:00:00.000Z' },
      { __typename: 'DeploymentEvent' as const, id: 'e2', type: 'traffic_shifted', message: 'Traffic shifted to r1', createdAt: '2026-02-28T09:00:30.000Z' },
    ];
    const { user } = renderTab([activeMock([]), historyMock([failed]), detailsMock(failed, { events }), detailsMock(failed, { events })]);
    const [row] = await rows();
    await user.click(within(row).getByText('v1.0.0'));
    let dialog = await screen.findByRole('dialog', { name: 'Deployment v1.0.0 (production)' });
    expect(await within(dialog).findByText('Traffic shifted to r1')).toBeInTheDocument();
    expect(within(dialog).getByText('Deployment scheduled')).toBeInTheDocument();
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Port 8080 never answered');
    expect(dialog).toHaveTextContent('Environmentproduction');
    expect(dialog).toHaveTextContent('Deployment nameengine-r2');
    expect(dialog).toHaveTextContent('Service nameengine');
    expect(dialog).toHaveTextContent('Rollback reasonAutomatic rollback: Port 8080 never answered');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    row.focus();
    await user.keyboard('{Enter}');
    dialog = await screen.findByRole('dialog', { name: 'Deployment v1.0.0 (production)' });
    expect(dialog).toBeInTheDocument();
  });

  it('asks before a rollback, naming the version it goes back to, rolls back to the way back with the UI reason, and shows the lists again', async () => {
    const active = testDeployment();
    const target = previousDeployment();
    const rollingBack: DeploymentCardFragment = { ...active, status: 'rolling_back' };
    const restoring = testDeployment({ id: 'd3', status: 'deploying', rollbackTargetId: null, rollbackTarget: null, restoresDeploymentId: target.id, restores: { __typename: 'Deployment', id: target.id, activatedAt: target.activatedAt }, version: target.version });
    const { user } = renderTab([
      activeMock([active]),
      historyMock([active, target]),
      rollbackMock(active, target.id),
      activeMock([]),
      historyMock([restoring, rollingBack, target]),
    ]);
    await user.click(within(await activeCard()).getByRole('button', { name: 'Rollback to v1.0.0 (the production deployment)' }));
    const dialog = screen.getByRole('dialog', { name: 'Rollback Deployment' });
    expect(dialog).toHaveTextContent('Are you sure you want to rollback the production deployment?');
    expect(dialog).toHaveTextContent(
      `Production goes back from v2.0.0 to the older v1.0.0 (deployed ${formatDateTime(target.activatedAt!)}), with the environment variables it ran with.`,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Rollback to v1.0.0' }));
    expect(await screen.findByText('No active deployments')).toBeInTheDocument();
    const [first, second, third] = await rows();
    expect(first).toHaveTextContent('Deploying');
    expect(first).toHaveTextContent(`Rollback to the deployment of ${formatDateTime(target.activatedAt!)}`);
    expect(second).toHaveTextContent('Rolling Back');
    expect(third).toHaveTextContent('Superseded');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Active Deployments' })).toHaveFocus();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says a rollback moves forward when the way back holds a newer version', async () => {
    // v1 was deployed after v2 (Deploy on the older version): going back in time means going to the newer v2.
    const active = testDeployment({
      version: { __typename: 'Version', id: 'a1', versionTag: 'v1.0.0', versionNumber: 1, gitCommitSha: null },
      rollbackTarget: { __typename: 'Deployment', id: 'd2', activatedAt: '2026-02-28T09:00:40.000Z', version: { __typename: 'Version', id: 'a2', versionTag: 'v2.0.0', versionNumber: 2 } },
    });
    const { user } = renderTab([activeMock([active]), historyMock([active])]);
    const card = await activeCard('production deployment v1.0.0');
    await user.click(within(card).getByRole('button', { name: 'Roll forward to v2.0.0 (the production deployment)' }));
    const dialog = screen.getByRole('dialog', { name: 'Rollback Deployment' });
    expect(dialog).toHaveTextContent('Production goes forward from v1.0.0 to the newer v2.0.0');
    expect(within(dialog).getByRole('button', { name: 'Roll forward to v2.0.0' })).toBeInTheDocument();
  });

  it("says 'No previous deployment found to rollback to' when the active deployment has no way back, and rolls nothing back", async () => {
    const active = testDeployment({ rollbackTargetId: null, rollbackTarget: null });
    const { user } = renderTab([activeMock([active]), historyMock([active])]);
    const [row] = await rows();
    await user.click(within(row).getByRole('button', { name: 'Rollback (deployment v2.0.0, production)' }));
    const dialog = screen.getByRole('dialog', { name: 'Rollback Deployment' });
    expect(dialog).toHaveTextContent('No previous deployment found to rollback to');
    expect(within(dialog).queryByRole('button', { name: /^Rollback/ })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await activeCard()).toHaveTextContent('Active');
  });

  it("says 'Failed to rollback deployment' when the server gives no message; Cancel sends nothing", async () => {
    const active = testDeployment();
    const target = previousDeployment();
    const { user } = renderTab([activeMock([active]), historyMock([active]), rollbackMock(active, target.id, { error: '' })]);
    const rollbackButton = within(await activeCard()).getByRole('button', { name: 'Rollback to v1.0.0 (the production deployment)' });
    await user.click(rollbackButton);
    await user.click(within(screen.getByRole('dialog', { name: 'Rollback Deployment' })).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(rollbackButton).toHaveFocus();
    await user.click(rollbackButton);
    await user.click(within(screen.getByRole('dialog', { name: 'Rollback Deployment' })).getByRole('button', { name: 'Rollback to v1.0.0' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to rollback deployment');
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("says 'Failed to load deployments' when the list fails without a message, and Retry loads it", async () => {
    const { user } = renderTab([
      activeMock([testDeployment()]),
      { request: historyMock([]).request, error: new Error('') },
      activeMock([testDeployment()]),
      historyMock([testDeployment()]),
    ]);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load deployments');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await rows()).toHaveLength(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('opens the metrics of a deployment on the 5m range, with the newest figures in text, and another range on request', async () => {
    const active = testDeployment();
    const metrics = (range: string, requestRate: number, instancesUnavailableReason: string | null = null) => ({
      request: { query: DeploymentMetricsDocument, variables: { id: active.id, range } },
      result: {
        data: {
          deployment: {
            __typename: 'Deployment',
            id: active.id,
            metrics: {
              __typename: 'DeploymentMetrics',
              range,
              stepSeconds: 10,
              points: [
                {
                  __typename: 'DeploymentMetricsPoint',
                  at: '2026-03-01T10:05:00.000Z',
                  requestRate,
                  errorRate: 0.015,
                  p50Ms: 3,
                  p95Ms: 12.25,
                  p99Ms: 30,
                  cpuPercent: 4.5,
                  memoryBytes: 50 * 1024 * 1024,
                },
              ],
              instances: instancesUnavailableReason ? [] : [{ __typename: 'DeploymentInstanceUsage', instance: 'r2-1', cpuPercent: 4.5, memoryBytes: 50 * 1024 * 1024 }],
              instancesUnavailableReason,
            },
          },
        },
      },
    });
    const unavailable = 'Metrics unavailable: the cluster has no metrics API (metrics.k8s.io)';
    const { user } = renderTab([activeMock([active]), historyMock([active]), metrics('5m', 199.5), metrics('1h', 42, unavailable)]);
    await user.click(within(await activeCard()).getByRole('button', { name: 'Metrics of the production deployment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Metrics: production v2.0.0' }, { timeout: 5000 });
    expect(within(dialog).getByLabelText('Range')).toHaveValue('5m');
    const figures = await within(dialog).findByRole('region', { name: 'Latest figures' });
    expect(figures).toHaveTextContent('Request rate199.5 req/s');
    expect(figures).toHaveTextContent('Error rate1.5 %');
    expect(figures).toHaveTextContent('p95 latency12.3 ms');
    expect(figures).toHaveTextContent('CPU4.5 %');
    expect(figures).toHaveTextContent('Memory50 MB');
    expect(within(dialog).getAllByRole('figure').map((figure) => figure.querySelector('figcaption')?.textContent)).toEqual([
      'Requests (req/s) and errors (%)',
      'p95 latency (ms)',
      'CPU (%) and memory (MB)',
    ]);
    expect(within(figures).queryByRole('note')).not.toBeInTheDocument();
    // A cluster that cannot measure its instances says so beside the figures.
    await user.selectOptions(within(dialog).getByLabelText('Range'), '1h');
    expect(await within(dialog).findByText('42 req/s')).toBeInTheDocument();
    expect(within(figures).getByRole('note')).toHaveTextContent(unavailable);
  });

  it('follows the logs of a deployment live, and Pause freezes the view until Follow', async () => {
    const active = testDeployment();
    const line = (text: string, delay: number): MockLink.MockedResponse => ({
      request: { query: DeploymentLogLinesDocument, variables: { id: active.id, tail: 100 } },
      result: { data: { deploymentLogs: { __typename: 'DeploymentLogLine', instance: 'r2-1', stream: 'stdout', line: text, at: '2026-03-01T10:05:00.000Z' } } },
      delay,
    });
    const { user } = renderTab([activeMock([active]), historyMock([active]), line('listening on 8080', 10)]);
    await user.click(within(await activeCard()).getByRole('button', { name: 'Logs of the production deployment' }));
    const dialog = screen.getByRole('dialog', { name: 'Logs: production v2.0.0' });
    const log = within(dialog).getByRole('log', { name: 'Logs of production v2.0.0' });
    expect(log).toHaveAttribute('aria-live', 'polite');
    expect(await within(log).findByText('listening on 8080')).toBeInTheDocument();
    expect(within(dialog).getByText('Following live')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Pause' }));
    expect(log).toHaveAttribute('aria-live', 'off');
    expect(within(dialog).getByRole('button', { name: 'Follow' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(dialog).getByText('Paused: no new lines')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Follow' }));
    expect(log).toHaveAttribute('aria-live', 'polite');
  });

  it('asks the lists again when the subscription reports a changed status', async () => {
    const deploying = testDeployment({ status: 'deploying', isActive: false, trafficPercent: 0, activatedAt: null });
    const activated = testDeployment();
    renderWithProviders(<DeploymentsTab projectId={PROJECT_ID} />, {
      auth: signedIn(),
      route: `/dashboard/projects/${PROJECT_ID}`,
      mocks: [
        activeMock([]),
        historyMock([deploying]),
        updatesMock(activated, 50),
        activeMock([activated]),
        historyMock([activated]),
      ],
    });
    expect(await screen.findByText('No active deployments')).toBeInTheDocument();
    expect(await activeCard()).toHaveTextContent('Traffic100%');
    const [row] = await rows();
    expect(row).toHaveTextContent('Active');
  });
});
