import { invalidProviderName } from './providers.errors.js';

/**
 * A name that is safe as one path segment and as a git/registry name: starts with a letter or digit (so never
 * '.' or '..'), then letters, digits, '.', '_' or '-'; no '/', no '\', no NUL; at most 100 characters.
 */
const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

/** Answers value when it is a safe path segment (see SEGMENT), else throws a clear error naming `what`. */
export function safeSegment(value: string, what: string): string {
  if (typeof value !== 'string' || !SEGMENT.test(value) || value.endsWith('.lock') || value.includes('..')) {
    throw invalidProviderName(what, String(value));
  }
  return value;
}
