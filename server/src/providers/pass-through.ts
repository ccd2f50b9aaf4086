import { chmod, stat } from 'node:fs/promises';

/**
 * Lets other users pass through dir (search permission, o+x) without listing it: how the unprivileged users that
 * run builds and apps (as root) reach their own folders inside the data directory. Everything else in it must be
 * closed to other users, as the secret key, the database files, the registry and the repositories are.
 */
export async function letOthersPassThrough(dir: string): Promise<void> {
  const { mode } = await stat(dir);
  if (!(mode & 0o001)) await chmod(dir, mode | 0o001);
}
