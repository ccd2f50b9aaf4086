import type { Server } from 'node:http';
import { GraphQLError, type ExecutionArgs, type GraphQLSchema, getOperationAST, parse, validate } from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import { AppError } from '../common/app-error.js';
import { authenticate } from '../http/auth-middleware.js';
import type { Services } from '../services.js';
import type { GraphQLContext } from './context.js';
import { formatGraphQLError } from './format-error.js';
import { assertWithinLimits } from './limits.js';

export const GRAPHQL_PATH = '/api/graphql';

/** graphql-ws on the GraphQL path; the bearer token travels in connectionParams.authorization. */
export function startWebSocketServer(httpServer: Server, schema: GraphQLSchema, services: Services) {
  const wsServer = new WebSocketServer({ server: httpServer, path: GRAPHQL_PATH });
  const cleanup = useServer<Record<string, unknown> | undefined, { context?: GraphQLContext }>(
    {
      schema,
      async onConnect(ctx) {
        try {
          const auth = await authenticate(services, ctx.connectionParams?.authorization);
          const address = ctx.extra.request.socket.remoteAddress ?? 'unknown';
          ctx.extra.context = { user: auth?.user ?? null, sessionId: auth?.sessionId ?? null, clientAddress: address, services };
          return true;
        } catch (error) {
          if (error instanceof AppError) return false;
          throw error;
        }
      },
      context: (ctx) => ctx.extra.context,
      onSubscribe(_ctx, _id, payload) {
        let args: ExecutionArgs;
        try {
          const document = parse(payload.query);
          const errors = validate(schema, document);
          if (errors.length) return errors;
          if (!getOperationAST(document, payload.operationName)) {
            return [new GraphQLError('Unable to identify the operation')];
          }
          assertWithinLimits(document);
          args = { schema, document, variableValues: payload.variables, operationName: payload.operationName };
        } catch (error) {
          return [error instanceof GraphQLError ? error : new GraphQLError('Invalid GraphQL document')];
        }
        return args;
      },
      onNext(_ctx, _id, _payload, _args, result) {
        if (!result.errors?.length) return result;
        return { ...result, errors: result.errors.map((error) => formatGraphQLError(error.toJSON(), error)) };
      },
    },
    wsServer,
  );
  return {
    async stop() {
      await cleanup.dispose();
      await new Promise<void>((resolve) => wsServer.close(() => resolve()));
    },
  };
}
