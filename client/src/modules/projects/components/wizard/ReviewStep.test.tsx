import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders, signedIn } from '../../../../test/render';
import { ReviewStep, type ReviewStepProps } from './ReviewStep';
import { EMPTY_WIZARD_DATA, type WizardData } from './wizard-data';
import { GO_TEMPLATE, NOTES_TEMPLATE } from './wizard.fixtures';

const LONG_SECRET = 'x'.repeat(45);

function renderStep(data: Partial<WizardData>, props: Partial<ReviewStepProps> = {}) {
  const handlers = { onDismissError: vi.fn(), onBack: vi.fn(), onCreate: vi.fn() };
  const view = renderWithProviders(
    <ReviewStep
      data={{ ...EMPTY_WIZARD_DATA, name: 'Notes', description: 'Team notes', tags: ['web', 'internal'], ...data }}
      creating={false}
      creationError={null}
      {...handlers}
      {...props}
    />,
    { auth: signedIn() },
  );
  return { ...view, handlers };
}

describe('ReviewStep', () => {
  it('shows the name, description, tags and template', () => {
    renderStep({ selectedTemplate: GO_TEMPLATE });
    const project = screen.getByRole('region', { name: 'Project' });
    expect(project).toHaveTextContent('Name: Notes');
    expect(project).toHaveTextContent('Description: Team notes');
    expect(within(project).getByRole('list', { name: 'Tags' })).toHaveTextContent('webinternal');
    expect(screen.getByRole('region', { name: 'Template' })).toHaveTextContent('Template: go-api API');
  });

  it("shows 'Template: None (blank project)' without a template", () => {
    renderStep({ blankProject: true });
    expect(screen.getByText('Template: None (blank project)')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Environment variables' })).toHaveTextContent('No environment variables');
  });

  it('lists only non-blank variables and masks sensitive ones (at most 20 bullets), never showing their values', () => {
    const { container } = renderStep({
      selectedTemplate: NOTES_TEMPLATE,
      environmentVariables: {
        ADMIN_PASSWORD: 'hunter2',
        SESSION_SECRET: LONG_SECRET,
        APP_TITLE: 'Notes',
        DATA_FILE: '   ',
        EMPTY_ONE: '',
      },
    });
    const variables = screen.getByRole('region', { name: 'Environment variables' });
    const names = within(variables)
      .getAllByRole('term')
      .map((term) => term.textContent);
    expect(names).toEqual(['ADMIN_PASSWORD', 'SESSION_SECRET', 'APP_TITLE']);
    const values = within(variables)
      .getAllByRole('definition')
      .map((value) => value.textContent);
    expect(values).toEqual(['•'.repeat(7), '•'.repeat(20), 'Notes']);
    expect(container).not.toHaveTextContent('hunter2');
    expect(container).not.toHaveTextContent(LONG_SECRET);
    expect(within(variables).queryByRole('button')).not.toBeInTheDocument();
  });

  it("reads 'Creating...' and disables both buttons while creating", () => {
    renderStep({}, { creating: true });
    expect(screen.getByRole('button', { name: 'Creating...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Back' })).toBeDisabled();
  });

  it("shows 'Creation Failed' with the message", async () => {
    const { user, handlers } = renderStep({}, { creationError: 'A project named "Notes" already exists' });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Creation Failed');
    expect(alert).toHaveTextContent('A project named "Notes" already exists');
    await user.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    expect(handlers.onDismissError).toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Create Project' }));
    expect(handlers.onCreate).toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(handlers.onBack).toHaveBeenCalled();
  });
});
