import { screen, within } from '@testing-library/react';
import type { MockLink } from '@apollo/client/testing';
import { describe, expect, it } from 'vitest';
import { UpdateProjectDocument, type ProjectDetailFragment, type UpdateProjectInput } from '../../../generated/graphql';
import { graphQLErrorResult } from '../../../test/fixtures';
import { renderWithProviders, signedIn } from '../../../test/render';
import { PROJECT_ID, projectMock, projectNotFoundMock, testProject } from '../components/detail/project-detail.fixtures';
import { changedFields } from '../components/edit/useEditProjectForm';
import { EditProjectPage } from './EditProjectPage';

/** Answers updateProject like the server, recording each input. */
function updateMock(sent: UpdateProjectInput[], project: ProjectDetailFragment = testProject()): MockLink.MockedResponse {
  return {
    request: { query: UpdateProjectDocument, variables: () => true },
    result: ({ input }: { input: UpdateProjectInput }) => {
      sent.push(input);
      const { repositoryUrl, limits, ...rest } = input;
      const updated = { ...project, ...Object.fromEntries(Object.entries(rest).filter(([, value]) => value != null)) };
      if (repositoryUrl !== undefined) updated.repositoryUrl = repositoryUrl;
      if (limits) updated.limits = { ...project.limits, ...limits };
      return { data: { updateProject: updated } };
    },
  };
}

async function renderPage(mocks: MockLink.MockedResponse[], project = testProject()) {
  const rendered = renderWithProviders(<EditProjectPage />, {
    auth: signedIn(),
    mocks: [projectMock(project), ...mocks],
    route: `/dashboard/projects/${project.id}/edit`,
    path: '/dashboard/projects/:projectId/edit',
    routes: [{ path: '/dashboard/projects/:projectId', element: <p>project page</p> }],
  });
  await screen.findByRole('form', { name: 'Edit project' });
  return rendered;
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('EditProjectPage', () => {
  it('fills the form from the project', async () => {
    await renderPage([]);
    expect(screen.getByRole('heading', { level: 1, name: 'Edit Project' })).toBeInTheDocument();
    expect(input('Project Name')).toHaveValue('Analytical Engine');
    expect(input('Description')).toHaveValue('Computes Bernoulli numbers.');
    expect(input('Status')).toHaveValue('active');
    expect(within(input('Status')).getAllByRole('option').map((option) => option.textContent)).toEqual(['Active', 'Inactive']);
    expect(input('Repository URL')).toHaveValue('https://github.com/analytical/engine');
    expect(within(screen.getByRole('list', { name: 'Current tags' })).getAllByRole('listitem').map((item) => item.firstChild?.textContent)).toEqual([
      'math',
      'engine',
    ]);
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeEnabled();
  });

  it('sends only the changed fields and returns to the project page', async () => {
    const sent: UpdateProjectInput[] = [];
    const { user, router } = await renderPage([updateMock(sent)]);
    await user.clear(input('Project Name'));
    await user.type(input('Project Name'), '  Difference Engine ');
    await user.selectOptions(input('Status'), 'inactive');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('project page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/dashboard/projects/${PROJECT_ID}`);
    expect(sent).toEqual([{ name: 'Difference Engine', status: 'inactive' }]);
  });

  it('returns to the project page without a request when nothing changed', async () => {
    const { user } = await renderPage([]);
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('project page')).toBeInTheDocument();
  });

  it('Cancel returns to the project page', async () => {
    const { user } = await renderPage([]);
    await user.type(input('Project Name'), ' changed');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('project page')).toBeInTheDocument();
  });

  it('adds tags with Enter and with Add, ignores blanks and duplicates, and removes chips', async () => {
    const sent: UpdateProjectInput[] = [];
    const { user } = await renderPage([updateMock(sent)]);
    const tagInput = input('Tags');
    await user.type(tagInput, ' api {Enter}');
    await user.type(tagInput, 'math{Enter}');
    await user.type(tagInput, '   ');
    expect(screen.getByRole('button', { name: 'Add' })).toBeDisabled();
    await user.clear(tagInput);
    await user.type(tagInput, 'engine');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(tagInput).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Remove tag math' }));
    const chips = within(screen.getByRole('list', { name: 'Current tags' })).getAllByRole('listitem');
    expect(chips.map((chip) => chip.firstChild?.textContent)).toEqual(['engine', 'api']);

    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByText('project page');
    expect(sent).toEqual([{ tags: ['engine', 'api'] }]);
  });

  it('sends an emptied repository URL as null when the project had one', async () => {
    const sent: UpdateProjectInput[] = [];
    const { user } = await renderPage([updateMock(sent)]);
    await user.clear(input('Repository URL'));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByText('project page');
    expect(sent).toEqual([{ repositoryUrl: null }]);
  });

  it('never sends an empty repository URL for a project that had none', () => {
    const project = testProject({ repositoryUrl: null });
    const values = { name: project.name, description: project.description, status: project.status, tags: project.tags, limits: { processes: '300' } };
    expect(changedFields(project, { ...values, repositoryUrl: '' })).toEqual({});
    expect(changedFields(project, { ...values, repositoryUrl: '   ' })).toEqual({});
    expect(changedFields(project, { ...values, repositoryUrl: ' https://git.example.com/r ' })).toEqual({
      repositoryUrl: 'https://git.example.com/r',
    });
    expect(changedFields(testProject(), { ...values, repositoryUrl: 'https://github.com/analytical/engine' })).toEqual({});
    expect(changedFields(testProject(), { ...values, repositoryUrl: undefined })).toEqual({ repositoryUrl: null });
  });

  it.each([
    ['', 'Project name is required'],
    ['A', 'Project name must be at least 2 characters'],
    ['x'.repeat(101), 'Project name must be less than 100 characters'],
    ['Bad/name!', 'Project name can only contain letters, numbers, spaces, hyphens, and underscores'],
  ])('rejects the name %j with %s and sends nothing', async (name, message) => {
    const sent: UpdateProjectInput[] = [];
    const { user } = await renderPage([updateMock(sent)]);
    await user.clear(input('Project Name'));
    if (name) await user.click(input('Project Name')).then(() => user.paste(name));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(input('Project Name')).toHaveAccessibleDescription(message);
    expect(sent).toEqual([]);
  });

  it('shows the description counter above 400 characters and rejects more than 500', async () => {
    const { user } = await renderPage([]);
    const description = input('Description');
    await user.clear(description);
    await user.click(description);
    await user.paste('d'.repeat(400));
    expect(screen.queryByText('400/500')).not.toBeInTheDocument();
    await user.type(description, 'd');
    expect(screen.getByText('401/500')).toBeInTheDocument();
    await user.paste('d'.repeat(100));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Description must be less than 500 characters')).toBeInTheDocument();
    expect(screen.queryByText('project page')).not.toBeInTheDocument();
  });

  it.each([
    ['a name conflict under the name field', graphQLErrorResult('A project named "Other" already exists', 'CONFLICT', { field: 'name' }), 'A project named "Other" already exists'],
    ["'Failed to update project' when the server gives no message", { errors: [{ message: '' }] }, 'Failed to update project'],
  ])('shows %s and stays on the form', async (_case, result, message) => {
    const { user } = await renderPage([{ request: { query: UpdateProjectDocument, variables: () => true }, result }]);
    await user.clear(input('Project Name'));
    await user.type(input('Project Name'), 'Other');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeEnabled();
    expect(screen.queryByText('project page')).not.toBeInTheDocument();
  });

  it.each([
    ['Project Name', 'name', 'A project named "Other" already exists'],
    ['Description', 'description', 'Project name rules do not decide where this goes'],
    ['Repository URL', 'repositoryUrl', 'Must be a valid http or https URL'],
  ])("shows a server error under %s because the error's field names it, not its wording", async (label, field, message) => {
    const result = graphQLErrorResult(message, 'BAD_USER_INPUT', { reason: 'INVALID_INPUT', field });
    const { user } = await renderPage([{ request: { query: UpdateProjectDocument, variables: () => true }, result }]);
    await user.clear(input('Project Name'));
    await user.type(input('Project Name'), 'Other');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByText(message);
    expect(input(label)).toHaveAccessibleDescription(message);
    expect(input(label)).toBeInvalid();
  });

  it("shows a server error that names no field of the form in the form's banner", async () => {
    const result = graphQLErrorResult('Repository URL must be a valid http or https URL', 'BAD_USER_INPUT');
    const { user } = await renderPage([{ request: { query: UpdateProjectDocument, variables: () => true }, result }]);
    await user.type(input('Project Name'), 'x');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Repository URL must be a valid http or https URL');
    expect(input('Repository URL')).toBeValid();
  });

  it("says 'Invalid project ID', 'Loading project...' and 'Project not found'", async () => {
    const { unmount } = renderWithProviders(<EditProjectPage />, {
      auth: signedIn(),
      route: '/dashboard/projects/42/edit',
      path: '/dashboard/projects/:projectId/edit',
    });
    expect(screen.getByRole('heading', { name: 'Invalid project ID' })).toBeInTheDocument();
    unmount();

    renderWithProviders(<EditProjectPage />, {
      auth: signedIn(),
      mocks: [projectNotFoundMock()],
      route: `/dashboard/projects/${PROJECT_ID}/edit`,
      path: '/dashboard/projects/:projectId/edit',
    });
    expect(screen.getByText('Loading project...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Project not found' })).toBeInTheDocument();
  });

  it('shows the sandbox limits with their bounds, refuses a limit out of bounds with the server\'s message, and sends only the changed limits', async () => {
    const sent: UpdateProjectInput[] = [];
    const { user } = await renderPage([updateMock(sent)]);
    expect(screen.getByRole('group', { name: 'Sandbox limits' })).toHaveAccessibleDescription(
      "Leave a limit empty for the server's default. The CPU limit applies to the project's apps; its builds run at the lowest CPU priority.",
    );
    expect(input('Process limit (processes)').value).toBe('300');
    expect(input('Memory limit (MB)').value).toBe('');
    await user.type(input('Memory limit (MB)'), '32');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    const memory = input('Memory limit (MB)');
    expect(memory).toHaveAccessibleDescription(expect.stringContaining("Memory limit must be a whole number from 64 to 8192 (MB), or empty for the server's default"));
    expect(memory).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);
    await user.clear(memory);
    await user.type(memory, '1024');
    await user.clear(input('Process limit (processes)'));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByText('project page');
    expect(sent).toEqual([{ limits: { memoryMb: 1024, processes: null } }]);
  });

  it('shows a limit the server refuses under its field', async () => {
    const refused: MockLink.MockedResponse = {
      request: { query: UpdateProjectDocument, variables: () => true },
      result: graphQLErrorResult("CPU limit must be a whole number from 10 to 400 (% of a core), or empty for the server's default", 'BAD_USER_INPUT', { field: 'limits.cpuPercent' }),
    };
    const { user } = await renderPage([refused]);
    await user.type(input('CPU limit (% of a core)'), '200');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByText("CPU limit must be a whole number from 10 to 400 (% of a core), or empty for the server's default");
    expect(input('CPU limit (% of a core)')).toHaveAttribute('aria-invalid', 'true');
  });
});
