import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';

/** `{"error": "...", "code": "...", "field": "..."}` is the server's REST error shape; a non-200 GraphQL response may carry it too. */
export function restErrorBody(bodyText: string): { error?: string; field?: string } {
  try {
    const body: unknown = JSON.parse(bodyText);
    if (!body || typeof body !== 'object') return {};
    const { error, field } = body as Record<string, unknown>;
    return { error: typeof error === 'string' && error ? error : undefined, field: typeof field === 'string' ? field : undefined };
  } catch {
    return {};
  }
}

/**
 * The text to show for a failed call (spec section 8): the server's error, else the error's message,
 * else `fallback` (e.g. 'Login failed', 'Failed to load projects').
 */
export function apiErrorMessage(error: unknown, fallback: string): string {
  if (CombinedGraphQLErrors.is(error)) {
    // Apollo's own message for message-less GraphQL errors ('Error message not found.') is no help to a user.
    return error.errors.find((item) => item.message)?.message ?? fallback;
  }
  if (ServerError.is(error)) {
    const message = restErrorBody(error.bodyText).error;
    if (message) return message;
  }
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

/** True when the server said the session is missing, expired or revoked. */
export function isUnauthenticated(error: unknown): boolean {
  if (CombinedGraphQLErrors.is(error)) return error.errors.some((item) => item.extensions?.code === 'UNAUTHENTICATED');
  return ServerError.is(error) && error.statusCode === 401;
}

/** True when the server answered NOT_FOUND (the thing does not exist, or is someone else's). */
export function isNotFound(error: unknown): boolean {
  return CombinedGraphQLErrors.is(error) && error.errors.some((item) => item.extensions?.code === 'NOT_FOUND');
}
