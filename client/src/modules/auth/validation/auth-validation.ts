/** Spec section 5 rules for the sign-in and create-account form, with its messages. */
export type AuthMode = 'login' | 'register';

export interface AuthFormValues {
  name?: string;
  email?: string;
  password?: string;
  confirmPassword?: string;
}

export type AuthFormErrors = Partial<Record<keyof AuthFormValues, string>>;

const EMAIL_PATTERN = /^[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}$/i;
export const MIN_PASSWORD_LENGTH = 6;

export function validateAuthForm(values: AuthFormValues, mode: AuthMode): AuthFormErrors {
  const errors: AuthFormErrors = {};
  const email = values.email?.trim() ?? '';
  if (!email) errors.email = 'Email is required';
  else if (!EMAIL_PATTERN.test(email)) errors.email = 'Invalid email address';

  if (!values.password) errors.password = 'Password is required';
  else if (values.password.length < MIN_PASSWORD_LENGTH) errors.password = 'Password must be at least 6 characters';

  if (mode === 'register') {
    if (!values.name) errors.name = 'Name is required';
    if (!values.confirmPassword) errors.confirmPassword = 'Please confirm your password';
    else if (values.confirmPassword !== values.password) errors.confirmPassword = 'Passwords do not match';
  }
  return errors;
}
