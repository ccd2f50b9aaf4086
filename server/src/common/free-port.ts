import { createServer } from 'node:net';

/** A loopback port free right now (the OS picks it): for an app's revision, an embedded PostgreSQL, a test's server. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
