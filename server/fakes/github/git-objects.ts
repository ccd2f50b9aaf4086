import fs from 'node:fs';
import git from 'isomorphic-git';
import { invalid } from './http.js';
import { UNVERIFIED, nodeId } from './representations.js';
import type { GitHubState, Repository } from './state.js';

// The Git Data API's representations of git objects, and the tree building shared by the Git Data and Contents APIs.

const signature = (person: { name: string; email: string; timestamp: number }) => ({
  name: person.name,
  email: person.email,
  date: new Date(person.timestamp * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
});

export const commitJson = async (state: GitHubState, repo: Repository, sha: string) => {
  const { commit } = await git.readCommit({ fs, gitdir: repo.gitdir, oid: sha });
  return {
    sha,
    node_id: nodeId('C', sha),
    url: `${state.repoUrl(repo)}/git/commits/${sha}`,
    html_url: `${state.base}/${repo.owner.login}/${repo.name}/commit/${sha}`,
    author: signature(commit.author),
    committer: signature(commit.committer),
    message: commit.message.replace(/\n$/, ''),
    tree: { sha: commit.tree, url: `${state.repoUrl(repo)}/git/trees/${commit.tree}` },
    parents: commit.parent.map((parent) => ({
      sha: parent,
      url: `${state.repoUrl(repo)}/git/commits/${parent}`,
      html_url: `${state.base}/${repo.owner.login}/${repo.name}/commit/${parent}`,
    })),
    verification: UNVERIFIED,
  };
};

export const tagJson = async (state: GitHubState, repo: Repository, sha: string) => {
  const { tag } = await git.readTag({ fs, gitdir: repo.gitdir, oid: sha });
  return {
    node_id: nodeId('T', sha),
    tag: tag.tag,
    sha,
    url: `${state.repoUrl(repo)}/git/tags/${sha}`,
    message: tag.message.replace(/\n$/, ''),
    tagger: signature(tag.tagger),
    object: { type: tag.type, sha: tag.object, url: `${state.repoUrl(repo)}/git/${tag.type}s/${tag.object}` },
    verification: UNVERIFIED,
  };
};

export const refJson = async (state: GitHubState, repo: Repository, ref: string) => {
  const sha = await git.resolveRef({ fs, gitdir: repo.gitdir, ref, depth: 1 });
  const object = await state.readObject(repo, sha);
  const type = object?.type ?? 'commit';
  return {
    ref,
    node_id: nodeId('REF', `${repo.id}:${ref}`),
    url: `${state.repoUrl(repo)}/git/${ref}`,
    object: { type, sha, url: `${state.repoUrl(repo)}/git/${type}s/${sha}` },
  };
};

/** A tree leaf: a blob or a submodule. */
export interface Leaf {
  mode: string;
  type: string;
  sha: string;
}

/** All leaves of a tree (blobs and submodules) by full path, for building a new tree on a base. */
export const flatten = async (repo: Repository, treeSha: string, prefix = '', into = new Map<string, Leaf>()) => {
  const { tree } = await git.readTree({ fs, gitdir: repo.gitdir, oid: treeSha });
  for (const entry of tree) {
    const entryPath = `${prefix}${entry.path}`;
    if (entry.type === 'tree') await flatten(repo, entry.oid, `${entryPath}/`, into);
    else into.set(entryPath, { mode: entry.mode, type: entry.type, sha: entry.oid });
  }
  return into;
};

/** Writes the trees that hold these leaves, and answers the root tree's sha. */
export const writeNested = async (repo: Repository, leaves: Map<string, Leaf>): Promise<string> => {
  interface Node {
    leaves: Map<string, Leaf>;
    dirs: Map<string, Node>;
  }
  const root: Node = { leaves: new Map(), dirs: new Map() };
  for (const [leafPath, leaf] of leaves) {
    const segments = leafPath.split('/');
    let node = root;
    for (const segment of segments.slice(0, -1)) {
      if (node.leaves.has(segment)) throw invalid('tree.path contains a file and a directory with the same name', 'git/trees#create-a-tree');
      let child = node.dirs.get(segment);
      if (!child) node.dirs.set(segment, (child = { leaves: new Map(), dirs: new Map() }));
      node = child;
    }
    const last = segments[segments.length - 1];
    if (node.dirs.has(last)) throw invalid('tree.path contains a file and a directory with the same name', 'git/trees#create-a-tree');
    node.leaves.set(last, leaf);
  }
  const write = async (node: Node): Promise<string> => {
    const entries: Array<{ mode: string; path: string; oid: string; type: 'blob' | 'tree' | 'commit' }> = [];
    for (const [name, leaf] of node.leaves) entries.push({ mode: leaf.mode, path: name, oid: leaf.sha, type: leaf.type as 'blob' | 'commit' });
    for (const [name, child] of node.dirs) entries.push({ mode: '040000', path: name, oid: await write(child), type: 'tree' });
    return git.writeTree({ fs, gitdir: repo.gitdir, tree: entries });
  };
  return write(root);
};

export const treeJson = async (state: GitHubState, repo: Repository, sha: string, recursive: boolean) => {
  const entries: Array<Record<string, unknown>> = [];
  const walk = async (treeSha: string, prefix: string) => {
    const { tree } = await git.readTree({ fs, gitdir: repo.gitdir, oid: treeSha });
    for (const entry of tree) {
      const entryPath = `${prefix}${entry.path}`;
      const mode = entry.mode === '040000' ? '040000' : entry.mode;
      const item: Record<string, unknown> = { path: entryPath, mode, type: entry.type, sha: entry.oid };
      if (entry.type === 'blob') {
        const { blob } = await git.readBlob({ fs, gitdir: repo.gitdir, oid: entry.oid });
        item.size = blob.length;
        item.url = `${state.repoUrl(repo)}/git/blobs/${entry.oid}`;
      } else if (entry.type === 'tree') {
        item.url = `${state.repoUrl(repo)}/git/trees/${entry.oid}`;
      }
      entries.push(item);
      if (recursive && entry.type === 'tree') await walk(entry.oid, `${entryPath}/`);
    }
  };
  await walk(sha, '');
  return { sha, url: `${state.repoUrl(repo)}/git/trees/${sha}`, tree: entries, truncated: false };
};

/** An author, committer or tagger from a request body, with GitHub's 422s. */
export const personFrom = (value: unknown, fallback: { name: string; email: string }, documentation: string) => {
  const person = (value ?? fallback) as { name?: unknown; email?: unknown; date?: unknown };
  if (typeof person !== 'object' || typeof person.name !== 'string' || typeof person.email !== 'string') {
    throw invalid('Invalid request.\n\nFor \'properties/author\', name and email are required.', documentation);
  }
  const date = typeof person.date === 'string' ? Date.parse(person.date) : Date.now();
  if (Number.isNaN(date)) throw invalid(`Invalid request.\n\n${String(person.date)} is not a valid date-time.`, documentation);
  return { name: person.name, email: person.email, timestamp: Math.floor(date / 1000), timezoneOffset: 0 };
};

export const fullRef = (ref: string) => `refs/${ref}`;
export const checkRefName = (ref: string, documentation: string) => {
  const segments = ref.split('/');
  if (!ref.startsWith('refs/') || segments.length < 3 || segments.some((s) => s === '' || s === '.' || s === '..' || s.endsWith('.lock'))) {
    throw invalid(`Reference name must start with 'refs/' and have at least two slashes.`, documentation);
  }
};