import { chmod, lchown, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { letOthersPassThrough } from '../pass-through.js';
import path from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { logSecretsOf, maskLogSecrets } from '@slipway/domain';
import * as tar from 'tar';
import type { Registry } from '../registry/registry.port.js';
import { SerialQueue } from '../serial-queue.js';
import type { SourceHost } from '../source-host/source-host.port.js';
import { type BuildHooks, type BuildPhase, type BuildRequest, type BuildResult, type Builder, buildResults } from './builder.port.js';
import { ownScratchPrefix, recordBuildProcess, removeStaleScratch } from './scratch-dirs.js';
import { SandboxRun, type SandboxSpec, sandboxSupport } from '../sandbox/sandbox.js';
import { projectUser, type SandboxUser } from '../sandbox/sandbox-users.js';
import { commandNotFound, TOOLCHAIN_PATH } from './toolchains.js';

/** Longest build output line passed on (longer lines are cut); a line never grows memory beyond this. */
export const MAX_LOG_LINE = 2000;
/** Lines of build output passed on per build; the rest is summed up in one line. */
export const MAX_LOG_LINES = 5000;

/** How long output may still arrive after the build command ended. */
const PIPE_GRACE_MS = 1000;

/**
 * Builds a commit on this machine. Each build gets a fresh scratch directory under scratchRoot, named after the
 * process that runs it (see scratch-dirs.ts); a build first removes the directories of processes that are gone
 * (a worker killed mid-build, whose step is now retried), killing what still runs there, as a worker does when
 * it starts:
 *
 *     <scratchRoot>/build-<pid>-<start>-XXXXXX/   owned by Slipway, 0711: the build cannot list or write here
 *       src/                        the commit's tree; the working directory of the build command
 *       home/, tmp/                 HOME and TMPDIR (Go's caches live in home/)
 *       artifact.tar.gz             src/ packed (without .git), pushed to the registry
 *
 * The build command, then the template's tests (in the same directory, with the same environment, within the same
 * time limit), each runs as an argument vector (never a shell) in the project's sandbox (sandbox.ts: the project's
 * own user, own namespaces with no network, src/ at /app and home/ at /home/app, limits), which is killed as a whole
 * on timeout, on abort and when the command ends (so nothing it started outlives it). It sees only the project's
 * environment, a scrubbed PATH, HOME/TMPDIR and Go's offline settings. A build that passes a limit fails with it
 * ('Build stopped: out of memory: limit 512 MB').
 */
export class LocalBuilder implements Builder {
  readonly kind = 'local' as const;
  private readonly scratchRoot: string;

  constructor(
    private readonly sourceHost: SourceHost,
    private readonly registry: Registry,
    scratchRoot: string,
  ) {
    this.scratchRoot = path.resolve(scratchRoot);
  }

  /** Builds of the same image wait for each other, so the second finds the first's artifact. */
  private readonly images = new SerialQueue();

  build(request: BuildRequest, hooks: BuildHooks): Promise<BuildResult> {
    return this.images.run(`${request.image.repository}:${request.image.tag}`, () => this.buildOnce(request, hooks));
  }

  /** Removes the scratch directories no running process owns, killing builds left running in them; answers their names. */
  removeStaleScratch(): Promise<string[]> {
    return removeStaleScratch(this.scratchRoot);
  }

  private async buildOnce(request: BuildRequest, hooks: BuildHooks): Promise<BuildResult> {
    const result = buildResults();

    const existing = await this.registry.find(request.image);
    if (existing) {
      hooks.onLog(`Artifact ${existing.url} already exists; nothing to build`);
      return result('success', { artifact: existing });
    }
    if (hooks.signal.aborted) return result('failed', { error: 'Build cancelled' });
    if (request.buildCommand?.length === 0) return result('failed', { error: 'Build command is empty' });
    if (request.testCommand?.length === 0) return result('failed', { error: 'Test command is empty' });

    await mkdir(this.scratchRoot, { recursive: true });
    await chmod(this.scratchRoot, 0o711);
    const dir = await mkdtemp(path.join(this.scratchRoot, ownScratchPrefix()));
    try {
      await chmod(dir, 0o711);
      const src = path.join(dir, 'src');
      const home = path.join(dir, 'home');
      const tmp = path.join(dir, 'tmp');
      for (const sub of [src, home, tmp]) await mkdir(sub, { mode: 0o700 });
      const phases = [
        { phase: BUILD, argv: request.buildCommand },
        { phase: TESTS, argv: request.testCommand ?? null },
      ].filter((run): run is { phase: Phase; argv: string[] } => run.argv !== null);
      const found = await sandboxSupport();
      const user = phases.length && process.getuid?.() === 0 ? await projectUser(path.dirname(this.scratchRoot), request.projectId) : null;
      const options: RunOptions = {
        spec: {
          name: 'build',
          owner: { dataDir: path.dirname(this.scratchRoot), ownerId: request.ownerId ?? request.projectId },
          user,
          env: (dirs) => buildEnvironment(request.environment, dirs),
          work: src,
          home,
          tmp,
          network: 'none',
          priority: 'batch',
          limits: request.limits,
        },
        timeoutSeconds: request.timeoutSeconds,
        deadline: Date.now() + request.timeoutSeconds * 1000,
        onSpawn: (pid) => recordBuildProcess(dir, pid),
      };
      // Each command's sandbox is made and entered (its slow part) ahead of it, and starts once released: the first's
      // while stale scratch directories are removed and the source is exported, the next one's while the command
      // before it runs.
      const prepare = (index: number) => {
        const held = index < phases.length ? SandboxRun.start({ ...options.spec, argv: phases[index].argv }, { held: true }) : null;
        // Handled when its command runs (it could not start: the build fails saying why), not before.
        held?.catch(() => undefined);
        return held;
      };
      const drop = (held: Promise<SandboxRun> | null) => void held?.then((run) => run.kill()).catch(() => undefined);
      let next = prepare(0);
      try {
        const stale = await this.removeStaleScratch();
        if (stale.length) hooks.onLog(`Removed ${stale.length === 1 ? 'the scratch directory' : `${stale.length} scratch directories`} of an interrupted build`);
        await this.sourceHost.exportTree(request.repository, request.commitSha, src);
        // Without the sandbox the build reaches its folders through the data directory (search permission only).
        if (user && !found.sandbox) await letOthersPassThrough(path.dirname(this.scratchRoot));
        if (user) for (const sub of [src, home, tmp]) await chownTree(sub, user);
      } catch (error) {
        drop(next);
        throw error;
      }
      const log = lineLogger(hooks.onLog, logSecretsOf(request.environment));
      for (const [index, { phase, argv }] of phases.entries()) {
        const held = next!;
        if (hooks.signal.aborted) {
          drop(held);
          return result('failed', { error: 'Build cancelled' });
        }
        next = prepare(index + 1);
        const failure = await runCommand(phase, argv, options, hooks, log, held);
        if (failure) {
          drop(next);
          return result('failed', { error: failure });
        }
      }

      const file = path.join(dir, 'artifact.tar.gz');
      await packTree(src, file);
      const artifact = await this.registry.push(request.image, file);
      hooks.onLog(`Stored artifact ${artifact.url} (${artifact.size} bytes, ${artifact.digest})`);
      return result('success', { artifact });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
}

/** The project's environment, then what the build may not choose: the scrubbed PATH, HOME and TMPDIR (as the build sees them). */
function buildEnvironment(environment: Record<string, string>, dirs: { home: string; tmp: string }): Record<string, string> {
  return {
    // Go builds offline, with the installed toolchain, caches in the scratch directory, no C compiler needed.
    GOPATH: path.join(dirs.home, 'go'),
    GOCACHE: path.join(dirs.home, '.cache', 'go-build'),
    GOPROXY: 'off',
    GOTOOLCHAIN: 'local',
    CGO_ENABLED: '0',
    ...environment,
    PATH: TOOLCHAIN_PATH.join(path.delimiter),
    HOME: dirs.home,
    TMPDIR: dirs.tmp,
  };
}

interface RunOptions {
  /** The sandbox of every command of the build (its argv aside). */
  spec: Omit<SandboxSpec, 'argv'>;
  /** The whole build's time limit (build and tests together), for the message; deadline is when it ends. */
  timeoutSeconds: number;
  deadline: number;
  /** Called with the build's pid (its process group's id) once it runs. */
  onSpawn(pid: number): void;
}

/** What a build runs, and how its failures read: the build command, then the tests. */
interface Phase {
  name: BuildPhase;
  /** The subject of a start failure ('Build could not start: …', 'Tests could not start: …'). */
  subject: string;
  exited(code: number): string;
  killed(signal: NodeJS.Signals | null): string;
}

const BUILD: Phase = { name: 'build', subject: 'Build', exited: (code) => `Build exited with code ${code}`, killed: (signal) => `Build was killed by ${signal}` };
const TESTS: Phase = { name: 'test', subject: 'Tests', exited: (code) => `Tests failed (exit code ${code})`, killed: (signal) => `Tests were killed by ${signal}` };

/** Runs one command of the build in its held sandbox; answers null on success, else the short reason the build failed. */
function runCommand(phase: Phase, argv: string[], options: RunOptions, hooks: BuildHooks, log: LineLogger, held: Promise<SandboxRun>): Promise<string | null> {
  log.line(`> ${argv.join(' ')}`);
  hooks.onPhase?.(phase.name, 'running');
  let reason: string | null = null;
  const finish = (why: string | null) => {
    log.end();
    if (why) log.line(why);
    hooks.onPhase?.(phase.name, why ? 'failed' : 'success');
    return why;
  };
  return held.then(
    (run) =>
      new Promise((resolve) => {
        run.release();
        if (run.pid) {
          try {
            options.onSpawn(run.pid);
          } catch {
            // Not recorded: only a later clean-up after a killed worker needs it.
          }
        }
        const stop = (why: string) => {
          reason ??= why;
          void run.kill();
        };
        const timer = setTimeout(() => stop(`Build timed out after ${options.timeoutSeconds} s`), Math.max(0, options.deadline - Date.now()));
        const onAbort = () => stop('Build cancelled');
        hooks.signal.addEventListener('abort', onAbort, { once: true });
        // A cancel that came while the command was starting is not an event any more.
        if (hooks.signal.aborted) onAbort();
        const streams = [run.stdout, run.stderr];
        for (const stream of streams) stream.on('data', log.stream());
        // The sandbox ends with its command (everything in it is killed, which closes the pipes); the pipes are
        // closed after a moment regardless.
        void run.exited.then(async (exit) => {
          setTimeout(() => streams.forEach((stream) => stream.destroy()), PIPE_GRACE_MS).unref();
          await Promise.all(streams.map((stream) => (stream.closed || stream.destroyed ? undefined : new Promise((done) => stream.once('close', done)))));
          clearTimeout(timer);
          hooks.signal.removeEventListener('abort', onAbort);
          if (exit.limit) reason ??= `${phase.subject} stopped: ${exit.limit}`;
          else if (exit.error?.code === 'ENOENT') reason ??= commandNotFound(phase.subject, argv[0]);
          else if (exit.error?.code === 'EACCES' && options.spec.user) reason ??= `${phase.subject} could not start: the build's user cannot reach its directory; allow others to pass through the data directory (chmod o+x)`;
          else if (exit.error) reason ??= `${phase.subject} could not start (${exit.error.code ?? 'error'})`;
          else if (exit.code !== 0) reason ??= exit.code === null ? phase.killed(exit.signal) : phase.exited(exit.code);
          resolve(finish(reason));
        });
      }),
    (error: Error) => finish(`${phase.subject} could not start: ${error.message}`),
  );
}


type LineLogger = ReturnType<typeof lineLogger>;

/**
 * Build output as lines: each stream keeps its own unfinished line (never more than MAX_LOG_LINE of it), secrets are
 * masked before a line is cut, and at most MAX_LOG_LINES lines are passed on (for the whole build: the build command
 * and the tests together).
 */
function lineLogger(onLog: (line: string) => void, secrets: string[]) {
  let sent = 0;
  let dropped = 0;
  const flushes: Array<() => void> = [];
  const emit = (text: string) => {
    if (sent >= MAX_LOG_LINES) {
      dropped += 1;
      return;
    }
    sent += 1;
    onLog(maskLogSecrets(text.replace(/\r$/, ''), secrets).slice(0, MAX_LOG_LINE));
  };
  return {
    line: (text: string) => onLog(text),
    /** A writer for one output stream. */
    stream() {
      const decoder = new StringDecoder('utf8');
      let partial = '';
      let overflow = false;
      flushes.push(() => {
        const rest = partial + decoder.end();
        if (rest && !overflow) emit(rest);
      });
      return (chunk: Buffer) => {
        const lines = (partial + decoder.write(chunk)).split('\n');
        partial = lines.pop() ?? '';
        for (const text of lines) {
          if (overflow) overflow = false;
          else emit(text);
        }
        if (partial.length > MAX_LOG_LINE) {
          if (!overflow) emit(partial);
          overflow = true;
          partial = '';
        }
      };
    },
    /** Ends the output of one command: its streams' last lines, and how many lines were left out. */
    end() {
      for (const flush of flushes.splice(0)) flush();
      if (dropped > 0) onLog(`… ${dropped} more lines of build output not shown`);
      dropped = 0;
    },
  };
}

/** Gives dir and everything in it to user, never following a symbolic link. */
async function chownTree(dir: string, user: SandboxUser): Promise<void> {
  await lchown(dir, user.uid, user.gid);
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const target = path.join(dir, entry.name);
    if (entry.isDirectory()) await chownTree(target, user);
    else await lchown(target, user.uid, user.gid);
  }
}

/** src/'s contents as a gzipped tar (no .git, owners left out, symbolic links kept as links). */
async function packTree(src: string, file: string): Promise<void> {
  await tar.create({ gzip: true, file, cwd: src, portable: true, filter: (entry) => !entry.split('/').includes('.git') }, ['.']);
}
