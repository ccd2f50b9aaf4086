// The work done on every tick. Replace the body with your own task; return a short summary.
import { cpus, freemem, loadavg, totalmem } from 'node:os';

export async function runJob() {
  return {
    load: loadavg()[0],
    cpus: cpus().length,
    memoryUsedPercent: Math.round((1 - freemem() / totalmem()) * 100),
  };
}
