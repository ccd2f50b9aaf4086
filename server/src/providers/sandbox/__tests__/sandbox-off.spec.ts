import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitingForRelease } from './held-command.js';

// This file's own module state (sandboxSupport is found out once per process): the sandbox turned off, as
// bench:isolation's baseline runs it and as a machine without bubblewrap or root would.
process.env.SLIPWAY_SANDBOX = 'off';
process.env.SLIPWAY_ALLOW_UNSANDBOXED = 'true';
const { SandboxRun } = await import('../sandbox.js');

describe('a held command without the sandbox', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'slipway-sandbox-off-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('waits for release like a sandboxed one, then runs what its folder holds by then', async () => {
    const held = await SandboxRun.start(
      {
        name: 'test',
        owner: { dataDir: dir, ownerId: 'ada' },
        user: null,
        argv: [process.execPath, 'late.js'],
        env: () => ({ PATH: '/usr/bin:/bin' }),
        work: dir,
        home: dir,
        tmp: dir,
        network: 'none',
        priority: 'batch',
      },
      { held: true },
    );
    let output = '';
    held.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    // Still the waiting wrapper, in a read of its stdin.
    await expect.poll(() => waitingForRelease(held.pid, 0), { timeout: 5000 }).toBe(held.pid);
    await writeFile(path.join(dir, 'late.js'), "console.log('written after the command was started')");
    held.release();
    expect(await held.exited).toMatchObject({ code: 0, limit: null });
    expect(output.trim()).toBe('written after the command was started');
  });
});
