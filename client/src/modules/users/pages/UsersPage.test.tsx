import { screen, waitFor, within } from '@testing-library/react';
import type { MockLink } from '@apollo/client/testing';
import { describe, expect, it } from 'vitest';
import { type AuthUserFragment, CreateUserDocument, SetUserDisabledDocument, UpdateUserDocument, UsersDocument, type UserRowFragment } from '../../../generated/graphql';
import { TEST_USER, graphQLErrorResult } from '../../../test/fixtures';
import { renderWithProviders, signedIn } from '../../../test/render';
import { UsersPage } from './UsersPage';

const ADMIN: AuthUserFragment = { ...TEST_USER, role: 'admin' };
const MANAGER: AuthUserFragment = { ...TEST_USER, role: 'manager' };

const row = (overrides: Partial<UserRowFragment>): UserRowFragment => ({
  __typename: 'User',
  id: '6d1f5a3e-0000-4000-8000-000000000099',
  name: 'Grace Hopper',
  email: 'grace@example.com',
  role: 'user',
  createdAt: '2026-02-01T10:00:00.000Z',
  disabledAt: null,
  passwordResetAt: null,
  ...overrides,
});

const ME_ROW = row({ id: TEST_USER.id, name: TEST_USER.name, email: TEST_USER.email, role: 'admin' });
const GRACE = row({});
const ALAN = row({ id: '6d1f5a3e-0000-4000-8000-000000000098', name: 'Alan Turing', email: 'alan@example.com', role: 'admin' });

const usersMock = (users: UserRowFragment[]): MockLink.MockedResponse => ({ request: { query: UsersDocument }, result: { data: { users } } });

const render = (auth = ADMIN, mocks: MockLink.MockedResponse[] = []) =>
  renderWithProviders(<UsersPage />, { auth: signedIn({ user: auth }), mocks: [usersMock([ME_ROW, GRACE, ALAN]), ...mocks] });

describe('UsersPage', () => {
  it('lists users with role, status and creation time, and filters them by name or email', async () => {
    const { user } = render();
    const table = await screen.findByRole('table', { name: 'Users' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(within(table).getByRole('rowheader', { name: 'Ada Lovelace (you)' })).toBeInTheDocument();
    // Nobody acts on their own account here.
    expect(within(table).queryByRole('button', { name: 'Disable Ada Lovelace' })).toBeNull();
    await user.type(screen.getByLabelText('Search by name or email'), 'ALAN');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(within(table).getByRole('rowheader', { name: 'Alan Turing' })).toBeInTheDocument();
    expect(within(table).queryByRole('rowheader', { name: 'Grace Hopper' })).toBeNull();
  });

  it('shows a manager neither role selects, password resets nor actions on admins', async () => {
    render(MANAGER);
    const table = await screen.findByRole('table', { name: 'Users' });
    expect(within(table).queryByRole('combobox')).toBeNull();
    expect(within(table).queryByRole('button', { name: /Reset password/ })).toBeNull();
    expect(within(table).getByRole('button', { name: 'Disable Grace Hopper' })).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: 'Disable Alan Turing' })).toBeNull();
    expect(screen.queryByLabelText('Role')).toBeNull();
  });

  it('disables a user after a confirmation dialog, and shows a server refusal in the dialog', async () => {
    const disable = { request: { query: SetUserDisabledDocument, variables: { id: GRACE.id, disabled: true } } };
    const { user } = render(ADMIN, [
      { ...disable, result: graphQLErrorResult('You cannot manage a user with a higher role', 'FORBIDDEN') },
      { ...disable, result: { data: { setUserDisabled: { ...GRACE, disabledAt: '2026-03-01T10:00:00.000Z' } } } },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Disable Grace Hopper' }));
    const dialog = screen.getByRole('dialog', { name: 'Disable Grace Hopper?' });
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));
    expect(await within(dialog).findByText('You cannot manage a user with a higher role')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('Grace Hopper is disabled: signed out everywhere, tokens stopped.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Enable Grace Hopper' })).toBeInTheDocument();
  });

  it('changes a role and shows the last-admin refusal in place', async () => {
    const { user } = render(ADMIN, [
      {
        request: { query: UpdateUserDocument, variables: { id: ALAN.id, input: { role: 'user' } } },
        result: graphQLErrorResult('The only admin cannot remove their own admin role or account', 'CONFLICT'),
      },
    ]);
    await user.selectOptions(await screen.findByLabelText('Role of Alan Turing'), 'user');
    expect(await screen.findByText('The only admin cannot remove their own admin role or account')).toBeInTheDocument();
    expect(screen.getByLabelText('Role of Alan Turing')).toHaveValue('admin');
  });

  it('validates the new user as the server does, then shows the server refusal beside its field', async () => {
    const input = { name: 'Grace Hopper', email: 'grace@example.com', password: 'secret1', role: 'user' };
    const { user } = render(ADMIN, [
      { request: { query: CreateUserDocument, variables: { input } }, result: graphQLErrorResult('Email is already registered', 'CONFLICT', { field: 'email' }) },
    ]);
    const form = await screen.findByRole('form', { name: 'New user' });
    await user.click(within(form).getByRole('button', { name: 'Create user' }));
    expect(within(form).getByText('Name is required')).toBeInTheDocument();
    expect(within(form).getByText('Email is required')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Name'), input.name);
    await user.type(within(form).getByLabelText('Email'), input.email);
    await user.type(within(form).getByLabelText('Password'), 'short');
    await user.click(within(form).getByRole('button', { name: 'Create user' }));
    expect(within(form).getByText('Password must be at least 6 characters')).toBeInTheDocument();
    await user.clear(within(form).getByLabelText('Password'));
    await user.type(within(form).getByLabelText('Password'), input.password);
    await user.click(within(form).getByRole('button', { name: 'Create user' }));
    expect(await within(form).findByText('Email is already registered')).toBeInTheDocument();
    expect(within(form).getByLabelText('Email')).toHaveAccessibleDescription(/Email is already registered/);
  });
});
