import type { MockLink } from '@apollo/client/testing';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ProjectNameRefusalDocument } from '../../../../generated/graphql';
import { renderWithProviders, signedIn } from '../../../../test/render';
import { ProjectDetailsStep } from './ProjectDetailsStep';
import { EMPTY_WIZARD_DATA, type WizardData } from './wizard-data';

function renderStep(data: Partial<WizardData> = {}, mocks: MockLink.MockedResponse[] = []) {
  const onContinue = vi.fn();
  const view = renderWithProviders(<ProjectDetailsStep data={{ ...EMPTY_WIZARD_DATA, ...data }} onContinue={onContinue} />, {
    auth: signedIn(),
    mocks,
  });
  return { ...view, onContinue };
}

const nameRefusal = (name: string, refusal: string | null): MockLink.MockedResponse => ({
  request: { query: ProjectNameRefusalDocument, variables: { name } },
  result: { data: { projectNameRefusal: refusal } },
  maxUsageCount: 5,
});

const nameInput = () => screen.getByLabelText('Project Name');
const continueButton = () => screen.getByRole('button', { name: 'Continue' });

describe('ProjectDetailsStep', () => {
  it('disables Continue while the name is empty', async () => {
    const { user } = renderStep();
    expect(continueButton()).toBeDisabled();
    await user.type(nameInput(), '   ');
    expect(continueButton()).toBeDisabled();
    await user.type(nameInput(), 'ok');
    expect(continueButton()).toBeEnabled();
  });

  it.each([
    ['a', 'Project name must be at least 2 characters'],
    ['x'.repeat(101), 'Project name must be less than 100 characters'],
    ['bad/name', 'Project name can only contain letters, numbers, spaces, hyphens, and underscores'],
  ])('shows the error for %j and keeps Continue disabled', async (name, message) => {
    const { user } = renderStep();
    await user.click(nameInput());
    await user.paste(name);
    await user.tab();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(continueButton()).toBeDisabled();
  });

  it("says 'Project name is required' when the name is left blank", async () => {
    const { user } = renderStep();
    await user.click(nameInput());
    await user.tab();
    expect(screen.getByText('Project name is required')).toBeInTheDocument();
  });

  it('shows a description counter above 400 characters and an error above 500', async () => {
    const { user } = renderStep({ name: 'demo' });
    const description = screen.getByLabelText('Description');
    fireEvent.change(description, { target: { value: 'd'.repeat(400) } });
    expect(screen.queryByText(/\/500 characters/)).not.toBeInTheDocument();
    fireEvent.change(description, { target: { value: 'd'.repeat(401) } });
    expect(screen.getByText('401/500 characters')).toBeInTheDocument();
    fireEvent.change(description, { target: { value: 'd'.repeat(501) } });
    await user.click(description);
    await user.tab();
    expect(screen.getByText('Description must be less than 500 characters')).toBeInTheDocument();
    expect(continueButton()).toBeDisabled();
  });

  it('adds tags with Enter or Add, trimmed, without blanks or duplicates, and removes them', async () => {
    const { user, onContinue } = renderStep({ name: 'demo' });
    const tagInput = screen.getByLabelText('Tags');
    await user.type(tagInput, '  web  {Enter}');
    await user.type(tagInput, 'api');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await user.type(tagInput, 'web{Enter}');
    await user.type(tagInput, '   {Enter}');
    const chips = screen.getByRole('list', { name: 'Added tags' });
    expect(within(chips).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['web×', 'api×']);
    expect(tagInput).toHaveValue('');
    expect(onContinue).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Remove tag web' }));
    expect(within(chips).getAllByRole('listitem')).toHaveLength(1);
    await user.click(continueButton());
    expect(onContinue).toHaveBeenCalledWith({ name: 'demo', description: '', tags: ['api'] });
  });

  it('continues with the trimmed values', async () => {
    const { user, onContinue } = renderStep();
    await user.type(nameInput(), '  My Project  ');
    await user.type(screen.getByLabelText('Description'), ' Does things ');
    await user.click(continueButton());
    expect(onContinue).toHaveBeenCalledWith({ name: 'My Project', description: 'Does things', tags: [] });
  });

  it('starts from the data entered earlier', () => {
    renderStep({ name: 'kept', description: 'kept too', tags: ['x'] });
    expect(nameInput()).toHaveValue('kept');
    expect(screen.getByLabelText('Description')).toHaveValue('kept too');
    expect(screen.getByRole('list', { name: 'Added tags' })).toHaveTextContent('x');
    expect(continueButton()).toBeEnabled();
  });

  it('says a name one of your projects has as you type, before Continue, and announces it', async () => {
    const taken = 'A project named "Ledger" already exists';
    const { user, onContinue } = renderStep({}, [nameRefusal('Ledger', taken)]);
    await user.type(nameInput(), 'Ledger');
    await vi.waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(taken));
    await vi.waitFor(() => expect(nameInput()).toHaveAccessibleDescription(taken));
    expect(nameInput()).toHaveAttribute('aria-invalid', 'true');
    expect(continueButton()).toBeDisabled();
    expect(onContinue).not.toHaveBeenCalled();
  });

  it('checks the name again on Continue and stays with the reason when it was taken meanwhile', async () => {
    const taken = 'A project named "Quick" already exists';
    const { user, onContinue } = renderStep({}, [nameRefusal('Quick', taken)]);
    await user.type(nameInput(), 'Quick{Enter}');
    expect(await screen.findByText(taken, { selector: 'span' })).toBeInTheDocument();
    expect(onContinue).not.toHaveBeenCalled();
  });

  it('continues with a name the server says is free', async () => {
    const { user, onContinue } = renderStep({}, [nameRefusal('Fresh', null)]);
    await user.type(nameInput(), 'Fresh');
    await user.click(continueButton());
    await vi.waitFor(() => expect(onContinue).toHaveBeenCalledWith({ name: 'Fresh', description: '', tags: [] }));
  });
});
