import { type ChildProcess, spawn, type SpawnOptions, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, lstatSync, readdirSync, readlinkSync, statSync } from 'node:fs';
import { lstat, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { constants as osConstants } from 'node:os';
import path from 'node:path';
import { type Readable, Writable } from 'node:stream';
import { type CgroupKind, type CpuPriority, buildCpuset, defaultLimits, detectCgroups, limitMessages, readKernelFile, SandboxCgroup, type SandboxLimits } from './cgroups.js';
import { signalGroup } from '../cluster/processes.js';
import type { SandboxUser } from './sandbox-users.js';

export { DEFAULT_LIMITS, type SandboxLimits } from './cgroups.js';

/**
 * The one place where Slipway runs its users' code: every local build command and every local app process starts
 * through startSandboxed(). Where the machine allows it (Linux, Slipway running as root, bubblewrap installed),
 * the code runs:
 *
 * - as the project's own user id (sandbox-users.ts), with no supplementary groups, no capabilities and
 *   no_new_privs (setpriv);
 * - in its own PID, mount, IPC and UTS namespaces (bwrap): it sees only its own processes in /proc, and a
 *   filesystem of the system's read-only program folders (/usr, /etc, Node's folder), its work folder at /app,
 *   its home at /home/app and private size-limited /tmp, /var/tmp and /dev/shm; Slipway's data directory is
 *   not there at all. A build also gets its own network namespace (only its own loopback); an app shares the
 *   machine's network, so Slipway's front door and health checks reach it;
 * - in its own cgroup (v1 or v2) with limits on memory, processes, CPU and (per file, RLIMIT_FSIZE, and its
 *   folders together, checked every few seconds) disk written.
 *
 * When the command ends, or the sandbox is stopped, everything in it is killed: the PID namespace ends with its
 * first process, bwrap dies with Slipway (--die-with-parent), and what is left in the cgroup is killed before the
 * cgroup is removed. A sandbox that passes a limit is stopped, and its exit names the limit ('out of memory:
 * limit 512 MB').
 *
 * Where the sandbox cannot be made, the code runs without it (as the project's user when Slipway is root, else as
 * Slipway's own user) in its own process group; sandboxSupport() says why, Slipway logs it at start and shows it
 * on project pages, and runPolicy refuses to run one user's code beside another's unless the admin allowed it
 * (SLIPWAY_ALLOW_UNSANDBOXED=true).
 */

const BWRAP_CANDIDATES = ['/usr/bin/bwrap', '/usr/local/bin/bwrap', '/bin/bwrap'];
const SETPRIV = '/usr/bin/setpriv';
const PRLIMIT = '/usr/bin/prlimit';
const NICE = '/usr/bin/nice';

/** The command, a build's at the lowest CPU priority (cgroups.ts, CpuPriority): it yields to apps at once. */
const withPriority = (spec: SandboxSpec) => (spec.priority === 'batch' ? [NICE, '-n', '19', ...spec.argv] : spec.argv);
/** sh: writes its pid to the cgroup.procs files it is given ($1 of them, then the files), or exits 125. */
const ENTER_CGROUP = 'n=$1; shift; while [ "$n" -gt 0 ]; do echo $$ > "$1" || exit 125; shift; n=$((n-1)); done;';
/** How often the sandbox's folders are measured against its disk limit. */
const DISK_CHECK_MS = 2_000;
/** How often its cgroup's counters are read (an OOM kill, a refused fork). */
const LIMIT_CHECK_MS = 500;

/** Inside the sandbox: the work folder (the build's checkout, the app's release) and the home folder. */
export const SANDBOX_WORK = '/app';
export const SANDBOX_HOME = '/home/app';
export const SANDBOX_TMP = '/tmp';

export interface SandboxSupport {
  /** Namespaces and an own user id per project. */
  sandbox: boolean;
  /** Why there is no sandbox (null when there is one). */
  reason: string | null;
  /** Which cgroups limit the code, or null when none can (then `limitsReason` says why). */
  cgroups: CgroupKind | null;
  limitsReason: string | null;
}

let support: Promise<SandboxSupport> | null = null;

/** What this machine allows, found out once per process (SLIPWAY_SANDBOX=off turns the sandbox and its limits off, for measurements). */
export function sandboxSupport(): Promise<SandboxSupport> {
  support ??= (async () => {
    const off = process.env.SLIPWAY_SANDBOX === 'off';
    const cgroups = off ? { kind: null, reason: 'the sandbox is turned off' } : process.getuid?.() === 0 ? await detectCgroups() : { kind: null, reason: 'Slipway does not run as root' };
    const limits = { cgroups: cgroups.kind, limitsReason: cgroups.kind ? null : (cgroups as { reason: string }).reason };
    const none = (reason: string): SandboxSupport => ({ sandbox: false, reason, ...limits });
    if (off) return none('the sandbox is turned off (SLIPWAY_SANDBOX=off)');
    if (process.platform !== 'linux') return none(`the sandbox needs Linux (this is ${process.platform})`);
    if (process.getuid?.() !== 0) return none('Slipway does not run as root, so it cannot give each project its own user id');
    const bwrap = bwrapPath();
    if (!bwrap) return none('bubblewrap (bwrap) is not installed (Debian/Ubuntu: apt-get install bubblewrap)');
    if (!existsSync(SETPRIV) || !existsSync(PRLIMIT)) return none(`${SETPRIV} or ${PRLIMIT} (util-linux) is missing`);
    const probe = spawnSync(bwrap, [...namespaceArgs('none'), ...filesystemArgs(), '--', '/bin/true'], { stdio: ['ignore', 'ignore', 'pipe'], timeout: 10_000 });
    if (probe.status !== 0) {
      const detail = probe.stderr?.toString().trim().split('\n')[0] || probe.error?.message || `exit ${probe.status}`;
      return none(`the kernel does not let bubblewrap create namespaces here (${detail})`);
    }
    return { sandbox: true, reason: null, ...limits };
  })();
  return support;
}

/** The sentence Slipway logs at start and project pages show. */
export function describeSupport(found: SandboxSupport): string {
  const limits = found.cgroups ? `limits on memory, processes, CPU and disk through cgroup ${found.cgroups}` : `no memory, process or CPU limits (${found.limitsReason})`;
  return found.sandbox
    ? `Builds and apps run sandboxed (own user id per project, own PID, mount and IPC namespaces, bubblewrap), with ${limits}`
    : `Builds and apps run WITHOUT a sandbox: ${found.reason}; ${limits}. One project's code can see and reach other projects' code on this machine`;
}

function bwrapPath(): string | null {
  return BWRAP_CANDIDATES.find((candidate) => existsSync(candidate)) ?? null;
}

function namespaceArgs(network: 'host' | 'none'): string[] {
  return [
    '--die-with-parent',
    '--new-session',
    '--unshare-pid',
    '--unshare-ipc',
    '--unshare-uts',
    '--unshare-cgroup-try',
    ...(network === 'none' ? ['--unshare-net'] : []),
    '--hostname',
    'sandbox',
  ];
}

/** The system's program folders, read-only (merged /usr symlinks kept as symlinks), and Node's own folder. */
function filesystemArgs(): string[] {
  const args = ['--ro-bind', '/usr', '/usr'];
  for (const dir of ['/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32', '/etc']) {
    let entry;
    try {
      entry = lstatSync(dir);
    } catch {
      continue;
    }
    if (entry.isSymbolicLink()) args.push('--symlink', readlinkSync(dir), dir);
    else if (entry.isDirectory()) args.push('--ro-bind', dir, dir);
  }
  // Node.js installed elsewhere (/opt/node, ~/.nvm): its whole installation, read-only.
  const nodePrefix = path.dirname(path.dirname(process.execPath));
  if (!['/usr', '/', '/usr/local'].includes(nodePrefix) && !nodePrefix.startsWith('/usr/')) args.push('--ro-bind', nodePrefix, nodePrefix);
  args.push('--proc', '/proc', '--dev', '/dev');
  return args;
}

export interface SandboxSpec {
  /** Names its cgroup, e.g. 'build' or 'app-shop'. */
  name: string;
  /** Whose code it is, and the data directory that remembers whose code ran here (see refuseUnsandboxedNeighbours). */
  owner: { dataDir: string; ownerId: string };
  /** The project's user (root only); null runs it as Slipway's own user. */
  user: SandboxUser | null;
  argv: string[];
  /** The environment, given where the folders are for the code (inside the sandbox, or the real ones without it). */
  env(dirs: { work: string; home: string; tmp: string }): Record<string, string>;
  /** Real folders: the working directory (its own), its home, and a temp folder used only without a sandbox. */
  work: string;
  home: string;
  tmp: string;
  /** 'host': the machine's network (apps, reached by the front door); 'none': only its own loopback (builds). */
  network: 'host' | 'none';
  /** 'serving' for apps, 'batch' for builds: apps come first when CPU is short. */
  priority: CpuPriority;
  limits?: SandboxLimits;
}

export interface SandboxExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  error?: NodeJS.ErrnoException;
  /** Set when it was stopped for passing a limit: 'out of memory: limit 512 MB'. */
  limit: string | null;
}

/** One command running in a sandbox (or, where there is none, in its own process group). */
export class SandboxRun {
  readonly exited: Promise<SandboxExit>;
  private limit: string | null = null;
  private done = false;
  private timers: NodeJS.Timeout[] = [];
  /** Its command waits for release(). */
  private holding = false;
  /** Set when a held command turned out not to be there on release: its exit says so (ENOENT), as a spawn would. */
  private notFound: NodeJS.ErrnoException | null = null;

  private constructor(
    private readonly child: ChildProcess,
    private readonly cgroup: SandboxCgroup | null,
    readonly sandboxed: boolean,
    private readonly spec: SandboxSpec,
    private readonly limits: SandboxLimits,
  ) {
    this.exited = new Promise((resolve) => {
      const finish = (exit: Omit<SandboxExit, 'limit'>) => {
        if (this.done) return;
        this.done = true;
        for (const timer of this.timers) clearInterval(timer);
        // The OOM killer may have ended it just before the last check: its cgroup's counters tell, until it is removed.
        this.limit ??= this.passedLimit();
        void this.kill().then(() => resolve({ ...exit, limit: this.limit }));
      };
      child.once('error', (error: NodeJS.ErrnoException) => finish({ code: null, signal: null, error }));
      child.once('exit', (code, signal) => {
        if (this.notFound) return finish({ code: null, signal: null, error: this.notFound });
        // bwrap answers 128 + n for a command killed by signal n.
        if (sandboxed && code !== null && code > 128 && code < 128 + 65) {
          const name = Object.entries(osConstants.signals).find(([, number]) => number === code - 128)?.[0] as NodeJS.Signals | undefined;
          if (name) return finish({ code: null, signal: name });
        }
        finish({ code, signal });
      });
    });
  }

  /**
   * Starts argv in a sandbox made for it (see the module's comment). `held`: the sandbox is made now (its cgroup
   * entered, its namespaces and mounts set up), but its command waits for release() (its folders may still be being
   * filled): entering a cgroup takes 5 to 20 ms on cgroup v1 and bubblewrap's set-up a few more (bench:isolation),
   * which the caller then spends while it prepares them, and a held sandbox's cgroup is entered before it is asked
   * for when one like it ran before (Blank).
   */
  static async start(spec: SandboxSpec, { held = false }: { held?: boolean } = {}): Promise<SandboxRun> {
    const found = await sandboxSupport();
    if (!found.sandbox) await refuseUnsandboxedNeighbours(found, spec.owner);
    const limits = spec.limits ?? defaultLimits();
    if (held && found.sandbox && found.cgroups) {
      const blank = await takeBlank(found.cgroups, spec, limits);
      blank.child.stdin!.end(`exec ${sandboxArgv(spec, limits, true).map(quoteForSh).join(' ')} </dev/null`);
      const started = SandboxRun.begin(blank.child, blank.cgroup, true, spec, limits, true);
      // The next held sandbox like it will find its cgroup entered, once this one's work is done.
      void started.exited.then(() => {
        if (spareTimer) clearTimeout(spareTimer);
        spareTimer = setTimeout(() => makeSpare(found.cgroups!, spec, limits), SPARE_AFTER_MS).unref();
      });
      return started;
    }
    const cgroup = found.cgroups ? await SandboxCgroup.create(found.cgroups, `${spec.name}-${randomBytes(6).toString('hex')}`, limits, spec.priority) : null;
    try {
      const run = found.sandbox ? SandboxRun.spawnSandboxed(spec, limits, cgroup, held) : SandboxRun.spawnPlain(spec, cgroup, held);
      return SandboxRun.begin(run, cgroup, found.sandbox, spec, limits, held);
    } catch (error) {
      await cgroup?.destroy();
      throw error;
    }
  }

  private static begin(child: ChildProcess, cgroup: SandboxCgroup | null, sandboxed: boolean, spec: SandboxSpec, limits: SandboxLimits, held: boolean): SandboxRun {
    // A sandbox that died before its release would fail the write: its exit says what happened.
    releaseStream(child)?.on('error', () => undefined);
    const started = new SandboxRun(child, cgroup, sandboxed, spec, limits);
    started.holding = held;
    // A held one is watched from its release: its folders' size is counted from what they hold by then.
    if (!held) started.watch();
    return started;
  }

  /** Lets a held command start (a no-op for one not held); one that is not there (now that its folders are filled) ends as not found. */
  release(): void {
    if (!this.holding || this.done) return;
    this.holding = false;
    const env = this.spec.env(this.sandboxed ? { work: SANDBOX_WORK, home: SANDBOX_HOME, tmp: SANDBOX_TMP } : { work: this.spec.work, home: this.spec.home, tmp: this.spec.tmp });
    if (missingCommand(this.spec.argv[0], env.PATH ?? '', this.spec.work, this.sandboxed ? SANDBOX_WORK : this.spec.work)) {
      this.notFound = Object.assign(new Error(`spawn ${this.spec.argv[0]} ENOENT`), { code: 'ENOENT' });
      void this.kill();
      return;
    }
    this.watch();
    releaseStream(this.child)?.end('\n');
  }

  /**
   * A `sh` that puts itself in the cgroup, then execs the rest: nothing the code starts can be outside it. Held (only
   * without bubblewrap, which holds the command itself: --block-fd), it waits for a line on its stdin first
   * (release()), and the command gets no stdin. Neither: the argv as it is.
   */
  private static enterCgroup(cgroup: SandboxCgroup | null, argv: string[], held = false): string[] {
    const files = cgroup?.procsFiles ?? [];
    if (!files.length && !held) return argv;
    const start = held ? 'read -r _ || exit 125; exec "$@" </dev/null' : 'exec "$@"';
    return ['/bin/sh', '-c', `${ENTER_CGROUP} ${start}`, 'sh', String(files.length), ...files, ...argv];
  }

  private static spawnSandboxed(spec: SandboxSpec, limits: SandboxLimits, cgroup: SandboxCgroup | null, held: boolean): ChildProcess {
    // A held command is looked for on release(), once its folder is filled.
    const missing = !held && missingCommand(spec.argv[0], spec.env({ work: SANDBOX_WORK, home: SANDBOX_HOME, tmp: SANDBOX_TMP }).PATH ?? '', spec.work);
    const [command, ...args] = missing ? ['/nonexistent/' + spec.argv[0]] : SandboxRun.enterCgroup(cgroup, sandboxArgv(spec, limits, held));
    // The environment reaches the code through --setenv only; the wrapper and bwrap get none.
    return spawn(command, args, { cwd: spec.work, env: {}, shell: false, detached: true, stdio: ['ignore', 'pipe', 'pipe', ...(held ? ['pipe' as const] : [])] });
  }

  private static spawnPlain(spec: SandboxSpec, cgroup: SandboxCgroup | null, held: boolean): ChildProcess {
    const env = spec.env({ work: spec.work, home: spec.home, tmp: spec.tmp });
    const options: SpawnOptions = { cwd: spec.work, env, shell: false, detached: true, stdio: [held ? 'pipe' : 'ignore', 'pipe', 'pipe'] };
    // A command that is not there fails to spawn (ENOENT), as it would without the wrappers (held: on release()).
    if (!held && missingCommand(spec.argv[0], env.PATH ?? '', spec.work, spec.work)) return spawn(`/nonexistent/${spec.argv[0]}`, [], options);
    const [program, ...rest] = withPriority(spec);
    if (!cgroup) {
      const [command, ...args] = SandboxRun.enterCgroup(null, [program, ...rest], held);
      return spawn(command, args, { ...options, ...(spec.user ?? {}) });
    }
    // The wrapper enters the cgroup as root, then becomes the project's user (cgroups exist only as root, on Linux).
    const asUser = spec.user ? [SETPRIV, `--reuid=${spec.user.uid}`, `--regid=${spec.user.gid}`, '--clear-groups', '--no-new-privs', '--'] : [];
    const [command, ...args] = SandboxRun.enterCgroup(cgroup, [...asUser, program, ...rest], held);
    return spawn(command, args, options);
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  /** The command's own process (in a sandbox, the first one below bwrap's that runs as the project's user). */
  codePid(): number | undefined {
    if (!this.sandboxed) return this.child.pid;
    return descendants(this.child.pid).find((process) => process.uid !== 0)?.pid;
  }

  get stdout(): Readable {
    return this.child.stdout!;
  }

  get stderr(): Readable {
    return this.child.stderr!;
  }

  /**
   * Sends `name` to the code (its processes, not the sandbox's own bwrap processes, so a SIGTERM lets it finish
   * its work). SIGKILL ends the whole sandbox (kill()).
   */
  signal(name: NodeJS.Signals): void {
    if (name === 'SIGKILL' || !this.sandboxed) {
      if (name === 'SIGKILL') void this.kill();
      else if (this.child.pid !== undefined) signalGroup(this.child.pid, name);
      return;
    }
    for (const { pid, uid } of descendants(this.child.pid)) {
      if (uid === 0) continue;
      try {
        process.kill(pid, name);
      } catch {
        // Gone meanwhile.
      }
    }
  }

  /** Stops it for passing a limit (logged as its exit's `limit`). */
  private stopFor(limit: string): void {
    this.limit ??= limit;
    void this.kill();
  }

  /** Ends everything in the sandbox, and removes its cgroup once the command has exited (destroy() kills what is left). */
  async kill(): Promise<void> {
    if (this.child.pid !== undefined) signalGroup(this.child.pid, 'SIGKILL');
    if (!this.cgroup) return;
    if (this.done) return this.cgroup.destroy();
    this.cgroup.killAll();
  }

  private passedLimit(): string | null {
    const passed = this.cgroup?.passed();
    return passed ? limitMessages[passed](this.limits) : null;
  }

  /** Watches its cgroup's counters and its folders' size while it runs. */
  private watch(): void {
    if (this.cgroup) {
      const timer = setInterval(() => {
        const limit = this.passedLimit();
        if (limit && !this.done) this.stopFor(limit);
      }, LIMIT_CHECK_MS);
      timer.unref();
      this.timers.push(timer);
    }
    const dirs = [this.spec.work, this.spec.home];
    const allowed = this.limits.diskMb * 1024 * 1024;
    void Promise.all(dirs.map((dir) => folderSize(dir, Infinity))).then((sizes) => {
      if (this.done) return;
      const baseline = sizes.reduce((sum, size) => sum + size, 0);
      let measuring = false;
      const timer = setInterval(() => {
        if (measuring) return;
        measuring = true;
        void Promise.all(dirs.map((dir) => folderSize(dir, baseline + allowed)))
          .then((now) => {
            if (now.reduce((sum, size) => sum + size, 0) - baseline > allowed && !this.done) this.stopFor(limitMessages.disk(this.limits));
          })
          .finally(() => (measuring = false));
      }, DISK_CHECK_MS);
      timer.unref();
      this.timers.push(timer);
    });
  }
}

/**
 * The command line that makes the sandbox and runs spec.argv in it, as the project's user (see the module's comment).
 * Held: bubblewrap makes it, then waits for release() to write to its fd 3 (closed before the command runs).
 */
function sandboxArgv(spec: SandboxSpec, limits: SandboxLimits, held: boolean): string[] {
  const env = spec.env({ work: SANDBOX_WORK, home: SANDBOX_HOME, tmp: SANDBOX_TMP });
  const bytes = String(limits.diskMb * 1024 * 1024);
  const tmpfs = (dir: string) => ['--perms', '1777', '--size', bytes, '--tmpfs', dir];
  const user = spec.user ?? { uid: process.getuid?.() ?? 0, gid: process.getgid?.() ?? 0 };
  // The file size limit is set before bwrap (inherited by all it starts), so that a held sandbox has set it before its
  // release. The priority is the command's own: bubblewrap's processes, which pass on its exit, keep theirs.
  return [
    PRLIMIT,
    `--fsize=${bytes}`,
    '--',
    bwrapPath()!,
    ...namespaceArgs(spec.network),
    ...filesystemArgs(),
    // Folders bwrap would make for the mounts below are closed (0700): these are made open to read.
    ...['--perms', '0755', '--dir', '/var', '--perms', '0755', '--dir', '/home'],
    ...tmpfs('/tmp'),
    ...tmpfs('/var/tmp'),
    ...tmpfs('/dev/shm'),
    '--bind',
    spec.work,
    SANDBOX_WORK,
    '--bind',
    spec.home,
    SANDBOX_HOME,
    '--chdir',
    SANDBOX_WORK,
    ...Object.entries(env).flatMap(([name, value]) => ['--setenv', name, value]),
    ...(held ? ['--block-fd', '3'] : []),
    '--',
    SETPRIV,
    `--reuid=${user.uid}`,
    `--regid=${user.gid}`,
    '--clear-groups',
    '--inh-caps=-all',
    '--bounding-set=-all',
    '--no-new-privs',
    '--',
    ...withPriority(spec),
  ];
}

/**
 * A held sandbox begins blank: its cgroup, and a `sh` that enters it and then waits for the rest of its command line
 * on its stdin (sandboxArgv's, given when it is taken). Entering a cgroup on cgroup v1 waits for a kernel grace
 * period, 5 to 20 ms on an idle machine (bench:isolation), so one is made ahead: the spare, made once a held sandbox's
 * command has ended, for the next one of the same name, priority and limits (a build's next build; it is given the
 * CPUs a build gets when it is taken). It runs
 * nothing of a user's and has no user id; it ends when Slipway does: on a clean stop with its group (dropSpare), else
 * as its stdin closes, and the next start's stale-cgroup sweep removes its group.
 */
interface Blank {
  cgroup: SandboxCgroup;
  child: ChildProcess;
  key: string;
}

let spare: Promise<Blank> | null = null;
let spareTimer: NodeJS.Timeout | null = null;
/** How long after a held sandbox's command ended its spare is made (its caller's own work comes first). */
const SPARE_AFTER_MS = 250;
const blankKey = (spec: SandboxSpec, limits: SandboxLimits, pinned: boolean) => JSON.stringify([spec.name, spec.priority, limits, pinned]);

async function makeBlank(kind: CgroupKind, spec: SandboxSpec, limits: SandboxLimits): Promise<Blank> {
  const cgroup = await SandboxCgroup.create(kind, `${spec.name}-${randomBytes(6).toString('hex')}`, limits, spec.priority);
  try {
    const files = cgroup.procsFiles;
    const child = spawn('/bin/sh', ['-c', `${ENTER_CGROUP} line=$(cat) || exit 125; eval "$line"`, 'sh', String(files.length), ...files], { cwd: '/', env: {}, shell: false, detached: true, stdio: ['pipe', 'pipe', 'pipe', 'pipe'] });
    child.stdin!.on('error', () => undefined);
    return { cgroup, child, key: blankKey(spec, limits, cgroup.cpus !== null) };
  } catch (error) {
    await cgroup.destroy();
    throw error;
  }
}

/** A spare waits without keeping Slipway running; a taken one keeps it running as any command does. */
function keepAlive(blank: Blank, keep: boolean): Blank {
  for (const handle of [blank.child, ...blank.child.stdio]) {
    const refable = handle as { ref?: () => void; unref?: () => void } | null;
    if (keep) refable?.ref?.();
    else refable?.unref?.();
  }
  return blank;
}

function makeSpare(kind: CgroupKind, spec: SandboxSpec, limits: SandboxLimits): void {
  if (spare) return;
  const made = makeBlank(kind, spec, limits).then((blank) => keepAlive(blank, false));
  spare = made;
  made.catch(() => {
    if (spare === made) spare = null;
  });
}

/** The spare if it fits and is alive (given the CPUs a build gets now), else a new blank. */
async function takeBlank(kind: CgroupKind, spec: SandboxSpec, limits: SandboxLimits): Promise<Blank> {
  const ready = spare;
  spare = null;
  const [blank, cpus] = await Promise.all([ready?.catch(() => null), spec.priority === 'batch' ? buildCpuset(kind) : null]);
  if (blank && blank.key === blankKey(spec, limits, cpus !== null) && blank.child.exitCode === null && blank.child.signalCode === null) {
    if (cpus !== null && blank.cgroup.cpus !== cpus) await blank.cgroup.setCpus(cpus);
    return keepAlive(blank, true);
  }
  if (blank) void discard(blank);
  return makeBlank(kind, spec, limits);
}

async function discard(blank: Blank): Promise<void> {
  if (blank.child.pid !== undefined) signalGroup(blank.child.pid, 'SIGKILL');
  await blank.cgroup.destroy();
}

/** Ends the spare, on a clean stop: its group is removed now rather than by the next start's sweep. */
export async function dropSpare(): Promise<void> {
  if (spareTimer) clearTimeout(spareTimer);
  spareTimer = null;
  const ready = spare;
  spare = null;
  const blank = await ready?.catch(() => null);
  if (blank) await discard(blank);
}

/** word, quoted for sh: it stays one word, and nothing in it is expanded. */
function quoteForSh(word: string): string {
  return `'${word.replaceAll("'", `'\\''`)}'`;
}

/** Where release() writes: bwrap's --block-fd (fd 3) in a sandbox, the wrapper's stdin without one; null when not held. */
function releaseStream(child: ChildProcess): Writable | null {
  const stream = child.stdio[3] ?? child.stdin;
  return stream instanceof Writable ? stream : null;
}

/** Refused: no sandbox, and another user's code already runs on this machine. */
export class UnsandboxedNeighbour extends Error {}

/**
 * Without a sandbox one user's code can reach another's, so by default a machine runs one user's code only: the
 * first owner whose code runs unsandboxed is written down (<dataDir>/sandbox/unsandboxed-owner), and another
 * owner's build or app is refused, unless the admin allowed it (SLIPWAY_ALLOW_UNSANDBOXED=true).
 */
export async function refuseUnsandboxedNeighbours(found: SandboxSupport, owner: { dataDir: string; ownerId: string }): Promise<void> {
  if (found.sandbox || process.env.SLIPWAY_ALLOW_UNSANDBOXED === 'true') return;
  const dir = path.join(owner.dataDir, 'sandbox');
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, 'unsandboxed-owner');
  try {
    await writeFile(file, owner.ownerId, { flag: 'wx', mode: 0o600 });
    return;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const first = (await readFile(file, 'utf8')).trim();
  if (first === owner.ownerId || first === '') return;
  throw new UnsandboxedNeighbour(
    `This server cannot sandbox builds and apps (${found.reason}) and already runs another user's code; an administrator can allow users to share it unsandboxed with SLIPWAY_ALLOW_UNSANDBOXED=true`,
  );
}

/** Whether the command would not be found where it runs (checked outside: the same files; the work folder is workInside for it). */
function missingCommand(command: string | undefined, searchPath: string, work: string, workInside = SANDBOX_WORK): boolean {
  if (!command) return true;
  const real = (inside: string) => (inside === workInside || inside.startsWith(`${workInside}/`) ? path.join(work, inside.slice(workInside.length)) : inside);
  const isFile = (file: string) => {
    try {
      return statSync(file).isFile();
    } catch {
      return false;
    }
  };
  if (command.includes('/')) return !isFile(real(path.posix.resolve(workInside, command)));
  return !searchPath.split(':').some((dir) => dir && isFile(real(path.posix.join(dir, command))));
}

/**
 * The processes below pid (its children, theirs, …) with their real uid (Linux /proc), read synchronously
 * (readKernelFile): an app's health check waits for it (codePid).
 */
export function descendants(pid: number | undefined): Array<{ pid: number; uid: number }> {
  if (pid === undefined) return [];
  const parents = new Map<number, Array<{ pid: number; uid: number }>>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const status = readKernelFile(`/proc/${entry}/status`);
    const ppid = Number(/^PPid:\s+(\d+)/m.exec(status)?.[1]);
    const uid = Number(/^Uid:\s+(\d+)/m.exec(status)?.[1]);
    if (!Number.isInteger(ppid)) continue;
    parents.set(ppid, [...(parents.get(ppid) ?? []), { pid: Number(entry), uid }]);
  }
  const found: Array<{ pid: number; uid: number }> = [];
  const queue = [pid];
  while (queue.length) {
    for (const child of parents.get(queue.shift()!) ?? []) {
      found.push(child);
      queue.push(child.pid);
    }
  }
  return found;
}

/** Bytes in dir's files (symbolic links not followed), counting stops once past `stopAt`. */
async function folderSize(dir: string, stopAt: number): Promise<number> {
  let total = 0;
  const stack = [dir];
  while (stack.length && total <= stopAt) {
    const current = stack.pop()!;
    const entries = await readdir(current, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      const file = path.join(current, entry.name);
      if (entry.isDirectory()) stack.push(file);
      else if (entry.isFile()) total += ((await lstat(file).catch(() => null))?.blocks ?? 0) * 512;
    }
  }
  return total;
}
