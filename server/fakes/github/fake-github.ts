import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import git from 'isomorphic-git';
import sodium from 'libsodium-wrappers';
import { FakeActions, type FakeRunner, jobJson, workflowRunJson } from './actions.js';
import { commandRunner, dockerHubPublisher } from './runners.js';
import {
  type FakeOrganization,
  type FakeRepositoryRecord,
  type FakeUser,
  UNVERIFIED,
  fullRepository,
  nodeId,
  orgMembership,
  organizationFull,
  privateUser,
} from './representations.js';

/**
 * A stateful fake of GitHub's REST API (api.github.com, version 2022-11-28) for the GitHub source host: users
 * and organizations, organization repositories, the Git Data API (blobs, trees, commits, refs, annotated tags)
 * over real bare git repositories on disk (so every sha is a real git object id), the Contents API's file
 * creation (the only way into an empty repository), and Actions secrets sealed with a per-repository libsodium
 * key pair, and GitHub Actions workflow runs started by pushes (see actions.ts). Authentication, classic-token
 * scopes, rate limits and error bodies follow GitHub's documentation.
 */

export interface FakeGitHubOptions {
  port?: number;
  /** Where the bare repositories live; a temporary directory (removed by close) when absent. */
  dataDir?: string;
  /** Called with every answer, e.g. to check answers against the OpenAPI description in a test. */
  onResponse?: (exchange: FakeGitHubExchange) => void;
  /**
   * Carries out the jobs of workflow runs (default: commandRunner(), the build of the repository's slipway.json, then
   * with dockerHub the templates' image steps: dockerHubPublisher).
   */
  runner?: FakeRunner;
  /** The (fake) Docker Hub the default runner pushes the workflow's image to, with the repository's secrets. */
  dockerHub?: { registryUrl: string; hubUrl: string };
}

export interface FakeGitHubExchange {
  method: string;
  /** The request path without its query. */
  path: string;
  /** The request's JSON body, when it had one. */
  requestBody?: unknown;
  status: number;
  body: unknown;
}

export interface FakeGitHub {
  url: string;
  close(): Promise<void>;
  /** A token for login; scopes undefined means a fine-grained token (no X-OAuth-Scopes header, no scope checks). */
  addToken(token: string, user: { login: string; scopes?: string[] }): void;
  addOrganization(org: string, options: { members: { login: string; role: 'admin' | 'member' }[]; membersCanCreateRepositories?: boolean }): void;
  /** A secret's decrypted value (for tests), or null when the repository or secret does not exist. */
  secretValue(owner: string, repo: string, name: string): string | null;
  /** Sets the core rate limit's remaining requests (and its reset time, epoch seconds). */
  rateLimit(remaining: number, resetEpochSeconds?: number): void;
}

interface Repository extends FakeRepositoryRecord {
  gitdir: string;
  keyPair: { keyId: string; publicKey: Uint8Array; privateKey: Uint8Array };
  secrets: Map<string, { value: string; createdAt: string; updatedAt: string }>;
}

interface Session {
  user: FakeUser;
  /** Classic tokens' scopes; undefined for fine-grained tokens. */
  scopes?: string[];
}

interface Request {
  method: string;
  path: string;
  query: URLSearchParams;
  params: Record<string, string>;
  body: Record<string, unknown>;
  session: Session;
}

interface Answer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

type Handler = (request: Request) => Promise<Answer> | Answer;

const DOCS = 'https://docs.github.com/rest';
const LOG_PATH_PREFIX = '/_fake/actions/jobs/';
const API_VERSION = '2022-11-28';
const SHA = /^[0-9a-f]{40}$/;
const MODES = new Set(['100644', '100755', '040000', '160000', '120000']);
const SECRET_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(String(body.message));
  }
}

const fail = (status: number, message: string, documentation: string, extra: Record<string, unknown> = {}) =>
  new HttpError(status, { message, documentation_url: documentation ? `${DOCS}/${documentation}` : DOCS, status: String(status), ...extra });
const notFound = (documentation: string) => fail(404, 'Not Found', documentation);
const invalid = (message: string, documentation: string) => fail(422, message, documentation);
const emptyRepository = (documentation: string) => fail(409, 'Git Repository is empty.', documentation);

function now(): string {
  return new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export async function startFakeGitHub(options: FakeGitHubOptions = {}): Promise<FakeGitHub> {
  await sodium.ready;
  const ownDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'slipway-fake-github-')));
  const tokens = new Map<string, Session>();
  const users = new Map<string, FakeUser>();
  const organizations = new Map<string, FakeOrganization>();
  const repositories = new Map<string, Repository>();
  const limit = { limit: 5000, remaining: 5000, reset: Math.floor(Date.now() / 1000) + 3600 };
  const startedAt = now();
  let nextId = 1000;
  let base = '';
  const runner = options.runner ?? commandRunner({ publish: options.dockerHub && dockerHubPublisher(options.dockerHub) });
  const actions = new FakeActions(runner, () => (nextId += 1));

  const userFor = (login: string): FakeUser => {
    let user = users.get(login.toLowerCase());
    if (!user) {
      user = { id: (nextId += 1), login };
      users.set(login.toLowerCase(), user);
    }
    return user;
  };
  const key = (owner: string, repo: string) => `${owner}/${repo}`.toLowerCase();

  // ---- helpers over state -------------------------------------------------------------------------------------

  const hasScope = (session: Session, scope: string) => session.scopes === undefined || session.scopes.includes(scope);
  const role = (org: FakeOrganization, session: Session) => org.members.get(session.user.login.toLowerCase());

  /** The repository the session may see: private repositories need membership and, for classic tokens, `repo`. */
  const repository = (request: Request, documentation: string): Repository => {
    const repo = repositories.get(key(request.params.owner, request.params.repo));
    if (!repo || role(repo.owner, request.session) === undefined || (repo.private && !hasScope(request.session, 'repo'))) {
      throw notFound(documentation);
    }
    return repo;
  };

  const isEmpty = async (repo: Repository) =>
    (await git.listBranches({ fs, gitdir: repo.gitdir })).length === 0 && (await git.listTags({ fs, gitdir: repo.gitdir })).length === 0;

  /** A repository for the Git Data API: 409 while it has no commits at all. */
  const gitRepository = async (request: Request, documentation: string) => {
    const repo = repository(request, documentation);
    if (await isEmpty(repo)) throw emptyRepository(documentation);
    return repo;
  };

  const readObject = async (repo: Repository, oid: string) => {
    if (!SHA.test(oid)) return null;
    try {
      return await git.readObject({ fs, gitdir: repo.gitdir, oid, format: 'parsed' });
    } catch (error) {
      if (error instanceof git.Errors.NotFoundError) return null;
      throw error;
    }
  };

  const repoUrl = (repo: Repository) => `${base}/repos/${repo.owner.login}/${repo.name}`;

  // ---- representations of git objects -------------------------------------------------------------------------

  const signature = (person: { name: string; email: string; timestamp: number }) => ({
    name: person.name,
    email: person.email,
    date: new Date(person.timestamp * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
  });

  const commitJson = async (repo: Repository, sha: string) => {
    const { commit } = await git.readCommit({ fs, gitdir: repo.gitdir, oid: sha });
    return {
      sha,
      node_id: nodeId('C', sha),
      url: `${repoUrl(repo)}/git/commits/${sha}`,
      html_url: `${base}/${repo.owner.login}/${repo.name}/commit/${sha}`,
      author: signature(commit.author),
      committer: signature(commit.committer),
      message: commit.message.replace(/\n$/, ''),
      tree: { sha: commit.tree, url: `${repoUrl(repo)}/git/trees/${commit.tree}` },
      parents: commit.parent.map((parent) => ({
        sha: parent,
        url: `${repoUrl(repo)}/git/commits/${parent}`,
        html_url: `${base}/${repo.owner.login}/${repo.name}/commit/${parent}`,
      })),
      verification: UNVERIFIED,
    };
  };

  const tagJson = async (repo: Repository, sha: string) => {
    const { tag } = await git.readTag({ fs, gitdir: repo.gitdir, oid: sha });
    return {
      node_id: nodeId('T', sha),
      tag: tag.tag,
      sha,
      url: `${repoUrl(repo)}/git/tags/${sha}`,
      message: tag.message.replace(/\n$/, ''),
      tagger: signature(tag.tagger),
      object: { type: tag.type, sha: tag.object, url: `${repoUrl(repo)}/git/${tag.type}s/${tag.object}` },
      verification: UNVERIFIED,
    };
  };

  const refJson = async (repo: Repository, ref: string) => {
    const sha = await git.resolveRef({ fs, gitdir: repo.gitdir, ref, depth: 1 });
    const object = await readObject(repo, sha);
    const type = object?.type ?? 'commit';
    return {
      ref,
      node_id: nodeId('REF', `${repo.id}:${ref}`),
      url: `${repoUrl(repo)}/git/${ref}`,
      object: { type, sha, url: `${repoUrl(repo)}/git/${type}s/${sha}` },
    };
  };

  const resolveRef = async (repo: Repository, ref: string): Promise<string | null> => {
    try {
      return await git.resolveRef({ fs, gitdir: repo.gitdir, ref, depth: 1 });
    } catch (error) {
      if (error instanceof git.Errors.NotFoundError) return null;
      throw error;
    }
  };

  /** All leaves of a tree (blobs and submodules) by full path, for building a new tree on a base. */
  const flatten = async (repo: Repository, treeSha: string, prefix = '', into = new Map<string, { mode: string; type: string; sha: string }>()) => {
    const { tree } = await git.readTree({ fs, gitdir: repo.gitdir, oid: treeSha });
    for (const entry of tree) {
      const entryPath = `${prefix}${entry.path}`;
      if (entry.type === 'tree') await flatten(repo, entry.oid, `${entryPath}/`, into);
      else into.set(entryPath, { mode: entry.mode, type: entry.type, sha: entry.oid });
    }
    return into;
  };

  const writeNested = async (repo: Repository, leaves: Map<string, { mode: string; type: string; sha: string }>): Promise<string> => {
    interface Node {
      leaves: Map<string, { mode: string; type: string; sha: string }>;
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

  const treeJson = async (repo: Repository, sha: string, recursive: boolean) => {
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
          item.url = `${repoUrl(repo)}/git/blobs/${entry.oid}`;
        } else if (entry.type === 'tree') {
          item.url = `${repoUrl(repo)}/git/trees/${entry.oid}`;
        }
        entries.push(item);
        if (recursive && entry.type === 'tree') await walk(entry.oid, `${entryPath}/`);
      }
    };
    await walk(sha, '');
    return { sha, url: `${repoUrl(repo)}/git/trees/${sha}`, tree: entries, truncated: false };
  };

  const personFrom = (value: unknown, fallback: { name: string; email: string }, documentation: string) => {
    const person = (value ?? fallback) as { name?: unknown; email?: unknown; date?: unknown };
    if (typeof person !== 'object' || typeof person.name !== 'string' || typeof person.email !== 'string') {
      throw invalid('Invalid request.\n\nFor \'properties/author\', name and email are required.', documentation);
    }
    const date = typeof person.date === 'string' ? Date.parse(person.date) : Date.now();
    if (Number.isNaN(date)) throw invalid(`Invalid request.\n\n${String(person.date)} is not a valid date-time.`, documentation);
    return { name: person.name, email: person.email, timestamp: Math.floor(date / 1000), timezoneOffset: 0 };
  };

  const touch = (repo: Repository) => {
    repo.pushedAt = now();
    repo.updatedAt = repo.pushedAt;
  };

  /** Every branch and tag with the object it names. */
  const refsOf = async (repo: Repository) => {
    const refs = new Map<string, string>();
    const names = [
      ...(await git.listBranches({ fs, gitdir: repo.gitdir })).map((name) => `refs/heads/${name}`),
      ...(await git.listTags({ fs, gitdir: repo.gitdir })).map((name) => `refs/tags/${name}`),
    ];
    for (const ref of names) {
      const sha = await resolveRef(repo, ref);
      if (sha) refs.set(ref, sha);
    }
    return refs;
  };

  const fullRef = (ref: string) => `refs/${ref}`;
  const checkRefName = (ref: string, documentation: string) => {
    const segments = ref.split('/');
    if (!ref.startsWith('refs/') || segments.length < 3 || segments.some((s) => s === '' || s === '.' || s === '..' || s.endsWith('.lock'))) {
      throw invalid(`Reference name must start with 'refs/' and have at least two slashes.`, documentation);
    }
  };

  // ---- routes -------------------------------------------------------------------------------------------------

  const routes: Array<{ method: string; pattern: RegExp; names: string[]; handler: Handler; counts?: false }> = [];
  const route = (method: string, template: string, handler: Handler, counts?: false) => {
    const names: string[] = [];
    const pattern = new RegExp(
      `^${template.replace(/\{(\w+)(\+?)\}/g, (_match, name: string, plus: string) => {
        names.push(name);
        return plus ? '(.+)' : '([^/]+)';
      })}$`,
    );
    routes.push({ method, pattern, names, handler, counts });
  };

  route(
    'GET',
    '/rate_limit',
    () => {
      const core = { limit: limit.limit, remaining: limit.remaining, reset: limit.reset, used: limit.limit - limit.remaining };
      return { status: 200, body: { resources: { core }, rate: core } };
    },
    false,
  );

  route('GET', '/user', ({ session }) => ({ status: 200, body: privateUser(base, session.user, startedAt) }));

  route('GET', '/orgs/{org}', ({ params, session }) => {
    const org = organizations.get(params.org.toLowerCase());
    if (!org) throw notFound('orgs/orgs#get-an-organization');
    return { status: 200, body: organizationFull(base, org, role(org, session) !== undefined) };
  });

  route('GET', '/user/memberships/orgs/{org}', ({ params, session }) => {
    const org = organizations.get(params.org.toLowerCase());
    const membership = org && role(org, session);
    if (!org || !membership) throw notFound('orgs/members#get-an-organization-membership-for-the-authenticated-user');
    return { status: 200, body: orgMembership(base, org, session.user, membership) };
  });

  route('GET', '/orgs/{org}/memberships/{username}', ({ params, session }) => {
    const org = organizations.get(params.org.toLowerCase());
    if (!org || role(org, session) === undefined) throw notFound('orgs/members#get-organization-membership-for-a-user');
    const membership = org.members.get(params.username.toLowerCase());
    if (!membership) throw notFound('orgs/members#get-organization-membership-for-a-user');
    return { status: 200, body: orgMembership(base, org, userFor(params.username), membership) };
  });

  route('POST', '/orgs/{org}/repos', async ({ params, body, session }) => {
    const documentation = 'repos/repos#create-an-organization-repository';
    const org = organizations.get(params.org.toLowerCase());
    const membership = org && role(org, session);
    if (!org || !membership) throw notFound(documentation);
    const isPrivate = body.private === true || body.visibility === 'private' || body.visibility === 'internal';
    if (!hasScope(session, 'repo') && !(!isPrivate && hasScope(session, 'public_repo'))) throw notFound(documentation);
    if (membership !== 'admin' && !org.membersCanCreateRepositories) {
      throw fail(403, 'You need admin access to the organization before adding a repository to it.', documentation);
    }
    const name = body.name;
    if (typeof name !== 'string' || !/^[A-Za-z0-9._-]{1,100}$/.test(name) || name === '.' || name === '..') {
      throw fail(422, 'Repository creation failed.', documentation, {
        errors: [{ resource: 'Repository', code: 'custom', field: 'name', message: 'name is invalid' }],
      });
    }
    if (repositories.has(key(org.login, name))) {
      throw fail(422, 'Repository creation failed.', documentation, {
        errors: [{ resource: 'Repository', code: 'custom', field: 'name', message: 'name already exists on this account' }],
      });
    }
    const id = (nextId += 1);
    const gitdir = path.join(dataDir, `${id}.git`);
    await git.init({ fs, gitdir, bare: true, defaultBranch: 'main' });
    const keyPair = sodium.crypto_box_keypair();
    const created = now();
    const repo: Repository = {
      id,
      name,
      owner: org,
      description: typeof body.description === 'string' ? body.description : null,
      private: isPrivate,
      defaultBranch: 'main',
      createdAt: created,
      updatedAt: created,
      pushedAt: created,
      gitdir,
      keyPair: { keyId: String(BigInt(`0x${randomBytes(8).toString('hex')}`) % 10n ** 18n), publicKey: keyPair.publicKey, privateKey: keyPair.privateKey },
      secrets: new Map(),
    };
    repositories.set(key(org.login, name), repo);
    return { status: 201, body: fullRepository(base, repo, 0), headers: { location: repoUrl(repo) } };
  });

  route('GET', '/repos/{owner}/{repo}', (request) => {
    const repo = repository(request, 'repos/repos#get-a-repository');
    return { status: 200, body: fullRepository(base, repo, 0) };
  });

  route('DELETE', '/repos/{owner}/{repo}', async (request) => {
    const documentation = 'repos/repos#delete-a-repository';
    const repo = repository(request, documentation);
    if (!hasScope(request.session, 'delete_repo') || role(repo.owner, request.session) !== 'admin') {
      throw fail(403, 'Must have admin rights to Repository.', documentation);
    }
    repositories.delete(key(repo.owner.login, repo.name));
    actions.forget(repo);
    await rm(repo.gitdir, { recursive: true, force: true });
    return { status: 204 };
  });

  // Contents API: creating a file (the one write GitHub accepts on an empty repository).
  route('PUT', '/repos/{owner}/{repo}/contents/{path+}', async (request) => {
    const documentation = 'repos/contents#create-or-update-file-contents';
    const repo = repository(request, documentation);
    const { body } = request;
    if (typeof body.message !== 'string') throw invalid('Invalid request.\n\n"message" wasn\'t supplied.', documentation);
    if (typeof body.content !== 'string') throw invalid('Invalid request.\n\n"content" wasn\'t supplied.', documentation);
    const filePath = decodeURIComponent(request.params.path);
    if (filePath.split('/').some((s) => s === '' || s === '.' || s === '..' || s.toLowerCase() === '.git')) {
      throw invalid('path contains a malformed path component', documentation);
    }
    const branch = typeof body.branch === 'string' ? body.branch : repo.defaultBranch;
    const head = await resolveRef(repo, `refs/heads/${branch}`);
    if (!head && !(await isEmpty(repo))) throw fail(404, `Branch ${branch} not found`, documentation);
    const leaves = head ? await flatten(repo, (await git.readCommit({ fs, gitdir: repo.gitdir, oid: head })).commit.tree) : new Map();
    const existing = leaves.get(filePath);
    if (existing && body.sha !== existing.sha) throw invalid(`Invalid request.\n\n"sha" wasn't supplied.`, documentation);
    const blob = await git.writeBlob({ fs, gitdir: repo.gitdir, blob: Buffer.from(body.content, 'base64') });
    leaves.set(filePath, { mode: existing?.mode ?? '100644', type: 'blob', sha: blob });
    const tree = await writeNested(repo, leaves);
    const committer = personFrom(body.committer, { name: request.session.user.login, email: `${request.session.user.id}+${request.session.user.login}@users.noreply.github.com` }, documentation);
    const author = personFrom(body.author, committer, documentation);
    const sha = await git.writeCommit({
      fs,
      gitdir: repo.gitdir,
      commit: { message: body.message.endsWith('\n') ? body.message : `${body.message}\n`, tree, parent: head ? [head] : [], author, committer },
    });
    await git.writeRef({ fs, gitdir: repo.gitdir, ref: `refs/heads/${branch}`, value: sha, force: true });
    touch(repo);
    await actions.pushed(repo, request.session.user, `refs/heads/${branch}`, sha);
    const name = filePath.split('/').pop()!;
    const contentUrl = `${repoUrl(repo)}/contents/${filePath}?ref=${branch}`;
    const { blob: bytes } = await git.readBlob({ fs, gitdir: repo.gitdir, oid: blob });
    return {
      status: existing ? 200 : 201,
      body: {
        content: {
          name,
          path: filePath,
          sha: blob,
          size: bytes.length,
          url: contentUrl,
          html_url: `${base}/${repo.owner.login}/${repo.name}/blob/${branch}/${filePath}`,
          git_url: `${repoUrl(repo)}/git/blobs/${blob}`,
          download_url: `${base}/raw/${repo.owner.login}/${repo.name}/${branch}/${filePath}`,
          type: 'file',
          _links: { self: contentUrl, git: `${repoUrl(repo)}/git/blobs/${blob}`, html: `${base}/${repo.owner.login}/${repo.name}/blob/${branch}/${filePath}` },
        },
        commit: await commitJson(repo, sha),
      },
    };
  });

  // ---- Git Data API -------------------------------------------------------------------------------------------

  route('POST', '/repos/{owner}/{repo}/git/blobs', async (request) => {
    const documentation = 'git/blobs#create-a-blob';
    const repo = await gitRepository(request, documentation);
    const { content, encoding = 'utf-8' } = request.body;
    if (typeof content !== 'string') throw invalid('Invalid request.\n\n"content" wasn\'t supplied.', documentation);
    if (encoding !== 'utf-8' && encoding !== 'base64') throw invalid(`encoding must be either 'utf-8' or 'base64'`, documentation);
    const sha = await git.writeBlob({ fs, gitdir: repo.gitdir, blob: Buffer.from(content, encoding === 'base64' ? 'base64' : 'utf8') });
    return { status: 201, body: { url: `${repoUrl(repo)}/git/blobs/${sha}`, sha }, headers: { location: `${repoUrl(repo)}/git/blobs/${sha}` } };
  });

  route('GET', '/repos/{owner}/{repo}/git/blobs/{sha}', async (request) => {
    const documentation = 'git/blobs#get-a-blob';
    const repo = await gitRepository(request, documentation);
    const object = await readObject(repo, request.params.sha);
    if (!object || object.type !== 'blob') throw notFound(documentation);
    const content = Buffer.from(object.object as Uint8Array);
    return {
      status: 200,
      body: {
        sha: request.params.sha,
        node_id: nodeId('B', request.params.sha),
        size: content.length,
        url: `${repoUrl(repo)}/git/blobs/${request.params.sha}`,
        // GitHub wraps the base64 text at 60 characters.
        content: `${(content.toString('base64').match(/.{1,60}/g) ?? []).join('\n')}\n`,
        encoding: 'base64',
      },
    };
  });

  route('POST', '/repos/{owner}/{repo}/git/trees', async (request) => {
    const documentation = 'git/trees#create-a-tree';
    const repo = await gitRepository(request, documentation);
    const { tree, base_tree: baseTree } = request.body;
    if (!Array.isArray(tree)) throw invalid('Invalid request.\n\n"tree" wasn\'t supplied.', documentation);
    let leaves = new Map<string, { mode: string; type: string; sha: string }>();
    if (baseTree !== undefined && baseTree !== null) {
      const object = typeof baseTree === 'string' ? await readObject(repo, baseTree) : null;
      if (!object || object.type !== 'tree') throw invalid('base_tree is not a valid tree oid', documentation);
      leaves = await flatten(repo, baseTree as string);
    }
    for (const raw of tree as Array<Record<string, unknown>>) {
      const entryPath = raw.path;
      if (typeof entryPath !== 'string' || entryPath.split('/').some((s) => s === '' || s === '.' || s === '..' || s.toLowerCase() === '.git')) {
        throw invalid('tree.path contains a malformed path component', documentation);
      }
      if (typeof raw.mode !== 'string' || !MODES.has(raw.mode)) {
        throw invalid(`Invalid request.\n\n${String(raw.mode)} is not a member of ["100644", "100755", "040000", "160000", "120000"].`, documentation);
      }
      const type = raw.type ?? (raw.mode === '040000' ? 'tree' : raw.mode === '160000' ? 'commit' : 'blob');
      if (raw.sha === null) {
        leaves.delete(entryPath);
        for (const leafPath of [...leaves.keys()]) if (leafPath.startsWith(`${entryPath}/`)) leaves.delete(leafPath);
        continue;
      }
      let sha: string;
      if (typeof raw.content === 'string') {
        sha = await git.writeBlob({ fs, gitdir: repo.gitdir, blob: Buffer.from(raw.content, 'utf8') });
      } else if (typeof raw.sha === 'string') {
        sha = raw.sha;
        const object = type === 'commit' ? null : await readObject(repo, sha);
        if (type !== 'commit' && (!object || object.type !== type)) throw invalid('GitRPC::BadObjectState', documentation);
      } else {
        throw invalid('Must supply either tree.sha or tree.content', documentation);
      }
      if (type === 'tree') {
        for (const leafPath of [...leaves.keys()]) if (leafPath.startsWith(`${entryPath}/`)) leaves.delete(leafPath);
        await flatten(repo, sha, `${entryPath}/`, leaves);
      } else {
        leaves.set(entryPath, { mode: raw.mode, type: String(type), sha });
      }
    }
    const sha = await writeNested(repo, leaves);
    return { status: 201, body: await treeJson(repo, sha, false), headers: { location: `${repoUrl(repo)}/git/trees/${sha}` } };
  });

  route('GET', '/repos/{owner}/{repo}/git/trees/{sha}', async (request) => {
    const documentation = 'git/trees#get-a-tree';
    const repo = await gitRepository(request, documentation);
    let object = await readObject(repo, request.params.sha);
    if (object?.type === 'commit') object = await readObject(repo, (object.object as { tree: string }).tree);
    if (!object || object.type !== 'tree') throw notFound(documentation);
    const recursive = request.query.has('recursive') && !['0', 'false'].includes(request.query.get('recursive') ?? '');
    return { status: 200, body: await treeJson(repo, object.oid, recursive) };
  });

  route('POST', '/repos/{owner}/{repo}/git/commits', async (request) => {
    const documentation = 'git/commits#create-a-commit';
    const repo = await gitRepository(request, documentation);
    const { message, tree, parents = [] } = request.body;
    if (typeof message !== 'string') throw invalid('Invalid request.\n\n"message" wasn\'t supplied.', documentation);
    if (typeof tree !== 'string') throw invalid('Invalid request.\n\n"tree" wasn\'t supplied.', documentation);
    const treeObject = await readObject(repo, tree);
    if (!treeObject || treeObject.type !== 'tree') throw invalid('Tree SHA does not exist', documentation);
    if (!Array.isArray(parents)) throw invalid('Invalid request.\n\nFor \'properties/parents\', is not an array.', documentation);
    for (const parent of parents) {
      const object = typeof parent === 'string' ? await readObject(repo, parent) : null;
      if (!object || object.type !== 'commit') throw invalid('Parent SHA does not exist or is not a commit object', documentation);
    }
    const fallback = { name: request.session.user.login, email: `${request.session.user.id}+${request.session.user.login}@users.noreply.github.com` };
    const author = personFrom(request.body.author, fallback, documentation);
    const committer = personFrom(request.body.committer, request.body.author ? { name: author.name, email: author.email } : fallback, documentation);
    const sha = await git.writeCommit({
      fs,
      gitdir: repo.gitdir,
      commit: { message: message.endsWith('\n') ? message : `${message}\n`, tree, parent: parents as string[], author, committer },
    });
    return { status: 201, body: await commitJson(repo, sha), headers: { location: `${repoUrl(repo)}/git/commits/${sha}` } };
  });

  route('GET', '/repos/{owner}/{repo}/git/commits/{sha}', async (request) => {
    const documentation = 'git/commits#get-a-commit-object';
    const repo = await gitRepository(request, documentation);
    const object = await readObject(repo, request.params.sha);
    if (!object || object.type !== 'commit') throw notFound(documentation);
    return { status: 200, body: await commitJson(repo, request.params.sha) };
  });

  route('GET', '/repos/{owner}/{repo}/git/ref/{ref+}', async (request) => {
    const documentation = 'git/refs#get-a-reference';
    const repo = await gitRepository(request, documentation);
    const ref = fullRef(request.params.ref);
    if ((await resolveRef(repo, ref)) === null) throw notFound(documentation);
    return { status: 200, body: await refJson(repo, ref) };
  });

  route('GET', '/repos/{owner}/{repo}/git/refs', async (request) => {
    const repo = await gitRepository(request, 'git/refs#list-matching-references');
    const refs = [
      ...(await git.listBranches({ fs, gitdir: repo.gitdir })).map((name) => `refs/heads/${name}`),
      ...(await git.listTags({ fs, gitdir: repo.gitdir })).map((name) => `refs/tags/${name}`),
    ].sort();
    return { status: 200, body: await Promise.all(refs.map((ref) => refJson(repo, ref))) };
  });

  route('GET', '/repos/{owner}/{repo}/git/matching-refs/{ref+}', async (request) => {
    const repo = await gitRepository(request, 'git/refs#list-matching-references');
    const prefix = fullRef(request.params.ref);
    const refs = [
      ...(await git.listBranches({ fs, gitdir: repo.gitdir })).map((name) => `refs/heads/${name}`),
      ...(await git.listTags({ fs, gitdir: repo.gitdir })).map((name) => `refs/tags/${name}`),
    ]
      .filter((ref) => ref.startsWith(prefix))
      .sort();
    return { status: 200, body: await Promise.all(refs.map((ref) => refJson(repo, ref))) };
  });

  route('POST', '/repos/{owner}/{repo}/git/refs', async (request) => {
    const documentation = 'git/refs#create-a-reference';
    const repo = await gitRepository(request, documentation);
    const { ref, sha } = request.body;
    if (typeof ref !== 'string') throw invalid('Invalid request.\n\n"ref" wasn\'t supplied.', documentation);
    if (typeof sha !== 'string') throw invalid('Invalid request.\n\n"sha" wasn\'t supplied.', documentation);
    checkRefName(ref, documentation);
    if (!(await readObject(repo, sha))) throw invalid('Object does not exist', documentation);
    if ((await resolveRef(repo, ref)) !== null) throw invalid('Reference already exists', documentation);
    await git.writeRef({ fs, gitdir: repo.gitdir, ref, value: sha });
    touch(repo);
    await actions.pushed(repo, request.session.user, ref, sha);
    return { status: 201, body: await refJson(repo, ref), headers: { location: `${repoUrl(repo)}/git/${ref}` } };
  });

  route('PATCH', '/repos/{owner}/{repo}/git/refs/{ref+}', async (request) => {
    const documentation = 'git/refs#update-a-reference';
    const repo = await gitRepository(request, documentation);
    const ref = fullRef(request.params.ref);
    const { sha, force = false } = request.body;
    if (typeof sha !== 'string') throw invalid('Invalid request.\n\n"sha" wasn\'t supplied.', documentation);
    const current = await resolveRef(repo, ref);
    if (current === null) throw invalid('Reference does not exist', documentation);
    const object = await readObject(repo, sha);
    if (!object) throw invalid('Object does not exist', documentation);
    if (force !== true && ref.startsWith('refs/heads/')) {
      const fastForward = object.type === 'commit' && (current === sha || (await git.isDescendent({ fs, gitdir: repo.gitdir, oid: sha, ancestor: current, depth: -1 })));
      if (!fastForward) throw invalid('Update is not a fast forward', documentation);
    }
    await git.writeRef({ fs, gitdir: repo.gitdir, ref, value: sha, force: true });
    touch(repo);
    if (sha !== current) await actions.pushed(repo, request.session.user, ref, sha);
    return { status: 200, body: await refJson(repo, ref) };
  });

  route('DELETE', '/repos/{owner}/{repo}/git/refs/{ref+}', async (request) => {
    const documentation = 'git/refs#delete-a-reference';
    const repo = await gitRepository(request, documentation);
    const ref = fullRef(request.params.ref);
    if ((await resolveRef(repo, ref)) === null) throw invalid('Reference does not exist', documentation);
    await git.deleteRef({ fs, gitdir: repo.gitdir, ref });
    return { status: 204 };
  });

  route('POST', '/repos/{owner}/{repo}/git/tags', async (request) => {
    const documentation = 'git/tags#create-a-tag-object';
    const repo = await gitRepository(request, documentation);
    const { tag, message, object, type } = request.body;
    for (const [field, value] of Object.entries({ tag, message, object, type })) {
      if (typeof value !== 'string') throw invalid(`Invalid request.\n\n"${field}" wasn't supplied.`, documentation);
    }
    if (!['commit', 'tree', 'blob'].includes(type as string)) {
      throw invalid(`Invalid request.\n\n${String(type)} is not a member of ["commit", "tree", "blob"].`, documentation);
    }
    const target = await readObject(repo, object as string);
    if (!target || target.type !== type) throw invalid('Object does not exist', documentation);
    const tagger = personFrom(request.body.tagger, { name: request.session.user.login, email: `${request.session.user.id}+${request.session.user.login}@users.noreply.github.com` }, documentation);
    const sha = await git.writeTag({
      fs,
      gitdir: repo.gitdir,
      tag: {
        object: object as string,
        type: type as 'commit' | 'tree' | 'blob',
        tag: tag as string,
        tagger,
        message: (message as string).endsWith('\n') ? (message as string) : `${message as string}\n`,
      },
    });
    return { status: 201, body: await tagJson(repo, sha), headers: { location: `${repoUrl(repo)}/git/tags/${sha}` } };
  });

  route('GET', '/repos/{owner}/{repo}/git/tags/{sha}', async (request) => {
    const documentation = 'git/tags#get-a-tag';
    const repo = await gitRepository(request, documentation);
    const object = await readObject(repo, request.params.sha);
    if (!object || object.type !== 'tag') throw notFound(documentation);
    return { status: 200, body: await tagJson(repo, request.params.sha) };
  });

  // ---- Actions secrets ----------------------------------------------------------------------------------------

  route('GET', '/repos/{owner}/{repo}/actions/secrets/public-key', (request) => {
    const repo = repository(request, 'actions/secrets#get-a-repository-public-key');
    return { status: 200, body: { key_id: repo.keyPair.keyId, key: sodium.to_base64(repo.keyPair.publicKey, sodium.base64_variants.ORIGINAL) } };
  });

  route('GET', '/repos/{owner}/{repo}/actions/secrets', (request) => {
    const repo = repository(request, 'actions/secrets#list-repository-secrets');
    const perPage = Math.min(Math.max(Number(request.query.get('per_page') ?? 30) || 30, 1), 100);
    const page = Math.max(Number(request.query.get('page') ?? 1) || 1, 1);
    const all = [...repo.secrets.entries()].sort(([a], [b]) => a.localeCompare(b));
    const secrets = all.slice((page - 1) * perPage, page * perPage).map(([name, secret]) => ({ name, created_at: secret.createdAt, updated_at: secret.updatedAt }));
    const lastPage = Math.max(Math.ceil(all.length / perPage), 1);
    const link = (n: number, rel: string) => `<${repoUrl(repo)}/actions/secrets?per_page=${perPage}&page=${n}>; rel="${rel}"`;
    const links = [...(page < lastPage ? [link(page + 1, 'next'), link(lastPage, 'last')] : []), ...(page > 1 ? [link(1, 'first'), link(page - 1, 'prev')] : [])];
    return { status: 200, body: { total_count: all.length, secrets }, headers: links.length ? { link: links.join(', ') } : undefined };
  });

  route('GET', '/repos/{owner}/{repo}/actions/secrets/{name}', (request) => {
    const documentation = 'actions/secrets#get-a-repository-secret';
    const repo = repository(request, documentation);
    const name = request.params.name.toUpperCase();
    const secret = repo.secrets.get(name);
    if (!secret) throw notFound(documentation);
    return { status: 200, body: { name, created_at: secret.createdAt, updated_at: secret.updatedAt } };
  });

  route('PUT', '/repos/{owner}/{repo}/actions/secrets/{name}', (request) => {
    const documentation = 'actions/secrets#create-or-update-a-repository-secret';
    const repo = repository(request, documentation);
    const name = request.params.name.toUpperCase();
    if (!SECRET_NAME.test(name) || name.startsWith('GITHUB_')) {
      throw invalid('Secret names can only contain alphanumeric characters ([a-z], [A-Z], [0-9]) or underscores (_), must not start with a number or GITHUB_.', documentation);
    }
    const { encrypted_value: encrypted, key_id: keyId } = request.body;
    if (typeof encrypted !== 'string') throw invalid('Invalid request.\n\n"encrypted_value" wasn\'t supplied.', documentation);
    if (typeof keyId !== 'string') throw invalid('Invalid request.\n\n"key_id" wasn\'t supplied.', documentation);
    if (keyId !== repo.keyPair.keyId) throw invalid('Bad request - key_id does not match the repository public key.', documentation);
    let value: string;
    try {
      value = sodium.to_string(sodium.crypto_box_seal_open(sodium.from_base64(encrypted, sodium.base64_variants.ORIGINAL), repo.keyPair.publicKey, repo.keyPair.privateKey));
    } catch {
      throw invalid('Bad request - encrypted_value could not be decrypted with the repository public key.', documentation);
    }
    const existing = repo.secrets.get(name);
    const at = now();
    repo.secrets.set(name, { value, createdAt: existing?.createdAt ?? at, updatedAt: at });
    return existing ? { status: 204 } : { status: 201, body: {} };
  });

  route('DELETE', '/repos/{owner}/{repo}/actions/secrets/{name}', (request) => {
    const documentation = 'actions/secrets#delete-a-repository-secret';
    const repo = repository(request, documentation);
    if (!repo.secrets.delete(request.params.name.toUpperCase())) throw notFound(documentation);
    return { status: 204 };
  });

  // ---- Actions workflow runs and jobs --------------------------------------------------------------------------

  const runOf = (request: Request, documentation: string) => {
    const repo = repository(request, documentation);
    const run = /^\d+$/.test(request.params.run_id) ? actions.run(repo, Number(request.params.run_id)) : undefined;
    if (!run) throw notFound(documentation);
    return run;
  };
  const jobOf = (request: Request, documentation: string) => {
    const repo = repository(request, documentation);
    const found = /^\d+$/.test(request.params.job_id) ? actions.job(repo, Number(request.params.job_id)) : undefined;
    if (!found) throw notFound(documentation);
    return found;
  };
  const page = (query: URLSearchParams) => ({
    perPage: Math.min(Math.max(Number(query.get('per_page') ?? 30) || 30, 1), 100),
    page: Math.max(Number(query.get('page') ?? 1) || 1, 1),
  });
  const pageLinks = (url: string, query: URLSearchParams, current: number, last: number) => {
    const link = (n: number, rel: string) => {
      const params = new URLSearchParams(query);
      params.set('page', String(n));
      return `<${url}?${params.toString()}>; rel="${rel}"`;
    };
    const links = [...(current < last ? [link(current + 1, 'next'), link(last, 'last')] : []), ...(current > 1 ? [link(1, 'first'), link(current - 1, 'prev')] : [])];
    return links.length ? { link: links.join(', ') } : undefined;
  };

  route('GET', '/repos/{owner}/{repo}/actions/runs', (request) => {
    const repo = repository(request, 'actions/workflow-runs#list-workflow-runs-for-a-repository');
    const { query } = request;
    const { perPage, page: current } = page(query);
    const status = query.get('status');
    const all = actions
      .runsOf(repo)
      .filter((run) => !query.get('head_sha') || run.headSha === query.get('head_sha'))
      .filter((run) => !query.get('event') || run.event === query.get('event'))
      .filter((run) => !query.get('branch') || run.headBranch === query.get('branch'))
      .filter((run) => !query.get('actor') || run.actor.login.toLowerCase() === query.get('actor')?.toLowerCase())
      .filter((run) => !status || run.status === status || run.conclusion === status);
    const last = Math.max(Math.ceil(all.length / perPage), 1);
    return {
      status: 200,
      body: { total_count: all.length, workflow_runs: all.slice((current - 1) * perPage, current * perPage).map((run) => workflowRunJson(base, run)) },
      headers: pageLinks(`${repoUrl(repo)}/actions/runs`, query, current, last),
    };
  });

  route('GET', '/repos/{owner}/{repo}/actions/runs/{run_id}', (request) => ({
    status: 200,
    body: workflowRunJson(base, runOf(request, 'actions/workflow-runs#get-a-workflow-run')),
  }));

  route('GET', '/repos/{owner}/{repo}/actions/runs/{run_id}/jobs', (request) => {
    const run = runOf(request, 'actions/workflow-jobs#list-jobs-for-a-workflow-run');
    const { perPage, page: current } = page(request.query);
    // The latest attempt's jobs unless filter=all asks for every attempt's (newest first).
    const jobs = request.query.get('filter') === 'all' ? [run.job, ...[...run.earlierJobs].reverse()] : [run.job];
    const all = jobs.map((job) => jobJson(base, run, job));
    return { status: 200, body: { total_count: all.length, jobs: all.slice((current - 1) * perPage, current * perPage) } };
  });

  route('POST', '/repos/{owner}/{repo}/actions/runs/{run_id}/cancel', (request) => {
    const documentation = 'actions/workflow-runs#cancel-a-workflow-run';
    const run = runOf(request, documentation);
    if (!actions.cancel(run)) throw fail(409, 'Cannot cancel a workflow run that is completed.', documentation);
    return { status: 202, body: {} };
  });

  route('POST', '/repos/{owner}/{repo}/actions/runs/{run_id}/rerun', (request) => {
    const documentation = 'actions/workflow-runs#re-run-a-workflow';
    if (!actions.rerun(runOf(request, documentation))) throw fail(403, 'This workflow is already running', documentation);
    return { status: 201, body: {} };
  });

  route('GET', '/repos/{owner}/{repo}/actions/jobs/{job_id}', (request) => {
    const { run, job } = jobOf(request, 'actions/workflow-jobs#get-a-job-for-a-workflow-run');
    return { status: 200, body: jobJson(base, run, job) };
  });

  // The log is a signed plain-text URL that needs no token (GitHub's points to another host and expires).
  route('GET', '/repos/{owner}/{repo}/actions/jobs/{job_id}/logs', (request) => {
    const { job } = jobOf(request, 'actions/workflow-jobs#download-job-logs-for-a-workflow-run');
    return { status: 302, headers: { location: `${base}${LOG_PATH_PREFIX}${job.id}/signedlogcontent?urlSignature=${job.logSignature}` } };
  });

  // ---- the server ---------------------------------------------------------------------------------------------

  const rateHeaders = (): Record<string, string> => ({
    'x-ratelimit-limit': String(limit.limit),
    'x-ratelimit-remaining': String(limit.remaining),
    'x-ratelimit-reset': String(limit.reset),
    'x-ratelimit-used': String(limit.limit - limit.remaining),
    'x-ratelimit-resource': 'core',
  });

  const handle = async (req: http.IncomingMessage, raw: Buffer): Promise<Answer> => {
    const url = new URL(req.url ?? '/', 'http://fake.invalid');
    const method = req.method ?? 'GET';
    // GitHub checks credentials before anything else: a bad token is 401 whatever the path.
    const authorization = req.headers.authorization ?? '';
    const match = /^(?:token|bearer)\s+(\S+)$/i.exec(authorization);
    const session = match ? tokens.get(match[1]) : undefined;
    if (!authorization) throw fail(401, 'Requires authentication', 'overview/authenticating-to-the-rest-api');
    if (!session) throw fail(401, 'Bad credentials', '');

    const found = routes
      .filter((candidate) => candidate.pattern.test(url.pathname))
      .find((candidate) => candidate.method === method);
    if (!found) throw notFound('');

    const headers: Record<string, string> = {};
    if (session.scopes !== undefined) {
      headers['x-oauth-scopes'] = session.scopes.join(', ');
      headers['x-accepted-oauth-scopes'] = '';
    }
    if (found.counts !== false) {
      if (limit.remaining <= 0) {
        throw new HttpError(403, {
          message: `API rate limit exceeded for user ID ${session.user.id}. If you reach out to GitHub Support for help, please include the request ID ${requestId(req)} and timestamp ${new Date().toISOString().replace('T', ' ').replace(/\.\d{3}Z$/, ' UTC')}.`,
          documentation_url: 'https://docs.github.com/rest/overview/rate-limits-for-the-rest-api',
          status: '403',
        });
      }
      limit.remaining -= 1;
    }

    let body: Record<string, unknown> = {};
    if (raw.length > 0) {
      try {
        body = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
      } catch {
        throw fail(400, 'Problems parsing JSON', '');
      }
      if (typeof body !== 'object' || body === null || Array.isArray(body)) throw fail(400, 'Body should be a JSON object', '');
    }
    const groups = found.pattern.exec(url.pathname)!;
    const params = Object.fromEntries(found.names.map((name, i) => [name, decodeURIComponent(groups[i + 1])]));
    const answer = await found.handler({ method, path: url.pathname, query: url.searchParams, params, body, session });
    return { ...answer, headers: { ...headers, ...answer.headers } };
  };

  const requestIds = new WeakMap<http.IncomingMessage, string>();
  const requestId = (req: http.IncomingMessage) => {
    let id = requestIds.get(req);
    if (!id) requestIds.set(req, (id = randomUUID().toUpperCase().slice(0, 23).replace(/-/g, ':')));
    return id;
  };

  /**
   * Git over smart HTTP at clone_url (`git clone http://x-access-token:TOKEN@host/org/repo.git`), served by the
   * git binary's http-backend: Basic authentication with the token as password, as github.com takes it.
   */
  const serveGit = async (req: http.IncomingMessage, res: http.ServerResponse, raw: Buffer, match: RegExpExecArray) => {
    const [, owner, name, service] = match;
    const url = new URL(req.url ?? '/', 'http://fake.invalid');
    const basic = /^basic\s+(\S+)$/i.exec(req.headers.authorization ?? '');
    const password = basic ? Buffer.from(basic[1], 'base64').toString('utf8').split(':').slice(1).join(':') : '';
    const session = tokens.get(password);
    const repo = repositories.get(key(owner, name));
    const writing = service === 'git-receive-pack' || url.searchParams.get('service') === 'git-receive-pack';
    if (!session) {
      res.writeHead(401, { 'www-authenticate': 'Basic realm="GitHub"', 'content-type': 'text/plain' }).end('Invalid username or token.\n');
      return;
    }
    if (!repo || role(repo.owner, session) === undefined || (repo.private && !hasScope(session, 'repo'))) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Repository not found.\n');
      return;
    }
    // A push over git starts workflow runs for the refs it moved, as one through the API does.
    const pushing = writing && service === 'git-receive-pack';
    const before = pushing ? await refsOf(repo) : null;
    const backend = spawn('git', ['http-backend'], {
      env: {
        PATH: process.env.PATH ?? '',
        GIT_PROJECT_ROOT: dataDir,
        GIT_HTTP_EXPORT_ALL: '1',
        GIT_CONFIG_COUNT: '1',
        GIT_CONFIG_KEY_0: 'http.receivepack',
        GIT_CONFIG_VALUE_0: writing ? 'true' : 'false',
        PATH_INFO: `/${repo.id}.git/${service}`,
        REQUEST_METHOD: req.method ?? 'GET',
        QUERY_STRING: url.search.slice(1),
        CONTENT_TYPE: req.headers['content-type'] ?? '',
        CONTENT_LENGTH: String(raw.length),
        REMOTE_USER: session.user.login,
        REMOTE_ADDR: '127.0.0.1',
        ...(req.headers['content-encoding'] ? { HTTP_CONTENT_ENCODING: String(req.headers['content-encoding']) } : {}),
        ...(req.headers['git-protocol'] ? { GIT_PROTOCOL: String(req.headers['git-protocol']) } : {}),
      },
    });
    const out: Buffer[] = [];
    backend.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    backend.stderr.resume();
    backend.on('error', () => res.writeHead(500, { 'content-type': 'text/plain' }).end('git http-backend is not available\n'));
    backend.on('close', () => {
      if (res.headersSent) return;
      const all = Buffer.concat(out);
      const split = all.indexOf('\r\n\r\n');
      const head = split < 0 ? '' : all.subarray(0, split).toString('latin1');
      const headers: Record<string, string> = {};
      let status = 200;
      for (const line of head.split('\r\n')) {
        const colon = line.indexOf(':');
        if (colon < 0) continue;
        const field = line.slice(0, colon).trim();
        const value = line.slice(colon + 1).trim();
        if (field.toLowerCase() === 'status') status = Number.parseInt(value, 10) || 200;
        else headers[field] = value;
      }
      res.writeHead(status, headers).end(split < 0 ? all : all.subarray(split + 4));
      if (pushing && status === 200) {
        touch(repo);
        void refsOf(repo).then(async (after) => {
          for (const [ref, sha] of after) if (before?.get(ref) !== sha) await actions.pushed(repo, session.user, ref, sha);
        });
      }
    });
    backend.stdin.on('error', () => undefined);
    backend.stdin.end(raw);
  };
  const LOG_PATH = /^\/_fake\/actions\/jobs\/(\d+)\/signedlogcontent$/;
  const GIT_PATH = /^\/([^/]+)\/([^/]+?)\.git\/(info\/refs|git-upload-pack|git-receive-pack)$/;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const requestUrl = new URL(req.url ?? '/', 'http://fake.invalid');
      const logPath = LOG_PATH.exec(requestUrl.pathname);
      if (logPath && req.method === 'GET') {
        const job = actions.signedLog(Number(logPath[1]), requestUrl.searchParams.get('urlSignature') ?? '');
        if (!job) res.writeHead(403, { 'content-type': 'application/xml' }).end('<Error><Code>AuthenticationFailed</Code></Error>');
        else res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end(job.log.map((line) => `${line}\n`).join(''));
        return;
      }
      const gitPath = GIT_PATH.exec(requestUrl.pathname);
      if (gitPath) {
        void serveGit(req, res, Buffer.concat(chunks), gitPath);
        return;
      }
      void handle(req, Buffer.concat(chunks))
        .catch((error: unknown): Answer => {
          if (error instanceof HttpError) return { status: error.status, body: error.body };
          console.error('fake GitHub: unexpected error', error);
          return { status: 500, body: { message: 'Server Error' } };
        })
        .then((answer) => {
          const url = new URL(req.url ?? '/', 'http://fake.invalid');
          const raw = Buffer.concat(chunks).toString('utf8');
          let requestBody: unknown;
          try {
            requestBody = raw ? JSON.parse(raw) : undefined;
          } catch {
            requestBody = raw;
          }
          options.onResponse?.({ method: req.method ?? 'GET', path: url.pathname, requestBody, status: answer.status, body: answer.body });
          res.statusCode = answer.status;
          res.setHeader('x-github-api-version-selected', API_VERSION);
          res.setHeader('x-github-media-type', 'github.v3; format=json');
          res.setHeader('x-github-request-id', requestId(req));
          if (answer.status !== 401) for (const [name, value] of Object.entries(rateHeaders())) res.setHeader(name, value);
          for (const [name, value] of Object.entries(answer.headers ?? {})) res.setHeader(name, value);
          if (answer.body === undefined) {
            res.end();
          } else {
            res.setHeader('content-type', 'application/json; charset=utf-8');
            res.end(JSON.stringify(answer.body));
          }
        });
    });
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: base,
    async close() {
      await actions.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (ownDir) await rm(dataDir, { recursive: true, force: true });
    },
    addToken(token, user) {
      tokens.set(token, { user: userFor(user.login), scopes: user.scopes });
    },
    addOrganization(login, settings) {
      organizations.set(login.toLowerCase(), {
        id: (nextId += 1),
        login,
        createdAt: now(),
        members: new Map(settings.members.map((member) => [member.login.toLowerCase(), member.role])),
        membersCanCreateRepositories: settings.membersCanCreateRepositories ?? true,
      });
    },
    secretValue(owner, repo, name) {
      return repositories.get(key(owner, repo))?.secrets.get(name.toUpperCase())?.value ?? null;
    },
    rateLimit(remaining, resetEpochSeconds) {
      limit.remaining = Math.max(0, Math.min(remaining, limit.limit));
      if (resetEpochSeconds !== undefined) limit.reset = resetEpochSeconds;
    },
  };
}
