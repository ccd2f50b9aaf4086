import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { freePort } from '../../src/common/free-port.js';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TOOLCHAIN_PATH } from '../../src/providers/builder/toolchains.js';
import { eventually } from './project-runs.js';
import { TEST_SECRET_KEY, apiClient, createTestDatabase, type TestApp } from './test-app.js';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The folder that holds the `go` that local builds would find, to hide it; null when Go is not installed at all. A
 * `go` straight in a system folder (/usr/bin) cannot be hidden without hiding everything else there.
 */
function goFolder(): string | null {
  const found = TOOLCHAIN_PATH.map((dir) => path.join(dir, 'go')).find((file) => existsSync(file));
  if (!found) return null;
  const folder = path.dirname(realpathSync(found));
  if (TOOLCHAIN_PATH.includes(folder)) throw new Error(`go is installed straight into ${folder}: a test cannot hide it without hiding the rest of ${folder}`);
  return folder;
}

export type ServerWithoutGo = Pick<TestApp, 'url' | 'api' | 'graphql' | 'stop'>;

/**
 * A whole Slipway (src/main.ts, API and workers) as a process on a machine without Go: bubblewrap gives it a mount
 * namespace where the folder of Go's programs is an empty tmpfs, so neither Slipway's checks nor its builds find
 * Go, as on a server where it was never installed. Its own database and data directory.
 */
export async function startServerWithoutGo(): Promise<ServerWithoutGo> {
  const database = await createTestDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'slipway-no-go-'));
  // Builds run as nobody when the tests run as root: the data directory must let others pass through.
  chmodSync(dataDir, 0o711);
  const port = await freePort();
  const hidden = goFolder();
  const child: ChildProcess = spawn(
    'bwrap',
    ['--dev-bind', '/', '/', ...(hidden ? ['--tmpfs', hidden] : []), process.execPath, '--conditions=source', '--import', 'tsx', 'src/main.ts'],
    {
      cwd: SERVER_DIR,
      // Its own process group: bwrap passes no signal on, so the stop signals the group (Slipway itself included).
      detached: true,
      env: {
        PATH: process.env.PATH,
        SLIPWAY_APP_PORTS: process.env.SLIPWAY_APP_PORTS,
        DATABASE_URL: database.url,
        SLIPWAY_DATA_DIR: dataDir,
        SLIPWAY_SECRET_KEY: TEST_SECRET_KEY,
        PORT: String(port),
        HOST: '127.0.0.1',
        REGISTRATION_LIMIT: '1000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  const groupAlive = () => {
    try {
      process.kill(-child.pid!, 0);
      return true;
    } catch {
      return false;
    }
  };
  const stop = async () => {
    if (groupAlive()) process.kill(-child.pid!, 'SIGTERM');
    await eventually(async () => !groupAlive(), 30_000).catch(() => groupAlive() && process.kill(-child.pid!, 'SIGKILL'));
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await eventually(async () => {
      if (child.exitCode !== null) throw new Error(`the server without Go exited: ${output}`);
      return (await fetch(`${url}/api/health`).catch(() => null))?.ok === true;
    }, 60_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, ...apiClient(url), stop };
}
