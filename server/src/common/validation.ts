import { AppError, ErrorCode } from './app-error.js';

export class ValidationError extends AppError {
  constructor(message: string) {
    super(ErrorCode.BadUserInput, message);
  }
}

/** Bodies reach services from REST as untyped JSON; these helpers turn wrong types into clear 400s. */
export function requiredString(value: unknown, requiredMessage: string, maxLength = 1000): string {
  if (value === undefined || value === null) throw new ValidationError(requiredMessage);
  if (typeof value !== 'string') throw new ValidationError(requiredMessage.replace(/ is required$/, ' must be a string'));
  const trimmed = value.trim();
  if (!trimmed) throw new ValidationError(requiredMessage);
  if (trimmed.length > maxLength) {
    throw new ValidationError(requiredMessage.replace(/ is required$/, ` must be at most ${maxLength} characters`));
  }
  return trimmed;
}

export function optionalString(value: unknown, field: string, maxLength = 1000): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new ValidationError(`${field} must be a string`);
  if (value.length > maxLength) throw new ValidationError(`${field} must be at most ${maxLength} characters`);
  return value;
}

export function requireObject(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ValidationError('Request body must be a JSON object');
  }
  return body as Record<string, unknown>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are UUIDs; anything else cannot name a row, so it is treated as not found rather than a database error. */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}
