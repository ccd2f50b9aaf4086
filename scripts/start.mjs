// `npm start`: builds what is stale (scripts/build.mjs) and serves. The client's build (Vite, several seconds on
// a first start) and the server's boot (loading its code, a new embedded PostgreSQL cluster, migrations, the job
// queue, the GraphQL schema) do not need each other, so they run side by side: the client's build starts at once,
// the server starts as soon as it and the domain package are built (esbuild, well under a second), and it opens
// its port only once this script tells it the client is built (SLIPWAY_AWAIT_CLIENT_BUILD, over the IPC
// channel: server/src/http/client-build.ts). Until then nothing answers, /api/health included; a failed client
// build stops the server.
// Signals reach the server as they would without this script, which exits with the server's exit code.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { PARTS, build } from './build.mjs';
import { SERVER_NODE_FLAGS } from './server-node-flags.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');

function fail(error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

const client = PARTS.find((part) => part.workspace === 'client');
const others = PARTS.filter((part) => part !== client);
// The client's build starts at once: it is the longest part of a first start.
const clientBuild = client
  ? build(client, true).then(
      () => 'client-built',
      (error) => {
        // The server then stops the way it stops on any failed boot (its database included), and exits non-zero.
        console.error(error instanceof Error ? error.message : error);
        return 'client-failed';
      },
    )
  : undefined;
try {
  await Promise.all(others.map((part) => build(part, true)));
} catch (error) {
  fail(error);
}

const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(ROOT, 'server', 'dist', 'main.js')], {
  cwd: ROOT,
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  env: clientBuild ? { ...process.env, SLIPWAY_AWAIT_CLIENT_BUILD: '1' } : process.env,
});
// Ctrl-C and SIGTERM reach the server from the terminal or the process group; one sent to this script alone is
// passed on. Either way this script stays until the server has stopped, and exits as it did.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (server.exitCode === null && server.signalCode === null) server.kill(signal);
  });
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
server.on('error', fail);

if (clientBuild) {
  // The server asks once it listens ('await-client'); the answer goes when both the question and the build are in.
  let asked = false;
  let outcome;
  const answer = () => {
    if (asked && outcome && server.connected) server.send(outcome);
  };
  server.on('message', (message) => {
    if (message !== 'await-client') return;
    asked = true;
    answer();
  });
  outcome = await clientBuild;
  answer();
}
