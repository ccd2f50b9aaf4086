import type { DataSource } from 'typeorm';
import type { AppConfig } from './config/env.js';
import { startApi } from './boot/api.js';
import { startCore } from './boot/core.js';
import { startWorker } from './boot/worker.js';

export interface RunningSlipway {
  /** The HTTP address; undefined for a worker, which serves nothing. */
  url?: string;
  /** Set where this process runs jobs (the worker and all roles). */
  workerId?: string;
  dataSource: DataSource;
  stop(): Promise<void>;
}

/** The core, then the roles this process plays (SLIPWAY_ROLE): api, worker, or both (all). */
export async function startSlipway(config: AppConfig): Promise<RunningSlipway> {
  const core = await startCore(config);
  try {
    const worker = config.role === 'api' ? undefined : await startWorker(core);
    const api = config.role === 'worker' ? undefined : await startApi(core);
    return { url: api?.url, workerId: worker?.workerId, dataSource: core.dataSource, stop: core.stop };
  } catch (error) {
    await core.stop();
    throw error;
  }
}
