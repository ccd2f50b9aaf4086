import { PASSWORDS_DO_NOT_MATCH, emailError, passwordError, userNameError } from '@slipway/domain';
import { invalidInput } from '../../common/validation.js';

/**
 * Spec section 5 rules for accounts, enforced on the server: the rules and messages are @slipway/domain's
 * (the sign-in form checks the same ones); only the type checks of untyped input are the server's own.
 */
function text(value: unknown, field: string, label: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw invalidInput(`${label} must be a string`, field);
  return value;
}

export function validateName(value: unknown): string {
  const name = text(value, 'name', 'Name');
  const error = userNameError(name);
  if (error) throw invalidInput(error, 'name');
  return name!.trim();
}

export function validateEmail(value: unknown): string {
  const email = text(value, 'email', 'Email');
  const error = emailError(email);
  if (error) throw invalidInput(error, 'email');
  return email!.trim().toLowerCase();
}

export function validatePassword(value: unknown): string {
  const password = text(value, 'password', 'Password');
  const error = passwordError(password);
  if (error) throw invalidInput(error, 'password');
  return password!;
}

export function validatePasswordConfirmation(password: string, confirmation: unknown): void {
  if (confirmation === undefined || confirmation === null) return;
  if (confirmation !== password) throw invalidInput(PASSWORDS_DO_NOT_MATCH, 'confirmPassword');
}
