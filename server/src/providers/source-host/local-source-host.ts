import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { chmod, mkdir, readFile, rename, rm, stat, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import git from 'isomorphic-git';
import { ENVIRONMENT_VARIABLE_NAME } from '@slipway/domain';
import type { SecretBox } from '../../common/secret-box.js';
import { safeSegment } from '../names.js';
import { ensurePrivateDir } from '../private-dir.js';
import { commitNotFound, invalidProviderName, invalidSourceFile, repositoryNotFound, tagConflict } from '../providers.errors.js';
import { SerialQueue } from '../serial-queue.js';
import { checkFilePaths } from './git-objects.js';
import type { CommitComparison, CommitRequest, RepositoryInfo, RepositoryRef, SourceFile, SourceHost } from './source-host.port.js';

export const LOCAL_DEFAULT_BRANCH = 'main';

/** Who signs the annotated tags Slipway makes (the port's createTag names no author). */
const TAGGER = { name: 'Slipway', email: 'slipway@localhost' };

const SHA = /^[0-9a-f]{40}$/;
const FILE_MODE = '100644';
const EXECUTABLE_MODE = '100755';
const TREE_MODE = '040000';
const SYMLINK_MODE = '120000';

/** Sealed secrets, kept next to the repository's objects (git never reads or serves this file). */
const SECRETS_FILE = 'slipway-secrets.json';

interface Repository {
  ref: RepositoryRef;
  /** Absolute path of the bare repository. */
  gitdir: string;
  /** Where the repository's secrets are; also the queue key. */
  label: string;
}

/** A directory of a tree being built from a flat list of files. */
interface TreeNode {
  files: Map<string, { oid: string; mode: string }>;
  dirs: Map<string, TreeNode>;
}

/**
 * Source host on this machine: one real bare git repository per project at
 * `<dataDir>/repos/<organization>/<name>.git`, written with isomorphic-git (no git binary, no shell), so the
 * user can `git clone file://…` it. Organization and name must be safe path segments; nothing is written
 * outside `<dataDir>/repos`, which is closed to other users (0700). Secrets are sealed with the SecretBox, each under a context naming its
 * repository and itself, so a sealed value moved to another repository or name does not open.
 */
export class LocalSourceHost implements SourceHost {
  readonly kind = 'local' as const;
  private readonly root: string;
  private readonly changes = new SerialQueue();

  constructor(
    dataDir: string,
    private readonly secretBox: SecretBox,
  ) {
    this.root = path.join(path.resolve(dataDir), 'repos');
  }

  async ensureRepository(ref: RepositoryRef, options: { description: string }): Promise<RepositoryInfo> {
    const repository = this.repository(ref);
    return this.changes.run(repository.label, async () => {
      if (!(await isRepository(repository.gitdir))) {
        // Built beside its final place and renamed in, so a crash never leaves half a repository behind.
        await ensurePrivateDir(this.root);
        const building = `${repository.gitdir}.${randomUUID()}.tmp`;
        await git.init({ fs, gitdir: building, bare: true, defaultBranch: LOCAL_DEFAULT_BRANCH });
        await writeFile(path.join(building, 'description'), `${options.description.replace(/[\r\n]+/g, ' ')}\n`);
        await rename(building, repository.gitdir);
      }
      return this.info(repository);
    });
  }

  async findRepository(ref: RepositoryRef): Promise<RepositoryInfo | null> {
    const repository = this.repository(ref);
    return (await isRepository(repository.gitdir)) ? this.info(repository) : null;
  }

  async commitFiles(ref: RepositoryRef, request: CommitRequest): Promise<{ sha: string; created: boolean }> {
    const repository = await this.existing(ref);
    const branchRef = `refs/heads/${branchName(request.branch)}`;
    const files = checkFilePaths(request.files);
    return this.changes.run(repository.label, async () => {
      const { gitdir } = repository;
      const tree = await writeFiles(gitdir, files);
      const head = await resolve(gitdir, branchRef);
      if (head && (await git.readCommit({ fs, gitdir, oid: head })).commit.tree === tree) return { sha: head, created: false };

      const signature = { ...request.author, timestamp: Math.floor(Date.now() / 1000), timezoneOffset: 0 };
      const sha = await git.writeCommit({
        fs,
        gitdir,
        commit: { message: ensureNewline(request.message), tree, parent: head ? [head] : [], author: signature, committer: signature },
      });
      await git.writeRef({ fs, gitdir, ref: branchRef, value: sha, force: true });
      return { sha, created: true };
    });
  }

  async headCommit(ref: RepositoryRef, branch: string): Promise<string | null> {
    const repository = await this.existing(ref);
    return resolve(repository.gitdir, `refs/heads/${branchName(branch)}`);
  }

  async createTag(ref: RepositoryRef, tag: { name: string; sha: string; message: string }): Promise<void> {
    const repository = await this.existing(ref);
    const name = safeSegment(tag.name, 'tag name');
    await this.changes.run(repository.label, async () => {
      await this.readCommit(repository, tag.sha);
      const current = await this.tagCommit(ref, name);
      if (current === tag.sha) return;
      if (current !== null) throw tagConflict(name);
      await git.annotatedTag({
        fs,
        gitdir: repository.gitdir,
        ref: name,
        object: tag.sha,
        message: ensureNewline(tag.message),
        tagger: { ...TAGGER, timestamp: Math.floor(Date.now() / 1000), timezoneOffset: 0 },
      });
    });
  }

  async deleteTag(ref: RepositoryRef, tag: { name: string; sha: string }): Promise<void> {
    const repository = await this.existing(ref);
    const name = safeSegment(tag.name, 'tag name');
    await this.changes.run(repository.label, async () => {
      if ((await this.tagCommit(ref, name)) !== tag.sha) return;
      await git.deleteRef({ fs, gitdir: repository.gitdir, ref: `refs/tags/${name}` });
    });
  }

  async tagCommit(ref: RepositoryRef, tag: string): Promise<string | null> {
    const { gitdir } = await this.existing(ref);
    let oid = await resolve(gitdir, `refs/tags/${safeSegment(tag, 'tag name')}`);
    // Peel annotated tags (a tag may name another tag) down to the commit.
    while (oid !== null) {
      const { type, object } = await git.readObject({ fs, gitdir, oid, format: 'parsed' });
      if (type !== 'tag') return oid;
      oid = (object as { object: string }).object;
    }
    return null;
  }

  async setSecrets(ref: RepositoryRef, secrets: Record<string, string>): Promise<void> {
    const repository = await this.existing(ref);
    for (const name of Object.keys(secrets)) {
      if (!ENVIRONMENT_VARIABLE_NAME.test(name)) throw invalidProviderName('secret name', name);
    }
    const sealed = Object.fromEntries(
      Object.entries(secrets).map(([name, value]) => [name, this.secretBox.seal(value, secretContext(repository, name))]),
    );
    await this.changes.run(repository.label, async () => {
      const file = path.join(repository.gitdir, SECRETS_FILE);
      const temporary = `${file}.${randomUUID()}.tmp`;
      await writeFile(temporary, JSON.stringify(sealed), { mode: 0o600 });
      await rename(temporary, file);
    });
  }

  async secretNames(ref: RepositoryRef): Promise<string[]> {
    const repository = await this.existing(ref);
    return Object.keys(await this.readSealedSecrets(repository)).sort();
  }

  async exportTree(ref: RepositoryRef, sha: string, targetDir: string): Promise<void> {
    const repository = await this.existing(ref);
    const { commit } = await this.readCommit(repository, sha);
    await exportTreeInto(repository.gitdir, commit.tree, path.resolve(targetDir));
  }

  /**
   * Where git's own programs find the repository (git http-backend serves it over HTTP): the root of every local
   * repository and the repository's path under it ('<organization>/<name>.git'), or null when it does not exist.
   */
  async servedPath(ref: RepositoryRef): Promise<{ root: string; relativePath: string } | null> {
    const repository = this.repository(ref);
    if (!(await isRepository(repository.gitdir))) return null;
    return { root: this.root, relativePath: path.relative(this.root, repository.gitdir) };
  }

  /** Every branch and the commit at its head. */
  async branchHeads(ref: RepositoryRef): Promise<Map<string, string>> {
    const { gitdir } = await this.existing(ref);
    const heads = new Map<string, string>();
    for (const branch of await git.listBranches({ fs, gitdir })) {
      const sha = await resolve(gitdir, `refs/heads/${branch}`);
      if (sha) heads.set(branch, sha);
    }
    return heads;
  }

  async compareCommits(ref: RepositoryRef, base: string | null, head: string, limit: number): Promise<CommitComparison> {
    const repository = await this.existing(ref);
    const history = async (sha: string) => {
      await this.readCommit(repository, sha);
      return git.log({ fs, gitdir: repository.gitdir, ref: sha });
    };
    const [inHead, inBase] = await Promise.all([history(head), base ? history(base) : []]);
    const [baseSet, headSet] = [new Set(inBase.map((entry) => entry.oid)), new Set(inHead.map((entry) => entry.oid))];
    const ahead = inHead.filter((entry) => !baseSet.has(entry.oid));
    return {
      commits: ahead.slice(0, limit).map(({ oid, commit }) => ({ sha: oid, message: commit.message.split('\n')[0], author: commit.author.name, date: new Date(commit.author.timestamp * 1000).toISOString() })),
      ahead: ahead.length,
      behind: inBase.filter((entry) => !headSet.has(entry.oid)).length,
    };
  }

  /** A commit's message and author, as `git log` shows them. */
  async commitSummary(ref: RepositoryRef, sha: string): Promise<{ message: string; author: { name: string; email: string } }> {
    const { commit } = await this.readCommit(await this.existing(ref), sha);
    return { message: commit.message, author: { name: commit.author.name, email: commit.author.email } };
  }

  async deleteRepository(ref: RepositoryRef): Promise<void> {
    const repository = this.repository(ref);
    await this.changes.run(repository.label, () => rm(repository.gitdir, { recursive: true, force: true }));
  }

  private repository(ref: RepositoryRef): Repository {
    const organization = safeSegment(ref.organization, 'organization');
    const name = safeSegment(ref.name, 'repository name');
    return { ref, gitdir: path.join(this.root, organization, `${name}.git`), label: `${organization}/${name}` };
  }

  private async existing(ref: RepositoryRef): Promise<Repository> {
    const repository = this.repository(ref);
    if (!(await isRepository(repository.gitdir))) throw repositoryNotFound(repository.label);
    return repository;
  }

  private info(repository: Repository): RepositoryInfo {
    const url = pathToFileURL(repository.gitdir).href;
    return { url, cloneUrl: url, defaultBranch: LOCAL_DEFAULT_BRANCH };
  }

  private async readCommit(repository: Repository, sha: string) {
    if (typeof sha !== 'string' || !SHA.test(sha)) throw commitNotFound(String(sha));
    try {
      return await git.readCommit({ fs, gitdir: repository.gitdir, oid: sha });
    } catch (error) {
      if (error instanceof git.Errors.NotFoundError || error instanceof git.Errors.ObjectTypeError) throw commitNotFound(sha);
      throw error;
    }
  }

  private async readSealedSecrets(repository: Repository): Promise<Record<string, string>> {
    try {
      return JSON.parse(await readFile(path.join(repository.gitdir, SECRETS_FILE), 'utf8')) as Record<string, string>;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
      throw error;
    }
  }
}

function secretContext(repository: Repository, name: string): string {
  return `repository-secret:${repository.label}:${name}`;
}

async function isRepository(gitdir: string): Promise<boolean> {
  return stat(path.join(gitdir, 'HEAD')).then(
    (info) => info.isFile(),
    () => false,
  );
}

async function resolve(gitdir: string, ref: string): Promise<string | null> {
  try {
    return await git.resolveRef({ fs, gitdir, ref });
  } catch (error) {
    if (error instanceof git.Errors.NotFoundError) return null;
    throw error;
  }
}

/** A branch is one or more safe segments joined by '/' (e.g. 'main', 'feature/login'). */
function branchName(branch: string): string {
  if (typeof branch !== 'string' || branch === '') throw invalidProviderName('branch name', String(branch));
  for (const segment of branch.split('/')) safeSegment(segment, 'branch name');
  return branch;
}

function ensureNewline(message: string): string {
  return message.endsWith('\n') ? message : `${message}\n`;
}

/** Writes the files' blobs and trees; answers the root tree's oid. */
async function writeFiles(gitdir: string, files: SourceFile[]): Promise<string> {
  const root: TreeNode = { files: new Map(), dirs: new Map() };
  for (const file of files) {
    const segments = file.path.split('/');
    let node = root;
    for (const segment of segments.slice(0, -1)) {
      let child = node.dirs.get(segment);
      if (!child) {
        child = { files: new Map(), dirs: new Map() };
        node.dirs.set(segment, child);
      }
      node = child;
    }
    const oid = await git.writeBlob({ fs, gitdir, blob: new Uint8Array(file.content) });
    node.files.set(segments[segments.length - 1], { oid, mode: file.executable ? EXECUTABLE_MODE : FILE_MODE });
  }
  const writeNode = async (node: TreeNode): Promise<string> => {
    const entries: Array<{ mode: string; path: string; oid: string; type: 'blob' | 'tree' }> = [];
    for (const [name, { oid, mode }] of node.files) entries.push({ mode, path: name, oid, type: 'blob' });
    for (const [name, child] of node.dirs) entries.push({ mode: TREE_MODE, path: name, oid: await writeNode(child), type: 'tree' });
    return git.writeTree({ fs, gitdir, tree: entries });
  };
  return writeNode(root);
}

/**
 * Writes a tree into dir, top down. Every file and directory is created new ('wx', plain mkdir), so nothing is
 * ever written through a symbolic link; a link is written only when its target stays inside the tree.
 * Submodule entries are skipped (their commits are not in this repository).
 */
async function exportTreeInto(gitdir: string, treeOid: string, dir: string, top = dir): Promise<void> {
  const { tree } = await git.readTree({ fs, gitdir, oid: treeOid });
  for (const entry of tree) {
    const target = path.join(dir, entry.path);
    if (entry.type === 'tree') {
      await mkdir(target);
      await exportTreeInto(gitdir, entry.oid, target, top);
    } else if (entry.type === 'blob') {
      const { blob } = await git.readBlob({ fs, gitdir, oid: entry.oid });
      if (entry.mode === SYMLINK_MODE) {
        const link = Buffer.from(blob).toString('utf8');
        const resolved = path.resolve(dir, link);
        if (path.isAbsolute(link) || (resolved !== top && !resolved.startsWith(top + path.sep))) {
          throw invalidSourceFile(path.relative(top, target), 'a symbolic link pointing outside the repository');
        }
        await symlink(link, target);
      } else {
        await writeFile(target, blob, { flag: 'wx' });
        await chmod(target, entry.mode === EXECUTABLE_MODE ? 0o755 : 0o644);
      }
    }
  }
}
