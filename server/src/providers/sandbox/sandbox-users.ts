import { randomInt } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** The OS identity a project's builds and apps run as (only when Slipway runs as root). */
export interface SandboxUser {
  uid: number;
  gid: number;
}

/**
 * Each project gets its own user and group id, the same for its builds and its apps, kept for the life of the data
 * directory: SANDBOX_ID_BASE + the data directory's id block * IDS_PER_BLOCK + the project's number. These ids need
 * no /etc/passwd entry; the high base keeps them apart from real accounts, and the random block keeps two data
 * directories on one machine apart. The numbers are handed out with exclusive file creation, so any number of
 * Slipway processes sharing the data directory agree on them:
 *
 *     <dataDir>/sandbox/            0700
 *       block                      the data directory's id block
 *       ids/<n>                    taken by the project id written in it
 *       projects/<projectId>       the project's n
 */
export const SANDBOX_ID_BASE = 1_600_000_000;
const IDS_PER_BLOCK = 100_000;
const ID_BLOCKS = 900;

const UUIDISH = /^[A-Za-z0-9-]{1,64}$/;

async function createExclusive(file: string, text: string): Promise<boolean> {
  try {
    await writeFile(file, text, { flag: 'wx', mode: 0o600 });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

async function idBlock(dir: string): Promise<number> {
  const file = path.join(dir, 'block');
  await createExclusive(file, String(randomInt(ID_BLOCKS)));
  for (let attempt = 0; attempt < 50; attempt++) {
    const block = Number((await readFile(file, 'utf8')).trim());
    if (Number.isInteger(block) && block >= 0 && block < ID_BLOCKS) return block;
    // Being written by another process this very moment.
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`${file} does not hold an id block`);
}

async function readNumber(file: string): Promise<number | null> {
  const text = await readFile(file, 'utf8').catch(() => null);
  const value = text === null || text.trim() === '' ? NaN : Number(text.trim());
  return Number.isInteger(value) && value >= 0 ? value : null;
}

/** The project's own user and group id in this data directory, handed out on first use and kept from then on. */
export async function projectUser(dataDir: string, projectId: string): Promise<SandboxUser> {
  if (!UUIDISH.test(projectId)) throw new Error(`Not a project id: ${JSON.stringify(projectId)}`);
  const dir = path.join(dataDir, 'sandbox');
  await mkdir(path.join(dir, 'ids'), { recursive: true, mode: 0o700 });
  await mkdir(path.join(dir, 'projects'), { recursive: true, mode: 0o700 });
  const block = await idBlock(dir);
  const toUser = (n: number): SandboxUser => ({ uid: SANDBOX_ID_BASE + block * IDS_PER_BLOCK + n, gid: SANDBOX_ID_BASE + block * IDS_PER_BLOCK + n });
  const projectFile = path.join(dir, 'projects', projectId);
  const known = await readNumber(projectFile);
  if (known !== null) return toUser(known);
  for (let n = 0; n < IDS_PER_BLOCK; n++) {
    if (!(await createExclusive(path.join(dir, 'ids', String(n)), projectId))) continue;
    if (await createExclusive(projectFile, String(n))) return toUser(n);
    // Another process gave the project its number meanwhile: that one stands.
    await rm(path.join(dir, 'ids', String(n)), { force: true });
    for (let attempt = 0; attempt < 50; attempt++) {
      const theirs = await readNumber(projectFile);
      if (theirs !== null) return toUser(theirs);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    break;
  }
  throw new Error('No sandbox user id left in this data directory');
}
