import { ValidationError, requiredString } from '../../common/validation.js';

/** Spec section 5 rules for accounts, enforced on the server with the client's messages. */
const EMAIL_PATTERN = /^[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}$/i;
export const MIN_PASSWORD_LENGTH = 6;
const MAX_PASSWORD_LENGTH = 200;

export function validateName(value: unknown): string {
  return requiredString(value, 'Name is required', 100);
}

export function validateEmail(value: unknown): string {
  const email = requiredString(value, 'Email is required', 254).toLowerCase();
  if (!EMAIL_PATTERN.test(email)) throw new ValidationError('Invalid email address');
  return email;
}

export function validatePassword(value: unknown): string {
  if (value === undefined || value === null || value === '') throw new ValidationError('Password is required');
  if (typeof value !== 'string') throw new ValidationError('Password must be a string');
  if (value.length < MIN_PASSWORD_LENGTH) throw new ValidationError('Password must be at least 6 characters');
  if (value.length > MAX_PASSWORD_LENGTH) throw new ValidationError('Password must be at most 200 characters');
  return value;
}

export function validatePasswordConfirmation(password: string, confirmation: unknown): void {
  if (confirmation === undefined || confirmation === null) return;
  if (confirmation !== password) throw new ValidationError('Passwords do not match');
}
