import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RegisterDocument } from '../../../generated/graphql';
import { AUTH_TOKEN_KEY } from '../../../app/auth/auth-token';
import { TEST_USER, graphQLErrorResult, loginMock } from '../../../test/fixtures';
import { renderWithProviders, type RenderWithProvidersOptions } from '../../../test/render';
import { LoginPage } from './LoginPage';

const landing = [
  { path: '/dashboard', element: <p>dashboard home</p> },
  { path: '/dashboard/settings', element: <p>settings page</p> },
];

function setup(options: RenderWithProvidersOptions = {}) {
  return renderWithProviders(<LoginPage />, { path: '/login', route: '/login', routes: landing, ...options });
}

const submitButton = () => screen.getByRole('button', { name: /^(Sign In|Create Account|Signing in\.\.\.|Creating account\.\.\.)$/ });

describe('LoginPage', () => {
  it('keeps submit disabled until both email and password are filled', async () => {
    const { user } = setup();
    expect(submitButton()).toBeDisabled();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    expect(submitButton()).toBeDisabled();
    await user.type(screen.getByLabelText('Password'), 'secret1');
    expect(submitButton()).toBeEnabled();
    await user.clear(screen.getByLabelText('Email'));
    expect(submitButton()).toBeDisabled();
  });

  it('shows the sign-in validation messages', async () => {
    const { user } = setup();
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Password'), 'abc');
    await user.click(submitButton());
    expect(screen.getByText('Invalid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Email'));
    await user.clear(screen.getByLabelText('Password'));
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
  });

  it('shows the create-account validation messages', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(submitButton());
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Please confirm your password')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Confirm Password'), 'secret2');
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
  });

  it("refuses a blank name with 'Name is required for registration'", async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await user.type(screen.getByLabelText('Name'), '   ');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.type(screen.getByLabelText('Confirm Password'), 'secret1');
    await user.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Name is required for registration');
  });

  it('clears the form and the error when toggling between sign in and create account', async () => {
    const input = { email: 'ada@example.com', password: 'wrong-password' };
    const { user } = setup({ mocks: [loginMock(input, { error: 'Invalid email or password' })] });
    await user.type(screen.getByLabelText('Email'), input.email);
    await user.type(screen.getByLabelText('Password'), input.password);
    await user.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');

    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('');
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(screen.getByLabelText('Name')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Email'), 'x@example.com');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByLabelText('Email')).toHaveValue('');
    expect(screen.queryByLabelText('Name')).not.toBeInTheDocument();
  });

  it('shows the server error in a dismissible banner and keeps the token out of storage', async () => {
    const input = { email: 'ada@example.com', password: 'wrong-password' };
    const { user } = setup({ mocks: [loginMock(input, { error: 'Invalid email or password' })] });
    await user.type(screen.getByLabelText('Email'), input.email);
    await user.type(screen.getByLabelText('Password'), input.password);
    await user.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a network failure message when the server cannot be reached', async () => {
    const input = { email: 'ada@example.com', password: 'secret1' };
    const { user } = setup({
      mocks: [{ request: { query: loginMock(input).request.query, variables: { input } }, error: new Error('Failed to fetch') }],
    });
    await user.type(screen.getByLabelText('Email'), input.email);
    await user.type(screen.getByLabelText('Password'), input.password);
    await user.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch');
  });

  it('disables submit while signing in, then stores the token and goes to /dashboard', async () => {
    const input = { email: 'ada@example.com', password: 'secret1' };
    const { user, router } = setup({ mocks: [loginMock(input, { token: 'fresh-token', delay: 50 })] });
    await user.type(screen.getByLabelText('Email'), ` ${input.email} `);
    await user.type(screen.getByLabelText('Password'), input.password);
    await user.click(submitButton());
    expect(screen.getByRole('button', { name: 'Signing in...' })).toBeDisabled();
    expect(await screen.findByText('dashboard home')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBe('fresh-token');
  });

  it('returns to the page the user came from after signing in', async () => {
    const input = { email: 'ada@example.com', password: 'secret1' };
    const { user } = setup({
      initialEntries: [{ pathname: '/login', state: { from: { pathname: '/dashboard/settings', search: '', hash: '' } } }],
      mocks: [loginMock(input)],
    });
    await user.type(screen.getByLabelText('Email'), input.email);
    await user.type(screen.getByLabelText('Password'), input.password);
    await user.click(submitButton());
    expect(await screen.findByText('settings page')).toBeInTheDocument();
  });

  it('creates an account and signs in', async () => {
    const input = { name: 'Ada Lovelace', email: 'ada@example.com', password: 'secret1' };
    const { user } = setup({
      mocks: [
        {
          request: { query: RegisterDocument, variables: { input } },
          result: { data: { register: { __typename: 'AuthPayload', token: 'new-token', user: TEST_USER } } },
        },
      ],
    });
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await user.type(screen.getByLabelText('Name'), input.name);
    await user.type(screen.getByLabelText('Email'), input.email);
    await user.type(screen.getByLabelText('Password'), input.password);
    await user.type(screen.getByLabelText('Confirm Password'), input.password);
    await user.click(submitButton());
    expect(await screen.findByText('dashboard home')).toBeInTheDocument();
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBe('new-token');
  });

  it("falls back to 'Registration failed' when the error has no message", async () => {
    const input = { name: 'Ada', email: 'taken@example.com', password: 'secret1' };
    const { user } = setup({
      mocks: [{ request: { query: RegisterDocument, variables: { input } }, result: graphQLErrorResult('', 'CONFLICT') }],
    });
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await user.type(screen.getByLabelText('Name'), input.name);
    await user.type(screen.getByLabelText('Email'), input.email);
    await user.type(screen.getByLabelText('Password'), input.password);
    await user.type(screen.getByLabelText('Confirm Password'), input.password);
    await user.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Registration failed');
  });
});
