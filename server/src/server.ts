import type { DataSource } from 'typeorm';
import type { AppConfig } from './config/env.js';
import type { CoreDependencies } from './features.js';
import type { PipelineEngine } from './pipelines/engine.js';
import { startApi } from './boot/api.js';
import { startCore } from './boot/core.js';
import { startWorker } from './boot/worker.js';

export interface RunningSlipway {
  /** The HTTP address; undefined for a worker, which serves nothing. */
  url?: string;
  /** Set where this process runs jobs (the worker and all roles). */
  workerId?: string;
  dataSource: DataSource;
  /** The pipeline engine, for whoever boots Slipway with steps of their own (tests, the pipeline benchmark). */
  pipelines: PipelineEngine;
  stop(): Promise<void>;
}

export interface StartOptions extends Pick<CoreDependencies, 'extraPipelineSteps'> {
  /** Settles when the client is built, for `npm start`, which builds it while the server boots (see watchClientBuild). */
  clientBuilt?: Promise<void>;
}

/** The core, then the roles this process plays (SLIPWAY_ROLE): api, worker, or both (all). */
export async function startSlipway(config: AppConfig, options: StartOptions = {}): Promise<RunningSlipway> {
  const core = await startCore(config, options);
  try {
    const worker = config.role === 'api' ? undefined : await startWorker(core);
    const api = config.role === 'worker' ? undefined : await startApi(core, options.clientBuilt);
    return { url: api?.url, workerId: worker?.workerId, dataSource: core.dataSource, pipelines: core.app.pipelines, stop: core.stop };
  } catch (error) {
    await core.stop();
    throw error;
  }
}
