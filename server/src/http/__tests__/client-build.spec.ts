import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SERVER = path.resolve(import.meta.dirname, '..', '..', '..');
const FIXTURE = path.join(import.meta.dirname, 'await-client-build.fixture.ts');

/** The fixture in its own process, with an IPC channel as scripts/start.mjs gives the server (or without). */
function boot(ipc = true): { child: ChildProcess; asked: Promise<void>; ended: Promise<{ output: string; code: number | null }> } {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', FIXTURE], {
    cwd: SERVER,
    stdio: ['ignore', 'pipe', 'inherit', ...(ipc ? (['ipc'] as const) : [])],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  const asked = new Promise<void>((resolve) => child.on('message', (message) => message === 'await-client' && resolve()));
  // It must end by itself: once the wait is over, the channel keeps nobody alive. ('close' does not come when this
  // side closed the channel: the exit and the end of the output do.)
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const drained = new Promise((resolve) => child.stdout!.once('end', resolve));
  const ended = Promise.all([exited, drained]).then(([code]) => ({ output: output.trim(), code }));
  return { child, asked, ended };
}

describe('watchClientBuild (npm start boots the server while the client builds)', () => {
  it('asks over the IPC channel, waits, and resolves on "client-built"', async () => {
    const { child, asked, ended } = boot();
    await asked;
    // Nothing settles before the answer: another message leaves it waiting, as the fixture says.
    const answer = new Promise((resolve) => {
      child.on('message', (message) => message !== 'await-client' && resolve(message));
      child.once('exit', () => resolve('exited'));
    });
    child.send('state?');
    expect(await answer).toBe('waiting');
    expect(child.exitCode).toBeNull();
    child.send('client-built');
    expect(await ended).toEqual({ output: 'built', code: 0 });
  });

  it('rejects on "client-failed"', async () => {
    const { child, asked, ended } = boot();
    await asked;
    child.send('client-failed');
    expect(await ended).toEqual({ output: 'rejected: the client build failed', code: 0 });
  });

  it('rejects when the channel closes without an answer (npm start stopped)', async () => {
    const { child, asked, ended } = boot();
    await asked;
    child.disconnect();
    expect(await ended).toEqual({ output: 'rejected: npm start stopped before the client was built', code: 0 });
  });

  it('rejects on SIGTERM while waiting (the boot then stops what it started)', async () => {
    const { child, asked, ended } = boot();
    await asked;
    child.kill('SIGTERM');
    expect(await ended).toEqual({ output: 'rejected: stopped (SIGTERM) while the client was building', code: 0 });
  });

  it('does not wait without an IPC channel (npm run serve, tests)', async () => {
    const { ended } = boot(false);
    expect(await ended).toEqual({ output: 'built', code: 0 });
  });
});
