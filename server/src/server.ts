import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DataSource } from 'typeorm';
import type { AppConfig } from './config/env.js';
import { createDataSource } from './db/data-source.js';
import { startEmbeddedPostgres } from './db/embedded-postgres.js';
import { createApolloServer } from './graphql/apollo.js';
import { buildAppSchema } from './graphql/build-schema.js';
import { createAppPubSub } from './graphql/pubsub.js';
import { startWebSocketServer } from './graphql/websocket.js';
import { InProcessEventBus } from './events/event-bus.js';
import { PostgresEventBus } from './events/postgres-event-bus.js';
import { createExpressApp } from './http/app.js';
import { JobQueue } from './jobs/queue.js';
import { createServices } from './services.js';

export interface RunningSlipway {
  url: string;
  dataSource: DataSource;
  stop(): Promise<void>;
}

/**
 * Boot order: database -> migrations -> job queue -> HTTP (Express, Apollo, graphql-ws).
 * stop() undoes it in reverse; every step registers its own cleanup as soon as it has started.
 */
export async function startSlipway(config: AppConfig): Promise<RunningSlipway> {
  const cleanups: Array<() => Promise<void>> = [];
  const stop = async () => {
    while (cleanups.length) await cleanups.pop()!();
  };
  try {
    let databaseUrl = config.databaseUrl;
    if (!databaseUrl) {
      const embedded = await startEmbeddedPostgres(config.dataDir);
      cleanups.push(() => embedded.stop());
      databaseUrl = embedded.url;
    }

    const dataSource = createDataSource(databaseUrl);
    await dataSource.initialize();
    cleanups.push(() => dataSource.destroy());
    await dataSource.runMigrations({ transaction: 'each' });

    const queue = new JobQueue(databaseUrl);
    await queue.start();
    cleanups.push(() => queue.stop());

    // Embedded PostgreSQL is single-process (and its NOTIFY does not cross connections): an in-process bus.
    const bus = config.databaseUrl
      ? await PostgresEventBus.start(databaseUrl, (channel, payload) => dataSource.query('SELECT pg_notify($1, $2)', [channel, payload]))
      : new InProcessEventBus();
    cleanups.push(() => bus.close());

    const services = createServices(config, dataSource, queue, bus);
    const schema = await buildAppSchema(createAppPubSub());
    const httpServer = createServer();
    const ws = startWebSocketServer(httpServer, schema, services);
    const apollo = createApolloServer(schema, httpServer, [
      { async serverWillStart() { return { drainServer: () => ws.stop() }; } },
    ]);
    // Apollo's drain plugin closes the HTTP server (and, through drainServer, the WebSocket server) on stop.
    await apollo.start();
    cleanups.push(() => apollo.stop());

    httpServer.on('request', createExpressApp(config, services, apollo));
    await new Promise<void>((resolve, reject) => {
      httpServer.once('error', reject);
      httpServer.listen(config.port, config.host, () => resolve());
    });
    const { port } = httpServer.address() as AddressInfo;
    return { url: `http://localhost:${port}`, dataSource, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
