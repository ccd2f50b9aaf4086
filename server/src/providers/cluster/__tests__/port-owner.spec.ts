import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foreignListener } from '../port-owner.js';

/** Whose a port is, read from the kernel's socket tables (Linux /proc/net/tcp{,6}) with real sockets and processes. */
let server: Server;
let port: number;
const uid = process.getuid!();

beforeAll(async () => {
  server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  port = (server.address() as { port: number }).port;
});

afterAll(() => {
  server.close();
});

describe('foreignListener', () => {
  it('accepts a port whose socket is its claimant’s: its user id, and its process when asked', async () => {
    expect(await foreignListener(port, { uid })).toBeNull();
    expect(await foreignListener(port, { uid, pid: process.pid })).toBeNull();
  });

  it('refuses a port held by another user id, naming it', async () => {
    expect(await foreignListener(port, { uid: uid + 1 })).toBe(`port ${port} is held by another program (uid ${uid}), not by the revision`);
  });

  it('refuses a port held by another process of the same user when the claimant is a process', async () => {
    const other = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    try {
      expect(await foreignListener(port, { uid, pid: other.pid! })).toBe(`port ${port} is held by another program of the same user, not by the revision`);
    } finally {
      other.kill('SIGKILL');
    }
  });

  it('refuses a port nobody listens on', async () => {
    const closed = createServer().listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const free = (closed.address() as { port: number }).port;
    await new Promise((resolve) => closed.close(resolve));
    expect(await foreignListener(free, { uid })).toBe(`nothing listens on 127.0.0.1:${free}`);
  });
});
