import { randomInt } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AppRuntime } from './cluster.port.js';
import type { SandboxLimits } from '../sandbox/cgroups.js';
import { processStart } from '../../common/local-process.js';

/** A revision Slipway has started and that passed its health check. */
export interface RevisionRecord {
  revision: number;
  digest: string;
  runtime: AppRuntime;
  /** The project environment, sealed with Slipway's secret box (it may hold secrets). */
  sealedEnvironment: string;
  healthTimeoutSeconds: number;
  /** Processes of this revision that take traffic (round robin). */
  replicas: number;
  /** Folder name under releases/. */
  release: string;
  /** What each of its processes may use (the sandbox's defaults when absent). */
  limits?: SandboxLimits;
}

/** What Slipway remembers of an app across its own restarts. */
export interface AppRecord {
  name: string;
  projectId: string;
  ownerId: string;
  /** The stable URL's port: chosen once, kept for the app's whole life. */
  port: number;
  /** The app's number in this data directory (at most SLOTS apps). */
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
  /** Picks this data directory's range of app user ids (see app-files.ts), chosen at random once. */
  idBlock: number;
  apps: AppRecord[];
}

/** Blocks of app ids to choose from: two data directories on one machine rarely share one. */
const ID_BLOCKS = 100_000;

/** `<dataDir>/cluster/state.json` (0600), written whole through a temporary file and a rename. */
export class ClusterState {
  private readonly file: string;
  private readonly ownerFile: string;
  private writing: Promise<void> = Promise.resolve();
  /** Set by load(). */
  idBlock = 0;

  constructor(clusterDir: string) {
    this.file = path.join(clusterDir, 'state.json');
    this.ownerFile = path.join(clusterDir, 'owner.pid');
  }

  /**
   * Claims the cluster for this process: two processes running the same apps would fight over their ports
   * and end each other's processes. A claim whose process is gone is taken over (the owner file names its pid
   * and start, so a later process that got the same pid does not hold it). Returns the running owner that holds
   * it instead, if any.
   */
  async claim(): Promise<number | null> {
    await mkdir(path.dirname(this.file), { recursive: true, mode: 0o711 });
    const self = `${process.pid} ${processStart(process.pid) ?? '0'}`;
    for (;;) {
      try {
        await writeFile(this.ownerFile, self, { flag: 'wx', mode: 0o600 });
        return null;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const [owner, start] = (await readFile(this.ownerFile, 'utf8').catch(() => '')).split(' ');
      const pid = Number(owner);
      const running = Number.isInteger(pid) && pid > 0 && stillRuns(pid, start);
      // This very process (another cluster object of it, as tests make) shares its own claim.
      if (running && pid === process.pid) return null;
      if (running) return pid;
      await rm(this.ownerFile, { force: true });
    }
  }

  async release(): Promise<void> {
    const [owner, start] = (await readFile(this.ownerFile, 'utf8').catch(() => '')).split(' ');
    if (Number(owner) === process.pid && (start === undefined || start === (processStart(process.pid) ?? '0'))) await rm(this.ownerFile, { force: true });
  }

  async load(): Promise<AppRecord[]> {
    const text = await readFile(this.file, 'utf8').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    });
    const state = text === null ? null : (JSON.parse(text) as StateFile);
    if (state && (state.version !== 1 || !Array.isArray(state.apps))) throw new Error(`${this.file} is not a cluster state file`);
    // Files of the first version: their apps ran in block 0 with one replica.
    this.idBlock = state ? (Number.isInteger(state.idBlock) ? state.idBlock : 0) : randomInt(ID_BLOCKS);
    for (const app of state?.apps ?? []) if (app.current) app.current.replicas ??= 1;
    return state?.apps ?? [];
  }

  /** Saves the records; saves are queued, so the file always ends with the latest one. */
  save(apps: AppRecord[]): Promise<void> {
    const text = JSON.stringify({ version: 1, idBlock: this.idBlock, apps } satisfies StateFile, null, 2);
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

/** Whether the process that wrote an owner file (its pid, and its start where the file has one) still runs. */
function stillRuns(pid: number, start: string | undefined): boolean {
  const now = processStart(pid);
  return now !== null && (start === undefined || start === '0' || now === '0' || now === start);
}
