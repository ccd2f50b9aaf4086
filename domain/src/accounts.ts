/** Spec section 5 rules for accounts (sign in, create account), with their messages word for word. */
export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 200;
export const MAX_USER_NAME_LENGTH = 100;
export const MAX_EMAIL_LENGTH = 254;

const EMAIL_PATTERN = /^[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}$/i;

/** The error for a person's name (checked trimmed), or undefined when it is valid. */
export function userNameError(value: string | undefined | null): string | undefined {
  const name = value?.trim() ?? '';
  if (!name) return 'Name is required';
  if (name.length > MAX_USER_NAME_LENGTH) return `Name must be at most ${MAX_USER_NAME_LENGTH} characters`;
  return undefined;
}

/** The error for an email address (checked trimmed), or undefined when it is valid. */
export function emailError(value: string | undefined | null): string | undefined {
  const email = value?.trim() ?? '';
  if (!email) return 'Email is required';
  if (email.length > MAX_EMAIL_LENGTH) return `Email must be at most ${MAX_EMAIL_LENGTH} characters`;
  if (!EMAIL_PATTERN.test(email)) return 'Invalid email address';
  return undefined;
}

/** The error for a new or given password (never trimmed), or undefined when it is valid. */
export function passwordError(value: string | undefined | null): string | undefined {
  if (!value) return 'Password is required';
  if (value.length < MIN_PASSWORD_LENGTH) return `Password must be at least ${MIN_PASSWORD_LENGTH} characters`;
  if (value.length > MAX_PASSWORD_LENGTH) return `Password must be at most ${MAX_PASSWORD_LENGTH} characters`;
  return undefined;
}

export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';
