import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { LoadingText } from '../../ui/Loading';
import { useAuth } from './auth-context';

/** The dashboard's guard: 'Loading...' while the session is checked, /login (remembering where from) without one. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <LoadingText>Loading...</LoadingText>;
  if (status !== 'authenticated') return <Navigate to="/login" replace state={{ from: location }} />;
  return children;
}
