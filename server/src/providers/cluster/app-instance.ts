import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { lineSplitter } from './app-log.js';
import { SandboxRun, type SandboxLimits } from '../sandbox/sandbox.js';
import type { SandboxUser } from '../sandbox/sandbox-users.js';
import { LOOPBACK } from './app-proxy.js';

/** After SIGTERM, an app gets this long to finish its requests before SIGKILL. */
export const STOP_GRACE_MS = 10_000;
const HEALTH_POLL_MS = 200;
const HEALTH_REQUEST_MS = 2_000;

/** The only PATH an app sees: the Node.js that runs Slipway (templates start with `node`) and the system's. */
export const APP_PATH = [...new Set([path.dirname(process.execPath), '/usr/local/bin', '/usr/bin', '/bin'])].join(':');

export interface InstanceOptions {
  revision: number;
  /** Its release folder (the working directory) and its home. */
  cwd: string;
  home: string;
  argv: string[];
  /** Its environment, given where its home is for it (inside the sandbox, or the real folder without one). */
  env(home: string): Record<string, string>;
  port: number;
  user: SandboxUser | null;
  /** Whose code it is (see SandboxSpec.owner). */
  owner: { dataDir: string; ownerId: string };
  limits?: SandboxLimits;
  /** How its output and health checks name it, e.g. 'r3-1' (default 'r{revision}'). */
  label?: string;
  onLine(line: string, stream: 'stdout' | 'stderr'): void;
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  error?: Error;
  /** Set when it was stopped for passing a limit ('out of memory: limit 512 MB'). */
  limit?: string | null;
}

export function describeExit(exit: Exit): string {
  if (exit.limit) return `was stopped: ${exit.limit}`;
  const code = (exit.error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'EACCES') return 'could not start (EACCES: its user cannot reach the command or its folder; the folders above the data directory and Node.js must let other users pass, chmod o+x)';
  if (code === 'ENOENT') return 'could not start (ENOENT: the start command or its folder was not found)';
  if (exit.error) return `could not start (${code ?? 'spawn failed'})`;
  return exit.signal ? `was ended by ${exit.signal}` : `exited with code ${exit.code}`;
}

export class HealthCheckFailed extends Error {}

/**
 * One process of one revision: started with an argument vector (never a shell) in the project's sandbox
 * (sandbox.ts), so stop() reaches everything it started, with exactly the environment it is given. Output goes to
 * onLine.
 */
export class AppInstance {
  private exit: Exit | null = null;
  /** Set when Slipway stops it on purpose: the exit is then not a crash. */
  stopping = false;

  private constructor(
    readonly options: InstanceOptions,
    private readonly run: SandboxRun,
    readonly exited: Promise<Exit>,
  ) {}

  static async start(options: InstanceOptions): Promise<AppInstance> {
    const run = await SandboxRun.start({
      name: `app-r${options.revision}`,
      owner: options.owner,
      user: options.user,
      argv: options.argv,
      env: (dirs) => options.env(dirs.home),
      work: options.cwd,
      home: options.home,
      tmp: options.home,
      network: 'host',
      priority: 'serving',
      limits: options.limits,
    });
    for (const [name, stream] of [['stdout', run.stdout], ['stderr', run.stderr]] as const) {
      const lines = lineSplitter((line) => options.onLine(line, name));
      stream.on('data', (chunk: Buffer) => lines.push(chunk));
      stream.on('end', () => lines.end());
    }
    let instance: AppInstance | null = null;
    const exited = run.exited.then((exit) => {
      const done: Exit = { code: exit.code, signal: exit.signal, limit: exit.limit, ...(exit.error ? { error: exit.error } : {}) };
      if (instance) instance.exit ??= done;
      return done;
    });
    instance = new AppInstance(options, run, exited);
    return instance;
  }

  /** The sandbox's first process (what a restarted Slipway ends; its working directory is the release). */
  get pid(): number | undefined {
    return this.run.pid;
  }

  /** The app's own main process (in a sandbox, below bwrap's), for its CPU and memory figures; known once it is healthy. */
  usagePid: number | undefined;

  get port(): number {
    return this.options.port;
  }

  get revision(): number {
    return this.options.revision;
  }

  get label(): string {
    return this.options.label ?? `r${this.options.revision}`;
  }

  get running(): boolean {
    return this.exit === null;
  }

  /** Resolves once GET healthPath answers 2xx; rejects when the process exits, the time is up or `signal` aborts. */
  async waitHealthy(healthPath: string, timeoutMs: number, signal?: AbortSignal): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    const url = `http://${LOOPBACK}:${this.port}${healthPath}`;
    let last = 'no answer yet';
    while (Date.now() < deadline) {
      if (signal?.aborted) throw new HealthCheckFailed('the deployment was cancelled');
      if (this.exit) throw new HealthCheckFailed(`the process ${describeExit(this.exit)}`);
      try {
        const timeout = AbortSignal.timeout(HEALTH_REQUEST_MS);
        const response = await fetch(url, { redirect: 'manual', signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
        await response.body?.cancel();
        if (response.ok) {
          this.usagePid = this.run.codePid() ?? this.pid;
          return;
        }
        last = `GET ${healthPath} answered ${response.status}`;
      } catch {
        last = `GET ${healthPath} got no answer`;
      }
      await Promise.race([sleep(HEALTH_POLL_MS), this.exited]);
    }
    throw new HealthCheckFailed(`${last} within ${Math.round(timeoutMs / 1000)} s`);
  }

  /** SIGTERM to its processes, SIGKILL to the whole sandbox after the grace period; resolves once it has exited. */
  async stop(graceMs = STOP_GRACE_MS): Promise<void> {
    this.stopping = true;
    if (this.exit === null) {
      this.run.signal('SIGTERM');
      const timer = setTimeout(() => void this.run.kill(), graceMs);
      await this.exited;
      clearTimeout(timer);
    }
    // Whatever it left behind goes too.
    await this.run.kill();
  }
}
