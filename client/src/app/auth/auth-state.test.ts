import { describe, expect, it } from 'vitest';
import { TEST_USER } from '../../test/fixtures';
import { authReducer, initialAuthState, type AuthState } from './auth-state';

const signedIn: AuthState = { status: 'authenticated', user: TEST_USER, token: 't', error: null };
const failed: AuthState = { status: 'error', user: null, token: null, error: 'Invalid email or password' };

describe('auth state (spec section 4)', () => {
  it('starts loading with a stored token, logged out without one', () => {
    expect(initialAuthState('t')).toEqual({ status: 'loading', user: null, token: 't', error: null });
    expect(initialAuthState(null)).toEqual({ status: 'loggedOut', user: null, token: null, error: null });
  });

  it.each([
    ['start sets loading and clears the error', failed, { type: 'start' }, { ...failed, status: 'loading', error: null }],
    ['success stores user and token', failed, { type: 'success', user: TEST_USER, token: 'n' }, { status: 'authenticated', user: TEST_USER, token: 'n', error: null }],
    ['failure clears the user and keeps the message', signedIn, { type: 'failure', error: 'Login failed' }, { status: 'error', user: null, token: null, error: 'Login failed' }],
    ['logout clears everything', signedIn, { type: 'logout' }, { status: 'loggedOut', user: null, token: null, error: null }],
    ['clearError after a failure returns to logged out', failed, { type: 'clearError' }, { ...failed, status: 'loggedOut', error: null }],
    ['clearError keeps a session', signedIn, { type: 'clearError' }, signedIn],
  ] as const)('%s', (_name, state, action, expected) => {
    expect(authReducer(state, action)).toEqual(expected);
  });
});
