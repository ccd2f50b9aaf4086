/**
 * Slipway as its own process (SLIPWAY_ROLE and the rest from the environment, as main.ts reads them) with the
 * test pipeline steps registered, for tests that run API and worker processes side by side.
 */
import { loadConfig } from '../../src/config/env.js';
import { startSlipway } from '../../src/server.js';
import { testSteps } from './pipeline-test-steps.js';

const slipway = await startSlipway(loadConfig(), { extraPipelineSteps: testSteps });
process.once('SIGTERM', () => {
  void slipway.stop().then(() => process.exit(0));
});
console.log(slipway.url ? `Slipway is running at ${slipway.url}` : `Slipway worker ${slipway.workerId} is running`);
