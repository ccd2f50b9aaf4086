import { StreamName } from '@slipway/domain';
import { screen, waitFor, within } from '@testing-library/react';
import type { MockLink } from '@apollo/client/testing';
import { useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { heldMockLink } from '../../../test/held-link';
import { renderWithProviders, signedIn } from '../../../test/render';
import {
  PROJECT_ID,
  projectErrorMock,
  projectMock,
  projectNotFoundMock,
  testProject,
} from '../components/detail/project-detail.fixtures';
import { pipelineActionMock, pipelineMock, pipelineUpdatesMock, testPipeline } from '../../pipelines/pipeline.fixtures';
import { versionsMock } from '../../versions/components/versions.fixtures';
import {
  activeDeploymentMock,
  activeMock,
  historyMock,
  testDeployment,
  updatesMock,
} from '../../deployments/components/deployments.fixtures';
import { noticeOf } from '../components/list/projects-notice';
import { ProjectDetailPage } from './ProjectDetailPage';

/** The list's route: says what the page told it on the way out. */
function ProjectsListStub() {
  const location = useLocation();
  return <p>projects list: {noticeOf(location.state)}</p>;
}

/**
 * The page against `mocks`; without pipeline mocks of its own the project has no run and no updates come, and
 * without an active deployment mock of its own it has none.
 */
const renderPage = (
  mocks: MockLink.MockedResponse[],
  id = PROJECT_ID,
  pipelineMocks = [pipelineMock(id, null), pipelineUpdatesMock(id)],
  // Asked again when the pipeline run changes (a deployment run ends with a new active deployment).
  deploymentMocks = [activeDeploymentMock(null, id), activeDeploymentMock(null, id)],
  // Operations whose answers wait for the test's release(name).
  held: string[] = [],
) => {
  const { link, release } = heldMockLink([...mocks, ...pipelineMocks, ...deploymentMocks], held);
  return {
    release,
    ...renderWithProviders(<ProjectDetailPage />, {
      auth: signedIn(),
      link,
      route: `/dashboard/projects/${id}`,
      path: '/dashboard/projects/:projectId',
      routes: [{ path: '/dashboard/projects', element: <ProjectsListStub /> }],
    }),
  };
};

describe('ProjectDetailPage', () => {
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

  it("shows the active deployment's version and status instead of Live", async () => {
    renderPage([projectMock(testProject({ version: 'v6.3.1' }))], PROJECT_ID, undefined, [activeDeploymentMock(testDeployment())]);
    const header = await screen.findByTestId('project-header');
    expect(await within(header).findByText('Deployment: Active')).toBeInTheDocument();
    expect(within(header).getByText('v2.0.0')).toBeInTheDocument();
    expect(within(header).queryByText('v6.3.1')).not.toBeInTheDocument();
    expect(within(header).queryByText('Live')).not.toBeInTheDocument();
  });

  it("shows the project's latest run, a deployment, as 'Deployment Pipeline' on the Overview", async () => {
    renderPage([projectMock()], PROJECT_ID, [
      pipelineMock(PROJECT_ID, testPipeline({ completed: 15 })),
      pipelineUpdatesMock(PROJECT_ID, testPipeline({ id: 'run-3', streamName: StreamName.deployment, completed: 2, running: true }), 50),
    ]);
    expect(await screen.findByRole('region', { name: 'Project Creation' })).toBeInTheDocument();
    const timeline = await screen.findByRole('region', { name: 'Deployment Pipeline' });
    expect(within(timeline).getByRole('status')).toHaveTextContent('Running');
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

  it('says how the project\'s code is contained: in a sandbox with its limits, or plainly without one', async () => {
    renderPage([projectMock()]);
    const summary = within(await screen.findByRole('tabpanel', { name: 'Overview' })).getByRole('region', { name: 'Project Summary' });
    expect(summary).toHaveTextContent(
      'SandboxBuilds and the app run in a sandbox: own user, no access to other projects; limits 512 MB memory, 300 processes, 100 % CPU for apps, 1024 MB disk',
    );
  });

  it('says plainly when the project runs without a sandbox', async () => {
    const summary = 'Runs WITHOUT a sandbox: bubblewrap (bwrap) is not installed; no limits enforced (not Linux)';
    renderPage([projectMock(testProject({ sandbox: { __typename: 'ProjectSandbox', sandboxed: false, limitsEnforced: false, summary } }))]);
    const panel = await screen.findByRole('tabpanel', { name: 'Overview' });
    expect(within(panel).getByText(summary).tagName).toBe('STRONG');
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
    const { user } = renderPage([projectMock(), versionsMock([]), activeMock([]), historyMock([]), updatesMock()]);
    await user.click(await screen.findByRole('tab', { name: 'Overview' }));
    await user.keyboard('{ArrowRight}');
    expect(await within(screen.getByRole('tabpanel', { name: 'Versions' })).findByText('No versions found')).toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    const deployments = screen.getByRole('tabpanel', { name: 'Deployments' });
    expect(within(deployments).getByRole('region', { name: 'Active Deployments' })).toBeInTheDocument();
    expect(within(deployments).getByRole('region', { name: /^Deployment History/ })).toBeInTheDocument();
    expect(await within(deployments).findByText('No active deployments')).toBeInTheDocument();
    expect(await within(deployments).findByText('No deployments yet')).toBeInTheDocument();
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

  it('shows the latest run in the Overview timeline and its status in the header, following the subscription', async () => {
    renderPage([projectMock()], PROJECT_ID, [
      pipelineMock(PROJECT_ID, testPipeline({ completed: 7, running: true })),
      pipelineUpdatesMock(PROJECT_ID, testPipeline({ completed: 8, running: true })),
    ]);
    const timeline = await screen.findByRole('region', { name: 'Project Creation' });
    expect(within(timeline).getByRole('status')).toHaveTextContent('7 of 15 steps completed');
    expect(within(screen.getByTestId('project-header')).getByText('Pipeline: Running')).toBeInTheDocument();
    expect(await within(timeline).findByText('8 of 15 steps completed')).toBeInTheDocument();
    expect(within(timeline).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '53');
    expect(screen.getByRole('link', { name: 'Edit' })).toBeInTheDocument();
  });

  it('shows a project being deleted: its deletion run, with Edit and Delete off', async () => {
    renderPage([projectMock()], PROJECT_ID, [
      pipelineMock(PROJECT_ID, testPipeline({ id: 'run-2', streamName: 'project_deletion', completed: 2, running: true })),
      pipelineUpdatesMock(PROJECT_ID),
    ]);
    const timeline = await screen.findByRole('region', { name: 'Project Deletion' });
    expect(timeline).toHaveTextContent('2 of 5 steps completed');
    const header = screen.getByTestId('project-header');
    expect(within(header).getByText('Being deleted')).toBeInTheDocument();
    expect(within(header).getByRole('button', { name: 'Edit' })).toBeDisabled();
    expect(within(header).queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(within(header).getByRole('button', { name: 'Delete' })).toBeDisabled();
  });

  it('goes to the project list once the deletion run completes', async () => {
    renderPage([projectMock()], PROJECT_ID, [
      pipelineMock(PROJECT_ID, testPipeline({ id: 'run-2', streamName: 'project_deletion', completed: 4, running: true })),
      pipelineUpdatesMock(PROJECT_ID, testPipeline({ id: 'run-2', streamName: 'project_deletion', completed: 5 }), 50),
    ]);
    expect(await screen.findByRole('region', { name: 'Project Deletion' })).toBeInTheDocument();
    expect(await screen.findByText('projects list: Project "Analytical Engine" was deleted.')).toBeInTheDocument();
  });

  it('fetches the project again when a step of its run completes and when the run ends, so the repository and app URL show without a reload', async () => {
    const bare = testProject({ repositoryUrl: null, deployedUrl: null });
    const made = testProject({ repositoryUrl: 'https://github.com/analytical/engine', deployedUrl: 'http://engine.example.test/' });
    renderPage([projectMock(bare), projectMock(made)], PROJECT_ID, [
      pipelineMock(PROJECT_ID, testPipeline({ completed: 14, running: true })),
      pipelineUpdatesMock(PROJECT_ID, testPipeline({ completed: 15 }), 50),
    ]);
    const summary = await screen.findByRole('region', { name: 'Project Summary' });
    expect(summary).toHaveTextContent('Not set');
    expect(await within(summary).findByRole('link', { name: 'http://engine.example.test/' })).toBeInTheDocument();
    expect(within(summary).getByRole('link', { name: 'https://github.com/analytical/engine' })).toBeInTheDocument();
  });

  it('shows what the run made when its last step completes while the fetch for the step before is still on the wire', async () => {
    const bare = testProject({ repositoryUrl: null, deployedUrl: null });
    const made = testProject({ deployedUrl: 'http://engine.example.test/' });
    // The fetch for the run at 14 steps answers (what the project was then) after the run has ended.
    renderPage([projectMock(bare), projectMock(bare, 300), projectMock(made)], PROJECT_ID, [
      pipelineMock(PROJECT_ID, testPipeline({ completed: 14, running: true })),
      pipelineUpdatesMock(PROJECT_ID, testPipeline({ completed: 15 }), 50),
    ]);
    const summary = await screen.findByRole('region', { name: 'Project Summary' });
    expect(await within(summary).findByRole('link', { name: 'http://engine.example.test/' }, { timeout: 5000 })).toBeInTheDocument();
  });

  it('asks before cancelling a creation, saying the project will be deleted; Keep Creating changes nothing', async () => {
    const { user } = renderPage([projectMock()], PROJECT_ID, [
      pipelineMock(PROJECT_ID, testPipeline({ completed: 3, running: true })),
      pipelineUpdatesMock(PROJECT_ID),
    ]);
    const timeline = await screen.findByRole('region', { name: 'Project Creation' }, { timeout: 5000 });
    await user.click(within(timeline).getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel Project Creation?' });
    expect(dialog).toHaveTextContent('The running step stops and the steps after it are skipped.');
    expect(dialog).toHaveTextContent('Slipway then deletes Analytical Engine and everything its creation made so far');
    expect(within(dialog).getByRole('button', { name: 'Cancel and Delete Project' })).toHaveAccessibleDescription(/deletes Analytical Engine/);
    await user.click(within(dialog).getByRole('button', { name: 'Keep Creating' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(timeline).getByRole('status')).toHaveTextContent('3 of 15 steps completed');
  });

  it('cancels a creation once confirmed; when the cleanup has deleted the project, the list says the creation was cancelled', async () => {
    const cancelled = testPipeline({ completed: 3, failed: true, overallStatus: 'cancelled' });
    const { user, release } = renderPage(
      [projectMock()],
      PROJECT_ID,
      [
        pipelineMock(PROJECT_ID, testPipeline({ completed: 3, running: true })),
        pipelineUpdatesMock(PROJECT_ID, testPipeline({ id: 'run-2', streamName: 'project_deletion', completed: 5 }), 0),
        pipelineActionMock('cancel', PROJECT_ID, { pipeline: cancelled }),
      ],
      undefined,
      ['ProjectPipelineUpdates'],
    );
    const timeline = await screen.findByRole('region', { name: 'Project Creation' });
    await user.click(within(timeline).getByRole('button', { name: 'Cancel' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Cancel Project Creation?' })).getByRole('button', { name: 'Cancel and Delete Project' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The cleanup run then deletes the project.
    release('ProjectPipelineUpdates');
    expect(await screen.findByText('projects list: The creation of "Analytical Engine" was cancelled: the project and what its creation had made were deleted.', undefined, { timeout: 8000 })).toBeInTheDocument();
  });

  it('retries a failed run from the timeline and shows the run going again', async () => {
    const { user } = renderPage([projectMock()], PROJECT_ID, [
      pipelineMock(PROJECT_ID, testPipeline({ completed: 5, failed: true })),
      pipelineUpdatesMock(PROJECT_ID),
      pipelineActionMock('retry', PROJECT_ID, { pipeline: testPipeline({ completed: 5, running: true }) }),
    ]);
    const timeline = await screen.findByRole('region', { name: 'Project Creation' });
    expect(within(screen.getByTestId('project-header')).getByText('Pipeline: Failed')).toBeInTheDocument();
    // The project's status is not shown in success green beside a failed run (theme success: rgb(22, 101, 52)).
    expect(getComputedStyle(within(screen.getByTestId('project-header')).getByText('Active')).color).not.toBe('rgb(22, 101, 52)');
    await user.click(within(timeline).getByRole('button', { name: 'Retry' }));
    expect(await within(timeline).findByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(within(timeline).getByRole('status')).toHaveTextContent('Running');
    expect(within(screen.getByTestId('project-header')).getByText('Pipeline: Running')).toBeInTheDocument();
  });

  it('shows a refused cancel in the error banner and keeps the run as it was', async () => {
    const { user } = renderPage([projectMock()], PROJECT_ID, [
      pipelineMock(PROJECT_ID, testPipeline({ completed: 3, running: true })),
      pipelineUpdatesMock(PROJECT_ID),
      pipelineActionMock('cancel', PROJECT_ID, { error: 'The run has already finished', code: 'CONFLICT' }),
    ]);
    const timeline = await screen.findByRole('region', { name: 'Project Creation' });
    await user.click(within(timeline).getByRole('button', { name: 'Cancel' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Cancel Project Creation?' })).getByRole('button', { name: 'Cancel and Delete Project' }));
    expect(await within(timeline).findByRole('alert')).toHaveTextContent('The run has already finished');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(timeline).getByRole('status')).toHaveTextContent('3 of 15 steps completed');
    await user.click(within(timeline).getByRole('button', { name: 'Dismiss' }));
    expect(within(timeline).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the clone URL of a repository Slipway serves over HTTP, with Copy, and how to push to it', async () => {
    const cloneUrl = 'http://localhost:4000/git/acme/analytical-engine.git';
    const { user } = renderPage([projectMock(testProject({ repositoryUrl: 'file:///var/lib/slipway/repos/acme/analytical-engine.git', cloneUrl }))]);
    const card = await screen.findByRole('region', { name: 'Clone and push' });
    expect(within(card).getByRole('textbox', { name: 'Clone URL' })).toHaveValue(cloneUrl);
    expect(card).toHaveTextContent('sign in with your Slipway email and password');
    await user.click(within(card).getByRole('button', { name: 'Copy clone URL' }));
    expect(await navigator.clipboard.readText()).toBe(cloneUrl);
    expect(within(card).getByRole('status')).toHaveTextContent('Copied to clipboard!');
    expect(within(card).getByRole('region', { name: 'Push an existing repository' })).toHaveTextContent(`git remote add slipway ${cloneUrl} git push slipway main`);
    await user.click(within(card).getByRole('button', { name: 'Copy push commands' }));
    expect(await navigator.clipboard.readText()).toBe(`git remote add slipway ${cloneUrl}\ngit push slipway main`);
    // The summary's clone command uses the same URL, not the file:// path on Slipway's machine.
    expect(screen.getByRole('region', { name: 'Project Summary' })).toHaveTextContent(`git clone ${cloneUrl}`);
  });

  it('shows no clone card for a repository on GitHub', async () => {
    renderPage([projectMock(testProject({ cloneUrl: null }))]);
    await screen.findByRole('region', { name: 'Project Summary' });
    expect(screen.queryByRole('region', { name: 'Clone and push' })).not.toBeInTheDocument();
  });

  it('shows how to clone a local (file://) repository, with Copy, and links the deployed app', async () => {
    const repositoryUrl = 'file:///var/lib/slipway/repos/analytical-engine.git';
    const { user } = renderPage([projectMock(testProject({ repositoryUrl, deployedUrl: 'http://127.0.0.1:4600/' }))]);
    const summary = await screen.findByRole('region', { name: 'Project Summary' });
    expect(within(summary).queryByRole('link', { name: repositoryUrl })).not.toBeInTheDocument();
    expect(summary).toHaveTextContent(`git clone ${repositoryUrl}`);
    await user.click(within(summary).getByRole('button', { name: 'Copy git clone command' }));
    expect(await navigator.clipboard.readText()).toBe(`git clone ${repositoryUrl}`);
    expect(within(summary).getByText('Copied to clipboard!')).toBeInTheDocument();
    expect(within(summary).getByRole('link', { name: 'http://127.0.0.1:4600/' })).toHaveAttribute('href', 'http://127.0.0.1:4600/');
  });
});
