import { PASSWORDS_DO_NOT_MATCH, emailError, passwordError } from '@slipway/domain';

/** Spec section 5 rules for the sign-in and create-account form: the email and password rules are the server's too. */
export type AuthMode = 'login' | 'register';

export interface AuthFormValues {
  name?: string;
  email?: string;
  password?: string;
  confirmPassword?: string;
}

export type AuthFormErrors = Partial<Record<keyof AuthFormValues, string>>;

export function validateAuthForm(values: AuthFormValues, mode: AuthMode): AuthFormErrors {
  const errors: AuthFormErrors = {};
  const email = emailError(values.email);
  if (email) errors.email = email;
  const password = passwordError(values.password);
  if (password) errors.password = password;

  if (mode === 'register') {
    if (!values.name) errors.name = 'Name is required';
    if (!values.confirmPassword) errors.confirmPassword = 'Please confirm your password';
    else if (values.confirmPassword !== values.password) errors.confirmPassword = PASSWORDS_DO_NOT_MATCH;
  }
  return errors;
}
