import express, { type Express } from 'express';
import { expressMiddleware } from '@as-integrations/express5';
import type { ApolloServer } from '@apollo/server';
import type { BuildInfo } from '../common/build-info.js';
import { type GraphQLContext, createContext } from '../graphql/context.js';
import { GRAPHQL_PATH } from '../graphql/websocket.js';
import type { AccessPolicy } from '../modules/tokens/token-access.js';
import { type Authenticate, authOf, clientAddress, requireAuth } from './auth-middleware.js';
import { openApiDocument, openApiRoutes } from './openapi.js';
import type { HttpMount } from '../modules/feature.js';
import { type RestRoute, type SchemaComponents, restRouter } from './rest-routes.js';
import { type TrustProxy, compileTrustProxy } from './client-address.js';
import { apiNotFound, errorHandler } from './errors.js';
import { clientStatic } from './static.js';
import { noStore, rejectDeepInput, rejectUnsafeInput, securityHeaders } from './security.js';

export const JSON_BODY_LIMIT = '100kb';

/** What the app needs of the configuration: boot hands it in. */
export interface HttpAppSettings {
  trustProxy: TrustProxy;
  /** Built client to serve, if present. */
  clientDistDir: string;
  build: Pick<BuildInfo, 'version'>;
}

/** Express: the features' REST routes under /api, GraphQL at /api/graphql, and the built client for every other path. */
export function createExpressApp(
  config: HttpAppSettings,
  {
    rest,
    authenticate,
    access,
    schemaSdl,
    mounts = [],
  }: { rest: { routes: RestRoute[]; schemas: SchemaComponents }; authenticate: Authenticate; access: AccessPolicy; schemaSdl: string; mounts?: HttpMount[] },
  apollo: ApolloServer<GraphQLContext>,
): Express {
  const app = express();
  app.disable('x-powered-by');
  // API answers are no-store, so no client revalidates them: hashing every body for an ETag was wasted work.
  // Static files keep theirs (serve-static makes its own).
  app.set('etag', false);
  app.set('trust proxy', compileTrustProxy(config.trustProxy));
  app.use(securityHeaders());
  app.use('/api', noStore);

  // The schema as SDL, for codegen and schema checks in other projects' CI (public, like introspection).
  app.get(`${GRAPHQL_PATH}/schema.graphql`, (_req, res) => {
    res.type('text/plain; charset=utf-8').send(schemaSdl);
  });
  app.use(
    GRAPHQL_PATH,
    express.json({ limit: JSON_BODY_LIMIT }),
    rejectDeepInput,
    expressMiddleware(apollo, {
      context: ({ req }) => createContext(authenticate, { authorization: req.headers.authorization, clientAddress: () => clientAddress(req) }),
    }),
  );

  // The REST description and its browsable page, built from the same declarations as the routes.
  app.use(openApiRoutes(openApiDocument(rest.routes, rest.schemas, config.build.version)));

  const api = express.Router();
  api.use(express.json({ limit: JSON_BODY_LIMIT }), rejectUnsafeInput);
  api.use(
    restRouter(rest.routes, rest.schemas, requireAuth(authenticate), async (req, route) => {
      const auth = authOf(req);
      const acting = await access.rest(auth, route.method, route.path, req.params);
      // A project member's route runs on the owner's account; `actor` keeps who asked (see AccessPolicy).
      if (acting) {
        req.actor = auth;
        req.auth = { ...auth, user: acting.owner };
      }
    }),
  );
  api.use(apiNotFound);
  app.use('/api', api);

  // The features' own endpoints (git over HTTP): no JSON body parser, they stream their bodies.
  for (const mount of mounts) app.use(mount.path, noStore, mount.handler);

  const client = clientStatic(config.clientDistDir);
  if (client) app.use(client);

  app.use(errorHandler);
  return app;
}
