import { chmod, mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Octokit } from '@octokit/core';
import { restEndpointMethods } from '@octokit/plugin-rest-endpoint-methods';
import { retry } from '@octokit/plugin-retry';
import { throttling } from '@octokit/plugin-throttling';
import Bottleneck from 'bottleneck';
import sodium from 'libsodium-wrappers';
import { ENVIRONMENT_VARIABLE_NAME } from '@slipway/domain';
import { AppError, ErrorCode } from '../../common/app-error.js';
import { safeSegment } from '../names.js';
import { SerialQueue } from '../serial-queue.js';
import { DEFAULT_ANSWER_TIMEOUT_MS, fetchWithin, noAnswer, providerUnreachable } from '../upstream.js';
import { commitNotFound, invalidProviderName, invalidSourceFile, repositoryNotFound, tagConflict } from '../providers.errors.js';
import { EXECUTABLE_MODE, SYMLINK_MODE, type TreeFile, checkSourceFiles, treeId } from './git-objects.js';
import type { CommitComparison, CommitRequest, RepositoryInfo, RepositoryRef, SourceHost } from './source-host.port.js';

export const GITHUB_API_URL = 'https://api.github.com';

/** Who signs the annotated tags Slipway makes (the port's createTag names no author). */
const TAGGER = { name: 'Slipway', email: 'slipway@localhost' };
const SHA = /^[0-9a-f]{40}$/;
/** The events Slipway's webhook receives: branches moved, created or deleted. */
const WEBHOOK_EVENTS = ['push', 'pull_request'] as const;

/** Scopes a classic token needs: private repositories and their contents, and the template's workflow file. */
const REQUIRED_SCOPES = ['repo', 'workflow'];
/** Statuses that retrying does not change (409: an empty repository, a conflicting ref). */
const DO_NOT_RETRY = [400, 401, 403, 404, 409, 410, 422, 451];
const BLOB_DOWNLOADS_AT_ONCE = 8;

const Client = Octokit.plugin(restEndpointMethods, retry, throttling);
/** Octokit with the REST methods and the retry and throttling plugins, as every GitHub adapter uses it. */
export type GitHubClient = InstanceType<typeof Client>;
type Client = GitHubClient;

export interface GitHubSourceHostOptions {
  token: string;
  /** The REST API's base URL: https://api.github.com, or https://HOST/api/v3 for GitHub Enterprise Server. */
  apiUrl?: string;
  /**
   * The least time between two writes, in milliseconds. GitHub asks integrations to leave a second between
   * content-creating requests (the throttling plugin's default, shared by every client in the process); a test
   * against a local fake sets 0.
   */
  minWriteIntervalMs?: number;
  /** Server errors and network failures are retried 3 times after n² × this (default 1000 ms); a test sets less. */
  retryBaseDelayMs?: number;
  /** How many times a server error or network failure is retried (default 3); a connection test answers at once. */
  retries?: number;
  /** How long GitHub has to answer each request before it counts as unreachable (default DEFAULT_ANSWER_TIMEOUT_MS). */
  answerTimeoutMs?: number;
}

/**
 * The Octokit client every GitHub adapter uses: the token only goes to apiUrl, Octokit's own logging is silenced
 * (it could print request details), failures that retrying does not change are not retried, and the rate limits
 * are waited for only when their reset is close.
 */
export function createGitHubClient(options: GitHubSourceHostOptions): GitHubClient {
  const quiet = () => undefined;
  return new Client({
    auth: options.token,
    baseUrl: (options.apiUrl ?? GITHUB_API_URL).replace(/\/+$/, ''),
    userAgent: 'Slipway',
    log: { debug: quiet, info: quiet, warn: quiet, error: quiet },
    request: { fetch: (url: string, init: RequestInit) => fetchWithin(options.answerTimeoutMs ?? DEFAULT_ANSWER_TIMEOUT_MS, url, init) },
    retry: { doNotRetry: DO_NOT_RETRY, retryAfterBaseValue: options.retryBaseDelayMs ?? 1000, retries: options.retries ?? 3 },
    throttle: {
      // The primary limit: wait for its reset only when it is a few seconds away; otherwise fail clearly.
      onRateLimit: (retryAfter, _options, _octokit, retryCount) => retryCount === 0 && retryAfter <= 5,
      onSecondaryRateLimit: (retryAfter, _options, _octokit, retryCount) => retryCount < 2 && retryAfter <= 60,
      ...(options.minWriteIntervalMs === undefined
        ? {}
        : { write: new Bottleneck.Group({ maxConcurrent: 1, minTime: options.minWriteIntervalMs }) }),
    },
  });
}

/** What Octokit throws for an HTTP answer that is not a success. */
interface HttpFailure {
  status: number;
  response?: { headers: Record<string, string | number | undefined>; data?: unknown };
}

function isHttpFailure(error: unknown): error is HttpFailure {
  // A network failure is a RequestError too (status 500), without a response.
  return typeof error === 'object' && error !== null && typeof (error as HttpFailure).status === 'number' && typeof (error as HttpFailure).response?.headers === 'object';
}

/**
 * A GitHub call that got no HTTP answer (Octokit's RequestError without a response) as PROVIDER_UNREACHABLE;
 * anything else is not GitHub's doing and goes on as it is.
 */
export function githubUnreachable(error: unknown, apiUrl: string, what: string, redact: (text: string) => string): Error {
  if ((error as { name?: unknown })?.name !== 'HttpError') return error as Error;
  const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
  const why = noAnswer(error) ?? String(cause?.code ?? cause?.message ?? 'the request failed').slice(0, 200);
  return providerUnreachable('GitHub', apiUrl, what, redact(why), 'GITHUB_UNREACHABLE');
}

function githubMessage(error: HttpFailure): string {
  const data = error.response?.data as { message?: unknown } | undefined;
  return typeof data?.message === 'string' ? data.message.slice(0, 300) : `HTTP ${error.status}`;
}

function isRateLimited(error: HttpFailure): boolean {
  return (error.status === 403 || error.status === 429) && String(error.response?.headers['x-ratelimit-remaining']) === '0';
}

/**
 * Source host on GitHub (or GitHub Enterprise Server): one private repository per project in the organization,
 * code committed through the Git Data API (blobs, a whole tree, a commit, the branch ref), annotated tags,
 * Actions secrets sealed with the repository's public key. Every method can be repeated after a crash: it looks
 * for its effect first. The token only ever goes to apiUrl and never appears in an error or a log line.
 */
export class GitHubSourceHost implements SourceHost {
  readonly kind = 'github' as const;
  private readonly octokit: Client;
  private readonly apiUrl: string;
  private readonly token: string;
  /** One change at a time per repository in this process, as the local adapter does. */
  private readonly changes = new SerialQueue();

  constructor(options: GitHubSourceHostOptions) {
    this.token = options.token;
    this.apiUrl = (options.apiUrl ?? GITHUB_API_URL).replace(/\/+$/, '');
    this.octokit = createGitHubClient(options);
  }

  /**
   * What the validate-github step and Settings' Test connection check: the token is good, has the scopes Slipway
   * needs (classic tokens), the organization exists and the token's user may create repositories in it. Throws a
   * message for the user; answers the token's user.
   */
  async validateAccess(organization: string): Promise<{ login: string }> {
    const org = safeSegment(organization, 'organization');
    const user = await this.call("read the token's user", () => this.octokit.rest.users.getAuthenticated(), {
      401: () => accessError('The GitHub token is not valid (GitHub answered "Bad credentials"): create a new token and save it in Settings'),
    });
    const login = user.data.login;
    const scopesHeader = user.headers['x-oauth-scopes'];
    if (typeof scopesHeader === 'string') {
      const scopes = scopesHeader.split(',').map((scope) => scope.trim()).filter(Boolean);
      const missing = REQUIRED_SCOPES.filter((scope) => !scopes.includes(scope));
      if (missing.length > 0) {
        throw accessError(
          `The GitHub token lacks the ${missing.map((scope) => `"${scope}"`).join(' and ')} scope${missing.length > 1 ? 's' : ''} ` +
            `(it has: ${scopes.length ? scopes.join(', ') : 'none'}); Slipway needs "repo" and "workflow" (and "delete_repo" to delete projects' repositories)`,
        );
      }
    }
    const details = await this.call('read the organization', () => this.octokit.rest.orgs.get({ org }), {
      404: () => accessError(`The GitHub organization "${org}" does not exist, or the token's user ${login} cannot see it`),
    });
    const membership = await this.call('read the organization membership', () => this.octokit.rest.orgs.getMembershipForAuthenticatedUser({ org }), {
      403: () => accessError(`The token may not read ${login}'s membership of the GitHub organization "${org}" (for a fine-grained token, grant it the organization's "Members" read permission)`),
      404: () => accessError(`The GitHub user ${login} is not a member of the organization "${org}", so it cannot create repositories there`),
    });
    if (membership.data.state !== 'active') {
      throw accessError(`The GitHub user ${login} has not yet accepted the invitation to the organization "${org}"`);
    }
    const canCreate = membership.data.permissions?.can_create_repository;
    if (membership.data.role !== 'admin' && (canCreate === false || details.data.members_can_create_repositories === false)) {
      throw accessError(
        `The GitHub user ${login} cannot create repositories in the organization "${org}": members may not create repositories there ` +
          `and ${login} is not an owner. Ask an owner to allow members to create repositories, or to make ${login} an owner`,
      );
    }
    return { login };
  }

  async ensureRepository(ref: RepositoryRef, options: { description: string }): Promise<RepositoryInfo> {
    const { owner, repo } = names(ref);
    const existing = await this.findRepository(ref);
    if (existing) return existing;
    try {
      const created = await this.call('create the repository', () =>
        this.octokit.rest.repos.createInOrg({
          org: owner,
          name: repo,
          description: options.description.replace(/[\r\n]+/g, ' ').slice(0, 350),
          private: true,
          auto_init: false,
        }),
      );
      return info(created.data);
    } catch (error) {
      // Made meanwhile by another attempt: answer it.
      const again = error instanceof AppError && error.code === ErrorCode.Conflict ? await this.findRepository(ref) : null;
      if (again) return again;
      throw error;
    }
  }

  async findRepository(ref: RepositoryRef): Promise<RepositoryInfo | null> {
    const { owner, repo } = names(ref);
    try {
      const found = await this.call('read the repository', () => this.octokit.rest.repos.get({ owner, repo }));
      return info(found.data);
    } catch (error) {
      if (error instanceof AppError && error.code === ErrorCode.NotFound) return null;
      throw error;
    }
  }

  async commitFiles(ref: RepositoryRef, request: CommitRequest): Promise<{ sha: string; created: boolean }> {
    const { owner, repo } = names(ref);
    const branch = branchName(request.branch);
    const files = checkSourceFiles(request.files);
    return this.changes.run(`${owner}/${repo}`, () => this.commitNow(ref, branch, request, files));
  }

  private async commitNow(ref: RepositoryRef, branch: string, request: CommitRequest, files: TreeFile[]): Promise<{ sha: string; created: boolean }> {
    const { owner, repo } = names(ref);
    await this.requireRepository(ref);
    const tree = treeId(files);

    let head = await this.branchHead(ref, branch);
    let bootstrapped = false;
    if (head.sha === null && head.empty) {
      // GitHub's Git Data API refuses to write into a repository without commits (409 "Git Repository is
      // empty."); the Contents API does not. Its one-file commit is replaced below by a parentless one.
      head = { sha: await this.bootstrap(ref, branch, request, files), empty: false };
      bootstrapped = true;
    }
    const known = new Set<string>();
    if (head.sha !== null) {
      const headCommit = await this.call('read the branch head', () => this.octokit.rest.git.getCommit({ owner, repo, commit_sha: head.sha! }));
      if (headCommit.data.tree.sha === tree) return { sha: head.sha, created: bootstrapped };
      const headTree = await this.call('read the branch head', () =>
        this.octokit.rest.git.getTree({ owner, repo, tree_sha: headCommit.data.tree.sha, recursive: 'true' }),
      );
      for (const entry of headTree.data.tree) if (entry.type === 'blob' && entry.sha) known.add(entry.sha);
    }

    for (const file of files) {
      if (known.has(file.sha)) continue;
      known.add(file.sha);
      await this.call('upload a file', () => this.octokit.rest.git.createBlob({ owner, repo, content: file.content.toString('base64'), encoding: 'base64' }));
    }
    const createdTree = await this.call('write the tree', () =>
      this.octokit.rest.git.createTree({
        owner,
        repo,
        tree: files.map((file) => ({ path: file.path, mode: file.mode, type: 'blob' as const, sha: file.sha })),
      }),
    );
    const date = new Date().toISOString();
    const commit = await this.call('write the commit', () =>
      this.octokit.rest.git.createCommit({
        owner,
        repo,
        message: request.message,
        tree: createdTree.data.sha,
        parents: head.sha !== null && !bootstrapped ? [head.sha] : [],
        author: { ...request.author, date },
        committer: { ...request.author, date },
      }),
    );
    const sha = commit.data.sha;
    if (head.sha === null) {
      await this.call('create the branch', () => this.octokit.rest.git.createRef({ owner, repo, ref: `refs/heads/${branch}`, sha }), {
        422: () => branchMoved(branch),
      });
    } else {
      await this.call('move the branch', () => this.octokit.rest.git.updateRef({ owner, repo, ref: `heads/${branch}`, sha, force: bootstrapped }), {
        422: () => branchMoved(branch),
      });
    }
    return { sha, created: true };
  }

  async headCommit(ref: RepositoryRef, branch: string): Promise<string | null> {
    return (await this.branchHead(ref, branchName(branch))).sha;
  }

  async createTag(ref: RepositoryRef, tag: { name: string; sha: string; message: string }): Promise<void> {
    const { owner, repo } = names(ref);
    const name = safeSegment(tag.name, 'tag name');
    await this.changes.run(`${owner}/${repo}`, () => this.tagNow(ref, name, tag));
  }

  private async tagNow(ref: RepositoryRef, name: string, tag: { sha: string; message: string }): Promise<void> {
    const { owner, repo } = names(ref);
    const current = await this.tagCommit(ref, name);
    if (current === tag.sha) return;
    if (current !== null) throw tagConflict(name);
    await this.readCommit(ref, tag.sha);
    const object = await this.call('write the tag', () =>
      this.octokit.rest.git.createTag({
        owner,
        repo,
        tag: name,
        message: tag.message,
        object: tag.sha,
        type: 'commit',
        tagger: { ...TAGGER, date: new Date().toISOString() },
      }),
    );
    try {
      await this.call('create the tag', () => this.octokit.rest.git.createRef({ owner, repo, ref: `refs/tags/${name}`, sha: object.data.sha }));
    } catch (error) {
      // Made meanwhile ("Reference already exists"): quiet when it names the same commit.
      if (!(error instanceof AppError && error.code === ErrorCode.Conflict)) throw error;
      if ((await this.tagCommit(ref, name)) === tag.sha) return;
      throw tagConflict(name);
    }
  }

  async deleteTag(ref: RepositoryRef, tag: { name: string; sha: string }): Promise<void> {
    const { owner, repo } = names(ref);
    const name = safeSegment(tag.name, 'tag name');
    await this.changes.run(`${owner}/${repo}`, async () => {
      if ((await this.tagCommit(ref, name)) !== tag.sha) return;
      // 422 "Reference does not exist": deleted meanwhile.
      await this.callOrNull('delete the tag', () => this.octokit.rest.git.deleteRef({ owner, repo, ref: `tags/${name}` }), [422]);
    });
  }

  async tagCommit(ref: RepositoryRef, tag: string): Promise<string | null> {
    const { owner, repo } = names(ref);
    const name = safeSegment(tag, 'tag name');
    const found = await this.optionalRef(ref, `tags/${name}`);
    if (found === null) return null;
    let object = found;
    // Peel annotated tags (a tag may name another tag) down to the commit.
    for (let depth = 0; object.type === 'tag' && depth < 10; depth += 1) {
      const sha = object.sha;
      const tagObject = await this.call('read the tag', () => this.octokit.rest.git.getTag({ owner, repo, tag_sha: sha }));
      object = tagObject.data.object;
    }
    return object.type === 'commit' ? object.sha : null;
  }

  async compareCommits(ref: RepositoryRef, base: string | null, head: string, limit: number): Promise<CommitComparison> {
    const { owner, repo } = names(ref);
    type Listed = { sha: string; commit: { message: string; author: { name?: string; date?: string } | null } };
    const summary = (listed: Listed[]) =>
      listed.map(({ sha, commit }) => ({ sha, message: commit.message.split('\n')[0], author: commit.author?.name ?? '', date: commit.author?.date ?? '' }));
    if (!base) {
      const recent = await this.call('list the commits', () => this.octokit.rest.repos.listCommits({ owner, repo, sha: head, per_page: limit }));
      return { commits: summary(recent.data), ahead: recent.data.length, behind: 0 };
    }
    // GitHub lists a comparison's commits oldest first, a page at a time: the newest are on the last page (and the one before).
    const compare = (page: number) => this.call('compare the commits', () => this.octokit.rest.repos.compareCommitsWithBasehead({ owner, repo, basehead: `${base}...${head}`, per_page: limit, page }));
    const first = await compare(1);
    const { ahead_by: ahead, behind_by: behind } = first.data;
    const last = Math.max(Math.ceil(ahead / limit), 1);
    const pages = last === 1 ? [first] : await Promise.all([compare(last - 1), compare(last)]);
    const commits = summary(pages.flatMap((one) => one.data.commits)).reverse().slice(0, limit);
    return { commits, ahead, behind };
  }

  async setSecrets(ref: RepositoryRef, secrets: Record<string, string>): Promise<void> {
    const { owner, repo } = names(ref);
    for (const name of Object.keys(secrets)) {
      if (!ENVIRONMENT_VARIABLE_NAME.test(name)) throw invalidProviderName('secret name', name);
      if (name.toUpperCase().startsWith('GITHUB_')) {
        throw new AppError(ErrorCode.BadUserInput, `Invalid secret name "${name.slice(0, 100)}": GitHub reserves names starting with GITHUB_`, {
          reason: 'INVALID_PROVIDER_NAME',
        });
      }
    }
    await this.changes.run(`${owner}/${repo}`, () => this.setSecretsNow(ref, secrets));
  }

  private async setSecretsNow(ref: RepositoryRef, secrets: Record<string, string>): Promise<void> {
    const { owner, repo } = names(ref);
    await this.requireRepository(ref);
    await sodium.ready;
    let key = await this.publicKey(ref);
    for (const [name, value] of Object.entries(secrets)) {
      const put = (current: { keyId: string; key: Uint8Array }) =>
        this.call('set a secret', () =>
          this.octokit.rest.actions.createOrUpdateRepoSecret({
            owner,
            repo,
            secret_name: name,
            encrypted_value: sodium.to_base64(sodium.crypto_box_seal(sodium.from_string(value), current.key), sodium.base64_variants.ORIGINAL),
            key_id: current.keyId,
          }),
        );
      try {
        await put(key);
      } catch (error) {
        // The repository's key changed meanwhile: seal again with the new one.
        if (!(error instanceof AppError && error.code === ErrorCode.BadUserInput)) throw error;
        key = await this.publicKey(ref);
        await put(key);
      }
    }
    const keep = new Set(Object.keys(secrets).map((name) => name.toUpperCase()));
    for (const name of await this.secretNames(ref)) {
      if (keep.has(name.toUpperCase())) continue;
      await this.callOrNull('delete a secret', () => this.octokit.rest.actions.deleteRepoSecret({ owner, repo, secret_name: name }), [404]);
    }
  }

  async ensureWebhook(ref: RepositoryRef, hook: { url: string; secret: string }): Promise<void> {
    const { owner, repo } = names(ref);
    const config = { url: hook.url, content_type: 'json', secret: hook.secret, insecure_ssl: '0' as const };
    await this.changes.run(`${owner}/${repo}`, async () => {
      await this.requireRepository(ref);
      const hooks = await this.call('list the webhooks', () => this.octokit.rest.repos.listWebhooks({ owner, repo, per_page: 100 }), {
        404: () => accessError(`The token's user cannot manage the webhooks of ${owner}/${repo}: it needs admin rights on the repository`),
      });
      const existing = hooks.data.find((one) => one.config.url === hook.url);
      // Not updateWebhookConfigForRepo: its `url` field would be taken for the request's own URL.
      if (existing) await this.call('update the webhook', () => this.octokit.rest.repos.updateWebhook({ owner, repo, hook_id: existing.id, active: true, events: [...WEBHOOK_EVENTS], config }));
      else await this.call('create the webhook', () => this.octokit.rest.repos.createWebhook({ owner, repo, name: 'web', active: true, events: [...WEBHOOK_EVENTS], config }));
    });
  }

  async secretNames(ref: RepositoryRef): Promise<string[]> {
    const { owner, repo } = names(ref);
    const collected: string[] = [];
    for (let page = 1; ; page += 1) {
      const listed = await this.call('list the secrets', () => this.octokit.rest.actions.listRepoSecrets({ owner, repo, per_page: 100, page }), {
        404: () => repositoryNotFound(`${owner}/${repo}`),
      });
      collected.push(...listed.data.secrets.map((secret) => secret.name));
      if (listed.data.secrets.length === 0 || collected.length >= listed.data.total_count) break;
    }
    return collected.sort();
  }

  async exportTree(ref: RepositoryRef, sha: string, targetDir: string): Promise<void> {
    const { owner, repo } = names(ref);
    const commit = await this.readCommit(ref, sha);
    const top = path.resolve(targetDir);
    const entries = await this.listTree(ref, commit.tree.sha);
    for (const entry of entries) checkExportPath(entry.path);
    // Folders first, parents before children; then the files.
    for (const entry of entries.filter((e) => e.type === 'tree').sort((a, b) => a.path.split('/').length - b.path.split('/').length)) {
      await mkdir(path.join(top, entry.path));
    }
    const blobs = entries.filter((entry) => entry.type === 'blob');
    for (let i = 0; i < blobs.length; i += BLOB_DOWNLOADS_AT_ONCE) {
      await Promise.all(
        blobs.slice(i, i + BLOB_DOWNLOADS_AT_ONCE).map(async (entry) => {
          const blob = await this.call('read a file', () => this.octokit.rest.git.getBlob({ owner, repo, file_sha: entry.sha }));
          const content = Buffer.from(blob.data.content, blob.data.encoding === 'base64' ? 'base64' : 'utf8');
          const target = path.join(top, entry.path);
          if (entry.mode === SYMLINK_MODE) {
            const link = content.toString('utf8');
            const resolved = path.resolve(path.dirname(target), link);
            if (path.isAbsolute(link) || (resolved !== top && !resolved.startsWith(top + path.sep))) {
              throw invalidSourceFile(entry.path, 'a symbolic link pointing outside the repository');
            }
            await symlink(link, target);
          } else {
            await writeFile(target, content, { flag: 'wx' });
            await chmod(target, entry.mode === EXECUTABLE_MODE ? 0o755 : 0o644);
          }
        }),
      );
    }
  }

  async deleteRepository(ref: RepositoryRef): Promise<void> {
    const { owner, repo } = names(ref);
    await this.callOrNull('delete the repository', () => this.octokit.rest.repos.delete({ owner, repo }), [404], {
      403: (error) =>
        new AppError(
          ErrorCode.Forbidden,
          `GitHub refused to delete the repository ${owner}/${repo} (${githubMessage(error)}): the token needs the "delete_repo" scope and its user must be an owner of the organization or an admin of the repository`,
          { reason: 'GITHUB_ACCESS' },
        ),
    });
  }

  // ---- helpers --------------------------------------------------------------------------------------------------

  /**
   * Runs one GitHub call; an HTTP failure becomes the AppError that `handlers` gives for its status, else the
   * general mapping in translate. Messages never carry the token.
   */
  private async call<T>(what: string, run: () => Promise<T>, handlers: Handlers = {}): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw this.translate(error, what, handlers);
    }
  }

  /** As call, answering null for the statuses in nullOn (e.g. 404 for "not there"). */
  private async callOrNull<T>(what: string, run: () => Promise<T>, nullOn: number[], handlers: Handlers = {}): Promise<T | null> {
    try {
      return await run();
    } catch (error) {
      if (isHttpFailure(error) && nullOn.includes(error.status) && !isRateLimited(error)) return null;
      throw this.translate(error, what, handlers);
    }
  }

  private translate(error: unknown, what: string, handlers: Handlers): Error {
    if (!isHttpFailure(error)) return githubUnreachable(error, this.apiUrl, what, (text) => this.redact(text));
    if (isRateLimited(error)) {
      const reset = Number(error.response?.headers['x-ratelimit-reset']);
      const when = Number.isFinite(reset) && reset > 0 ? ` It resets at ${new Date(reset * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z')}.` : '';
      return new AppError(ErrorCode.TooManyRequests, `GitHub's API rate limit for this token is used up, so Slipway could not ${what}.${when}`, {
        reason: 'GITHUB_RATE_LIMITED',
      });
    }
    if ((error.status === 403 || error.status === 429) && /secondary rate limit/i.test(githubMessage(error))) {
      return new AppError(ErrorCode.TooManyRequests, `GitHub asked Slipway to slow down (a secondary rate limit) when it tried to ${what}; try again in a few minutes`, {
        reason: 'GITHUB_RATE_LIMITED',
      });
    }
    const handler = handlers[error.status];
    if (handler) {
      const mapped = handler(error);
      return new AppError(mapped.code, this.redact(mapped.message), { reason: mapped.reason, field: mapped.field });
    }
    const message = this.redact(githubMessage(error));
    switch (error.status) {
      case 401:
        return accessError('The GitHub token is not valid (GitHub answered "Bad credentials"): create a new token and save it in Settings');
      case 403:
        return new AppError(ErrorCode.Forbidden, `GitHub refused to let the token ${what}: ${message}`, { reason: 'GITHUB_ACCESS' });
      case 404:
        return new AppError(ErrorCode.NotFound, `GitHub found nothing to ${what}: ${message}`, { reason: 'GITHUB_NOT_FOUND' });
      case 409:
      case 422: {
        const code = /already exists/i.test(JSON.stringify(error.response?.data ?? '')) ? ErrorCode.Conflict : ErrorCode.BadUserInput;
        return new AppError(code, `GitHub refused to ${what}: ${message}${validationDetails(error)}`, { reason: 'GITHUB_REFUSED' });
      }
      default:
        return new AppError(ErrorCode.ProviderError, `GitHub answered ${error.status} when Slipway tried to ${what}: ${message}`, { reason: 'GITHUB_ERROR' });
    }
  }

  private redact(message: string): string {
    return this.token ? message.split(this.token).join('[REDACTED]') : message;
  }

  private async requireRepository(ref: RepositoryRef): Promise<void> {
    if ((await this.findRepository(ref)) === null) {
      const { owner, repo } = names(ref);
      throw repositoryNotFound(`${owner}/${repo}`);
    }
  }

  /** A ref's object, or null when it does not exist (the repository must). */
  private async optionalRef(ref: RepositoryRef, name: string): Promise<{ type: string; sha: string } | null> {
    const { owner, repo } = names(ref);
    const found = await this.callOrNull('read a reference', () => this.octokit.rest.git.getRef({ owner, repo, ref: name }), [404, 409]);
    if (found) return found.data.object;
    // 404 is both "no such ref" and "no such repository"; 409 an empty repository.
    await this.requireRepository(ref);
    return null;
  }

  /** The branch head, and whether the repository has no commits at all. */
  private async branchHead(ref: RepositoryRef, branch: string): Promise<{ sha: string | null; empty: boolean }> {
    const { owner, repo } = names(ref);
    const found = await this.callOrNull('read the branch', () => this.octokit.rest.git.getRef({ owner, repo, ref: `heads/${branch}` }), [404, 409]);
    if (found) return { sha: found.data.object.sha, empty: false };
    await this.requireRepository(ref);
    // The Git Data API answers 409 for a repository without commits.
    const refs = await this.callOrNull('read the references', () => this.octokit.rest.git.listMatchingRefs({ owner, repo, ref: 'heads/' }), [409]);
    return { sha: null, empty: refs === null };
  }

  /** The first commit of an empty repository, through the Contents API: the first file, or an empty placeholder. */
  private async bootstrap(ref: RepositoryRef, branch: string, request: CommitRequest, files: TreeFile[]): Promise<string> {
    const { owner, repo } = names(ref);
    const first = files.find((file) => file.mode !== EXECUTABLE_MODE);
    const date = new Date().toISOString();
    const created = await this.call('write the first commit', () =>
      this.octokit.rest.repos.createOrUpdateFileContents({
        owner,
        repo,
        path: first?.path ?? '.gitkeep',
        message: request.message,
        content: (first?.content ?? Buffer.alloc(0)).toString('base64'),
        branch,
        author: { ...request.author, date },
        committer: { ...request.author, date },
      }),
    );
    const sha = created.data.commit.sha;
    if (!sha) throw new AppError(ErrorCode.ProviderError, 'GitHub answered the first commit without its sha', { reason: 'GITHUB_ERROR' });
    return sha;
  }

  private async readCommit(ref: RepositoryRef, sha: string) {
    const { owner, repo } = names(ref);
    if (typeof sha !== 'string' || !SHA.test(sha)) throw commitNotFound(String(sha));
    const found = await this.callOrNull('read the commit', () => this.octokit.rest.git.getCommit({ owner, repo, commit_sha: sha }), [404, 409, 422]);
    if (found) return found.data;
    await this.requireRepository(ref);
    throw commitNotFound(sha);
  }

  /** Every entry of a tree, recursively (walking sub-trees one by one when GitHub truncates the listing). */
  private async listTree(ref: RepositoryRef, treeSha: string, prefix = ''): Promise<Array<{ path: string; mode: string; type: string; sha: string }>> {
    const { owner, repo } = names(ref);
    const listed = await this.call('read the tree', () => this.octokit.rest.git.getTree({ owner, repo, tree_sha: treeSha, recursive: 'true' }));
    const entries = listed.data.tree.map((entry) => ({ path: `${prefix}${entry.path}`, mode: entry.mode ?? '', type: entry.type ?? '', sha: entry.sha ?? '' }));
    if (!listed.data.truncated) return entries;
    const flat = await this.call('read the tree', () => this.octokit.rest.git.getTree({ owner, repo, tree_sha: treeSha }));
    const all: Array<{ path: string; mode: string; type: string; sha: string }> = [];
    for (const entry of flat.data.tree) {
      const item = { path: `${prefix}${entry.path}`, mode: entry.mode ?? '', type: entry.type ?? '', sha: entry.sha ?? '' };
      all.push(item);
      if (item.type === 'tree') all.push(...(await this.listTree(ref, item.sha, `${item.path}/`)));
    }
    return all;
  }

  private async publicKey(ref: RepositoryRef): Promise<{ keyId: string; key: Uint8Array }> {
    const { owner, repo } = names(ref);
    const found = await this.call('read the repository public key', () => this.octokit.rest.actions.getRepoPublicKey({ owner, repo }), {
      404: () => repositoryNotFound(`${owner}/${repo}`),
    });
    return { keyId: found.data.key_id, key: sodium.from_base64(found.data.key, sodium.base64_variants.ORIGINAL) };
  }
}

type Handlers = Record<number, (error: HttpFailure) => AppError>;

function names(ref: RepositoryRef): { owner: string; repo: string } {
  return { owner: safeSegment(ref.organization, 'organization'), repo: safeSegment(ref.name, 'repository name') };
}

function info(data: { html_url: string; clone_url: string; default_branch: string }): RepositoryInfo {
  return { url: data.html_url, cloneUrl: data.clone_url, defaultBranch: data.default_branch };
}

/** A branch is one or more safe segments joined by '/' (e.g. 'main', 'feature/login'). */
function branchName(branch: string): string {
  if (typeof branch !== 'string' || branch === '') throw invalidProviderName('branch name', String(branch));
  for (const segment of branch.split('/')) safeSegment(segment, 'branch name');
  return branch;
}

function checkExportPath(entryPath: string): void {
  if (entryPath.split('/').some((segment) => segment === '' || segment === '.' || segment === '..' || segment.toLowerCase() === '.git' || segment.includes('\\'))) {
    throw invalidSourceFile(entryPath, 'a path that cannot be written safely');
  }
}

function accessError(message: string): AppError {
  return new AppError(ErrorCode.Forbidden, message, { reason: 'GITHUB_ACCESS' });
}

function branchMoved(branch: string): AppError {
  return new AppError(ErrorCode.Conflict, `Branch ${branch} moved on GitHub while Slipway was committing; try again`, { reason: 'BRANCH_MOVED' });
}

function validationDetails(error: HttpFailure): string {
  const errors = (error.response?.data as { errors?: Array<{ message?: unknown; field?: unknown; code?: unknown }> } | undefined)?.errors;
  if (!Array.isArray(errors) || errors.length === 0) return '';
  const parts = errors
    .slice(0, 3)
    .map((item) => (typeof item.message === 'string' ? item.message : `${String(item.field ?? '')} ${String(item.code ?? '')}`.trim()))
    .filter(Boolean);
  return parts.length ? ` (${parts.join('; ').slice(0, 300)})` : '';
}
