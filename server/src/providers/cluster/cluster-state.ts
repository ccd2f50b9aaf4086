import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AppRuntime } from './cluster.port.js';
import { isRunning } from './processes.js';

/** A revision Slipway has started and that passed its health check. */
export interface RevisionRecord {
  revision: number;
  digest: string;
  runtime: AppRuntime;
  /** The project environment, sealed with Slipway's secret box (it may hold secrets). */
  sealedEnvironment: string;
  healthTimeoutSeconds: number;
  /** Folder name under releases/. */
  release: string;
}

/** What Slipway remembers of an app across its own restarts. */
export interface AppRecord {
  name: string;
  projectId: string;
  ownerId: string;
  /** The stable URL's port: chosen once, kept for the app's whole life. */
  port: number;
  /** Picks the app's OS identity when Slipway runs as root (see app-files.ts). */
  slot: number;
  /** The last revision number handed out (failed attempts count too). */
  lastRevision: number;
  /** The revision that serves traffic; null until a first revision passed its health check. */
  current: RevisionRecord | null;
  /** Process ids Slipway started and has not seen exit: a restarted Slipway ends these before starting anew. */
  pids: number[];
}

interface StateFile {
  version: 1;
  apps: AppRecord[];
}

/** `<dataDir>/cluster/state.json` (0600), written whole through a temporary file and a rename. */
export class ClusterState {
  private readonly file: string;
  private readonly ownerFile: string;
  private writing: Promise<void> = Promise.resolve();

  constructor(clusterDir: string) {
    this.file = path.join(clusterDir, 'state.json');
    this.ownerFile = path.join(clusterDir, 'owner.pid');
  }

  /**
   * Claims the cluster for this process: two processes running the same apps would fight over their ports
   * and end each other's processes. A claim whose process is gone is taken over. Returns the running owner
   * that holds it instead, if any.
   */
  async claim(): Promise<number | null> {
    await mkdir(path.dirname(this.file), { recursive: true, mode: 0o711 });
    for (;;) {
      try {
        await writeFile(this.ownerFile, String(process.pid), { flag: 'wx', mode: 0o600 });
        return null;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const owner = Number(await readFile(this.ownerFile, 'utf8').catch(() => ''));
      if (owner === process.pid) return null;
      if (Number.isInteger(owner) && owner > 0 && (await isRunning(owner))) return owner;
      await rm(this.ownerFile, { force: true });
    }
  }

  async release(): Promise<void> {
    const owner = Number(await readFile(this.ownerFile, 'utf8').catch(() => ''));
    if (owner === process.pid) await rm(this.ownerFile, { force: true });
  }

  async load(): Promise<AppRecord[]> {
    const text = await readFile(this.file, 'utf8').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    });
    if (text === null) return [];
    const state = JSON.parse(text) as StateFile;
    if (state.version !== 1 || !Array.isArray(state.apps)) throw new Error(`${this.file} is not a cluster state file`);
    return state.apps;
  }

  /** Saves the records; saves are queued, so the file always ends with the latest one. */
  save(apps: AppRecord[]): Promise<void> {
    const text = JSON.stringify({ version: 1, apps } satisfies StateFile, null, 2);
    const write = async () => {
      await mkdir(path.dirname(this.file), { recursive: true, mode: 0o711 });
      const temp = `${this.file}.tmp`;
      await writeFile(temp, text, { mode: 0o600 });
      await rename(temp, this.file);
    };
    this.writing = this.writing.then(write, write);
    return this.writing;
  }
}
