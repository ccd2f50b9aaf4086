import { useState } from 'react';
import { useAuth } from '../../../app/auth/auth-context';
import { validateAuthForm, type AuthFormValues, type AuthMode } from '../validation/auth-validation';

/**
 * State and handlers of the login screen: sign in / create account mode, validation, submit, and the banner
 * message (the form's own error, else the session's error with the 'Authentication failed' fallback).
 */
export function useLoginForm() {
  const auth = useAuth();
  const [mode, setMode] = useState<AuthMode>('login');
  const [formError, setFormError] = useState<string | null>(null);

  const validate = (values: AuthFormValues) => validateAuthForm(values, mode);

  const onSubmit = async (values: AuthFormValues) => {
    setFormError(null);
    const email = values.email?.trim() ?? '';
    const password = values.password ?? '';
    try {
      if (mode === 'login') {
        await auth.signIn({ email, password });
        return;
      }
      const name = values.name?.trim() ?? '';
      if (!name) {
        setFormError('Name is required for registration');
        return;
      }
      await auth.register({ name, email, password });
    } catch {
      setFormError('An unexpected error occurred. Please try again.');
    }
  };

  /** Switching between sign in and create account clears the error; the form remounts empty (keyed by mode). */
  const toggleMode = () => {
    setMode((current) => (current === 'login' ? 'register' : 'login'));
    setFormError(null);
    auth.clearError();
  };

  const dismissError = () => {
    setFormError(null);
    auth.clearError();
  };

  const sessionError = auth.status === 'error' ? auth.error || 'Authentication failed' : null;

  return {
    mode,
    toggleMode,
    validate,
    onSubmit,
    loading: auth.status === 'loading',
    errorMessage: formError ?? sessionError,
    dismissError,
  };
}
