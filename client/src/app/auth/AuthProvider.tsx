import { useCallback, useEffect, useMemo, useReducer, useRef, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import {
  LoginDocument,
  LogoutDocument,
  MeDocument,
  RegisterDocument,
  type AuthUserFragment,
  type LoginInput,
  type RegisterInput,
} from '../../generated/graphql';
import { useAppApolloPromise } from '../apollo/apollo-loader';
import { apiErrorMessage } from '../apollo/error-message';
import { AuthContext, type AuthContextValue } from './auth-context';
import { authReducer, initialAuthState } from './auth-state';
import { authToken } from './auth-token';

/**
 * Holds the session: the startup `me` check, sign in, register, logout, and the reaction to an expired
 * session. It talks to Apollo through the loader (not hooks) so the login page renders before Apollo loads.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const apolloPromise = useAppApolloPromise();
  const navigate = useNavigate();
  const location = useLocation();
  const [state, dispatch] = useReducer(authReducer, authToken.read(), initialAuthState);

  const locationRef = useRef(location);
  useEffect(() => {
    locationRef.current = location;
  }, [location]);

  const endSession = useCallback(async () => {
    authToken.clear();
    dispatch({ type: 'logout' });
    await (await apolloPromise).resetSession();
  }, [apolloPromise]);

  // A 401 / UNAUTHENTICATED on any request that carried the token: drop the session and go to /login.
  useEffect(() => {
    let unsubscribe: (() => void) | undefined;
    let active = true;
    void apolloPromise.then((apollo) => {
      if (!active) return;
      unsubscribe = apollo.onSessionExpired(() => {
        void endSession();
        const from = locationRef.current;
        if (from.pathname !== '/login') navigate('/login', { replace: true, state: { from } });
      });
    });
    return () => {
      active = false;
      unsubscribe?.();
    };
  }, [apolloPromise, endSession, navigate]);

  // On start, a stored token is checked with `me`; if that fails the token is removed.
  const checkedStoredToken = useRef(false);
  useEffect(() => {
    const token = state.token;
    if (checkedStoredToken.current || !token || state.status !== 'loading') return;
    checkedStoredToken.current = true;
    apolloPromise
      .then((apollo) => apollo.client.query({ query: MeDocument, fetchPolicy: 'network-only' }))
      .then(({ data }) => {
        if (!data) throw new Error('No user returned');
        dispatch({ type: 'success', user: data.me, token });
      })
      .catch(() => {
        authToken.clear();
        dispatch({ type: 'logout' });
      });
  }, [apolloPromise, state.token, state.status]);

  const startSession = useCallback(
    async (user: AuthUserFragment, token: string) => {
      await (await apolloPromise).resetSession();
      authToken.store(token);
      dispatch({ type: 'success', user, token });
    },
    [apolloPromise],
  );

  const signIn = useCallback(
    async (input: LoginInput) => {
      dispatch({ type: 'start' });
      try {
        const { client } = await apolloPromise;
        const { data } = await client.mutate({ mutation: LoginDocument, variables: { input } });
        if (!data) throw new Error('Login failed');
        await startSession(data.login.user, data.login.token);
        return true;
      } catch (error) {
        authToken.clear();
        dispatch({ type: 'failure', error: apiErrorMessage(error, 'Login failed') });
        return false;
      }
    },
    [apolloPromise, startSession],
  );

  const register = useCallback(
    async (input: RegisterInput) => {
      dispatch({ type: 'start' });
      try {
        const { client } = await apolloPromise;
        const { data } = await client.mutate({ mutation: RegisterDocument, variables: { input } });
        if (!data) throw new Error('Registration failed');
        await startSession(data.register.user, data.register.token);
        return true;
      } catch (error) {
        authToken.clear();
        dispatch({ type: 'failure', error: apiErrorMessage(error, 'Registration failed') });
        return false;
      }
    },
    [apolloPromise, startSession],
  );

  const logout = useCallback(async () => {
    try {
      const { client } = await apolloPromise;
      await client.mutate({ mutation: LogoutDocument });
    } catch (error) {
      console.error('Logout failed; clearing the local session anyway', error);
    } finally {
      await endSession();
    }
  }, [apolloPromise, endSession]);

  const clearError = useCallback(() => dispatch({ type: 'clearError' }), []);

  const value = useMemo<AuthContextValue>(
    () => ({ ...state, signIn, register, logout, clearError }),
    [state, signIn, register, logout, clearError],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
