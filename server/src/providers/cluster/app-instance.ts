import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { lineSplitter } from './app-log.js';
import type { AppUser } from './app-files.js';
import { LOOPBACK } from './app-proxy.js';
import { signalGroup } from './processes.js';

/** After SIGTERM, an app gets this long to finish its requests before SIGKILL. */
export const STOP_GRACE_MS = 10_000;
const HEALTH_POLL_MS = 200;
const HEALTH_REQUEST_MS = 2_000;

/** The only PATH an app sees: the Node.js that runs Slipway (templates start with `node`) and the system's. */
export const APP_PATH = [...new Set([path.dirname(process.execPath), '/usr/local/bin', '/usr/bin', '/bin'])].join(':');

/** A loopback port free right now (the OS picks it), for a revision to listen on. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, LOOPBACK, () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface InstanceOptions {
  revision: number;
  cwd: string;
  argv: string[];
  env: Record<string, string>;
  port: number;
  user: AppUser | null;
  /** How its output and health checks name it, e.g. 'r3-1' (default 'r{revision}'). */
  label?: string;
  onLine(line: string, stream: 'stdout' | 'stderr'): void;
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  error?: Error;
}

export function describeExit(exit: Exit): string {
  const code = (exit.error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'EACCES') return 'could not start (EACCES: its user cannot reach the command or its folder; the folders above the data directory and Node.js must let other users pass, chmod o+x)';
  if (code === 'ENOENT') return 'could not start (ENOENT: the start command or its folder was not found)';
  if (exit.error) return `could not start (${code ?? 'spawn failed'})`;
  return exit.signal ? `was ended by ${exit.signal}` : `exited with code ${exit.code}`;
}

export class HealthCheckFailed extends Error {}

/**
 * One process of one revision: started with an argument vector (never a shell), in its own process group so
 * stop() reaches its children too, with exactly the environment it is given. Output goes to onLine.
 */
export class AppInstance {
  readonly exited: Promise<Exit>;
  private readonly child: ChildProcess;
  private exit: Exit | null = null;
  /** Set when Slipway stops it on purpose: the exit is then not a crash. */
  stopping = false;

  constructor(readonly options: InstanceOptions) {
    const [command, ...args] = options.argv;
    this.child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env,
      shell: false,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(options.user ?? {}),
    });
    for (const [name, stream] of [['stdout', this.child.stdout], ['stderr', this.child.stderr]] as const) {
      const lines = lineSplitter((line) => options.onLine(line, name));
      stream?.on('data', (chunk: Buffer) => lines.push(chunk));
      stream?.on('end', () => lines.end());
    }
    this.exited = new Promise((resolve) => {
      const done = (exit: Exit) => {
        this.exit ??= exit;
        resolve(this.exit);
      };
      this.child.once('error', (error) => done({ code: null, signal: null, error }));
      this.child.once('exit', (code, signal) => done({ code, signal }));
    });
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

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
        if (response.ok) return;
        last = `GET ${healthPath} answered ${response.status}`;
      } catch {
        last = `GET ${healthPath} got no answer`;
      }
      await Promise.race([sleep(HEALTH_POLL_MS), this.exited]);
    }
    throw new HealthCheckFailed(`${last} within ${Math.round(timeoutMs / 1000)} s`);
  }

  /** SIGTERM to its process group, SIGKILL after the grace period; resolves once it has exited. */
  async stop(graceMs = STOP_GRACE_MS): Promise<void> {
    this.stopping = true;
    if (this.exit === null) {
      this.signal('SIGTERM');
      const timer = setTimeout(() => this.signal('SIGKILL'), graceMs);
      await this.exited;
      clearTimeout(timer);
    }
    // Children it left behind in its group go too.
    this.signal('SIGKILL');
  }

  private signal(name: NodeJS.Signals): void {
    if (this.child.pid !== undefined) signalGroup(this.child.pid, name);
  }
}
