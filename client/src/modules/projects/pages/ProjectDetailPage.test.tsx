import { screen, within } from '@testing-library/react';
import type { MockLink } from '@apollo/client/testing';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, signedIn } from '../../../test/render';
import {
  PROJECT_ID,
  projectErrorMock,
  projectMock,
  projectNotFoundMock,
  testProject,
} from '../components/detail/project-detail.fixtures';
import { versionsMock } from '../../versions/components/versions.fixtures';
import { ProjectDetailPage } from './ProjectDetailPage';

const renderPage = (mocks: MockLink.MockedResponse[], id = PROJECT_ID) =>
  renderWithProviders(<ProjectDetailPage />, {
    auth: signedIn(),
    mocks,
    route: `/dashboard/projects/${id}`,
    path: '/dashboard/projects/:projectId',
  });

describe('ProjectDetailPage', { timeout: 15_000 }, () => {
  it("says 'Invalid project ID' for an id that is not a UUID, without asking the server", () => {
    renderPage([], 'not-a-uuid');
    expect(screen.getByRole('heading', { name: 'Invalid project ID' })).toBeInTheDocument();
  });

  it("shows 'Loading project...' and then the header: name, status, updated date, Edit and Delete", async () => {
    renderPage([projectMock()]);
    expect(screen.getByText('Loading project...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Analytical Engine' })).toBeInTheDocument();
    const header = screen.getByTestId('project-header');
    expect(within(header).getByText('Active')).toBeInTheDocument();
    expect(header).toHaveTextContent(`Updated ${new Date('2026-03-01T10:00:00.000Z').toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}`);
    expect(within(header).getByRole('link', { name: 'Edit' })).toHaveAttribute('href', `/dashboard/projects/${PROJECT_ID}/edit`);
    expect(within(header).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(within(header).queryByText('Live')).not.toBeInTheDocument();
  });

  it('shows the version badge, and Live for an active project with a version', async () => {
    renderPage([projectMock(testProject({ version: 'v6.3.1' }))]);
    const header = await screen.findByTestId('project-header');
    expect(within(header).getByText('v6.3.1')).toBeInTheDocument();
    expect(within(header).getByText('Live')).toBeInTheDocument();
  });

  it('shows the Overview: pipeline empty state, summary, description, tags and environment variables', async () => {
    renderPage([projectMock(testProject({ deployedUrl: 'http://127.0.0.1:4600' }))]);
    const panel = await screen.findByRole('tabpanel', { name: 'Overview' });
    expect(within(panel).getByRole('region', { name: 'Pipeline' })).toHaveTextContent('No active streams found for this project');
    const summary = within(panel).getByRole('region', { name: 'Project Summary' });
    expect(summary).toHaveTextContent('Template');
    expect(summary).toHaveTextContent('node-rest-api');
    expect(within(summary).getByRole('link', { name: 'https://github.com/analytical/engine' })).toHaveAttribute(
      'href',
      'https://github.com/analytical/engine',
    );
    expect(within(summary).getByRole('link', { name: 'http://127.0.0.1:4600' })).toBeInTheDocument();
    expect(summary).toHaveTextContent('Created');
    expect(within(panel).getByRole('region', { name: 'Description' })).toHaveTextContent('Computes Bernoulli numbers.');
    const tags = within(panel).getByRole('region', { name: 'Tags' });
    expect(within(tags).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['math', 'engine']);
    expect(within(panel).getByRole('region', { name: 'Environment Variables' })).toHaveTextContent('PORT');
  });

  it('says what is missing for a blank project without description, tags or repository', async () => {
    renderPage([projectMock(testProject({ description: '', tags: [], repositoryUrl: null, templateName: null, template: null }))]);
    const panel = await screen.findByRole('tabpanel', { name: 'Overview' });
    expect(within(panel).getByRole('region', { name: 'Project Summary' })).toHaveTextContent('None (blank project)');
    expect(within(panel).getByRole('region', { name: 'Project Summary' })).toHaveTextContent('RepositoryNot set');
    expect(within(panel).getByRole('region', { name: 'Description' })).toHaveTextContent('No description provided.');
    expect(within(panel).getByRole('region', { name: 'Tags' })).toHaveTextContent('No tags');
  });

  it('switches to the Versions and Deployments empty states by keyboard', async () => {
    const { user } = renderPage([projectMock(), versionsMock([])]);
    await user.click(await screen.findByRole('tab', { name: 'Overview' }));
    await user.keyboard('{ArrowRight}');
    expect(await within(screen.getByRole('tabpanel', { name: 'Versions' })).findByText('No versions found')).toBeInTheDocument();
    await user.keyboard('{End}');
    const deployments = screen.getByRole('tabpanel', { name: 'Deployments' });
    expect(within(deployments).getByRole('region', { name: 'Active Deployments' })).toBeInTheDocument();
    expect(within(deployments).getByRole('region', { name: 'Deployment History' })).toBeInTheDocument();
    await user.keyboard('{Home}');
    expect(screen.getByRole('tabpanel', { name: 'Overview' })).toBeInTheDocument();
  });

  it("says 'Project not found' when the server does not know the project (or it is someone else's)", async () => {
    renderPage([projectNotFoundMock()]);
    expect(await screen.findByRole('heading', { name: 'Project not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to projects' })).toHaveAttribute('href', '/dashboard/projects');
  });

  it.each([
    ['the error message', new Error('Network request failed'), 'Network request failed'],
    ["'Failed to load project' without one", new Error(''), 'Failed to load project'],
  ])('shows %s when loading fails, with Retry', async (_case, error, message) => {
    const { user } = renderPage([projectErrorMock(error), projectMock()]);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Analytical Engine' })).toBeInTheDocument();
  });

  it("opens 'Delete Project?' from the header and closes it with Cancel", async () => {
    const { user } = renderPage([projectMock()]);
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(screen.getByRole('dialog', { name: 'Delete Project?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
