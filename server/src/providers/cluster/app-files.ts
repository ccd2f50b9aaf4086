import { chmod, chown, mkdir, readFile, rename, rm } from 'node:fs/promises';
import { letOthersPassThrough } from '../pass-through.js';
import path from 'node:path';
import { extract } from 'tar';

/** The OS identity an app runs as (only when Slipway runs as root; otherwise apps run as Slipway's user). */
export interface AppUser {
  uid: number;
  gid: number;
}

/**
 * As root, each app gets its own user and group id: APP_ID_BASE + the data directory's id block * SLOTS + the
 * app's slot. These ids need no /etc/passwd entry; a high base keeps them apart from real accounts, so one app
 * cannot read another's files, the data directory's secret key or the database files (all closed to other
 * users), and `remove` can end every process the app left behind. The random id block keeps two data
 * directories on one machine apart. Where the user namespace does not map these ids, apps share `nobody`.
 */
const APP_ID_BASE = 1_600_000_000;
/** Apps per data directory. */
export const SLOTS = 1000;
const NOBODY = 65_534;

/** Entry types an artifact may hold: no device files, FIFOs or hard links. */
const ENTRY_TYPES = new Set(['File', 'OldFile', 'ContiguousFile', 'Directory', 'SymbolicLink']);

async function mappedIdRanges(file: string): Promise<Array<[number, number]>> {
  const text = await readFile(file, 'utf8').catch(() => '0 0 4294967295');
  return text
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number))
    .map(([inside, , count]) => [inside, inside + count - 1] as [number, number]);
}

/** The identity of the app in `slot` of the data directory's `idBlock`, or null when Slipway does not run as root. */
export async function appUser(idBlock: number, slot: number): Promise<AppUser | null> {
  if (process.getuid?.() !== 0) return null;
  const id = APP_ID_BASE + idBlock * SLOTS + slot;
  const mapped = async (file: string) => (await mappedIdRanges(file)).some(([from, to]) => id >= from && id <= to);
  if ((await mapped('/proc/self/uid_map')) && (await mapped('/proc/self/gid_map'))) return { uid: id, gid: id };
  return { uid: NOBODY, gid: NOBODY };
}

/** Whether this identity belongs to one app only (not the shared `nobody`), so its processes are all the app's. */
export function isDedicated(user: AppUser | null): user is AppUser {
  return user !== null && user.uid !== NOBODY;
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
  if (user) await letOthersPassThrough(dataDir);
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
