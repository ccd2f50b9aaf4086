import type { ApolloServerOptionsWithGateway } from '@apollo/server';
import { type DocumentNode, type ExecutionResult, GraphQLError, type GraphQLSchema, execute } from 'graphql';
import { type CompiledQuery, compileQuery, isCompiledQuery } from 'graphql-jit';
import type { GraphQLContext } from './context.js';

type Gateway = NonNullable<ApolloServerOptionsWithGateway<GraphQLContext>['gateway']>;
type Executor = NonNullable<Awaited<ReturnType<Gateway['load']>>['executor']>;

/**
 * Queries and mutations over HTTP run compiled by graphql-jit: each document is compiled once into a
 * function, where graphql-js walked the document for every request (the largest GraphQL-only share of a
 * projects page's server CPU in `npm run bench:projects`). Apollo keeps parsing, validation, the plugins
 * (limits, trusted documents) and error formatting; only execution changes. Subscriptions (graphql-ws,
 * websocket.ts) stay on graphql-js.
 *
 * Apollo hands back the same DocumentNode for every request with the same text (its document store, an
 * LRU), so compiled queries are kept beside it, as limits.ts keeps its verdicts: bounded by that store.
 * Null: this document and operation did not compile, and graphql-js runs it.
 */
const compiled = new WeakMap<DocumentNode, Map<string | undefined, CompiledQuery | null>>();

function compiledFor(schema: GraphQLSchema, document: DocumentNode, operationName: string | undefined): CompiledQuery | null {
  let byOperation = compiled.get(document);
  if (!byOperation) {
    byOperation = new Map();
    compiled.set(document, byOperation);
  }
  let query = byOperation.get(operationName);
  if (query === undefined) {
    query = compile(schema, document, operationName);
    byOperation.set(operationName, query);
  }
  return query;
}

function compile(schema: GraphQLSchema, document: DocumentNode, operationName: string | undefined): CompiledQuery | null {
  try {
    const result = compileQuery(schema, document, operationName);
    return isCompiledQuery(result) ? result : null;
  } catch {
    return null;
  }
}

/**
 * graphql-jit's errors are GraphQLErrors with no `extensions` where the thrown error had none, and Apollo
 * reads `error.extensions.code` (it would answer INTERNAL_SERVER_ERROR and never call formatError): the same
 * error as graphql-js builds it, with the locations graphql-jit worked out.
 */
function asGraphQLJsError(error: GraphQLError): GraphQLError {
  const rebuilt = new GraphQLError(error.message, { path: error.path, originalError: error.originalError, extensions: error.extensions });
  return Object.assign(rebuilt, { locations: error.locations });
}

/** Whether an operation has been compiled (and so runs compiled): for the test that proves the compiled path is taken. */
export function isCompiled(document: DocumentNode, operationName?: string): boolean {
  return Boolean(compiled.get(document)?.get(operationName));
}

/**
 * Apollo Server's hook for another executor is its gateway interface: `load()` answers the schema and the
 * executor, and the schema never changes here.
 */
export function compiledExecutionGateway(schema: GraphQLSchema): Gateway {
  const executor: Executor = async ({ document, operation, request, context }) => {
    // The name the client asked for (the context's operationName is the one Apollo found, null when none matched).
    const operationName = request.operationName ?? undefined;
    const variableValues = request.variables ?? {};
    // No operation: the document has none of the name asked for, and graphql-js answers that with its error.
    const query = operation && operation.operation !== 'subscription' ? compiledFor(schema, document, operationName) : null;
    if (query) {
      const result = (await query.query(undefined, context, variableValues)) as ExecutionResult;
      // No data at all: the variables did not coerce, and nothing ran. graphql-js answers that with the errors
      // Apollo recognises (a 400 with BAD_USER_INPUT), so it answers it here too.
      if (result.data !== undefined) return result.errors ? { ...result, errors: result.errors.map(asGraphQLJsError) } : result;
    }
    return execute({ schema, document, contextValue: context, variableValues, operationName });
  };
  return {
    async load() {
      return { schema, executor };
    },
    onSchemaLoadOrUpdate(callback) {
      callback({ apiSchema: schema, coreSupergraphSdl: '' });
      return () => {};
    },
    async stop() {},
  };
}
