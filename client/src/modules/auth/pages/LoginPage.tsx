import styled from '@emotion/styled';
import { Navigate, useLocation, type Location } from 'react-router-dom';
import { useAuth } from '../../../app/auth/auth-context';
import { LoginForm } from '../components/LoginForm';
import { useLoginForm } from '../hooks/useLoginForm';

const StyledPage = styled.main(({ theme }) => ({
  display: 'flex',
  flex: 1,
  alignItems: 'center',
  justifyContent: 'center',
  padding: theme.spacing(6, 4),
}));

const StyledPanel = styled.div(({ theme }) => ({
  width: '100%',
  maxWidth: '420px',
  padding: theme.spacing(8),
  background: theme.colors.surface,
  border: `1px solid ${theme.colors.border}`,
  borderRadius: theme.radii.lg,
  boxShadow: theme.shadows.card,
}));

const StyledTitle = styled.h1(({ theme }) => ({ marginBottom: theme.spacing(1), fontSize: theme.fontSizes.xxl }));

const StyledSubtitle = styled.p(({ theme }) => ({ margin: theme.spacing(0, 0, 6), color: theme.colors.textMuted }));

/** Where to go after signing in: the protected page that sent the user here, else the dashboard. */
function destination(state: unknown): string {
  const from = (state as { from?: Partial<Location> } | null)?.from;
  if (!from?.pathname || from.pathname === '/login') return '/dashboard';
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}

export function LoginPage() {
  const { status } = useAuth();
  const location = useLocation();
  const form = useLoginForm();

  if (status === 'authenticated') return <Navigate to={destination(location.state)} replace />;

  const registering = form.mode === 'register';
  return (
    <StyledPage>
      <StyledPanel>
        <StyledTitle>{registering ? 'Create your account' : 'Sign in to Slipway'}</StyledTitle>
        <StyledSubtitle>{registering ? 'Start managing projects and deployments.' : 'Welcome back.'}</StyledSubtitle>
        <LoginForm
          mode={form.mode}
          loading={form.loading}
          errorMessage={form.errorMessage}
          validate={form.validate}
          onSubmit={form.onSubmit}
          onToggleMode={form.toggleMode}
          onDismissError={form.dismissError}
        />
      </StyledPanel>
    </StyledPage>
  );
}
