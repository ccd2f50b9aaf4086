import type { MockLink } from '@apollo/client/testing';
import { screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { DeploymentMetricsDocument } from '../../../generated/graphql';
import { renderWithProviders, signedIn } from '../../../test/render';
import { PROJECT_ID, activeMock, detailsMock, historyMock, previousDeployment, testDeployment, updatesMock } from './deployments.fixtures';
import { DeploymentsTab } from './DeploymentsTab';

/** axe's findings on the page as it is now, but colour contrast (jsdom has no layout; the e2e spec checks it). */
async function findings(): Promise<string[]> {
  const { violations } = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return violations.map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

const active = testDeployment({ errorMessage: 'One replica restarted' });
const metricsMock: MockLink.MockedResponse = {
  request: { query: DeploymentMetricsDocument, variables: { id: active.id, range: '5m' } },
  result: {
    data: {
      deployment: {
        __typename: 'Deployment',
        id: active.id,
        metrics: {
          __typename: 'DeploymentMetrics',
          range: '5m',
          stepSeconds: 10,
          points: [
            { __typename: 'DeploymentMetricsPoint', at: '2026-03-01T10:05:00.000Z', requestRate: 12, errorRate: 0, p50Ms: 2, p95Ms: 9, p99Ms: 20, cpuPercent: 3, memoryBytes: 4e7 },
            { __typename: 'DeploymentMetricsPoint', at: '2026-03-01T10:05:10.000Z', requestRate: 14, errorRate: 0, p50Ms: 2, p95Ms: 8, p99Ms: 19, cpuPercent: 3, memoryBytes: 4e7 },
          ],
          instances: [],
          instancesUnavailableReason: null,
        },
      },
    },
  },
};

describe('DeploymentsTab accessibility', { timeout: 120_000 }, () => {
  it('has no axe findings on the tab, nor in its details, logs, metrics and rollback dialogs', async () => {
    const { user } = renderWithProviders(<DeploymentsTab projectId={PROJECT_ID} />, {
      auth: signedIn(),
      mocks: [activeMock([active]), historyMock([active, previousDeployment()]), updatesMock(), detailsMock(active), metricsMock],
      route: `/dashboard/projects/${PROJECT_ID}`,
    });
    const card = await screen.findByRole('article', { name: 'production deployment v2.0.0' });
    await screen.findByRole('table', { name: 'Deployment history' });
    expect(await findings()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Details of deployment v2.0.0 (production)' }));
    await screen.findByText('No events yet.');
    expect(await findings()).toEqual([]);
    await user.keyboard('{Escape}');

    await user.click(within(card).getByRole('button', { name: 'Logs of the production deployment' }));
    await screen.findByRole('log');
    expect(await findings()).toEqual([]);
    await user.keyboard('{Escape}');

    await user.click(within(card).getByRole('button', { name: 'Metrics of the production deployment' }));
    await screen.findByRole('region', { name: 'Latest figures' }, { timeout: 5000 });
    expect(await findings()).toEqual([]);
    await user.keyboard('{Escape}');

    await user.click(within(card).getByRole('button', { name: 'Rollback to v1.0.0 (the production deployment)' }));
    screen.getByRole('dialog', { name: 'Rollback Deployment' });
    expect(await findings()).toEqual([]);
  });
});
