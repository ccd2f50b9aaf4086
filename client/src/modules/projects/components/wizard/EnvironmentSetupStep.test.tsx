import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders, signedIn } from '../../../../test/render';
import { EnvironmentSetupStep, type EnvironmentSetupStepProps } from './EnvironmentSetupStep';
import { NOTES_TEMPLATE, STATIC_TEMPLATE } from './wizard.fixtures';

function renderStep(data: Partial<EnvironmentSetupStepProps['data']> = {}) {
  const props = {
    data: { selectedTemplate: NOTES_TEMPLATE, blankProject: false, environmentVariables: {}, ...data },
    onBack: vi.fn(),
    onContinue: vi.fn(),
    onChooseTemplate: vi.fn(),
  };
  const view = renderWithProviders(<EnvironmentSetupStep {...props} />, { auth: signedIn() });
  return { ...view, props };
}

const continueButton = () => screen.getByRole('button', { name: 'Continue' });

describe('EnvironmentSetupStep', () => {
  it('groups required and optional variables, optional collapsed, required ones with an asterisk', async () => {
    const { user } = renderStep();
    const required = screen.getByRole('region', { name: 'Required variables' });
    expect(within(screen.getByTestId('variable-ADMIN_PASSWORD')).getByText('*')).toBeInTheDocument();
    expect(within(screen.getByTestId('variable-APP_TITLE')).getByText('*')).toBeInTheDocument();
    expect(within(required).getByLabelText('ADMIN_PASSWORD')).toBeRequired();

    const optional = screen.getByRole('region', { name: 'Optional variables' });
    const toggle = within(optional).getByRole('button', { name: /Optional \(2\)/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(optional).getByLabelText('DATA_FILE')).not.toBeVisible();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(within(optional).getByLabelText('DATA_FILE')).toBeVisible();
    expect(within(screen.getByTestId('variable-DATA_FILE')).queryByText('*')).not.toBeInTheDocument();
  });

  it('prefills defaults where no value was entered, and keeps entered values', async () => {
    const { user } = renderStep({ environmentVariables: { APP_TITLE: 'My Notes', DATA_FILE: '  ' } });
    expect(screen.getByLabelText('APP_TITLE')).toHaveValue('My Notes');
    expect(screen.getByLabelText('ADMIN_PASSWORD')).toHaveValue('');
    await user.click(screen.getByRole('button', { name: /Optional/ }));
    expect(screen.getByLabelText('DATA_FILE')).toHaveValue('data/notes.json');
    expect(screen.getByLabelText('SESSION_SECRET')).toHaveValue('a-very-long-default-session-secret-value');
  });

  it("masks sensitive values with a Show/Hide toggle and a 'Sensitive' badge; defaults masked with at most 10 bullets", async () => {
    const { user } = renderStep();
    const password = screen.getByLabelText('ADMIN_PASSWORD');
    expect(password).toHaveAttribute('type', 'password');
    const row = screen.getByTestId('variable-ADMIN_PASSWORD');
    expect(within(row).getByText('Sensitive')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Show ADMIN_PASSWORD' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(within(row).getByRole('button', { name: 'Hide ADMIN_PASSWORD' }));
    expect(password).toHaveAttribute('type', 'password');

    expect(screen.getByLabelText('APP_TITLE')).toHaveAttribute('type', 'text');
    expect(within(screen.getByTestId('variable-APP_TITLE')).queryByText('Sensitive')).not.toBeInTheDocument();
    expect(screen.getByTestId('variable-APP_TITLE')).toHaveTextContent('Default: Notes');

    await user.click(screen.getByRole('button', { name: /Optional/ }));
    const secret = screen.getByTestId('variable-SESSION_SECRET');
    expect(secret).toHaveTextContent(`Default: ${'•'.repeat(10)}`);
    expect(secret).not.toHaveTextContent('a-very-long-default');
  });

  it("disables Continue while a required variable is blank, shows '{name} is required' and clears it once filled", async () => {
    const { user, props } = renderStep();
    expect(continueButton()).toBeDisabled();
    const password = screen.getByLabelText('ADMIN_PASSWORD');
    await user.click(password);
    await user.tab();
    expect(screen.getByText('ADMIN_PASSWORD is required')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('APP_TITLE'));
    expect(screen.getByText('APP_TITLE is required')).toBeInTheDocument();

    await user.type(password, 's3cret!');
    expect(screen.queryByText('ADMIN_PASSWORD is required')).not.toBeInTheDocument();
    expect(continueButton()).toBeDisabled();
    await user.type(screen.getByLabelText('APP_TITLE'), '   ');
    expect(continueButton()).toBeDisabled();
    await user.type(screen.getByLabelText('APP_TITLE'), 'Team');
    expect(screen.queryByText('APP_TITLE is required')).not.toBeInTheDocument();
    expect(continueButton()).toBeEnabled();

    await user.click(continueButton());
    expect(props.onContinue).toHaveBeenCalledWith({
      ADMIN_PASSWORD: 's3cret!',
      APP_TITLE: '   Team',
      SESSION_SECRET: 'a-very-long-default-session-secret-value',
      DATA_FILE: 'data/notes.json',
    });
  });

  it('hands the values back on Back, even incomplete ones', async () => {
    const { user, props } = renderStep();
    await user.type(screen.getByLabelText('ADMIN_PASSWORD'), 'half');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(props.onBack).toHaveBeenCalledWith(expect.objectContaining({ ADMIN_PASSWORD: 'half', APP_TITLE: 'Notes' }));
  });

  it.each([
    ['a template without variables', { selectedTemplate: STATIC_TEMPLATE }],
    ['a blank project', { selectedTemplate: null, blankProject: true }],
  ])("shows 'No Configuration Required' with Continue for %s", async (_case, data) => {
    const { user, props } = renderStep(data);
    expect(screen.getByRole('heading', { name: 'No Configuration Required' })).toBeInTheDocument();
    await user.click(continueButton());
    expect(props.onContinue).toHaveBeenCalledWith({});
  });

  it("shows 'No Template Selected' with a way back to template selection", async () => {
    const { user, props } = renderStep({ selectedTemplate: null, blankProject: false });
    expect(screen.getByRole('heading', { name: 'No Template Selected' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to Template Selection' }));
    expect(props.onChooseTemplate).toHaveBeenCalled();
  });
});
