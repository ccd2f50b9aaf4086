import { unwrapResolverError } from '@apollo/server/errors';
import type { GraphQLFormattedError } from 'graphql';
import { AppError, ErrorCode, GENERIC_ERROR_MESSAGE } from '../common/app-error.js';
import { logUnexpected } from '../common/log.js';

/** Codes the GraphQL layer itself raises for bad documents; their messages describe the query, never internals. */
const CLIENT_DOCUMENT_CODES = new Set([
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'BAD_USER_INPUT',
  'BAD_REQUEST',
  'PERSISTED_QUERY_NOT_FOUND',
  'PERSISTED_QUERY_NOT_SUPPORTED',
  'OPERATION_RESOLUTION_FAILURE',
]);

/** AppErrors keep their message and code; anything unexpected is logged and hidden behind a generic message. */
export function formatGraphQLError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const original = unwrapResolverError(error);
  const base = { message: formatted.message, locations: formatted.locations, path: formatted.path };
  if (original instanceof AppError) {
    const { code, reason, field } = original;
    return { ...base, message: original.message, extensions: { code, ...(reason ? { reason } : {}), ...(field ? { field } : {}) } };
  }
  const code = formatted.extensions?.code;
  if (typeof code === 'string' && CLIENT_DOCUMENT_CODES.has(code)) {
    return { ...base, extensions: { code: code === 'BAD_USER_INPUT' ? ErrorCode.BadUserInput : code } };
  }
  logUnexpected('graphql', original);
  return { ...base, message: GENERIC_ERROR_MESSAGE, extensions: { code: ErrorCode.Internal } };
}
