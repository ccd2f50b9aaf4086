import { chmod, chown, mkdir, rename, rm } from 'node:fs/promises';
import { letOthersPassThrough } from '../pass-through.js';
import path from 'node:path';
import { extract } from 'tar';
import { sandboxSupport } from '../sandbox/sandbox.js';
import { projectUser, type SandboxUser } from '../sandbox/sandbox-users.js';

/** The OS identity an app runs as (only when Slipway runs as root; otherwise apps run as Slipway's user). */
export type AppUser = SandboxUser;

/** Entry types an artifact may hold: no device files, FIFOs or hard links. */
const ENTRY_TYPES = new Set(['File', 'OldFile', 'ContiguousFile', 'Directory', 'SymbolicLink']);

/** The identity of the project's apps (its builds' too, see sandbox-users.ts), or null when Slipway does not run as root. */
export async function appUser(dataDir: string, projectId: string): Promise<AppUser | null> {
  if (process.getuid?.() !== 0) return null;
  return projectUser(dataDir, projectId);
}

/** A directory with exactly this mode and owner (root:group when the app may only pass through it). */
async function ensureDir(dir: string, mode: number, owner?: { uid: number; gid: number }): Promise<void> {
  await mkdir(dir, { recursive: true, mode });
  await chmod(dir, mode);
  if (owner) await chown(dir, owner.uid, owner.gid);
}

export interface AppPaths {
  /** `<cluster>/<name>`: root-owned; the app's group may pass through, not list. */
  dir: string;
  releases: string;
  /** The app's HOME, its own. */
  home: string;
  /** The app's output (Slipway's file, closed to the app). */
  log: string;
}

export function appPaths(clusterDir: string, name: string): AppPaths {
  const dir = path.join(clusterDir, name);
  return { dir, releases: path.join(dir, 'releases'), home: path.join(dir, 'home'), log: path.join(dir, 'app.log') };
}

/**
 * The cluster directory and the app's folders. As root, the app's user must pass through the data directory:
 * it gets search permission (x) only, as the embedded PostgreSQL's user does, so it can reach its own folder
 * but not list the data directory. Everything else in the data directory must be closed to other users (the
 * secret key and database files are; the registry, source host and builder make their folders private).
 */
export async function prepareAppDirs(dataDir: string, clusterDir: string, paths: AppPaths, user: AppUser | null): Promise<void> {
  await ensureDir(clusterDir, 0o711);
  // In the sandbox the app's folders are mounted for it; without it, its user reaches them through the data directory.
  if (user && !(await sandboxSupport()).sandbox) await letOthersPassThrough(dataDir);
  const group = user ? { uid: 0, gid: user.gid } : undefined;
  await ensureDir(paths.dir, 0o710, group);
  await ensureDir(paths.releases, 0o710, group);
  await ensureDir(paths.home, 0o700, user ?? undefined);
}

/**
 * Extracts an artifact (tar.gz of the app's tree) as release `release` of the app: first into a staging folder
 * only Slipway can reach (owned by the app's user from the start, so no later chown can be raced), then moved
 * into place. Absolute paths and `..` are refused by tar; device files and hard links are skipped.
 */
export async function extractRelease(clusterDir: string, paths: AppPaths, release: string, artifactFile: string, user: AppUser | null): Promise<string> {
  const staging = path.join(clusterDir, '.staging', `${path.basename(paths.dir)}-${release}`);
  const target = path.join(paths.releases, release);
  await ensureDir(path.dirname(staging), 0o700);
  await rm(staging, { recursive: true, force: true });
  await ensureDir(staging, 0o700, user ?? undefined);
  try {
    await extract({
      file: artifactFile,
      cwd: staging,
      strict: true,
      ...(user ? { uid: user.uid, gid: user.gid } : { preserveOwner: false }),
      filter: (_entryPath, entry) => !('type' in entry) || ENTRY_TYPES.has(entry.type),
    });
    await rm(target, { recursive: true, force: true });
    await rename(staging, target);
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  return target;
}
