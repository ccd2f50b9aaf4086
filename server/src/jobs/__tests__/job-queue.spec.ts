import { InProcessQueue } from '../in-process-queue.js';
import { PgBossQueue } from '../pg-boss-queue.js';
import { jobQueueContract } from './job-queue.contract.js';

jobQueueContract('pg-boss', (url) => PgBossQueue.start(url, { works: true, pollingIntervalSeconds: 0.5 }), 1500);
jobQueueContract('in-process', async () => new InProcessQueue(), 100);
