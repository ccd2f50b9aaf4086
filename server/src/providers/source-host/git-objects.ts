import { createHash } from 'node:crypto';
import { invalidSourceFile } from '../providers.errors.js';
import type { SourceFile } from './source-host.port.js';

/**
 * Git object ids computed here, without a repository: a cloud adapter learns from them whether a branch head
 * already has the tree it is asked to commit (and which blobs the host already holds) before it writes anything.
 */

export const FILE_MODE = '100644';
export const EXECUTABLE_MODE = '100755';
export const TREE_MODE = '040000';
export const SYMLINK_MODE = '120000';

export interface TreeFile {
  path: string;
  mode: typeof FILE_MODE | typeof EXECUTABLE_MODE;
  sha: string;
  content: Buffer;
}

function objectId(type: 'blob' | 'tree', body: Buffer): string {
  return createHash('sha1').update(`${type} ${body.length}\0`).update(body).digest('hex');
}

export function blobId(content: Buffer): string {
  return objectId('blob', content);
}

/** The id of the tree holding exactly these files (paths already checked by checkSourceFiles). */
export function treeId(files: TreeFile[]): string {
  interface Node {
    files: Map<string, TreeFile>;
    dirs: Map<string, Node>;
  }
  const root: Node = { files: new Map(), dirs: new Map() };
  for (const file of files) {
    const segments = file.path.split('/');
    let node = root;
    for (const segment of segments.slice(0, -1)) {
      let child = node.dirs.get(segment);
      if (!child) node.dirs.set(segment, (child = { files: new Map(), dirs: new Map() }));
      node = child;
    }
    node.files.set(segments[segments.length - 1], file);
  }
  const hash = (node: Node): string => {
    // Git orders entries by name, a directory's name compared as if it ended with '/'.
    const entries = [
      ...[...node.files].map(([name, file]) => ({ sortKey: name, name, mode: file.mode, sha: file.sha })),
      ...[...node.dirs].map(([name, child]) => ({ sortKey: `${name}/`, name, mode: '40000', sha: hash(child) })),
    ].sort((a, b) => Buffer.compare(Buffer.from(a.sortKey), Buffer.from(b.sortKey)));
    const body = Buffer.concat(entries.flatMap((entry) => [Buffer.from(`${entry.mode} ${entry.name}\0`), Buffer.from(entry.sha, 'hex')]));
    return objectId('tree', body);
  };
  return hash(root);
}

/** Each path relative, forward slashes, no '.', '..' or '.git' segment, unique, never both a file and a directory. */
export function checkFilePaths(files: SourceFile[]): SourceFile[] {
  const seen = new Set<string>();
  for (const file of files) {
    const segments = typeof file.path === 'string' ? file.path.split('/') : [''];
    if (segments.some((segment) => segment === '' || segment === '.' || segment === '..')) {
      throw invalidSourceFile(String(file.path), 'use a relative path with forward slashes and no empty, "." or ".." parts');
    }
    if (segments.some((segment) => segment.toLowerCase() === '.git' || segment.includes('\\') || segment.includes('\0'))) {
      throw invalidSourceFile(file.path, 'no ".git" part, backslash or NUL character');
    }
    if (seen.has(file.path)) throw invalidSourceFile(file.path, 'listed twice');
    seen.add(file.path);
  }
  for (const file of files) {
    const segments = file.path.split('/');
    for (let i = 1; i < segments.length; i += 1) {
      const parent = segments.slice(0, i).join('/');
      if (seen.has(parent)) throw invalidSourceFile(parent, 'is both a file and a directory');
    }
  }
  return files;
}

/** The files as tree entries with their blob ids, once their paths are checked (checkFilePaths). */
export function checkSourceFiles(files: SourceFile[]): TreeFile[] {
  return checkFilePaths(files).map((file) => ({
    path: file.path,
    mode: file.executable ? EXECUTABLE_MODE : FILE_MODE,
    sha: blobId(file.content),
    content: file.content,
  }));
}
