import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { type Express } from 'express';
import { expressMiddleware } from '@as-integrations/express5';
import type { ApolloServer } from '@apollo/server';
import type { AppConfig } from '../config/env.js';
import type { GraphQLContext } from '../graphql/context.js';
import { GRAPHQL_PATH } from '../graphql/websocket.js';
import { authRoutes } from '../modules/auth/auth.routes.js';
import { commandsRoutes } from '../modules/commands/commands.routes.js';
import { healthRoutes } from '../modules/system/health.routes.js';
import { usersRoutes } from '../modules/users/users.routes.js';
import { projectsRoutes } from '../modules/projects/projects.routes.js';
import { settingsRoutes } from '../modules/settings/settings.routes.js';
import { templatesRoutes } from '../modules/templates/templates.routes.js';
import type { Services } from '../services.js';
import { authenticate, clientAddress } from './auth-middleware.js';
import { apiNotFound, errorHandler } from './errors.js';

export const JSON_BODY_LIMIT = '100kb';

/** Express: REST under /api, GraphQL at /api/graphql, and the built client for every other path. */
export function createExpressApp(config: AppConfig, services: Services, apollo: ApolloServer<GraphQLContext>): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');

  app.use(
    GRAPHQL_PATH,
    express.json({ limit: JSON_BODY_LIMIT }),
    expressMiddleware(apollo, {
      context: async ({ req }) => {
        const auth = await authenticate(services, req.headers.authorization).catch(() => null);
        return { user: auth?.user ?? null, sessionId: auth?.sessionId ?? null, clientAddress: clientAddress(req), services };
      },
    }),
  );

  const api = express.Router();
  api.use(express.json({ limit: JSON_BODY_LIMIT }));
  api.use(healthRoutes(services));
  api.use(authRoutes(services));
  api.use(usersRoutes(services));
  api.use(commandsRoutes(services));
  api.use(templatesRoutes(services));
  api.use(settingsRoutes(services));
  api.use(projectsRoutes(services));
  api.use(apiNotFound);
  app.use('/api', api);

  const indexHtml = path.join(config.clientDistDir, 'index.html');
  if (existsSync(indexHtml)) {
    app.use(express.static(config.clientDistDir, { index: false }));
    app.get('/{*path}', (_req, res) => res.sendFile(indexHtml));
  }

  app.use(errorHandler);
  return app;
}
