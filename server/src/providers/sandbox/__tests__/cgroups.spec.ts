import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, rmdir, utimes, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appsRunning, buildCpus, DEFAULT_LIMITS, detectCgroups, parseCpuList, removeStaleCgroups, SandboxCgroup } from '../cgroups.js';

const detected = await detectCgroups();

/** Where SandboxCgroup puts a group of that name, one directory per controller. */
const dirsOf = (name: string) =>
  detected.kind === 'v2' ? [`/sys/fs/cgroup/slipway/${name}`] : ['memory', 'pids', 'cpu'].map((controller) => `/sys/fs/cgroup/${controller}/slipway/${name}`);
const age = (name: string) => Promise.all(dirsOf(name).map((dir) => utimes(dir, new Date(Date.now() - 600_000), new Date(Date.now() - 600_000))));

describe('stale sandbox cgroups', () => {
  it("removes only Slipway's empty sandbox groups older than a minute, at a worker's start", async () => {
    expect(detected.kind, 'this machine has cgroups Slipway can use').not.toBeNull();
    const kind = detected.kind!;
    const suffix = () => randomBytes(6).toString('hex');
    const stale = `app-r1-${suffix()}`;
    const busy = `app-r2-${suffix()}`;
    const fresh = `build-${suffix()}`;
    const foreign = `keep-me-${suffix()}x`;
    await SandboxCgroup.create(kind, stale, DEFAULT_LIMITS, 'serving');
    const busyGroup = await SandboxCgroup.create(kind, busy, DEFAULT_LIMITS, 'serving');
    const freshGroup = await SandboxCgroup.create(kind, fresh, DEFAULT_LIMITS, 'serving');
    for (const dir of dirsOf(foreign)) await mkdir(dir);
    const sleeper = spawn('sleep', ['30'], { stdio: 'ignore' });
    try {
      for (const file of busyGroup.procsFiles) await writeFile(file, String(sleeper.pid));
      await Promise.all([age(stale), age(busy), age(foreign)]);

      const removed = await removeStaleCgroups(kind);

      // Other Slipways' leftovers on this machine may go too; these four are the test's. Another Slipway on the machine
      // (test suites run side by side) may sweep at the same moment, so the stale group is checked gone, not named
      // in this sweep's answer.
      for (const dir of [...dirsOf(busy), ...dirsOf(fresh), ...dirsOf(foreign)]) expect(removed).not.toContain(dir);
      for (const dir of dirsOf(stale)) expect(existsSync(dir), dir).toBe(false);
      for (const dir of [...dirsOf(busy), ...dirsOf(fresh), ...dirsOf(foreign)]) expect(existsSync(dir), dir).toBe(true);
    } finally {
      await busyGroup.destroy();
      await freshGroup.destroy();
      for (const dir of dirsOf(foreign)) await rmdir(dir).catch(() => undefined);
      sleeper.kill('SIGKILL');
    }
    expect(existsSync(path.dirname(dirsOf(busy)[0]))).toBe(true);
  });
});

describe('CPU', () => {
  it("holds an app to its CPU limit with a quota, and gives a build beside it none, the least weight and every CPU but the first", async () => {
    const kind = detected.kind!;
    const app = `app-r1-${randomBytes(6).toString('hex')}`;
    const build = `build-${randomBytes(6).toString('hex')}`;
    const appGroup = await SandboxCgroup.create(kind, app, { ...DEFAULT_LIMITS, cpuPercent: 150 }, 'serving');
    const appProcess = spawn('sleep', ['30'], { stdio: 'ignore' });
    for (const file of appGroup.procsFiles) await writeFile(file, String(appProcess.pid));
    const buildGroup = await SandboxCgroup.create(kind, build, { ...DEFAULT_LIMITS, cpuPercent: 150 }, 'batch');
    const spare = buildCpus(parseCpuList(await readFile('/sys/fs/cgroup/cpuset/cpuset.effective_cpus', 'utf8').catch(() => readFile('/sys/fs/cgroup/cpuset.cpus.effective', 'utf8'))));
    try {
      expect(await appsRunning(kind)).toBe(true);
      if (kind === 'v2') {
        expect(await readFile(`/sys/fs/cgroup/slipway/${app}/cpu.max`, 'utf8')).toBe('150000 100000\n');
        expect(await readFile(`/sys/fs/cgroup/slipway/${build}/cpu.max`, 'utf8')).toBe('max 100000\n');
        expect(Number(await readFile(`/sys/fs/cgroup/slipway/${build}/cpu.weight`, 'utf8'))).toBe(1);
        if (spare) expect(parseCpuList(await readFile(`/sys/fs/cgroup/slipway/${build}/cpuset.cpus`, 'utf8'))).toEqual(parseCpuList(spare));
      } else {
        expect(Number(await readFile(`/sys/fs/cgroup/cpu/slipway/${app}/cpu.cfs_quota_us`, 'utf8'))).toBe(150_000);
        expect(Number(await readFile(`/sys/fs/cgroup/cpu/slipway/${app}/cpu.shares`, 'utf8'))).toBe(1024);
        // Not in the CPU hierarchy at all: only its memory and process limits, and its CPUs.
        expect(existsSync(`/sys/fs/cgroup/cpu/slipway/${build}`)).toBe(false);
        expect(existsSync(`/sys/fs/cgroup/cpuset/slipway/${app}`)).toBe(false);
        const cpuset = spare ? [`/sys/fs/cgroup/cpuset/slipway/${build}/cgroup.procs`] : [];
        expect(buildGroup.procsFiles).toEqual([`/sys/fs/cgroup/memory/slipway/${build}/cgroup.procs`, `/sys/fs/cgroup/pids/slipway/${build}/cgroup.procs`, ...cpuset]);
        if (spare) expect(parseCpuList(await readFile(`/sys/fs/cgroup/cpuset/slipway/${build}/cpuset.cpus`, 'utf8'))).toEqual(parseCpuList(spare));
      }
    } finally {
      appProcess.kill('SIGKILL');
      await appGroup.destroy();
      await buildGroup.destroy();
    }
  });

  it("counts only apps' groups with processes in them as running apps (an interrupted Slipway's empty ones do not keep builds off the first CPU)", async () => {
    const kind = detected.kind!;
    const parent = await mkdtemp(path.join(tmpdir(), 'slipway-cgroups-'));
    const quotaFile = kind === 'v2' ? 'cpu.max' : 'cpu.cfs_quota_us';
    const group = async (name: string, quota: string, procs: string) => {
      await mkdir(path.join(parent, name));
      await writeFile(path.join(parent, name, quotaFile), quota);
      await writeFile(path.join(parent, name, 'cgroup.procs'), procs);
    };
    const [unlimited, quota] = kind === 'v2' ? ['max 100000\n', '150000 100000\n'] : ['-1\n', '150000\n'];
    try {
      await group(`app-r1-${randomBytes(6).toString('hex')}`, quota, '');
      await group(`build-${randomBytes(6).toString('hex')}`, unlimited, '4242\n');
      await group(`other-${randomBytes(6).toString('hex')}x`, quota, '4243\n');
      expect(await appsRunning(kind, parent)).toBe(false);
      await group(`app-r2-${randomBytes(6).toString('hex')}`, quota, '4244\n');
      expect(await appsRunning(kind, parent)).toBe(true);
    } finally {
      await rm(parent, { recursive: true, force: true });
    }
  });

  it.runIf(availableParallelism() > 1)("moves a build's processes to the CPUs its group is given (a group made ahead of its build)", async () => {
    const kind = detected.kind!;
    const buildGroup = await SandboxCgroup.create(kind, `build-${randomBytes(6).toString('hex')}`, DEFAULT_LIMITS, 'batch');
    const sleeper = spawn('sleep', ['30'], { stdio: 'ignore' });
    const allowed = async () => parseCpuList(/Cpus_allowed_list:\s*(\S+)/.exec(await readFile(`/proc/${sleeper.pid}/status`, 'utf8'))![1]);
    try {
      for (const file of buildGroup.procsFiles) await writeFile(file, String(sleeper.pid));
      // Made while apps ran (another suite's, side by side) or not: all the CPUs, or all but the first.
      const all = parseCpuList(await readFile('/sys/fs/cgroup/cpuset/slipway/cpuset.effective_cpus', 'utf8').catch(() => readFile('/sys/fs/cgroup/slipway/cpuset.cpus.effective', 'utf8')));
      await buildGroup.setCpus(buildCpus(all)!);
      expect(await allowed()).not.toContain(0);
      await buildGroup.setCpus(all.join(','));
      expect(await allowed()).toEqual(all);
      expect(parseCpuList(buildGroup.cpus!)).toEqual(all);
    } finally {
      sleeper.kill('SIGKILL');
      await buildGroup.destroy();
    }
  });

  it('keeps the first CPU for apps when there are two or more', () => {
    expect(parseCpuList('0-3,6\n')).toEqual([0, 1, 2, 3, 6]);
    expect(parseCpuList('')).toEqual([]);
    expect(buildCpus([0, 1])).toBe('1');
    expect(buildCpus([0, 1, 2, 3, 6])).toBe('1,2,3,6');
    expect(buildCpus([2])).toBeNull();
    expect(buildCpus([])).toBeNull();
  });
});
