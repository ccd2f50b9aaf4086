import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  GraphQLError,
  type ExecutionArgs,
  type GraphQLSchema,
  getOperationAST,
  getVariableValues,
  parse,
  specifiedRules,
  validate,
} from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import { AppError, ErrorCode, GENERIC_ERROR_MESSAGE } from '../common/app-error.js';
import { logUnexpected } from '../common/log.js';
import { NoNulBytesRule, assertSafeInput } from '../common/nul-bytes.js';
import type { EventBus } from '../events/event-bus.js';
import { type Authenticate, bearerToken } from '../http/auth-middleware.js';
import { type TrustFunction, clientAddressOf } from '../http/client-address.js';
import type { Authenticated } from '../modules/auth/token.service.js';
import { type GraphQLContext, contextOf, credentialOf } from './context.js';
import { formatGraphQLError } from './format-error.js';
import { MaxDirectivesRule, assertWithinLimits } from './limits.js';
import type { TrustedDocuments } from './trusted-documents.js';
import { CLOSE_TOO_MANY, SocketGuard, WS_MAX_PAYLOAD_BYTES, type WsLimits } from './ws-limits.js';

export const GRAPHQL_PATH = '/api/graphql';

const VALIDATION_RULES = [...specifiedRules, NoNulBytesRule, MaxDirectivesRule];

function badUserInput(error: GraphQLError | AppError): GraphQLError {
  return new GraphQLError(error.message, {
    nodes: error instanceof GraphQLError ? error.nodes : undefined,
    extensions: { code: ErrorCode.BadUserInput },
  });
}

/**
 * graphql-ws on the GraphQL path; the bearer token travels in connectionParams.authorization. The HTTP server hands
 * it the upgrades that are Slipway's (handleUpgrade): apps' WebSockets go through the front door.
 */
export function startWebSocketServer(
  schema: GraphQLSchema,
  {
    authenticate,
    bus,
    trust,
    documents,
    limits,
  }: { authenticate: Authenticate; bus: EventBus; trust: TrustFunction; documents: TrustedDocuments; limits?: WsLimits },
) {
  const wsServer = new WebSocketServer({ noServer: true, path: GRAPHQL_PATH, maxPayload: WS_MAX_PAYLOAD_BYTES });
  const guard = new SocketGuard(authenticate, bus, limits);
  wsServer.on('connection', (socket, request) => guard.opened(socket, clientAddressOf(request, trust)));

  const cleanup = useServer<Record<string, unknown> | undefined, { context?: GraphQLContext }>(
    {
      schema,
      async onConnect(ctx) {
        const { socket, request } = ctx.extra;
        const authorization = ctx.connectionParams?.authorization;
        // Once per connection, while its socket is surely open.
        const address = clientAddressOf(request, trust);
        let auth: Authenticated | null;
        try {
          auth = await credentialOf(authenticate, authorization);
        } catch (error) {
          // graphql-ws would close with the error's own message as the reason: log it, close with a generic one.
          logUnexpected('graphql-ws', error);
          throw new Error(GENERIC_ERROR_MESSAGE);
        }
        ctx.extra.context = contextOf(auth, () => address);
        // A token that does not sign in refuses the connection, rather than failing each operation later.
        if (!auth) return bearerToken(authorization) === null;
        if (!guard.signedIn(socket, String(authorization), auth)) {
          socket.close(CLOSE_TOO_MANY, 'Too many connections');
          return false;
        }
        return true;
      },
      context: (ctx) => ctx.extra.context,
      async onSubscribe(ctx, id, payload) {
        const { socket } = ctx.extra;
        // The session is checked per operation: one that ended since the handshake closes the socket.
        const auth = await guard.current(socket);
        if (auth === null) return [new GraphQLError('Authentication required', { extensions: { code: ErrorCode.Unauthenticated } })];
        if (auth && ctx.extra.context) ctx.extra.context = { ...ctx.extra.context, user: auth.user };
        let args: ExecutionArgs;
        try {
          const document = parse(documents.resolveSubscribe(payload));
          const errors = validate(schema, document, VALIDATION_RULES);
          if (errors.length) return errors;
          const operation = getOperationAST(document, payload.operationName);
          if (!operation) {
            return [new GraphQLError('Unable to identify the operation')];
          }
          assertWithinLimits(document);
          assertSafeInput(payload.variables);
          // Wrong variable types are the client's mistake, as over HTTP (graphql-js would report them unlabelled).
          const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], payload.variables ?? {});
          if (coerced.errors) return coerced.errors.map(badUserInput);
          if (operation.operation === 'subscription' && !guard.subscribe(socket, id)) {
            return [new GraphQLError('Too many subscriptions', { extensions: { code: ErrorCode.TooManyRequests } })];
          }
          args = { schema, document, variableValues: payload.variables, operationName: payload.operationName };
        } catch (error) {
          if (error instanceof AppError) return [badUserInput(error)];
          return [error instanceof GraphQLError ? error : new GraphQLError('Invalid GraphQL document')];
        }
        return args;
      },
      onComplete(ctx, id) {
        guard.completed(ctx.extra.socket, id);
      },
      onNext(_ctx, _id, _payload, _args, result) {
        if (!result.errors?.length) return result;
        return { ...result, errors: result.errors.map((error) => formatGraphQLError(error.toJSON(), error)) };
      },
    },
    wsServer,
  );
  return {
    /** An upgrade request to Slipway: on the GraphQL path it becomes a graphql-ws socket, elsewhere it is refused (400). */
    handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
      wsServer.handleUpgrade(req, socket, head, (client) => wsServer.emit('connection', client, req));
    },
    async stop() {
      await cleanup.dispose();
      await new Promise<void>((resolve) => wsServer.close(() => resolve()));
    },
  };
}
