import type { MockLink } from '@apollo/client/testing';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CreateVersionDocument, type CreateVersionInput } from '../../../generated/graphql';
import { graphQLErrorResult } from '../../../test/fixtures';
import { renderWithProviders, signedIn } from '../../../test/render';
import { CreateVersionModal } from './CreateVersionModal';
import { PROJECT_ID, testVersion } from './versions.fixtures';

function renderModal(mocks: MockLink.MockedResponse[] = []) {
  const onClose = vi.fn();
  const result = renderWithProviders(<CreateVersionModal projectId={PROJECT_ID} onClose={onClose} />, { auth: signedIn(), mocks });
  return { ...result, onClose };
}

const createMock = (input: CreateVersionInput, result: MockLink.MockedResponse['result']): MockLink.MockedResponse => ({
  request: { query: CreateVersionDocument, variables: { projectId: PROJECT_ID, input } },
  result,
});

describe('CreateVersionModal', () => {
  afterEach(() => vi.useRealTimers());

  it('opens with the tag field focused and the branch set to main', () => {
    renderModal();
    expect(screen.getByRole('dialog', { name: 'Create Version' })).toBeInTheDocument();
    expect(screen.getByLabelText('Version Tag')).toHaveFocus();
    expect(screen.getByLabelText('Git Branch')).toHaveValue('main');
    expect(screen.getByLabelText('Description (optional)')).toHaveValue('');
  });

  it("shows the spec's messages for the tag and the branch, and sends nothing", async () => {
    const { user, onClose } = renderModal();
    await user.clear(screen.getByLabelText('Git Branch'));
    await user.click(screen.getByRole('button', { name: 'Create Version' }));
    expect(screen.getByLabelText('Version Tag')).toHaveAccessibleDescription('Version tag is required');
    expect(screen.getByLabelText('Git Branch')).toHaveAccessibleDescription('Git branch is required');

    await user.type(screen.getByLabelText('Version Tag'), '1.0');
    await user.type(screen.getByLabelText('Git Branch'), 'feature branch');
    expect(screen.getByText('Version must follow "vx.x.x" format (e.g., v1.0.0, v1.2.3-beta.1)')).toBeInTheDocument();
    expect(screen.getByText('Branch name contains invalid characters')).toBeInTheDocument();
    expect(screen.getByLabelText('Version Tag')).toHaveAttribute('aria-invalid', 'true');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('Generate fills v{year minus 2020}.{month}.{day}', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 2, 7, 12, 0));
    const { user } = renderModal();
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(screen.getByLabelText('Version Tag')).toHaveValue('v6.3.7');
  });

  it('creates the version with trimmed values and closes', async () => {
    const { user, onClose } = renderModal([
      createMock({ versionTag: 'v1.3.0-beta.1', gitBranch: 'release/1-3', description: 'Faster carry' }, { data: { createVersion: testVersion() } }),
    ]);
    await user.type(screen.getByLabelText('Version Tag'), ' v1.3.0-beta.1 ');
    await user.type(screen.getByLabelText('Description (optional)'), ' Faster carry ');
    await user.clear(screen.getByLabelText('Git Branch'));
    await user.type(screen.getByLabelText('Git Branch'), 'release/1-3');
    await user.click(screen.getByRole('button', { name: 'Create Version' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it("puts a server refusal under the field it names, and 'Failed to create version' when it gives no message", async () => {
    const input = { versionTag: 'v1.2.0', gitBranch: 'main' };
    const { user, onClose } = renderModal([
      createMock(input, graphQLErrorResult('Version v1.2.0 already exists', 'CONFLICT', { field: 'versionTag' })),
      { request: { query: CreateVersionDocument, variables: { projectId: PROJECT_ID, input } }, error: new Error('') },
    ]);
    await user.type(screen.getByLabelText('Version Tag'), 'v1.2.0');
    await user.click(screen.getByRole('button', { name: 'Create Version' }));
    expect(await screen.findByText('Version v1.2.0 already exists')).toBeInTheDocument();
    expect(screen.getByLabelText('Version Tag')).toHaveAccessibleDescription('Version v1.2.0 already exists');

    await user.click(screen.getByRole('button', { name: 'Create Version' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to create version');
    expect(onClose).not.toHaveBeenCalled();
  });
});
