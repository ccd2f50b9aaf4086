import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders, signedIn, type RenderWithProvidersOptions } from '../../../test/render';
import {
  CATALOG,
  CREATED_PROJECT_ID,
  NOTES_TEMPLATE,
  createProjectMock,
  githubOrganizationErrorMock,
  githubOrganizationMock,
  projectNameMock,
  templatesMock,
} from '../components/wizard/wizard.fixtures';
import { WizardGithubOrganizationDocument } from '../../../generated/graphql';
import { NewProjectPage } from './NewProjectPage';

function renderWizard(mocks: RenderWithProvidersOptions['mocks']) {
  return renderWithProviders(<NewProjectPage />, {
    auth: signedIn(),
    route: '/dashboard/projects/new',
    path: '/dashboard/projects/new',
    routes: [
      { path: '/dashboard/projects', element: <p>projects page</p> },
      { path: '/dashboard/projects/:projectId', element: <p>project page</p> },
      { path: '/dashboard/settings', element: <p>settings page</p> },
    ],
    mocks: [...(mocks ?? []), projectNameMock('Notes App')],
  });
}

const stepCounter = () => screen.getByText(/^Step \d of 4$/);
const button = (name: string) => screen.getByRole('button', { name });

async function fillDetails(user: UserEvent) {
  await user.type(screen.getByLabelText('Project Name'), 'Notes App');
  await user.type(screen.getByLabelText('Description'), 'Team notes');
  await user.type(screen.getByLabelText('Tags'), 'web{Enter}');
  await user.click(button('Continue'));
  // Continue checks the name with the server first.
  await screen.findByRole('heading', { level: 2, name: 'Template Selection' });
}

const NOTES_INPUT = {
  name: 'Notes App',
  description: 'Team notes',
  status: 'active' as const,
  tags: ['web'],
  templateName: 'fullstack-notes',
  environmentVariables: [
    { name: 'ADMIN_PASSWORD', value: 'pw-123456' },
    { name: 'APP_TITLE', value: 'Notes' },
    { name: 'SESSION_SECRET', value: 'a-very-long-default-session-secret-value' },
    { name: 'DATA_FILE', value: 'data/notes.json' },
  ],
};

// Whole-wizard walks type a lot; on a busy 2-core machine they need more than the default 5 s.
describe('NewProjectPage (create project wizard)', () => {
  it('walks the four steps, keeps data going back, and opens the new project', async () => {
    const { user, router } = renderWizard([githubOrganizationMock('acme'), templatesMock(CATALOG), createProjectMock(NOTES_INPUT)]);
    expect(stepCounter()).toHaveTextContent('Step 1 of 4');
    const steps = within(screen.getByRole('navigation', { name: 'Wizard progress' })).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      '1Project Details',
      '2Template Selection',
      '3Environment Setup',
      '4Review & Create',
    ]);
    expect(steps[0]).toHaveAttribute('aria-current', 'step');

    await fillDetails(user);
    expect(stepCounter()).toHaveTextContent('Step 2 of 4');
    await user.click(await screen.findByTestId('template-fullstack-notes'));
    await user.click(button('Continue'));

    expect(stepCounter()).toHaveTextContent('Step 3 of 4');
    await user.type(screen.getByLabelText('ADMIN_PASSWORD'), 'pw-123456');
    await user.click(button('Back'));
    expect(stepCounter()).toHaveTextContent('Step 2 of 4');
    expect(screen.getByTestId('template-fullstack-notes')).toHaveAttribute('aria-pressed', 'true');
    await user.click(button('Back'));
    expect(screen.getByLabelText('Project Name')).toHaveValue('Notes App');
    expect(screen.getByRole('list', { name: 'Added tags' })).toHaveTextContent('web');
    await user.click(button('Continue'));
    await screen.findByRole('heading', { level: 2, name: 'Template Selection' });
    await user.click(button('Continue'));
    expect(screen.getByLabelText('ADMIN_PASSWORD')).toHaveValue('pw-123456');
    await user.click(button('Continue'));

    expect(stepCounter()).toHaveTextContent('Step 4 of 4');
    const variables = screen.getByRole('region', { name: 'Environment variables' });
    expect(variables).toHaveTextContent('ADMIN_PASSWORD•••••••••');
    expect(variables).not.toHaveTextContent('pw-123456');
    await user.click(button('Create Project'));
    expect(await screen.findByText('project page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/dashboard/projects/${CREATED_PROJECT_ID}`);
  });

  it("shows 'Creating...' and then 'Creation Failed', staying on step 4", async () => {
    const { user, router } = renderWizard([
      githubOrganizationMock('acme'),
      templatesMock(CATALOG),
      createProjectMock({ ...NOTES_INPUT, templateName: null, environmentVariables: [] }, { error: 'A project with this name already exists', delay: 30 }),
    ]);
    await fillDetails(user);
    await user.click(await screen.findByTestId('template-blank'));
    await user.click(button('Continue'));
    expect(screen.getByRole('heading', { name: 'No Configuration Required' })).toBeInTheDocument();
    await user.click(button('Continue'));
    expect(screen.getByText('Template: None (blank project)')).toBeInTheDocument();

    await user.click(button('Create Project'));
    expect(button('Creating...')).toBeDisabled();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Creation Failed');
    expect(alert).toHaveTextContent('A project with this name already exists');
    expect(stepCounter()).toHaveTextContent('Step 4 of 4');
    expect(button('Create Project')).toBeEnabled();
    expect(router.state.location.pathname).toBe('/dashboard/projects/new');
  });

  it("starts another template's variables afresh", async () => {
    const { user } = renderWizard([githubOrganizationMock('acme'), templatesMock(CATALOG)]);
    await fillDetails(user);
    await user.click(await screen.findByTestId('template-fullstack-notes'));
    await user.click(button('Continue'));
    await user.type(screen.getByLabelText('ADMIN_PASSWORD'), 'first');
    await user.click(button('Back'));
    await user.click(screen.getByTestId('template-go-api'));
    await user.click(screen.getByTestId(`template-${NOTES_TEMPLATE.name}`));
    await user.click(button('Continue'));
    expect(screen.getByLabelText('ADMIN_PASSWORD')).toHaveValue('');
  });

  it.each([
    ['is not set', githubOrganizationMock(null)],
    ['is blank', githubOrganizationMock('  ')],
    ['cannot be checked', githubOrganizationErrorMock()],
  ])("blocks the wizard with 'GitHub Settings Required' when the organization %s", async (_case, mock) => {
    const { user, router } = renderWizard([mock, templatesMock(CATALOG)]);
    const dialog = await screen.findByRole('dialog', { name: 'GitHub Settings Required' });
    expect(within(dialog).queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.click(screen.getByTestId('modal-overlay'));
    expect(screen.getByRole('dialog', { name: 'GitHub Settings Required' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'CANCEL' }));
    expect(router.state.location.pathname).toBe('/dashboard/projects');
  });

  it('says in local mode (no GitHub token) that no account is needed and any organization name works', async () => {
    renderWizard([githubOrganizationMock(null), templatesMock(CATALOG)]);
    const dialog = await screen.findByRole('dialog', { name: 'GitHub Settings Required' });
    expect(dialog).toHaveTextContent('No GitHub account is needed');
    expect(dialog).toHaveTextContent('any organization name works');
  });

  it('does not say so once a GitHub token is saved (repositories go to GitHub)', async () => {
    renderWizard([githubOrganizationMock(null, { githubToken: true }), templatesMock(CATALOG)]);
    const dialog = await screen.findByRole('dialog', { name: 'GitHub Settings Required' });
    expect(dialog).toHaveTextContent('A GitHub organization must be set before you can create projects.');
    expect(dialog).not.toHaveTextContent('No GitHub account is needed');
  });

  it("'GO TO SETTINGS' opens the settings", async () => {
    const { user, router } = renderWizard([githubOrganizationMock(null), templatesMock(CATALOG)]);
    const dialog = await screen.findByRole('dialog', { name: 'GitHub Settings Required' });
    await user.click(within(dialog).getByRole('button', { name: 'GO TO SETTINGS' }));
    expect(router.state.location.pathname).toBe('/dashboard/settings');
  });

  it('shows no settings modal when the organization is set', async () => {
    const { apollo } = renderWizard([githubOrganizationMock('acme'), templatesMock(CATALOG)]);
    await screen.findByLabelText('Project Name');
    // Once the check's answer is in the cache (and React has rendered it), the modal would show if it were to.
    await waitFor(() => expect(apollo.client.readQuery({ query: WizardGithubOrganizationDocument })?.settingValue).toBe('acme'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("starts each step at its heading, scrolled to the top, after Continue and Back", async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const { user } = renderWizard([githubOrganizationMock('acme'), templatesMock(CATALOG)]);
    await fillDetails(user);
    expect(screen.getByRole('heading', { level: 2, name: 'Template Selection' })).toHaveFocus();
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 0 });
    await user.click(await screen.findByTestId('template-fullstack-notes'));
    scrollTo.mockClear();
    await user.click(button('Continue'));
    expect(screen.getByRole('heading', { level: 2, name: 'Environment Setup' })).toHaveFocus();
    expect(scrollTo).toHaveBeenCalledWith({ top: 0 });
    await user.click(button('Back'));
    expect(screen.getByRole('heading', { level: 2, name: 'Template Selection' })).toHaveFocus();
    scrollTo.mockRestore();
  });
});
