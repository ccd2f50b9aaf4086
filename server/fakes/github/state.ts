import fs from 'node:fs';
import git from 'isomorphic-git';
import { FakeActions, type FakeRunner } from './actions.js';
import { FakeHooks } from './hooks.js';
import { FakePulls } from './pulls.js';
import { emptyRepository, notFound, type Request } from './http.js';
import type { FakeOrganization, FakeRepositoryRecord, FakeUser } from './representations.js';

export interface Repository extends FakeRepositoryRecord {
  gitdir: string;
  keyPair: { keyId: string; publicKey: Uint8Array; privateKey: Uint8Array };
  secrets: Map<string, { value: string; createdAt: string; updatedAt: string }>;
}

export interface Session {
  user: FakeUser;
  /** Classic tokens' scopes; undefined for fine-grained tokens. */
  scopes?: string[];
}

const SHA = /^[0-9a-f]{40}$/;

/** GitHub's timestamps: ISO 8601 without milliseconds. */
export function now(): string {
  return new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** Repositories are found by owner and name, case-insensitively. */
export const repoKey = (owner: string, repo: string) => `${owner}/${repo}`.toLowerCase();

/**
 * What the fake GitHub holds (tokens, users, organizations, repositories with their bare git directories, the rate
 * limit, the workflow runs), and the checks every resource shares: who may see a repository, and git lookups.
 */
export class GitHubState {
  readonly tokens = new Map<string, Session>();
  readonly users = new Map<string, FakeUser>();
  readonly organizations = new Map<string, FakeOrganization>();
  readonly repositories = new Map<string, Repository>();
  readonly limit = { limit: 5000, remaining: 5000, reset: Math.floor(Date.now() / 1000) + 3600 };
  readonly startedAt = now();
  readonly actions: FakeActions;
  readonly hooks: FakeHooks;
  readonly pulls: FakePulls;
  /** The server's URL, once it listens. */
  base = '';
  private lastId = 1000;

  constructor(
    /** Where the bare repositories live. */
    readonly dataDir: string,
    runner: FakeRunner,
  ) {
    this.actions = new FakeActions(runner, () => this.nextId());
    this.hooks = new FakeHooks(this);
    this.pulls = new FakePulls(this);
  }

  /** Ids of users, organizations, repositories, runs and jobs: one sequence, as GitHub's are unique. */
  nextId(): number {
    this.lastId += 1;
    return this.lastId;
  }

  userFor(login: string): FakeUser {
    let user = this.users.get(login.toLowerCase());
    if (!user) {
      user = { id: this.nextId(), login };
      this.users.set(login.toLowerCase(), user);
    }
    return user;
  }

  hasScope(session: Session, scope: string): boolean {
    return session.scopes === undefined || session.scopes.includes(scope);
  }

  role(org: FakeOrganization, session: Session): 'admin' | 'member' | undefined {
    return org.members.get(session.user.login.toLowerCase());
  }

  /** The repository the session may see: private repositories need membership and, for classic tokens, `repo`. */
  repository(request: Request, documentation: string): Repository {
    const repo = this.repositories.get(repoKey(request.params.owner, request.params.repo));
    if (!repo || this.role(repo.owner, request.session) === undefined || (repo.private && !this.hasScope(request.session, 'repo'))) {
      throw notFound(documentation);
    }
    return repo;
  }

  async isEmpty(repo: Repository): Promise<boolean> {
    return (await git.listBranches({ fs, gitdir: repo.gitdir })).length === 0 && (await git.listTags({ fs, gitdir: repo.gitdir })).length === 0;
  }

  /** A repository for the Git Data API: 409 while it has no commits at all. */
  async gitRepository(request: Request, documentation: string): Promise<Repository> {
    const repo = this.repository(request, documentation);
    if (await this.isEmpty(repo)) throw emptyRepository(documentation);
    return repo;
  }

  async readObject(repo: Repository, oid: string) {
    if (!SHA.test(oid)) return null;
    try {
      return await git.readObject({ fs, gitdir: repo.gitdir, oid, format: 'parsed' });
    } catch (error) {
      if (error instanceof git.Errors.NotFoundError) return null;
      throw error;
    }
  }

  async resolveRef(repo: Repository, ref: string): Promise<string | null> {
    try {
      return await git.resolveRef({ fs, gitdir: repo.gitdir, ref, depth: 1 });
    } catch (error) {
      if (error instanceof git.Errors.NotFoundError) return null;
      throw error;
    }
  }

  /** Every branch and tag with the object it names. */
  async refsOf(repo: Repository): Promise<Map<string, string>> {
    const refs = new Map<string, string>();
    const names = [
      ...(await git.listBranches({ fs, gitdir: repo.gitdir })).map((name) => `refs/heads/${name}`),
      ...(await git.listTags({ fs, gitdir: repo.gitdir })).map((name) => `refs/tags/${name}`),
    ];
    for (const ref of names) {
      const sha = await this.resolveRef(repo, ref);
      if (sha) refs.set(ref, sha);
    }
    return refs;
  }

  /**
   * A push (over git or the API) moved a ref from `before` to `after` (null: created, deleted): the repository's push
   * time, its workflow runs, its webhooks' deliveries and its open pull requests' synchronize (or close).
   */
  async refMoved(repo: Repository, pusher: FakeUser, ref: string, before: string | null, after: string | null): Promise<void> {
    repo.pushedAt = now();
    repo.updatedAt = repo.pushedAt;
    if (before === after) return;
    if (after) await this.actions.pushed(repo, pusher, ref, after);
    await this.hooks.refMoved(repo, pusher, ref, before, after);
    this.pulls.headMoved(repo, pusher, ref, before, after);
  }

  repoUrl(repo: Repository): string {
    return `${this.base}/repos/${repo.owner.login}/${repo.name}`;
  }
}
