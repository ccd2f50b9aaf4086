import { createContext, useContext } from 'react';
import type { LoginInput, RegisterInput } from '../../generated/graphql';
import type { AuthState } from './auth-state';

export interface AuthContextValue extends AuthState {
  /** Resolves true when signed in; on failure the state holds the error message. */
  signIn(input: LoginInput): Promise<boolean>;
  register(input: RegisterInput): Promise<boolean>;
  /** Revokes the token on the server (errors are logged) and clears the session locally in any case. */
  logout(): Promise<void>;
  clearError(): void;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth must be used inside <AuthProvider>');
  return auth;
}
