import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { TOOLCHAIN_PATH, commandNotFound, hasToolchain, toolchainById } from '../toolchains.js';

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function binDir(programs: Record<string, number>): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'slipway-toolchains-'));
  dirs.push(dir);
  for (const [name, mode] of Object.entries(programs)) {
    await writeFile(path.join(dir, name), '#!/bin/sh\n');
    await chmod(path.join(dir, name), mode);
  }
  return dir;
}

describe('toolchains', () => {
  it('finds a toolchain by its main program, executable, in a directory of the search path', async () => {
    const go = toolchainById('go')!;
    const empty = await binDir({});
    const withGo = await binDir({ go: 0o755 });
    const notExecutable = await binDir({ go: 0o644 });
    const onlyGofmt = await binDir({ gofmt: 0o755 });
    expect(await hasToolchain(go, [empty])).toBe(false);
    expect(await hasToolchain(go, [empty, withGo])).toBe(true);
    expect(await hasToolchain(go, [notExecutable])).toBe(false);
    expect(await hasToolchain(go, [onlyGofmt])).toBe(false);
  });

  it('always has the Node.js that runs Slipway, which local builds and apps find first', async () => {
    expect(TOOLCHAIN_PATH[0]).toBe(path.dirname(process.execPath));
    expect(await hasToolchain(toolchainById('node')!)).toBe(true);
  });

  it('says how to install the toolchain of a build command that was not found, and only what it knows', () => {
    expect(commandNotFound('Build', 'go')).toBe(
      'Build could not start: go was not found. Go is not installed on this server: install Go on the Slipway server (Debian or Ubuntu: apt-get install golang-go; elsewhere: https://go.dev/doc/install), then retry the step',
    );
    expect(commandNotFound('Tests', 'node')).toMatch(/^Tests could not start: node was not found\. Node\.js is not installed on this server: install Node\.js .*, then retry the step$/);
    expect(commandNotFound('Build', 'no-such-tool')).toBe('Build could not start: no-such-tool was not found');
  });
});
