import { GraphQLError, type ValidationRule } from 'graphql';
import { AppError, ErrorCode } from './app-error.js';

/** PostgreSQL text cannot hold U+0000; such input is refused at the door instead of failing in the database. */
export const NUL_BYTE_MESSAGE = 'Text must not contain NUL characters';

export function containsNulByte(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\0');
  if (Array.isArray(value)) return value.some(containsNulByte);
  if (value && typeof value === 'object') {
    return Object.entries(value).some(([key, item]) => key.includes('\0') || containsNulByte(item));
  }
  return false;
}

/** REST bodies, query strings and paths, and graphql-ws variables, pass through this one check. */
export function assertNoNulBytes(...values: unknown[]): void {
  if (values.some(containsNulByte)) throw new AppError(ErrorCode.BadUserInput, NUL_BYTE_MESSAGE, { reason: 'NUL_BYTE' });
}

/** String literals written in a GraphQL document itself (`"\u0000"`), which no JSON check sees. */
export const NoNulBytesRule: ValidationRule = (context) => ({
  StringValue(node) {
    if (node.value.includes('\0')) {
      context.reportError(new GraphQLError(NUL_BYTE_MESSAGE, { nodes: node, extensions: { code: ErrorCode.BadUserInput } }));
    }
  },
});
