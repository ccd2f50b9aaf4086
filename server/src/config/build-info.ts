import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { BuildInfo } from '../common/build-info.js';

const COMMIT = /^[0-9a-f]{40}$/i;

function readText(file: string): string | null {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return null;
  }
}

/** The directory holding HEAD: `.git` itself, or the one a worktree's `.git` file points to. */
function gitDirectory(repoRoot: string): string | null {
  const dotGit = path.join(repoRoot, '.git');
  if (!existsSync(dotGit)) return null;
  if (statSync(dotGit).isDirectory()) return dotGit;
  const pointer = /^gitdir:\s*(.+)$/m.exec(readText(dotGit) ?? '');
  return pointer ? path.resolve(repoRoot, pointer[1]) : null;
}

/** HEAD's commit read from the repository's files (no git process): a detached hash, a loose ref or packed-refs. */
function gitCommit(repoRoot: string): string | null {
  const gitDir = gitDirectory(repoRoot);
  if (!gitDir) return null;
  const head = readText(path.join(gitDir, 'HEAD'));
  if (!head) return null;
  if (COMMIT.test(head)) return head;
  const ref = /^ref:\s*(\S+)$/.exec(head)?.[1];
  if (!ref) return null;
  // A worktree keeps HEAD locally but shares refs with the main repository (named in its commondir file).
  const commonDir = path.resolve(gitDir, readText(path.join(gitDir, 'commondir')) ?? '.');
  for (const dir of new Set([gitDir, commonDir])) {
    const loose = readText(path.join(dir, ref));
    if (loose && COMMIT.test(loose)) return loose;
    const packed = readText(path.join(dir, 'packed-refs'));
    const line = packed?.split('\n').find((entry) => entry.endsWith(` ${ref}`));
    const hash = line?.split(' ')[0];
    if (hash && COMMIT.test(hash)) return hash;
  }
  return null;
}

function packageVersion(repoRoot: string): string {
  try {
    const version = (JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { version?: unknown }).version;
    return typeof version === 'string' ? version : 'unknown';
  } catch {
    return 'unknown';
  }
}

/** What `version` reports; `commitOverride` (SLIPWAY_COMMIT) serves builds without a .git directory, e.g. images. */
export function readBuildInfo(repoRoot: string, commitOverride: string | undefined): BuildInfo {
  return {
    version: packageVersion(repoRoot),
    commit: commitOverride?.trim() || gitCommit(repoRoot),
    nodeVersion: process.version,
  };
}
