import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { createApolloServer } from '../graphql/apollo.js';
import { buildAppSchema, printAppSchema } from '../graphql/build-schema.js';
import { TrustedDocuments } from '../graphql/trusted-documents.js';
import { startWebSocketServer } from '../graphql/websocket.js';
import { ConfigError } from '../config/env.js';
import { createExpressApp } from '../http/app.js';
import { createExpressServer } from '../http/express-server.js';
import { FrontDoor } from '../http/front-door.js';
import type { SchemaComponents } from '../http/rest-routes.js';
import { compileTrustProxy } from '../http/client-address.js';
import { HTTP_SERVER_OPTIONS } from '../http/security.js';
import type { Core } from './core.js';

/**
 * The api role on top of the core: Express (REST, GraphQL over HTTP, the client) and graphql-ws on one port, behind
 * the front door, which takes the requests and WebSockets of `<app>.localhost` to the local cluster's apps.
 */
export async function startApi(core: Core, clientBuilt: Promise<void> = Promise.resolve()): Promise<{ url: string }> {
  const { config, app } = core;
  const schema = await buildAppSchema(app.features.flatMap((feature) => feature.resolvers ?? []), app.access);
  const documents = TrustedDocuments.load(config.trustedDocumentsFile, !config.trustedDocumentsOnly);
  if (config.trustedDocumentsOnly && documents.size === 0) {
    throw new ConfigError(`SLIPWAY_TRUSTED_DOCUMENTS_ONLY is set but ${config.trustedDocumentsFile} lists no documents: run npm run codegen`);
  }
  const trust = compileTrustProxy(config.trustProxy);
  const frontDoor = new FrontDoor(app.cluster, trust, config.localClients, app.domains);
  const { server: httpServer, serve } = createExpressServer(HTTP_SERVER_OPTIONS);
  const ws = startWebSocketServer(schema, {
    documents,
    authenticate: app.authenticate,
    bus: app.bus,
    trust,
    limits: config.wsLimits,
  });
  httpServer.on('upgrade', (req, socket, head: Buffer) => {
    if (!frontDoor.handleUpgrade(req, socket, head, ws.handleUpgrade)) ws.handleUpgrade(req, socket, head);
  });
  const apollo = createApolloServer(schema, httpServer, documents, [
    { async serverWillStart() { return { drainServer: () => ws.stop() }; } },
  ]);
  // Apollo's drain plugin closes the HTTP server (and, through drainServer, the WebSocket server) on stop.
  await apollo.start();
  core.onStop(() => apollo.stop());

  // Under `npm start` the client may still be building (scripts/start.mjs): the app serves it, so it waits.
  await clientBuilt;
  const rest = {
    routes: app.features.flatMap((feature) => feature.rest?.routes ?? []),
    schemas: Object.assign({}, ...app.features.map((feature) => feature.rest?.schemas ?? {})) as SchemaComponents,
  };
  const mounts = app.features.flatMap((feature) => feature.http ?? []);
  const expressApp = createExpressApp(config, { rest, authenticate: app.authenticate, access: app.access, schemaSdl: printAppSchema(schema), mounts }, apollo);
  serve(expressApp, (req, res) => frontDoor.handleRequest(req, res, expressApp));
  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(config.port, config.host, () => resolve());
  });
  const { port } = httpServer.address() as AddressInfo;
  // The apps' URLs name the port users reach the front door on, in this process and in workers beside it.
  await app.cluster.setFrontDoorPort(port);
  // The clone URLs of the repositories served at /git name it too, unless SLIPWAY_PUBLIC_URL says otherwise.
  app.publicAddress.listening(port);
  if (config.httpsPort !== null) {
    // HTTPS for custom domains: the certificate by SNI (the domain's upload), then the same front door.
    const https = createHttpsServer(
      {
        ...HTTP_SERVER_OPTIONS,
        SNICallback: (servername, done) => {
          Promise.resolve(app.domains.lookup(servername)).then(
            (route) => (route?.tls ? done(null, route.tls) : done(new Error(`No certificate for ${servername}`))),
            (error: Error) => done(error),
          );
        },
      },
      (req, res) => {
        if (!frontDoor.handleRequest(req, res, expressApp)) expressApp(req, res);
      },
    );
    https.on('upgrade', (req, socket, head: Buffer) => {
      if (!frontDoor.handleUpgrade(req, socket, head, ws.handleUpgrade)) ws.handleUpgrade(req, socket, head);
    });
    await new Promise<void>((resolve, reject) => {
      https.once('error', reject);
      https.listen(config.httpsPort!, config.host, () => resolve());
    });
    core.onStop(async () => {
      https.closeAllConnections();
      await new Promise<void>((resolve) => https.close(() => resolve()));
    });
  }
  // The front door's watches of the apps another process runs end with it (idempotent beside the worker role's).
  core.onStop(() => app.cluster.shutdown());
  return { url: `http://localhost:${port}` };
}
