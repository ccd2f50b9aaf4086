import { type ApolloServerOptionsWithGateway, type ApolloServerPlugin, type GraphQLRequestListener, HeaderMap } from '@apollo/server';
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
 * Measured (docs/benchmarks.md, bench:projects, 2026-11-28): without it a GraphQL page fell from 32-33 % to
 * 15-21 % of raw SQL's throughput and cost 1.4-1.7 times REST's server CPU instead of 1.0-1.1.
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
 * Two of Apollo Server's hooks, used together:
 * - `plugin`: its responseForOperation hook answers an operation in place of execution. A compiled operation whose
 *   result has no errors is answered there.
 * - `gateway`: its hook for another executor (the schema never changes here). Apollo formats the errors of what an
 *   executor answers as it does graphql-js's (formatError, the HTTP status), so every result with errors goes on
 *   to it: the result already computed, so nothing runs twice, or, when nothing compiled or ran, graphql-js.
 *
 * Why not the executor alone: Apollo's per-request executor object keeps the whole request alive past V8's
 * young-generation collections (measured in docs/benchmarks.md, bench:projects).
 * A compiled operation answered by the plugin fires no executionDidStart hook: no plugin here listens to it.
 */
export function compiledExecution(schema: GraphQLSchema): { plugin: ApolloServerPlugin<GraphQLContext>; gateway: Gateway } {
  // By operation: Apollo gives each operation its own copy of the context, and the executor the same copy.
  const ranWithErrors = new WeakMap<object, ExecutionResult>();

  // One listener for every request: it keeps nothing of its own per request.
  const listener: GraphQLRequestListener<GraphQLContext> = {
    async responseForOperation({ document, operation, request, contextValue }) {
      // No operation (whatever Apollo's types say): the document has none of the name asked for, and graphql-js
      // answers that with its error. The name is the client's (the context's operationName is the one Apollo found).
      const runs = operation && operation.operation !== 'subscription';
      const query = runs ? compiledFor(schema, document, request.operationName ?? undefined) : null;
      if (!query) return null;
      const result = (await query.query(undefined, contextValue, request.variables ?? {})) as ExecutionResult;
      if (!result.errors?.length) return { http: { headers: new HeaderMap() }, body: { kind: 'single', singleResult: result } };
      // No data at all: the variables did not coerce and nothing ran. graphql-js answers that with the errors
      // Apollo recognises (a 400 with BAD_USER_INPUT), so the executor leaves it to graphql-js.
      if (result.data !== undefined) ranWithErrors.set(contextValue, { ...result, errors: result.errors.map(asGraphQLJsError) });
      return null;
    },
  };
  const plugin: ApolloServerPlugin<GraphQLContext> = { requestDidStart: async () => listener };

  const executor: Executor = async ({ document, request, context }) =>
    ranWithErrors.get(context) ??
    execute({ schema, document, contextValue: context, variableValues: request.variables ?? {}, operationName: request.operationName ?? undefined });

  const gateway: Gateway = {
    async load() {
      return { schema, executor };
    },
    onSchemaLoadOrUpdate(callback) {
      callback({ apiSchema: schema, coreSupergraphSdl: '' });
      return () => {};
    },
    async stop() {},
  };
  return { plugin, gateway };
}
