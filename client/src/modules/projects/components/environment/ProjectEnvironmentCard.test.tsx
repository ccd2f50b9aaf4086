import { screen, within } from '@testing-library/react';
import type { MockLink } from '@apollo/client/testing';
import { describe, expect, it } from 'vitest';
import { UpdateProjectEnvironmentDocument, type EnvironmentVariableInput } from '../../../../generated/graphql';
import { graphQLErrorResult } from '../../../../test/fixtures';
import { renderWithProviders, signedIn } from '../../../../test/render';
import { PROJECT_ID, projectMock } from '../detail/project-detail.fixtures';
import { useProject } from '../detail/useProject';
import { ProjectEnvironmentCard } from './ProjectEnvironmentCard';

const SECRET = 'sk-live-1234567890abcdefghijklmnop';

/** Answers updateProjectEnvironment as the server would, recording the variables sent. */
function saveMock(sent: EnvironmentVariableInput[][]): MockLink.MockedResponse {
  return {
    request: { query: UpdateProjectEnvironmentDocument, variables: () => true },
    result: ({ id, variables }: { id: string; variables: EnvironmentVariableInput[] }) => {
      sent.push(variables);
      return {
        data: {
          updateProjectEnvironment: {
            __typename: 'Project',
            id,
            updatedAt: '2026-03-02T10:00:00.000Z',
            environmentVariables: variables.map(({ name, value }) => ({
              __typename: 'EnvironmentVariable',
              name,
              value,
              sensitive: /key|secret|password|token|auth|private/i.test(name),
            })),
          },
        },
      };
    },
  };
}

/** The card over the project query, as on the detail page, so a save shows what the server answered. */
function Harness() {
  const load = useProject(PROJECT_ID);
  return load.status === 'ready' ? <ProjectEnvironmentCard project={load.project} /> : null;
}

async function setup(mocks: MockLink.MockedResponse[] = []) {
  const rendered = renderWithProviders(<Harness />, { auth: signedIn(), mocks: [projectMock(), ...mocks] });
  await screen.findByTestId('env-PORT');
  return rendered;
}

const row = (name: string) => screen.getByTestId(`env-${name}`);
const rowNames = () => screen.queryAllByTestId(/^env-/).map((element) => element.dataset.testid!.slice(4));

describe('ProjectEnvironmentCard', () => {
  it("shows values in view mode, a sensitive one masked (at most 20 bullets) with its 'Sensitive' badge and a Show/Hide toggle", async () => {
    const { user } = await setup();
    expect(rowNames()).toEqual(['PORT', 'API_KEY']);
    expect(row('PORT')).toHaveTextContent('8080');
    expect(within(row('PORT')).queryByText('Sensitive')).not.toBeInTheDocument();
    expect(within(row('API_KEY')).getByText('Sensitive')).toBeInTheDocument();
    expect(row('API_KEY')).toHaveTextContent('•'.repeat(20));
    expect(row('API_KEY')).not.toHaveTextContent('•'.repeat(21));
    expect(row('API_KEY')).not.toHaveTextContent(SECRET);

    await user.click(screen.getByRole('button', { name: 'Show value of API_KEY' }));
    expect(row('API_KEY')).toHaveTextContent(SECRET);
    await user.click(screen.getByRole('button', { name: 'Hide value of API_KEY' }));
    expect(row('API_KEY')).not.toHaveTextContent(SECRET);
    expect(screen.queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
  });

  it('Edit copies the values into a draft; Cancel discards every change', async () => {
    const { user } = await setup();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const port = screen.getByLabelText('Value of PORT');
    expect(port).toHaveValue('8080');
    expect(screen.getByLabelText('Value of API_KEY')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('Value of API_KEY')).toHaveValue(SECRET);
    await user.clear(port);
    await user.type(port, '9090');
    await user.click(screen.getByRole('button', { name: 'Remove API_KEY' }));
    expect(rowNames()).toEqual(['PORT']);

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(rowNames()).toEqual(['PORT', 'API_KEY']);
    expect(row('PORT')).toHaveTextContent('8080');
  });

  it('enables Add only for a non-blank trimmed name, trims the name and keeps the value as typed', async () => {
    const { user } = await setup();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('button', { name: 'Add Variable' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Environment Variable' });
    const add = within(dialog).getByRole('button', { name: 'Add Variable' });
    expect(add).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Name'), '   ');
    expect(add).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Name'), 'LOG_LEVEL  ');
    expect(add).toBeEnabled();
    await user.type(within(dialog).getByLabelText('Value'), '  debug ');
    await user.click(add);

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(rowNames()).toEqual(['PORT', 'API_KEY', 'LOG_LEVEL']);
    expect(screen.getByLabelText('Value of LOG_LEVEL')).toHaveValue('  debug ');
  });

  it('masks a new sensitive variable by the shared name rule, in the dialog and in the draft', async () => {
    const { user } = await setup();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('button', { name: 'Add Variable' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('Name'), 'db_password');
    expect(within(dialog).getByLabelText('Value')).toHaveAttribute('type', 'password');
    expect(within(dialog).getByText('Sensitive')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Value'), 'hunter2');
    await user.keyboard('{Enter}');

    expect(within(row('db_password')).getByText('Sensitive')).toBeInTheDocument();
    expect(screen.getByLabelText('Value of db_password')).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show value of db_password' }));
    expect(screen.getByLabelText('Value of db_password')).toHaveAttribute('type', 'text');
  });

  it('closes the add dialog with Cancel without changing the draft', async () => {
    const { user } = await setup();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('button', { name: 'Add Variable' }));
    await user.type(within(screen.getByRole('dialog')).getByLabelText('Name'), 'UNUSED');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(rowNames()).toEqual(['PORT', 'API_KEY']);
  });

  it('Save sends the whole draft (changed, removed, added) and leaves edit mode', async () => {
    const sent: EnvironmentVariableInput[][] = [];
    const { user } = await setup([saveMock(sent)]);
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.clear(screen.getByLabelText('Value of PORT'));
    await user.type(screen.getByLabelText('Value of PORT'), '9090');
    await user.click(screen.getByRole('button', { name: 'Remove API_KEY' }));
    await user.click(screen.getByRole('button', { name: 'Add Variable' }));
    await user.type(within(screen.getByRole('dialog')).getByLabelText('Name'), 'NODE_ENV');
    await user.type(within(screen.getByRole('dialog')).getByLabelText('Value'), 'production');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Add Variable' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(sent).toEqual([
      [
        { name: 'PORT', value: '9090' },
        { name: 'NODE_ENV', value: 'production' },
      ],
    ]);
    expect(screen.queryByLabelText('Value of PORT')).not.toBeInTheDocument();
    expect(row('PORT')).toHaveTextContent('9090');
  });

  it('adding a name that is already in the draft replaces its value', async () => {
    const sent: EnvironmentVariableInput[][] = [];
    const { user } = await setup([saveMock(sent)]);
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('button', { name: 'Add Variable' }));
    await user.type(within(screen.getByRole('dialog')).getByLabelText('Name'), ' PORT');
    await user.type(within(screen.getByRole('dialog')).getByLabelText('Value'), '3000');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Add Variable' }));
    expect(rowNames()).toEqual(['PORT', 'API_KEY']);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('button', { name: 'Edit' });
    expect(sent[0]).toEqual([
      { name: 'PORT', value: '3000' },
      { name: 'API_KEY', value: SECRET },
    ]);
  });

  it('can remove every variable and save an empty environment', async () => {
    const sent: EnvironmentVariableInput[][] = [];
    const { user } = await setup([saveMock(sent)]);
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('button', { name: 'Remove PORT' }));
    await user.click(screen.getByRole('button', { name: 'Remove API_KEY' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('No environment variables')).toBeInTheDocument();
    expect(sent).toEqual([[]]);
  });

  it.each([
    ['the server message', graphQLErrorResult('Environment variable name "1BAD" is invalid', 'BAD_USER_INPUT'), 'Environment variable name "1BAD" is invalid'],
    ["'Failed to update environment variables' without one", { errors: [{ message: '' }] }, 'Failed to update environment variables'],
  ])('shows %s when saving fails and stays in edit mode with the draft', async (_case, result, message) => {
    const { user } = await setup([
      { request: { query: UpdateProjectEnvironmentDocument, variables: { id: PROJECT_ID, variables: [{ name: 'PORT', value: '8080' }] } }, result },
    ]);
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('button', { name: 'Remove API_KEY' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    expect(rowNames()).toEqual(['PORT']);
  });
});
