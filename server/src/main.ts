import { ConfigError, loadConfig } from './config/env.js';
import { startSlipway } from './server.js';

async function main() {
  const config = loadConfig();
  const slipway = await startSlipway(config);
  console.log(`Slipway is running at ${slipway.url} (${config.databaseUrl ? 'PostgreSQL server' : 'embedded PostgreSQL'})`);

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
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : error);
  process.exit(1);
});
