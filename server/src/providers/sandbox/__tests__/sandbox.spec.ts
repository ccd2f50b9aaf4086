import { randomUUID } from 'node:crypto';
import { chown, mkdir, mkdtemp, readdir, readFile, readlink, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropSpare, refuseUnsandboxedNeighbours, SandboxRun, type SandboxSpec, sandboxSupport } from '../sandbox.js';
import { projectUser, type SandboxUser } from '../sandbox-users.js';
import { waitingForRelease } from './held-command.js';
import { processesOf } from '../../cluster/processes.js';

const found = await sandboxSupport();


describe('project users', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'slipway-sandbox-users-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('gives each project its own user id, the same every time, even when asked for at once', async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    const first = await Promise.all([projectUser(dataDir, a), projectUser(dataDir, a), projectUser(dataDir, b), projectUser(dataDir, b)]);
    expect(first[0]).toEqual(first[1]);
    expect(first[2]).toEqual(first[3]);
    expect(first[0].uid).not.toBe(first[2].uid);
    expect(first[0].uid).toBeGreaterThanOrEqual(1_600_000_000);
    expect(await projectUser(dataDir, a)).toEqual(first[0]);
  });

  it('refuses a value that is not a project id', async () => {
    await expect(projectUser(dataDir, '../secret')).rejects.toThrow('Not a project id');
  });
});

describe('without a sandbox', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'slipway-sandbox-policy-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));
  const none = { sandbox: false, reason: 'bubblewrap (bwrap) is not installed', cgroups: null, limitsReason: 'not root' };

  it("runs one user's code only, unless the admin allows sharing the machine", async () => {
    const [ada, bob] = [randomUUID(), randomUUID()];
    await refuseUnsandboxedNeighbours(none, { dataDir, ownerId: ada });
    await refuseUnsandboxedNeighbours(none, { dataDir, ownerId: ada });
    await expect(refuseUnsandboxedNeighbours(none, { dataDir, ownerId: bob })).rejects.toThrow(
      "This server cannot sandbox builds and apps (bubblewrap (bwrap) is not installed) and already runs another user's code; an administrator can allow users to share it unsandboxed with SLIPWAY_ALLOW_UNSANDBOXED=true",
    );
    process.env.SLIPWAY_ALLOW_UNSANDBOXED = 'true';
    try {
      await refuseUnsandboxedNeighbours(none, { dataDir, ownerId: bob });
    } finally {
      delete process.env.SLIPWAY_ALLOW_UNSANDBOXED;
    }
    // With a sandbox, owners share the machine.
    await refuseUnsandboxedNeighbours({ ...none, sandbox: true, reason: null }, { dataDir, ownerId: bob });
  });
});

describe.runIf(found.sandbox)('the sandbox', () => {
  let dataDir: string;
  let work: string;
  let home: string;
  let projectId: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'slipway-sandbox-'));
    projectId = randomUUID();
    work = path.join(dataDir, 'work');
    home = path.join(dataDir, 'home');
    await mkdir(work);
    await mkdir(home);
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  /** A build's spec for argv in the test's folders, as the project's user (who owns them). */
  async function specOf(argv: string[], extra: Partial<SandboxSpec> = {}): Promise<SandboxSpec & { user: SandboxUser }> {
    const user = await projectUser(dataDir, projectId);
    await chown(work, user.uid, user.gid);
    await chown(home, user.uid, user.gid);
    return {
      name: 'test',
      owner: { dataDir, ownerId: 'ada' },
      argv,
      env: (dirs) => ({ PATH: '/usr/bin:/bin', HOME: dirs.home }),
      work,
      home,
      tmp: home,
      network: 'none',
      priority: 'batch',
      ...extra,
      user,
    };
  }

  async function run(script: string, extra: Partial<SandboxSpec> = {}) {
    const spec = await specOf([process.execPath, '-e', script], extra);
    const { user } = spec;
    const sandbox = await SandboxRun.start(spec);
    let output = '';
    sandbox.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    sandbox.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exit = await sandbox.exited;
    return { exit, output, user };
  }

  it("sees only its own processes, its own folders, and not the data directory's names", async () => {
    const { exit, output } = await run(`
      const fs = require('node:fs');
      console.log(JSON.stringify({
        pids: fs.readdirSync('/proc').filter((entry) => /^\\d+$/.test(entry)).length,
        root: fs.readdirSync('/').sort(),
        data: fs.existsSync(${JSON.stringify(dataDir)}),
        uid: process.getuid(),
        cwd: process.cwd(),
      }));
    `);
    expect(exit, output).toMatchObject({ code: 0, limit: null });
    const seen = JSON.parse(output) as { pids: number; root: string[]; data: boolean; uid: number; cwd: string };
    expect(seen.pids).toBeLessThanOrEqual(3);
    expect(seen.data).toBe(false);
    expect(seen.cwd).toBe('/app');
    expect(seen.root).not.toContain(path.basename(dataDir));
    expect(seen.uid).toBe((await projectUser(dataDir, projectId)).uid);
  });

  it('kills a detached process in a new session when the command ends: the project user runs nothing after', async () => {
    const { exit, user } = await run(`
      const { spawn } = require('node:child_process');
      spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { detached: true, stdio: 'ignore' }).unref();
    `);
    expect(exit.code).toBe(0);
    await expect.poll(() => processesOf(user.uid), { timeout: 3000 }).toEqual([]);
  });

  it("runs a build at the lowest CPU priority (nice 19) and an app at the usual one, so a build yields to apps", async () => {
    // The 19th field of /proc/self/stat (after the command's name in parentheses) is the process's nice value.
    const nice = "console.log(require('node:fs').readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ')[16])";
    const build = await run(nice);
    expect(build.exit, build.output).toMatchObject({ code: 0 });
    expect(build.output.trim()).toBe('19');
    const app = await run(nice, { priority: 'serving', network: 'host' });
    expect(app.output.trim()).toBe('0');
  });

  it.runIf(found.cgroups && availableParallelism() > 1)('keeps a build off the first CPU while an app runs, even when it asks for that CPU', async () => {
    const app = await SandboxRun.start(await specOf(['/bin/sleep', '30'], { priority: 'serving', network: 'host' }));
    try {
      // Running: its command started (in its cgroup, below bubblewrap, as the project's user).
      await expect.poll(() => app.codePid(), { timeout: 5000 }).toBeDefined();
      // Cpus_allowed_list is the CPUs the process may run on; taskset then asks for the first one.
      const { exit, output } = await run(`
        const { spawnSync } = require('node:child_process');
        const allowed = /Cpus_allowed_list:\\s*(\\S+)/.exec(require('node:fs').readFileSync('/proc/self/status', 'utf8'))[1];
        const asked = spawnSync('/usr/bin/taskset', ['-c', '0', '/bin/true']);
        console.log(JSON.stringify({ allowed, asked: asked.status }));
      `);
      expect(exit, output).toMatchObject({ code: 0 });
      const seen = JSON.parse(output) as { allowed: string; asked: number };
      expect(seen.allowed.split(/[,-]/).map(Number)).not.toContain(0);
      expect(seen.asked).not.toBe(0);
    } finally {
      await app.kill();
    }
  });

  it.runIf(found.cgroups)('holds a command until released: it runs what its folder holds by then, or ends as not found', async () => {
    const held = await SandboxRun.start(await specOf([process.execPath, 'late.js']), { held: true });
    let output = '';
    held.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    // It waits already in its cgroup and its own namespaces, in bubblewrap's read of its release pipe (fd 3).
    await expect.poll(() => waitingForRelease(held.pid, 3), { timeout: 5000 }).not.toBeNull();
    const waiting = (await waitingForRelease(held.pid, 3))!;
    expect(await readlink(`/proc/${waiting}/ns/pid`)).not.toBe(await readlink('/proc/self/ns/pid'));
    expect(await readFile(`/proc/${waiting}/cgroup`, 'utf8')).toMatch(/:memory:\/slipway\/test-[0-9a-f]{12}$|^0::\/slipway\/test-[0-9a-f]{12}$/m);
    // Written after the sandbox was made: the command sees it once released.
    await writeFile(path.join(work, 'late.js'), "console.log('written after the sandbox was made')");
    held.release();
    expect(await held.exited).toMatchObject({ code: 0, limit: null });
    expect(output.trim()).toBe('written after the sandbox was made');

    const missing = await SandboxRun.start(await specOf(['./not-there.sh']), { held: true });
    missing.release();
    expect((await missing.exited).error?.code).toBe('ENOENT');
  });

  it.runIf(found.cgroups)('makes the next held sandbox ahead, once one has ended, and gives it its command word for word', async () => {
    const first = await SandboxRun.start(await specOf(['/bin/true']), { held: true });
    first.release();
    expect(await first.exited).toMatchObject({ code: 0 });
    await sleep(1000);
    // Seconds since boot, as /proc/<pid>/stat counts a process's start (field 22, in clock ticks: 100 per second).
    const uptime = async () => Number((await readFile('/proc/uptime', 'utf8')).split(' ')[0]);
    const startedAt = async (pid: number) => Number((await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1].split(' ')[19]) / 100;
    const asked = await uptime();
    const words = ["it's", 'a b', 'two\nlines', '$HOME `id` $(id)', '"quoted"', ''];
    const next = await SandboxRun.start(await specOf([process.execPath, '-e', 'console.log(JSON.stringify(process.argv.slice(1)))', ...words]), { held: true });
    // Its process (the one that entered its cgroup) was there before it was asked for.
    expect(await startedAt(next.pid!)).toBeLessThan(asked);
    let output = '';
    next.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    next.release();
    expect(await next.exited).toMatchObject({ code: 0, limit: null });
    expect(JSON.parse(output)).toEqual(words);

    // Slipway's clean stop ends the spare made after it, and removes its group.
    const parent = found.cgroups === 'v2' ? '/sys/fs/cgroup/slipway' : '/sys/fs/cgroup/memory/slipway';
    const spareGroups = async () => (await readdir(parent)).filter((name) => /^test-[0-9a-f]{12}$/.test(name));
    await expect.poll(spareGroups, { timeout: 5000 }).toHaveLength(1);
    await dropSpare();
    expect(await spareGroups()).toEqual([]);
  });

  it.runIf(found.cgroups)('stops a fork bomb at its process limit, and says so', async () => {
    const { exit } = await run(
      `
      const { spawn } = require('node:child_process');
      for (let i = 0; i < 200; i++) { try { spawn('/bin/sleep', ['30'], { stdio: 'ignore' }); } catch {} }
      setInterval(() => {}, 1000);
    `,
      { limits: { memoryMb: 256, processes: 32, cpuPercent: 100, diskMb: 64 } },
    );
    expect(exit.limit).toBe('too many processes: limit 32');
  });

  it('stops a disk flood at its disk limit, and says so', async () => {
    const { exit } = await run(
      `
      const fs = require('node:fs');
      const chunk = Buffer.alloc(1024 * 1024, 1);
      for (let i = 0; ; i++) { try { fs.writeFileSync('/home/app/flood-' + (i % 40), chunk); } catch (error) { } }
    `,
      { limits: { memoryMb: 256, processes: 64, cpuPercent: 100, diskMb: 20 } },
    );
    expect(exit.limit).toBe('disk limit reached: limit 20 MB written');
  });
});
