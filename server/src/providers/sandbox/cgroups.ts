import { existsSync, readFileSync, rmdirSync } from 'node:fs';
import { mkdir, readdir, readFile, rmdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** What one sandbox may use. */
export interface SandboxLimits {
  /** Memory, page cache and its /tmp included. */
  memoryMb: number;
  /** Processes and threads together. */
  processes: number;
  /** CPU time, in percent of one core (100 = one core at most); an app's only (a build runs at the lowest priority instead). */
  cpuPercent: number;
  /** What it may write: its folders together, and each of its /tmp, /var/tmp and /dev/shm. */
  diskMb: number;
  /**
   * Its CPU weight when CPU is short (cgroup v2 units, 1 to 10000), overriding its priority's: an environment's CPU
   * request (1 core = 100, a serving app's usual weight).
   */
  cpuWeight?: number;
}

/** The limits an administrator sets defaults for (the CPU weight comes from the priority, or an environment). */
type LimitKey = Exclude<keyof SandboxLimits, 'cpuWeight'>;

/** Defaults a small server (2 cores, 2–4 GB) can live with: a runaway build or app cannot take it down. */
export const DEFAULT_LIMITS: SandboxLimits = { memoryMb: 512, processes: 256, cpuPercent: 100, diskMb: 1024 };

/** The environment variables an administrator sets the defaults with. */
const LIMIT_VARIABLES: Record<LimitKey, string> = {
  memoryMb: 'SLIPWAY_LIMIT_MEMORY_MB',
  processes: 'SLIPWAY_LIMIT_PROCESSES',
  cpuPercent: 'SLIPWAY_LIMIT_CPU_PERCENT',
  diskMb: 'SLIPWAY_LIMIT_DISK_MB',
};

/** DEFAULT_LIMITS, each replaced by its environment variable when set (a value out of bounds is refused, not ignored). */
export function defaultLimits(env: NodeJS.ProcessEnv = process.env): SandboxLimits {
  const limits = { ...DEFAULT_LIMITS };
  for (const key of Object.keys(LIMIT_VARIABLES) as LimitKey[]) {
    const raw = env[LIMIT_VARIABLES[key]];
    if (raw === undefined || raw === '') continue;
    const value = Number(raw);
    const { min, max, unit } = LIMIT_BOUNDS[key];
    if (!Number.isInteger(value) || value < min || value > max) throw new Error(`${LIMIT_VARIABLES[key]} must be a whole number from ${min} to ${max} (${unit}), got "${raw}"`);
    limits[key] = value;
  }
  return limits;
}

/** Bounds of the limits. */
export const LIMIT_BOUNDS: Record<LimitKey, { min: number; max: number; unit: string }> = {
  memoryMb: { min: 64, max: 65_536, unit: 'MB' },
  processes: { min: 16, max: 32_768, unit: 'processes' },
  cpuPercent: { min: 10, max: 6_400, unit: '% of a core' },
  diskMb: { min: 16, max: 1_048_576, unit: 'MB' },
};

/** The cgroup controllers a sandbox is put in; each is a directory with a cgroup.procs file. */
export type CgroupKind = 'v1' | 'v2';

const V1_ROOT = '/sys/fs/cgroup';
const V2_ROOT = '/sys/fs/cgroup';
const PARENT = 'slipway';
const PERIOD_US = 100_000;
/**
 * CPU: an app serving requests weighs as much as any other program (cgroup v2 units; v1's cpu.shares are 10.24 times
 * these) and is held to its CPU limit by a quota. A build gets no quota and no CPU group of its own: it runs at the
 * lowest priority (nice 19, see sandbox.ts), so it uses what CPU is idle. Where there are two CPUs or more, a build
 * has a cpuset group: while apps run on the machine (sandboxes with a CPU quota), all the CPUs but the first
 * (buildCpuset), which is kept for the apps and Slipway; with none, every CPU (a group made ahead of its build is given
 * the CPUs of the moment it is used: setCpus). A quota'd build group burnt both cores in bursts and tripled a neighbour app's
 * p99 beside a heavy build; at nice 19 on every CPU the p99 was still a quarter to a half above quiet, since an app
 * that woke waited for a build's time slice; off the first CPU it stays at quiet (bench:isolation,
 * docs/benchmarks.md). On cgroup v2, whose controllers apply to every group, a build's weight is the least.
 */
export type CpuPriority = 'serving' | 'batch';
const WEIGHTS: Record<CpuPriority, number> = { serving: 100, batch: 1 };

/** A kernel CPU list ("0-3,6") as CPU numbers. */
export function parseCpuList(text: string): number[] {
  return text
    .trim()
    .split(',')
    .filter(Boolean)
    .flatMap((part) => {
      const [from, to = from] = part.split('-').map(Number);
      return Array.from({ length: to - from + 1 }, (_, i) => from + i);
    });
}

/** The CPUs a build may use when apps run beside it, given those Slipway's group has: all but the first, if there are two. */
export function buildCpus(available: number[]): string | null {
  return available.length < 2 ? null : available.slice(1).join(',');
}

/** The file listing the CPUs Slipway's group may use, where the cpuset controller is there to pin builds with. */
const CPUSET_FILE: Record<CgroupKind, string> = {
  v1: path.join(V1_ROOT, 'cpuset', PARENT, 'cpuset.effective_cpus'),
  v2: path.join(V2_ROOT, PARENT, 'cpuset.cpus.effective'),
};

/** Which cgroup version this machine lets Slipway use for limits, or null with why not. */
export async function detectCgroups(): Promise<{ kind: CgroupKind } | { kind: null; reason: string }> {
  if (process.platform !== 'linux') return { kind: null, reason: 'not Linux' };
  if (existsSync(path.join(V2_ROOT, 'cgroup.controllers'))) {
    const controllers = readFileSync(path.join(V2_ROOT, 'cgroup.controllers'), 'utf8').split(/\s+/);
    const missing = ['memory', 'pids', 'cpu'].filter((name) => !controllers.includes(name));
    if (missing.length) return { kind: null, reason: `cgroup v2 lacks the ${missing.join(', ')} controller(s)` };
    try {
      await mkdir(path.join(V2_ROOT, PARENT), { recursive: true });
      await writeFile(path.join(V2_ROOT, 'cgroup.subtree_control'), '+memory +pids +cpu').catch(() => undefined);
      await writeFile(path.join(V2_ROOT, PARENT, 'cgroup.subtree_control'), '+memory +pids +cpu');
      // Optional: without it builds run on every CPU.
      if (controllers.includes('cpuset')) {
        await writeFile(path.join(V2_ROOT, 'cgroup.subtree_control'), '+cpuset').catch(() => undefined);
        await writeFile(path.join(V2_ROOT, PARENT, 'cgroup.subtree_control'), '+cpuset').catch(() => undefined);
      }
      return { kind: 'v2' };
    } catch (error) {
      return { kind: null, reason: `cgroup v2 cannot be delegated (${(error as NodeJS.ErrnoException).code ?? 'error'})` };
    }
  }
  for (const controller of ['memory', 'pids', 'cpu']) {
    try {
      await mkdir(path.join(V1_ROOT, controller, PARENT), { recursive: true });
    } catch (error) {
      return { kind: null, reason: `the cgroup v1 ${controller} controller cannot be used (${(error as NodeJS.ErrnoException).code ?? 'error'})` };
    }
  }
  await prepareCpusetV1().catch(() => undefined);
  return { kind: 'v1' };
}

/** Optional, as on v2: Slipway's v1 cpuset group, given all the CPUs and memory nodes (a new v1 cpuset has none). */
async function prepareCpusetV1(): Promise<void> {
  const root = path.join(V1_ROOT, 'cpuset');
  const parent = path.join(root, PARENT);
  await mkdir(parent, { recursive: true });
  for (const file of ['cpuset.cpus', 'cpuset.mems']) {
    if (!(await readFile(path.join(parent, file), 'utf8')).trim()) await writeFile(path.join(parent, file), await readFile(path.join(root, file), 'utf8'));
  }
}

/** A sandbox's cgroup name: SandboxRun's `<name>-<12 hex digits>`. */
const SANDBOX_CGROUP = /^[a-z0-9-]+-[0-9a-f]{12}$/;
/** A sandbox's cgroup is empty only for the moment between its creation and its first process, or its removal. */
const STALE_AFTER_MS = 60_000;

/**
 * Removes the empty sandbox cgroups a Slipway killed with SIGKILL left under `slipway/` (its own names only, each
 * with no process and no child group, made more than a minute ago: another Slipway's group being set up right now is
 * kept). Answers the directories removed. The kernel refuses to remove a group that is in use, so nothing running is
 * touched.
 */
export async function removeStaleCgroups(kind: CgroupKind, now = Date.now()): Promise<string[]> {
  const parents = kind === 'v2' ? [path.join(V2_ROOT, PARENT)] : ['memory', 'pids', 'cpu', 'cpuset'].map((controller) => path.join(V1_ROOT, controller, PARENT));
  const removed: string[] = [];
  for (const parent of parents) {
    const entries = await readdir(parent, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      if (!entry.isDirectory() || !SANDBOX_CGROUP.test(entry.name)) continue;
      const dir = path.join(parent, entry.name);
      try {
        if (now - (await stat(dir)).mtimeMs < STALE_AFTER_MS) continue;
        if ((await readFile(path.join(dir, 'cgroup.procs'), 'utf8')).trim()) continue;
        if ((await readdir(dir, { withFileTypes: true })).some((child) => child.isDirectory())) continue;
        await rmdir(dir);
        removed.push(dir);
      } catch {
        // Gone meanwhile, or in use (EBUSY): not stale.
      }
    }
  }
  return removed;
}

/**
 * Whether an app runs in a sandbox on this machine (any Slipway's): a sandbox group with a CPU quota, as only apps
 * have, with processes in it (an interrupted Slipway's empty groups stay until a sweep: removeStaleCgroups). `parent`:
 * where the groups are, Slipway's own parent group unless a test says otherwise.
 */
export async function appsRunning(kind: CgroupKind, parent = kind === 'v2' ? path.join(V2_ROOT, PARENT) : path.join(V1_ROOT, 'cpu', PARENT)): Promise<boolean> {
  const quotaFile = kind === 'v2' ? 'cpu.max' : 'cpu.cfs_quota_us';
  for (const entry of await readdir(parent, { withFileTypes: true }).catch(() => [])) {
    if (!entry.isDirectory() || !SANDBOX_CGROUP.test(entry.name)) continue;
    const quota = readKernelFile(path.join(parent, entry.name, quotaFile)).trim() || 'max';
    if (quota.startsWith('max') || quota === '-1') continue;
    if (readKernelFile(path.join(parent, entry.name, 'cgroup.procs')).trim()) return true;
  }
  return false;
}

/** What ended a sandbox because it passed a limit, as its log and events say it. */
export const limitMessages = {
  memory: (limits: SandboxLimits) => `out of memory: limit ${limits.memoryMb} MB`,
  processes: (limits: SandboxLimits) => `too many processes: limit ${limits.processes}`,
  disk: (limits: SandboxLimits) => `disk limit reached: limit ${limits.diskMb} MB written`,
};

/**
 * The CPUs a build gets now (cpuset syntax): all but the first while apps run, else all of them; null where builds are
 * not pinned (one CPU, or no cpuset controller).
 */
export async function buildCpuset(kind: CgroupKind): Promise<string | null> {
  const all = parseCpuList(await readFile(CPUSET_FILE[kind], 'utf8').catch(() => ''));
  const spare = buildCpus(all);
  if (spare === null) return null;
  return (await appsRunning(kind)) ? spare : all.join(',');
}

/** One sandbox's cgroup(s): created with its limits before it starts, removed once it is empty. */
export class SandboxCgroup {
  private constructor(
    private readonly kind: CgroupKind,
    private readonly dirs: { memory: string; pids: string; cpu: string | null; cpuset: string | null },
    private cpuList: string | null,
  ) {}

  /** A build's CPUs (buildCpuset), null for an app's group or where builds are not pinned. */
  get cpus(): string | null {
    return this.cpuList;
  }

  /**
   * Gives a build's group other CPUs (its processes move with them): a group made ahead of its build gets the build's.
   * As when it was made, a machine that refuses it leaves the build on the CPUs it had.
   */
  async setCpus(cpus: string): Promise<void> {
    const file = this.kind === 'v2' ? path.join(this.dirs.memory, 'cpuset.cpus') : this.dirs.cpuset && path.join(this.dirs.cpuset, 'cpuset.cpus');
    if (!file || this.cpuList === null) return;
    await writeFile(file, cpus).then(
      () => (this.cpuList = cpus),
      () => undefined,
    );
  }

  static async create(kind: CgroupKind, name: string, limits: SandboxLimits, priority: CpuPriority): Promise<SandboxCgroup> {
    const bytes = String(limits.memoryMb * 1024 * 1024);
    const quota = priority === 'batch' ? null : String(Math.round((PERIOD_US * limits.cpuPercent) / 100));
    const weight = priority === 'batch' ? WEIGHTS.batch : Math.min(10_000, Math.max(1, Math.round(limits.cpuWeight ?? WEIGHTS.serving)));
    const cpus = priority === 'batch' ? await buildCpuset(kind) : null;
    if (kind === 'v2') {
      const dir = path.join(V2_ROOT, PARENT, name);
      await mkdir(dir);
      const group = new SandboxCgroup(kind, { memory: dir, pids: dir, cpu: dir, cpuset: null }, cpus);
      if (cpus) await writeFile(path.join(dir, 'cpuset.cpus'), cpus).catch(() => undefined);
      await writeFile(path.join(dir, 'memory.max'), bytes);
      await writeFile(path.join(dir, 'memory.swap.max'), '0').catch(() => undefined);
      await writeFile(path.join(dir, 'pids.max'), String(limits.processes));
      await writeFile(path.join(dir, 'cpu.max'), `${quota ?? 'max'} ${PERIOD_US}`);
      await writeFile(path.join(dir, 'cpu.weight'), String(weight));
      return group;
    }
    const under = (controller: string) => path.join(V1_ROOT, controller, PARENT, name);
    const dirs = { memory: under('memory'), pids: under('pids'), cpu: quota === null ? null : under('cpu'), cpuset: cpus === null ? null : under('cpuset') };
    for (const dir of Object.values(dirs)) if (dir) await mkdir(dir);
    const group = new SandboxCgroup(kind, dirs, cpus);
    await writeFile(path.join(dirs.memory, 'memory.limit_in_bytes'), bytes);
    // Without swap accounting this file is absent: then swap is not limited.
    await writeFile(path.join(dirs.memory, 'memory.memsw.limit_in_bytes'), bytes).catch(() => undefined);
    await writeFile(path.join(dirs.pids, 'pids.max'), String(limits.processes));
    if (dirs.cpuset && cpus) {
      await writeFile(path.join(dirs.cpuset, 'cpuset.mems'), await readFile(path.join(V1_ROOT, 'cpuset', PARENT, 'cpuset.mems'), 'utf8'));
      await writeFile(path.join(dirs.cpuset, 'cpuset.cpus'), cpus);
    }
    if (dirs.cpu && quota !== null) {
      await writeFile(path.join(dirs.cpu, 'cpu.cfs_period_us'), String(PERIOD_US));
      await writeFile(path.join(dirs.cpu, 'cpu.cfs_quota_us'), quota);
      await writeFile(path.join(dirs.cpu, 'cpu.shares'), String(Math.max(2, Math.round(weight * 10.24))));
    }
    return group;
  }

  /** The cgroup.procs files a process writes its pid to, to enter the sandbox's groups (before it starts anything). */
  get procsFiles(): string[] {
    return this.groupDirs.map((dir) => path.join(dir, 'cgroup.procs'));
  }

  private get groupDirs(): string[] {
    return [...new Set(Object.values(this.dirs).filter((dir): dir is string => dir !== null))];
  }

  /** Which limit, if any, the sandbox has passed: the OOM killer ran, or a fork was refused. */
  passed(): 'memory' | 'processes' | null {
    const counter = (file: string, key: string) => Number(new RegExp(`^${key}\\s+(\\d+)`, 'm').exec(readKernelFile(file))?.[1] ?? 0);
    const oomFile = this.kind === 'v2' ? path.join(this.dirs.memory, 'memory.events') : path.join(this.dirs.memory, 'memory.oom_control');
    if (counter(oomFile, 'oom_kill') > 0) return 'memory';
    if (counter(path.join(this.dirs.pids, 'pids.events'), 'max') > 0) return 'processes';
    return null;
  }

  /** SIGKILLs every process now in the sandbox's groups; answers how many there were. */
  killAll(): number {
    const lines = this.procsFiles.flatMap((file) => readKernelFile(file).split('\n'));
    const pids = new Set(lines.filter((line) => /^\d+$/.test(line)).map(Number));
    for (const pid of pids) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Gone meanwhile.
      }
    }
    return pids.size;
  }

  /** SIGKILLs everything in the groups until they are empty, then removes them. */
  async destroy(): Promise<void> {
    if (this.kind === 'v2') await writeFile(path.join(this.dirs.memory, 'cgroup.kill'), '1').catch(() => undefined);
    const deadline = Date.now() + 5_000;
    while (this.killAll() > 0 && Date.now() <= deadline) await sleep(20);
    await Promise.all(this.groupDirs.map((dir) => removeGroup(dir)));
  }
}

/**
 * The text of a file the kernel makes (a cgroup's, a /proc entry), '' when it is gone. Read synchronously: it never
 * waits on a disk and takes microseconds, where an asynchronous read costs four thread-pool round trips (about 0.3 ms
 * at the end of every build command; 40 to 90 ms for every process's /proc entry, one after another).
 */
export function readKernelFile(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

/** Removes an emptied group's directory (EBUSY: its last processes are still being reaped, so it is tried again). */
async function removeGroup(dir: string): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt++) {
    try {
      rmdirSync(dir);
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      await sleep(20);
    }
  }
}
