import type { Server } from 'node:http';
import { GraphQLError, type ExecutionArgs, type GraphQLSchema, getOperationAST, parse, validate } from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import { GENERIC_ERROR_MESSAGE } from '../common/app-error.js';
import { logUnexpected } from '../common/log.js';
import { type Authenticate, bearerToken } from '../http/auth-middleware.js';
import { type GraphQLContext, createContext } from './context.js';
import { formatGraphQLError } from './format-error.js';
import { assertWithinLimits } from './limits.js';

export const GRAPHQL_PATH = '/api/graphql';

/** graphql-ws on the GraphQL path; the bearer token travels in connectionParams.authorization. */
export function startWebSocketServer(httpServer: Server, schema: GraphQLSchema, authenticate: Authenticate) {
  const wsServer = new WebSocketServer({ server: httpServer, path: GRAPHQL_PATH });
  const cleanup = useServer<Record<string, unknown> | undefined, { context?: GraphQLContext }>(
    {
      schema,
      async onConnect(ctx) {
        const authorization = ctx.connectionParams?.authorization;
        const clientAddress = ctx.extra.request.socket.remoteAddress ?? 'unknown';
        try {
          ctx.extra.context = await createContext(authenticate, { authorization, clientAddress });
        } catch (error) {
          // graphql-ws would close with the error's own message as the reason: log it, close with a generic one.
          logUnexpected('graphql-ws', error);
          throw new Error(GENERIC_ERROR_MESSAGE);
        }
        // A token that does not sign in refuses the connection, rather than failing each operation later.
        return bearerToken(authorization) === null || ctx.extra.context.user !== null;
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
