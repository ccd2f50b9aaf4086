import type { AuthUserFragment } from '../../generated/graphql';

/** Spec section 4: loading, authenticated, error, logged out. */
export type AuthStatus = 'loading' | 'authenticated' | 'error' | 'loggedOut';

export interface AuthState {
  status: AuthStatus;
  user: AuthUserFragment | null;
  token: string | null;
  error: string | null;
}

export type AuthAction =
  | { type: 'start' }
  | { type: 'success'; user: AuthUserFragment; token: string }
  | { type: 'failure'; error: string }
  | { type: 'logout' }
  | { type: 'clearError' };

/** A stored token still has to be checked with the server, so the app starts loading; without one, logged out. */
export function initialAuthState(token: string | null): AuthState {
  return { status: token ? 'loading' : 'loggedOut', user: null, token, error: null };
}

/**
 * Start sets loading and clears the error; success stores user and token; failure clears the user and
 * keeps the message; logout clears everything.
 */
export function authReducer(state: AuthState, action: AuthAction): AuthState {
  switch (action.type) {
    case 'start':
      return { ...state, status: 'loading', error: null };
    case 'success':
      return { status: 'authenticated', user: action.user, token: action.token, error: null };
    case 'failure':
      return { status: 'error', user: null, token: null, error: action.error };
    case 'logout':
      return { status: 'loggedOut', user: null, token: null, error: null };
    case 'clearError':
      return state.status === 'error' ? { ...state, status: 'loggedOut', error: null } : { ...state, error: null };
  }
}
