import styled from '@emotion/styled';
import { Form } from 'react-final-form';
import { Button } from '../../../ui/Button';
import { ErrorBanner } from '../../../ui/ErrorBanner';
import { TextField } from '../../../ui/fields/TextField';
import type { AuthFormValues, AuthMode } from '../validation/auth-validation';

const StyledForm = styled.form(({ theme }) => ({ display: 'flex', flexDirection: 'column', gap: theme.spacing(1) }));

const StyledBannerSlot = styled.div(({ theme }) => ({ marginBottom: theme.spacing(4) }));

const StyledToggle = styled.p(({ theme }) => ({
  margin: theme.spacing(5, 0, 0),
  fontSize: theme.fontSizes.sm,
  textAlign: 'center',
  color: theme.colors.textMuted,
}));

const StyledLinkButton = styled.button(({ theme }) => ({
  padding: 0,
  color: theme.colors.primary,
  background: 'none',
  border: 'none',
  cursor: 'pointer',
  textDecoration: 'underline',
}));

export interface LoginFormProps {
  mode: AuthMode;
  loading: boolean;
  errorMessage: string | null;
  validate: (values: AuthFormValues) => Partial<Record<keyof AuthFormValues, string>>;
  onSubmit: (values: AuthFormValues) => Promise<void>;
  onToggleMode: () => void;
  onDismissError: () => void;
}

/** Sign-in / create-account fields; submit is disabled while loading or while email or password is empty. */
export function LoginForm({ mode, loading, errorMessage, validate, onSubmit, onToggleMode, onDismissError }: LoginFormProps) {
  const registering = mode === 'register';
  const idleLabel = registering ? 'Create Account' : 'Sign In';
  const busyLabel = registering ? 'Creating account...' : 'Signing in...';
  return (
    <>
      {errorMessage && (
        <StyledBannerSlot>
          <ErrorBanner message={errorMessage} onDismiss={onDismissError} />
        </StyledBannerSlot>
      )}
      <Form<AuthFormValues> key={mode} onSubmit={onSubmit} validate={validate} subscription={{ values: true }}>
        {({ handleSubmit, values }) => (
          <StyledForm onSubmit={handleSubmit} noValidate aria-label={registering ? 'Create account' : 'Sign in'}>
            {registering && <TextField name="name" label="Name" autoComplete="name" />}
            <TextField name="email" label="Email" type="email" autoComplete="email" />
            <TextField
              name="password"
              label="Password"
              type="password"
              autoComplete={registering ? 'new-password' : 'current-password'}
            />
            {registering && (
              <TextField name="confirmPassword" label="Confirm Password" type="password" autoComplete="new-password" />
            )}
            <Button type="submit" fullWidth disabled={loading || !values.email || !values.password}>
              {loading ? busyLabel : idleLabel}
            </Button>
          </StyledForm>
        )}
      </Form>
      <StyledToggle>
        {registering ? 'Already have an account? ' : "Don't have an account? "}
        <StyledLinkButton type="button" onClick={onToggleMode}>
          {registering ? 'Sign in' : 'Create account'}
        </StyledLinkButton>
      </StyledToggle>
    </>
  );
}
