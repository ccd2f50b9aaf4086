import { AppError, ErrorCode } from './app-error.js';

/** Bad input: a 400 with the message to show and, when it is about one input, that input's field. */
export function invalidInput(message: string, field?: string): AppError {
  return new AppError(ErrorCode.BadUserInput, message, { reason: 'INVALID_INPUT', field });
}

export function requireObject(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw invalidInput('Request body must be a JSON object');
  }
  return body as Record<string, unknown>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are UUIDs; anything else cannot name a row, so it is treated as not found rather than a database error. */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}
