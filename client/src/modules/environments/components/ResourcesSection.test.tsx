import { screen } from '@testing-library/react';
import type { MockLink } from '@apollo/client/testing';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { type EnvironmentCardFragment, UpdateEnvironmentResourcesDocument } from '../../../generated/graphql';
import { renderWithProviders, signedIn } from '../../../test/render';
import { ResourcesSection } from './ResourcesSection';

const PROJECT_ID = 'p-1';
const ENVIRONMENT = {
  __typename: 'Environment',
  id: 'e-1',
  name: 'production',
  kind: 'standard',
  createdAt: '2026-03-01T10:00:00.000Z',
  branch: 'main',
  autoDeploy: true,
  autoRollback: true,
  replicas: 1,
  cpuRequest: null,
  cpuLimit: null,
  memoryRequestMb: null,
  memoryLimitMb: null,
  state: 'active',
  url: null,
  health: 'healthy',
  variables: [],
  deployments: [],
} as unknown as EnvironmentCardFragment;

function render(mocks: MockLink.MockedResponse[] = []) {
  return renderWithProviders(<ResourcesSection projectId={PROJECT_ID} environment={ENVIRONMENT} />, { auth: signedIn(), mocks });
}

describe('ResourcesSection', () => {
  it('shows the instances and resources, and is axe-clean', async () => {
    const { container } = render();
    expect(screen.getByRole('region', { name: 'Instances and resources of production' })).toBeInTheDocument();
    expect(screen.getByLabelText('Instances')).toHaveValue(1);
    expect(screen.getByLabelText('Memory limit (MB)')).toHaveValue(null);
    expect(screen.getByRole('button', { name: 'Save and roll out' })).toBeDisabled();
    const { violations } = await axe.run(container);
    expect(violations.map((violation) => violation.id)).toEqual([]);
  });

  it('says what is wrong by the domain rules, under the field, and sends nothing', async () => {
    const { user } = render();
    await user.type(screen.getByLabelText('Memory limit (MB)'), '32');
    await user.type(screen.getByLabelText('CPU request (cores)'), '2');
    await user.type(screen.getByLabelText('CPU limit (cores)'), '1');
    await user.click(screen.getByRole('button', { name: 'Save and roll out' }));
    expect(screen.getByLabelText('Memory limit (MB)')).toHaveAccessibleDescription('Memory limit must be a whole number from 64 to 8192 MB, or empty for none');
    expect(screen.getByLabelText('Memory limit (MB)')).toHaveAttribute('aria-invalid', 'true');
    await user.clear(screen.getByLabelText('Memory limit (MB)'));
    await user.click(screen.getByRole('button', { name: 'Save and roll out' }));
    expect(screen.getByLabelText('CPU request (cores)')).toHaveAccessibleDescription('CPU request (2 cores) cannot be more than the CPU limit (1 cores)');
  });

  it('saves by keyboard: the new instances and limits go to updateEnvironment', async () => {
    const saved = { ...ENVIRONMENT, replicas: 2, memoryLimitMb: 256 };
    const { user } = render([
      {
        request: { query: UpdateEnvironmentResourcesDocument, variables: { projectId: PROJECT_ID, name: 'production', input: { replicas: 2, cpuRequest: null, cpuLimit: null, memoryRequestMb: null, memoryLimitMb: 256 } } },
        result: { data: { updateEnvironment: saved } },
      },
    ]);
    await user.clear(screen.getByLabelText('Instances'));
    await user.type(screen.getByLabelText('Instances'), '2');
    await user.type(screen.getByLabelText('Memory limit (MB)'), '256');
    await user.tab();
    expect(screen.getByRole('button', { name: 'Save and roll out' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await screen.findByRole('button', { name: 'Save and roll out' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
