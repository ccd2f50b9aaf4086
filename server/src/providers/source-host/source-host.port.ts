/**
 * Source host port: where a project's code lives (local: bare git repositories in the data directory;
 * cloud: GitHub). Every method is idempotent: calling it again after a crash finds the effect and repeats nothing.
 */

/** A repository, namespaced by the owner's GITHUB_ORGANIZATION setting. */
export interface RepositoryRef {
  /** The GITHUB_ORGANIZATION setting (already validated as a safe path/name segment by the caller). */
  organization: string;
  /** The project's slug (projectSlug(name)). */
  name: string;
}

export interface RepositoryInfo {
  /** What the project shows as repository_url (local: a file:// URL the user can `git clone`). */
  url: string;
  /** The argument for `git clone` (the same as url for local repositories). */
  cloneUrl: string;
  defaultBranch: string;
}

export interface SourceFile {
  /** Relative path with forward slashes, never absolute or containing '..'. */
  path: string;
  content: Buffer;
  /** True for files that must be executable (mode 100755). */
  executable?: boolean;
}

export interface CommitRequest {
  branch: string;
  message: string;
  files: SourceFile[];
  /** Author shown on the commit. */
  author: { name: string; email: string };
}

/** A commit as a list of commits shows it. */
export interface CommitSummary {
  sha: string;
  /** The first line of its message. */
  message: string;
  author: string;
  /** When it was authored (ISO 8601). */
  date: string;
}

/** The commits of `head` that `base` lacks, newest first, and how the two compare. */
export interface CommitComparison {
  /** At most the limit asked for: the newest. */
  commits: CommitSummary[];
  /** How many commits `head` has that `base` lacks (all of them, listed or not). */
  ahead: number;
  /** How many commits `base` has that `head` lacks. */
  behind: number;
}

export interface SourceHost {
  readonly kind: 'local' | 'github';
  /**
   * Cloud hosts only: checks that the credentials work and may create repositories in the organization; throws an
   * Error whose message the owner can read (a bad token, a missing organization, missing scopes). Answers the
   * account the credentials belong to.
   */
  validateAccess?(organization: string): Promise<{ login: string }>;
  /** Creates the repository when it does not exist yet; answers the existing one otherwise. */
  ensureRepository(ref: RepositoryRef, options: { description: string }): Promise<RepositoryInfo>;
  /** The repository, or null when it does not exist. */
  findRepository(ref: RepositoryRef): Promise<RepositoryInfo | null>;
  /**
   * Commits exactly these files as the branch's whole tree. When the branch head already has this tree,
   * answers the head's sha and commits nothing (so a repeated call never makes a second commit).
   */
  commitFiles(ref: RepositoryRef, request: CommitRequest): Promise<{ sha: string; created: boolean }>;
  /** The branch head's sha, or null when the branch does not exist. */
  headCommit(ref: RepositoryRef, branch: string): Promise<string | null>;
  /** Creates an annotated tag on sha; answers quietly when the tag already points at sha, fails if it points elsewhere. */
  createTag(ref: RepositoryRef, tag: { name: string; sha: string; message: string }): Promise<void>;
  /**
   * Removes the tag if it still points at sha (a tag made for a version that was then not recorded); answers
   * quietly when it is gone or points elsewhere (someone else's tag stays).
   */
  deleteTag(ref: RepositoryRef, tag: { name: string; sha: string }): Promise<void>;
  /** The commit sha a tag points at, or null. */
  tagCommit(ref: RepositoryRef, tag: string): Promise<string | null>;
  /**
   * The commits reachable from `head` and not from `base` (with no base: head's recent history, `ahead` then counting
   * only those listed when the host cannot count them cheaply), newest first, at most `limit`.
   */
  compareCommits(ref: RepositoryRef, base: string | null, head: string, limit: number): Promise<CommitComparison>;
  /** Replaces the repository's secrets with these (local: encrypted at rest; never logged). */
  setSecrets(ref: RepositoryRef, secrets: Record<string, string>): Promise<void>;
  /** Names of the repository's secrets (never their values). */
  secretNames(ref: RepositoryRef): Promise<string[]>;
  /** Writes the tree of commit sha into targetDir (an empty directory), for builders that build locally. */
  exportTree(ref: RepositoryRef, sha: string, targetDir: string): Promise<void>;
  /** Removes the repository and its secrets; no-op when it does not exist. */
  deleteRepository(ref: RepositoryRef): Promise<void>;
  /**
   * Cloud hosts only: makes the repository send its push events to `url`, signed with `secret`
   * (the existing webhook for that URL gets the secret again; no second one is made).
   */
  ensureWebhook?(ref: RepositoryRef, hook: { url: string; secret: string }): Promise<void>;
}
