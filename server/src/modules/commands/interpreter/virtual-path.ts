/**
 * Paths in the console's virtual tree of the user's own data:
 *   /                      projects/, settings/
 *   /projects              one directory per project
 *   /projects/<name>       read-only entries (PROJECT_ENTRIES)
 *   /settings              one entry per settings key: configured or not, never the value
 * This file only normalises paths; what exists is decided by the interpreter from the user's data.
 */
export const ROOT = '/';

export const PROJECT_ENTRIES = ['description', 'status', 'tags', 'repository_url', 'created_at', 'updated_at'] as const;
export type ProjectEntry = (typeof PROJECT_ENTRIES)[number];

/** The segments of `target` resolved against the directory `cwd`: handles /, ~, . and .. (never above /). */
export function resolveSegments(cwd: string, target: string): string[] {
  let path = target;
  let base = cwd;
  if (path === '~' || path.startsWith('~/')) {
    base = ROOT;
    path = path.slice(1);
  }
  const segments = path.startsWith('/') ? [] : splitPath(base);
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') segments.pop();
    else segments.push(part);
  }
  return segments;
}

export function splitPath(path: string): string[] {
  return path.split('/').filter((part) => part !== '' && part !== '.');
}

export function joinPath(segments: readonly string[]): string {
  return `/${segments.join('/')}`;
}
