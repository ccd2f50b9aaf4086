import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { eventually } from './project-runs.js';
import { TEST_SECRET_KEY, type TestApp } from './test-app.js';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface WorkerProcesses {
  /**
   * Starts a worker (`src/main.ts` as SLIPWAY_ROLE=worker) on the API's database and data directory, or on another
   * data directory, or (`embedded`) joining the embedded PostgreSQL server of that data directory; with `testSteps`,
   * Slipway with the test pipeline steps registered (which the API must have too).
   */
  start(options?: { dataDir?: string; embedded?: boolean; testSteps?: boolean }): { child: ChildProcess; started: Promise<void>; output: () => string };
  /** Stops the worker (SIGKILL kills it mid-step) and waits until it has exited. */
  stop(child: ChildProcess, signal?: NodeJS.Signals): Promise<void>;
  /** Stops every worker started (for afterAll). */
  stopAll(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * Worker processes beside an API test app, to be stopped or killed mid-step: a killed worker's step goes to a live
 * worker (one already running, or the next one started) once it notices the death, at once on the same machine.
 */
export function workerProcesses(api: () => TestApp): WorkerProcesses {
  const workers: ChildProcess[] = [];
  const stop = async (child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM') => {
    const exited = new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve(null) : child.once('exit', resolve)));
    child.kill(signal);
    await exited;
  };
  return {
    start({ dataDir, embedded = false, testSteps = false } = {}) {
      const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', testSteps ? 'test/helpers/slipway-with-test-steps.ts' : 'src/main.ts'], {
        cwd: SERVER_DIR,
        env: {
          PATH: process.env.PATH,
          SLIPWAY_APP_PORTS: process.env.SLIPWAY_APP_PORTS,
          SLIPWAY_ROLE: 'worker',
          ...(embedded ? {} : { DATABASE_URL: api().databaseUrl }),
          SLIPWAY_DATA_DIR: dataDir ?? api().dataDir,
          SLIPWAY_SECRET_KEY: TEST_SECRET_KEY,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout!.on('data', (chunk) => (output += chunk));
      child.stderr!.on('data', (chunk) => (output += chunk));
      workers.push(child);
      return { child, started: eventually(async () => output.includes('Slipway worker'), 60_000), output: () => output };
    },
    stop,
    async stopAll(signal) {
      await Promise.all(workers.map((child) => stop(child, signal)));
    },
  };
}

/** The rows of one query on the test app's database (a state no API shows, such as a step's attempts). */
export async function sql(app: TestApp, text: string, values: unknown[]): Promise<any[]> {
  const client = new pg.Client({ connectionString: app.databaseUrl });
  await client.connect();
  try {
    return (await client.query(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** The process id of the worker that runs (or last ran) a step, from its heartbeat. */
export async function workerPidOfStep(app: TestApp, stepRowId: string): Promise<number | undefined> {
  const [row] = await sql(app, 'SELECT w.pid FROM pipeline_steps s JOIN worker_heartbeats w ON w.id = s.worker_id WHERE s.id = $1', [stepRowId]);
  return row?.pid;
}
