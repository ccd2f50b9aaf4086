import { GraphQLError, type ValidationRule } from 'graphql';
import { AppError, ErrorCode } from './app-error.js';

/** PostgreSQL text cannot hold U+0000; such input is refused at the door instead of failing in the database. */
export const NUL_BYTE_MESSAGE = 'Text must not contain NUL characters';

/** Deeper input is refused before any code walks it recursively (a 5,000-level body used to overflow the stack). */
export const MAX_INPUT_DEPTH = 64;
export const TOO_DEEP_MESSAGE = `JSON input nests too deeply (at most ${MAX_INPUT_DEPTH} levels of objects and arrays)`;

export const inputTooDeep = () => new AppError(ErrorCode.BadUserInput, TOO_DEEP_MESSAGE, { reason: 'INPUT_TOO_DEEP' });

/**
 * What is wrong with decoded JSON input, found without recursion: nesting deeper than MAX_INPUT_DEPTH, or a NUL in
 * a string or a key. Depth is checked first, so a deep value is never walked further.
 */
export function inputProblem(value: unknown): 'too-deep' | 'nul' | undefined {
  let nul = false;
  const pending: Array<[unknown, number]> = [[value, 0]];
  while (pending.length) {
    const [item, depth] = pending.pop()!;
    if (typeof item === 'string') {
      nul ||= item.includes('\0');
      continue;
    }
    if (!item || typeof item !== 'object') continue;
    if (depth >= MAX_INPUT_DEPTH) return 'too-deep';
    if (Array.isArray(item)) {
      for (const element of item) pending.push([element, depth + 1]);
      continue;
    }
    for (const [key, element] of Object.entries(item)) {
      nul ||= key.includes('\0');
      pending.push([element, depth + 1]);
    }
  }
  return nul ? 'nul' : undefined;
}

/** The AppError for input with a problem, or undefined. */
export function inputError(value: unknown): AppError | undefined {
  const problem = inputProblem(value);
  if (problem === 'too-deep') return inputTooDeep();
  if (problem === 'nul') return new AppError(ErrorCode.BadUserInput, NUL_BYTE_MESSAGE, { reason: 'NUL_BYTE' });
  return undefined;
}

/** REST bodies, query strings and paths, and graphql-ws variables, pass through this one check. */
export function assertSafeInput(...values: unknown[]): void {
  for (const value of values) {
    const error = inputError(value);
    if (error) throw error;
  }
}

/** String literals written in a GraphQL document itself (`"\u0000"`), which no JSON check sees. */
export const NoNulBytesRule: ValidationRule = (context) => ({
  StringValue(node) {
    if (node.value.includes('\0')) {
      context.reportError(new GraphQLError(NUL_BYTE_MESSAGE, { nodes: node, extensions: { code: ErrorCode.BadUserInput } }));
    }
  },
});
