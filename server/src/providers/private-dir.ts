import { mkdir } from 'node:fs/promises';
import path from 'node:path';

/** Creates dir (and its parents as usual) with dir itself closed to other users, so builds and apps cannot read it. */
export async function ensurePrivateDir(dir: string): Promise<void> {
  await mkdir(path.dirname(dir), { recursive: true });
  await mkdir(dir, { recursive: true, mode: 0o700 });
}
