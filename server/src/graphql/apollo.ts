import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginInlineTraceDisabled,
  ApolloServerPluginLandingPageDisabled,
} from '@apollo/server/plugin/disabled';
import type { Server } from 'node:http';
import { GraphQLError, type GraphQLSchema } from 'graphql';
import { ErrorCode } from '../common/app-error.js';
import { NoNulBytesRule, inputError } from '../common/nul-bytes.js';
import { compiledExecution } from './compiled-execution.js';
import type { GraphQLContext } from './context.js';
import { formatGraphQLError } from './format-error.js';
import { MaxDirectivesRule, assertWithinLimits } from './limits.js';
import type { TrustedDocuments } from './trusted-documents.js';
import { GRAPHQL_PATH } from './websocket.js';

/** Limits every document; subscriptions need a socket to stream over, so HTTP refuses them up front. */
const operationRules: ApolloServerPlugin<GraphQLContext> = {
  async requestDidStart() {
    return {
      async didResolveOperation({ document, operation, request }) {
        if (operation?.operation === 'subscription') {
          throw new GraphQLError(`Subscriptions run over WebSocket (graphql-ws) at ${GRAPHQL_PATH}, not over HTTP`, {
            extensions: { code: ErrorCode.BadUserInput, http: { status: 400 } },
          });
        }
        assertWithinLimits(document);
        const inputRefused = inputError(request.variables);
        if (inputRefused) throw new GraphQLError(inputRefused.message, { extensions: { code: ErrorCode.BadUserInput, http: { status: 400 } } });
      },
    };
  },
};

export function createApolloServer(
  schema: GraphQLSchema,
  httpServer: Server,
  documents: TrustedDocuments,
  extraPlugins: ApolloServerPlugin<GraphQLContext>[],
) {
  // The schema, executed by graphql-jit (see compiled-execution.ts).
  const compiled = compiledExecution(schema);
  return new ApolloServer<GraphQLContext>({
    gateway: compiled.gateway,
    // The client sends its documents' hashes; the trusted documents answer them (see trusted-documents.ts).
    persistedQueries: { cache: documents.cache() },
    formatError: formatGraphQLError,
    validationRules: [NoNulBytesRule, MaxDirectivesRule],
    includeStacktraceInErrorResponses: false,
    // Tool builders introspect the API (GraphiQL, codegen) in production too; the query limits still apply.
    introspection: true,
    // main.ts owns shutdown; Apollo's own signal handlers would stop it twice and re-raise the signal.
    stopOnTerminationSignals: false,
    plugins: [
      ApolloServerPluginDrainHttpServer({ httpServer }),
      ApolloServerPluginLandingPageDisabled(),
      // Nothing here sets cache hints, and the default cache-control plugin would still time every field.
      ApolloServerPluginCacheControlDisabled(),
      // Inline traces are for federated subgraphs, which this schema is not: its default would still run per request.
      ApolloServerPluginInlineTraceDisabled(),
      operationRules,
      documents.plugin(),
      compiled.plugin,
      ...extraPlugins,
    ],
  });
}
