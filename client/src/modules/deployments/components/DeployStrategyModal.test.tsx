import type { MockLink } from '@apollo/client/testing';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DeploymentCardFragment } from '../../../generated/graphql';
import { renderWithProviders, signedIn } from '../../../test/render';
import { pipelineMock, pipelineUpdatesMock } from '../../pipelines/pipeline.fixtures';
import { projectMock } from '../../projects/components/detail/project-detail.fixtures';
import { ProjectDetailPage } from '../../projects/pages/ProjectDetailPage';
import { testVersion, versionsMock } from '../../versions/components/versions.fixtures';
import { PROJECT_ID, activeDeploymentMock, activeMock, createDeploymentMock, historyMock, testDeployment, updatesMock } from './deployments.fixtures';

const version = testVersion();
const pending = testDeployment({
  id: 'd0000000-0000-4000-8000-000000000003',
  status: 'pending',
  isActive: false,
  trafficPercent: 0,
  activatedAt: null,
  durationSeconds: null,
  versionId: version.id,
  version: { __typename: 'Version', id: version.id, versionTag: version.versionTag, versionNumber: version.versionNumber, gitCommitSha: version.gitCommitSha ?? null },
});

/** The project page on its Versions tab, its version offering Deploy, with `mocks` for the rest. */
function renderPage(mocks: MockLink.MockedResponse[], active: DeploymentCardFragment | null = testDeployment()) {
  return renderWithProviders(<ProjectDetailPage />, {
    auth: signedIn(),
    mocks: [projectMock(), pipelineMock(PROJECT_ID, null), pipelineUpdatesMock(PROJECT_ID), activeDeploymentMock(active), versionsMock([version]), ...mocks],
    route: `/dashboard/projects/${PROJECT_ID}`,
    path: '/dashboard/projects/:projectId',
  });
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

async function openStrategyModal() {
  await advance(50);
  fireEvent.click(screen.getByRole('tab', { name: 'Versions' }));
  await advance(50);
  // fireEvent does not move focus as a real click does.
  const deploy = screen.getByRole('button', { name: 'Deploy version v1.2.0' });
  deploy.focus();
  fireEvent.click(deploy);
  return screen.getByRole('dialog', { name: 'Choose Deployment Strategy' });
}

describe('Deploy strategy modal', () => {
  afterEach(() => vi.useRealTimers());

  it("offers Rolling Update, recommended beside an active deployment, and Canary; 'Deploy Version' closes it and about 1 s later shows Deployments", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    renderPage([createDeploymentMock(version.id, pending), activeMock([]), historyMock([pending]), updatesMock()]);
    const dialog = await openStrategyModal();
    expect(within(dialog).getByRole('radio', { name: 'Rolling Update' })).toBeChecked();
    expect(within(dialog).getAllByRole('radio')).toHaveLength(2);
    expect(within(dialog).getByText('Recommended')).toBeInTheDocument();
    expect(within(within(dialog).getByRole('list', { name: 'Benefits of Rolling Update' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Zero downtime',
      'Automatic rollback',
      'Resource efficient',
    ]);
    expect(within(within(dialog).getByRole('list', { name: 'Drawbacks of Rolling Update' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Slower',
      'Mixed versions',
    ]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Deploy Version' }));
    await advance(20);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Versions' })).toHaveAttribute('aria-selected', 'true');
    await advance(900);
    expect(screen.getByRole('tab', { name: 'Versions' })).toHaveAttribute('aria-selected', 'true');
    await advance(200);
    expect(screen.getByRole('tab', { name: 'Deployments' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('heading', { name: 'Active Deployments' })).toHaveFocus();
    await advance(50);
    const [row] = within(screen.getByRole('table', { name: 'Deployment history' })).getAllByTestId('deployment-row');
    expect(row).toHaveTextContent('v1.2.0');
    expect(row).toHaveTextContent('Pending');
  });

  it('deploys a canary with its steps and hold time, checking them first', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const canary = testDeployment({ ...pending, strategy: 'canary', canarySteps: [20, 100], canaryStepSeconds: 30 });
    renderPage([createDeploymentMock(version.id, canary, {}, { deploymentStrategy: 'canary', canarySteps: [20, 100], canaryStepSeconds: 30 }), activeMock([]), historyMock([canary]), updatesMock()]);
    const dialog = await openStrategyModal();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Canary' }));
    const steps = within(dialog).getByRole('textbox', { name: 'Steps (percent of new requests)' });
    expect(steps).toHaveValue('10, 50, 100');
    fireEvent.change(steps, { target: { value: '20; 100' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deploy Version' }));
    expect(steps).toHaveAttribute('aria-invalid', 'true');
    expect(steps).toHaveAccessibleDescription(expect.stringContaining('Steps are whole percentages separated by commas'));
    fireEvent.change(steps, { target: { value: '20, 100' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Hold each step (seconds)' }), { target: { value: '30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deploy Version' }));
    await advance(20);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('is not marked recommended without an active deployment, and Canary needs one', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    renderPage([], null);
    const dialog = await openStrategyModal();
    expect(within(dialog).getByRole('radio', { name: 'Rolling Update' })).toBeChecked();
    expect(within(dialog).queryByText('Recommended')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: 'Canary' })).toBeDisabled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await advance(10);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Deploy version v1.2.0' })).toHaveFocus();
  });

  it("says 'Failed to create deployment' when the server gives no message, and stays open on the Versions tab", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    renderPage([createDeploymentMock(version.id, pending, { error: new Error('') })]);
    const dialog = await openStrategyModal();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deploy Version' }));
    await advance(1500);
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Failed to create deployment');
    expect(screen.getByRole('tab', { name: 'Versions' })).toHaveAttribute('aria-selected', 'true');
  });
});
