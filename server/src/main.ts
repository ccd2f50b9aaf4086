import { ConfigError, loadConfig } from './config/env.js';
import { EmbeddedPostgresError } from './db/embedded-postgres.js';
import { ClientBuildError, watchClientBuild } from './http/client-build.js';
import { TemplateCatalogError } from './modules/templates/template-catalog.js';
import { startSlipway } from './server.js';

async function main() {
  const config = loadConfig();
  const slipway = await startSlipway(config, { clientBuilt: watchClientBuild(config.awaitClientBuild) });
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    await slipway.stop();
    console.log('Slipway stopped');
    process.exit(0);
  };
  // A second signal while stopping is ignored rather than killing the process half-way.
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);

  // Said only once the handlers are in place: whoever waits for this line may signal at once.
  const database = config.databaseUrl ? 'PostgreSQL server' : 'embedded PostgreSQL';
  if (slipway.url) console.log(`Slipway (${config.role}) is running at ${slipway.url} (${database})`);
  else console.log(`Slipway worker ${slipway.workerId} is running (${database})`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(`Configuration error: ${error.message}`);
  else if (error instanceof TemplateCatalogError) console.error(`Template catalog error: ${error.message}`);
  else if (error instanceof ClientBuildError) console.error(`Not started: ${error.message}`);
  else console.error(error instanceof EmbeddedPostgresError ? `Embedded PostgreSQL: ${error.message}` : error);
  process.exit(1);
});
