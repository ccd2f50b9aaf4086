import { screen, waitFor, within } from '@testing-library/react';
import type { MockLink } from '@apollo/client/testing';
import { describe, expect, it } from 'vitest';
import { DeleteProjectDocument } from '../../../../generated/graphql';
import { graphQLErrorResult } from '../../../../test/fixtures';
import { heldMockLink } from '../../../../test/held-link';
import { renderWithProviders, signedIn } from '../../../../test/render';
import { ProjectDetailPage } from '../../pages/ProjectDetailPage';
import { pipelineMock, pipelineUpdatesMock, testPipeline } from '../../../pipelines/pipeline.fixtures';
import { PROJECT_ID, projectMock } from './project-detail.fixtures';

const deleteMock = (outcome: Partial<MockLink.MockedResponse> = {}): MockLink.MockedResponse => ({
  request: { query: DeleteProjectDocument, variables: { id: PROJECT_ID } },
  result: { data: { deleteProject: true } },
  ...outcome,
});

/** The detail page (so the project is in the cache) with its Delete dialog open. */
async function openDialog(mocks: MockLink.MockedResponse[], held: string[] = []) {
  const { link, release } = heldMockLink([projectMock(), ...mocks], held);
  const rendered = renderWithProviders(<ProjectDetailPage />, {
    auth: signedIn(),
    link,
    route: `/dashboard/projects/${PROJECT_ID}`,
    path: '/dashboard/projects/:projectId',
    routes: [{ path: '/dashboard/projects', element: <p>projects page</p> }],
  });
  await rendered.user.click(await screen.findByRole('button', { name: 'Delete' }));
  const dialog = screen.getByRole('dialog', { name: 'Delete Project?' });
  return { ...rendered, release, dialog, confirmation: within(dialog).getByLabelText('Type Analytical Engine to confirm') };
}

describe('DeleteProjectDialog', () => {
  it('warns that versions, deployments and configurations are deleted for good', async () => {
    const { dialog } = await openDialog([]);
    expect(dialog).toHaveTextContent(
      'This permanently deletes Analytical Engine with all of its versions, deployments and configurations. This action cannot be undone.',
    );
  });

  it.each(['', 'analytical engine', 'Analytical Engine ', 'Analytical'])(
    'refuses %j: the name must be typed exactly',
    async (typed) => {
      const { user, dialog, confirmation } = await openDialog([]);
      if (typed) await user.type(confirmation, typed);
      await user.click(within(dialog).getByRole('button', { name: 'Delete Project' }));
      expect(await within(dialog).findByText('Name does not match. Please type "Analytical Engine" exactly.')).toBeInTheDocument();
      expect(confirmation).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByRole('dialog')).toBeInTheDocument();
    },
  );

  it('cannot be closed while deleting, then shows the deletion run on the page and goes to the list, with the project gone from the cache, once it completes', async () => {
    const { user, dialog, confirmation, router, apollo, release } = await openDialog(
      [deleteMock(), pipelineMock(PROJECT_ID, null), pipelineUpdatesMock(PROJECT_ID, testPipeline({ id: 'run-2', streamName: 'project_deletion', completed: 5 }), 0)],
      ['DeleteProject', 'ProjectPipelineUpdates'],
    );
    expect(apollo.client.cache.extract()).toHaveProperty(`Project:${PROJECT_ID}`);
    await user.type(confirmation, 'Analytical Engine');
    await user.click(within(dialog).getByRole('button', { name: 'Delete Project' }));

    expect(within(dialog).getByRole('button', { name: 'Deleting...' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(within(dialog).queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.click(screen.getByTestId('modal-overlay'));
    expect(screen.getByRole('dialog', { name: 'Delete Project?' })).toBeInTheDocument();

    // The request answered: the dialog closes and the page stays, following the deletion run.
    release('DeleteProject');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe(`/dashboard/projects/${PROJECT_ID}`);
    // The deletion run completes.
    release('ProjectPipelineUpdates');
    expect(await screen.findByText('projects page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/projects');
    await waitFor(() => expect(apollo.client.cache.extract()).not.toHaveProperty(`Project:${PROJECT_ID}`));
  });

  it.each([
    ['the server message', graphQLErrorResult('Project not found', 'NOT_FOUND'), 'Project not found'],
    ["'Failed to delete project' without one", { errors: [{ message: '' }] }, 'Failed to delete project'],
  ])('shows %s when deleting fails and can be closed again', async (_case, result, message) => {
    const { user, dialog, confirmation } = await openDialog([deleteMock({ result })]);
    await user.type(confirmation, 'Analytical Engine');
    await user.click(within(dialog).getByRole('button', { name: 'Delete Project' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Analytical Engine' })).toBeInTheDocument();
  });
});
