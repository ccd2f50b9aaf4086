import { unwrapResolverError } from '@apollo/server/errors';
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
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

/** Apollo's own request errors (a persisted query whose hash does not match) carry a 4xx status but no code. */
function isClientRequestError(error: unknown): boolean {
  const status = error instanceof GraphQLError ? (error.extensions.http as { status?: unknown } | undefined)?.status : undefined;
  return typeof status === 'number' && status >= 400 && status < 500;
}

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
  if (isClientRequestError(original)) return { ...base, extensions: { code: 'BAD_REQUEST' } };
  logUnexpected('graphql', original);
  return { ...base, message: GENERIC_ERROR_MESSAGE, extensions: { code: ErrorCode.Internal } };
}
