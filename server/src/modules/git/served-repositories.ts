import type { RepositoryRef } from '../../providers/source-host/source-host.port.js';

/** What the git HTTP server needs of the local source host: where a repository is, and its branches and commits. */
export interface ServedRepositories {
  servedPath(ref: RepositoryRef): Promise<{ root: string; relativePath: string } | null>;
  branchHeads(ref: RepositoryRef): Promise<Map<string, string>>;
  commitSummary(ref: RepositoryRef, sha: string): Promise<{ message: string }>;
}
