import fs from 'node:fs';
import git from 'isomorphic-git';
import { commitJson } from './git-objects.js';
import { fail, invalid, notFound, page, pageLinks, type Request, type Router } from './http.js';
import { type FakeUser, fullRepository, nodeId, simpleUser } from './representations.js';
import { type GitHubState, now, type Repository } from './state.js';

/** A pull request as the fake keeps it: its head and base branches in the same repository (no forks). */
interface PullRecord {
  id: number;
  number: number;
  repo: Repository;
  user: FakeUser;
  title: string;
  body: string | null;
  draft: boolean;
  state: 'open' | 'closed';
  head: string;
  base: string;
  /** The head branch's commit as of the last event (kept when the branch is deleted). */
  headSha: string;
  createdAt: string;
  updatedAt: string;
  closedAt: string | null;
}

const BRANCH = 'refs/heads/';
/** GitHub's compare lists at most 250 commits (a page of them: per_page, page). */
const COMPARE_MAX = 250;

/**
 * Pull requests (pulls#create, get, list, update) with their real webhook deliveries: `pull_request` opened, closed,
 * reopened, edited, and synchronize when a push moves an open pull request's head branch (a deleted head branch closes
 * it, as on GitHub). And the commits API's list and comparison (commits#list-commits, compare-two-commits), read from
 * the bare repository.
 */
export class FakePulls {
  private readonly pulls: PullRecord[] = [];
  /** Issue and pull request numbers share one sequence per repository. */
  private readonly lastNumber = new Map<Repository, number>();

  constructor(private readonly state: GitHubState) {}

  routes(router: Router): void {
    const state = this.state;
    router.route('POST', '/repos/{owner}/{repo}/pulls', async (request) => {
      const documentation = 'pulls/pulls#create-a-pull-request';
      const repo = this.writable(request, documentation);
      const { title, head, base, body, draft } = request.body;
      if (typeof title !== 'string' || !title.trim() || typeof head !== 'string' || typeof base !== 'string') throw invalid('Validation Failed', documentation);
      // "owner:branch" names a branch of the same repository here (the fake has no forks).
      const headBranch = head.includes(':') ? head.slice(head.indexOf(':') + 1) : head;
      const headSha = await state.resolveRef(repo, `${BRANCH}${headBranch}`);
      const field = (name: string) => fail(422, 'Validation Failed', documentation, { errors: [{ resource: 'PullRequest', field: name, code: 'invalid' }] });
      if (!headSha) throw field('head');
      if (!(await state.resolveRef(repo, `${BRANCH}${base}`))) throw field('base');
      if (this.pulls.some((pull) => pull.repo === repo && pull.state === 'open' && pull.head === headBranch && pull.base === base)) {
        throw fail(422, 'Validation Failed', documentation, { errors: [{ resource: 'PullRequest', code: 'custom', message: `A pull request already exists for ${repo.owner.login}:${headBranch}.` }] });
      }
      const number = (this.lastNumber.get(repo) ?? 0) + 1;
      this.lastNumber.set(repo, number);
      const at = now();
      const pull: PullRecord = {
        id: state.nextId(),
        number,
        repo,
        user: request.session.user,
        title: title.trim(),
        body: typeof body === 'string' ? body : null,
        draft: draft === true,
        state: 'open',
        head: headBranch,
        base,
        headSha,
        createdAt: at,
        updatedAt: at,
        closedAt: null,
      };
      this.pulls.push(pull);
      this.event(pull, 'opened', request.session.user);
      return { status: 201, body: await this.json(pull), headers: { location: `${state.repoUrl(repo)}/pulls/${number}` } };
    });

    router.route('GET', '/repos/{owner}/{repo}/pulls', async (request) => {
      const repo = state.repository(request, 'pulls/pulls#list-pull-requests');
      const wanted = request.query.get('state') ?? 'open';
      const head = request.query.get('head');
      const base = request.query.get('base');
      const all = this.pulls
        .filter((pull) => pull.repo === repo && (wanted === 'all' || pull.state === wanted))
        .filter((pull) => (!head || `${repo.owner.login}:${pull.head}` === head) && (!base || pull.base === base))
        .reverse();
      const { perPage, page: current } = page(request.query);
      const items = all.slice((current - 1) * perPage, current * perPage);
      const last = Math.max(Math.ceil(all.length / perPage), 1);
      return { status: 200, body: await Promise.all(items.map((pull) => this.json(pull))), headers: pageLinks(`${state.repoUrl(repo)}/pulls`, request.query, current, last) };
    });

    router.route('GET', '/repos/{owner}/{repo}/pulls/{pull_number}', async (request) => {
      return { status: 200, body: await this.json(this.pullOf(request, state.repository(request, 'pulls/pulls#get-a-pull-request'), 'pulls/pulls#get-a-pull-request')) };
    });

    router.route('PATCH', '/repos/{owner}/{repo}/pulls/{pull_number}', async (request) => {
      const documentation = 'pulls/pulls#update-a-pull-request';
      const pull = this.pullOf(request, this.writable(request, documentation), documentation);
      const { title, body, state: wanted } = request.body;
      if ((title !== undefined && (typeof title !== 'string' || !title.trim())) || (body !== undefined && body !== null && typeof body !== 'string')) throw invalid('Validation Failed', documentation);
      if (wanted !== undefined && wanted !== 'open' && wanted !== 'closed') throw invalid('Validation Failed', documentation);
      const edited = (typeof title === 'string' && title.trim() !== pull.title) || (body !== undefined && body !== pull.body);
      if (typeof title === 'string') pull.title = title.trim();
      if (body !== undefined) pull.body = body as string | null;
      pull.updatedAt = now();
      if (edited) this.event(pull, 'edited', request.session.user);
      if (wanted === 'closed' && pull.state === 'open') this.close(pull, request.session.user);
      if (wanted === 'open' && pull.state === 'closed') {
        const head = await state.resolveRef(pull.repo, `${BRANCH}${pull.head}`);
        if (!head) throw fail(422, 'Validation Failed', documentation, { errors: [{ resource: 'PullRequest', code: 'custom', message: 'state cannot be changed. The head branch was deleted.' }] });
        Object.assign(pull, { state: 'open', closedAt: null, headSha: head });
        this.event(pull, 'reopened', request.session.user);
      }
      return { status: 200, body: await this.json(pull) };
    });

    router.route('GET', '/repos/{owner}/{repo}/commits', async (request) => {
      const documentation = 'commits/commits#list-commits';
      const repo = await state.gitRepository(request, documentation);
      const head = await this.commitOf(repo, request.query.get('sha') ?? repo.defaultBranch);
      if (!head) throw notFound(documentation);
      const history = await this.ancestors(repo, head);
      const { perPage, page: current } = page(request.query);
      const listed = history.slice((current - 1) * perPage, current * perPage);
      return {
        status: 200,
        body: await Promise.all(listed.map((entry) => this.commitListJson(repo, entry.oid))),
        headers: pageLinks(`${state.repoUrl(repo)}/commits`, request.query, current, Math.max(Math.ceil(history.length / perPage), 1)),
      };
    });

    router.route('GET', '/repos/{owner}/{repo}/compare/{basehead+}', async (request) => {
      const documentation = 'commits/commits#compare-two-commits';
      const repo = await state.gitRepository(request, documentation);
      const [baseName, headName, extra] = request.params.basehead.split('...');
      if (!baseName || !headName || extra !== undefined) throw notFound(documentation);
      const [base, head] = await Promise.all([this.commitOf(repo, baseName), this.commitOf(repo, headName)]);
      if (!base || !head) throw notFound(documentation);
      const [fromBase, fromHead] = await Promise.all([this.ancestors(repo, base), this.ancestors(repo, head)]);
      const inBase = new Set(fromBase.map((entry) => entry.oid));
      const inHead = new Set(fromHead.map((entry) => entry.oid));
      // Oldest first, as GitHub lists them.
      const ahead = fromHead.filter((entry) => !inBase.has(entry.oid)).reverse();
      const behindBy = fromBase.filter((entry) => !inHead.has(entry.oid)).length;
      const mergeBase = ((await git.findMergeBase({ fs, gitdir: repo.gitdir, oids: [base, head] })) as string[])[0] ?? base;
      const { perPage, page: current } = request.query.has('per_page') || request.query.has('page') ? page(request.query) : { perPage: COMPARE_MAX, page: 1 };
      const listed = ahead.slice((current - 1) * perPage, current * perPage);
      const status = ahead.length && behindBy ? 'diverged' : ahead.length ? 'ahead' : behindBy ? 'behind' : 'identical';
      const html = `${state.base}/${repo.owner.login}/${repo.name}/compare/${request.params.basehead}`;
      return {
        status: 200,
        body: {
          url: `${state.repoUrl(repo)}/compare/${request.params.basehead}`,
          html_url: html,
          permalink_url: `${state.base}/${repo.owner.login}/${repo.name}/compare/${repo.owner.login}:${base.slice(0, 7)}...${repo.owner.login}:${head.slice(0, 7)}`,
          diff_url: `${html}.diff`,
          patch_url: `${html}.patch`,
          base_commit: await this.commitListJson(repo, base),
          merge_base_commit: await this.commitListJson(repo, mergeBase),
          status,
          ahead_by: ahead.length,
          behind_by: behindBy,
          total_commits: ahead.length,
          commits: await Promise.all(listed.map((entry) => this.commitListJson(repo, entry.oid))),
          files: [],
        },
        headers: pageLinks(`${state.repoUrl(repo)}/compare/${request.params.basehead}`, request.query, current, Math.max(Math.ceil(ahead.length / perPage), 1)),
      };
    });
  }

  /** A push moved a branch: each open pull request with it as head gets synchronize (or closed, when it was deleted). */
  headMoved(repo: Repository, pusher: FakeUser, ref: string, before: string | null, after: string | null): void {
    if (!ref.startsWith(BRANCH)) return;
    for (const pull of this.pulls.filter((one) => one.repo === repo && one.state === 'open' && one.head === ref.slice(BRANCH.length))) {
      if (!after) {
        this.close(pull, pusher);
        continue;
      }
      const previous = before ?? pull.headSha;
      pull.headSha = after;
      pull.updatedAt = now();
      this.event(pull, 'synchronize', pusher, { before: previous, after });
    }
  }

  private close(pull: PullRecord, sender: FakeUser): void {
    pull.state = 'closed';
    pull.closedAt = now();
    pull.updatedAt = pull.closedAt;
    this.event(pull, 'closed', sender);
  }

  /** The `pull_request` webhook event, in GitHub's payload format. */
  private event(pull: PullRecord, action: string, sender: FakeUser, extra: Record<string, unknown> = {}): void {
    const send = async () => {
      const payload = { action, number: pull.number, ...extra, pull_request: await this.json(pull), repository: this.repositoryJson(pull.repo), sender: this.userJson(sender) };
      this.state.hooks.broadcast(pull.repo, 'pull_request', action, payload);
    };
    this.state.hooks.track(send());
  }

  private writable(request: Request, documentation: string): Repository {
    const repo = this.state.repository(request, documentation);
    if (!this.state.hasScope(request.session, 'repo')) throw notFound(documentation);
    return repo;
  }

  private pullOf(request: Request, repo: Repository, documentation: string): PullRecord {
    const pull = this.pulls.find((candidate) => candidate.repo === repo && String(candidate.number) === request.params.pull_number);
    if (!pull) throw notFound(documentation);
    return pull;
  }

  /** A branch, tag or commit sha's commit, or null. */
  private async commitOf(repo: Repository, name: string): Promise<string | null> {
    for (const ref of /^[0-9a-f]{40}$/.test(name) ? [] : [`${BRANCH}${name}`, `refs/tags/${name}`]) {
      const sha = await this.state.resolveRef(repo, ref);
      if (sha) return (await git.readTag({ fs, gitdir: repo.gitdir, oid: sha }).catch(() => null))?.tag.object ?? sha;
    }
    return (await this.state.readObject(repo, name))?.type === 'commit' ? name : null;
  }

  private ancestors(repo: Repository, sha: string) {
    return git.log({ fs, gitdir: repo.gitdir, ref: sha });
  }

  /** A commit as the commits API lists it (the git commit inside, with GitHub's users unknown: null). */
  private async commitListJson(repo: Repository, sha: string) {
    const commit = await commitJson(this.state, repo, sha);
    const url = `${this.state.repoUrl(repo)}/commits/${sha}`;
    return {
      url,
      sha,
      node_id: nodeId('C', sha),
      html_url: commit.html_url,
      comments_url: `${url}/comments`,
      commit: { url: commit.url, author: commit.author, committer: commit.committer, message: commit.message, tree: commit.tree, comment_count: 0, verification: commit.verification },
      author: null,
      committer: null,
      parents: commit.parents,
    };
  }

  private userJson(user: FakeUser) {
    return simpleUser(this.state.base, { id: user.id, login: user.login, type: 'User' });
  }

  private repositoryJson(repo: Repository) {
    return fullRepository(this.state.base, repo, 0);
  }

  /** A pull request in GitHub's format (pulls#get-a-pull-request). */
  private async json(pull: PullRecord) {
    const { state } = this;
    const repoUrl = state.repoUrl(pull.repo);
    const url = `${repoUrl}/pulls/${pull.number}`;
    const html = `${state.base}/${pull.repo.owner.login}/${pull.repo.name}/pull/${pull.number}`;
    const issue = `${repoUrl}/issues/${pull.number}`;
    const headSha = (await state.resolveRef(pull.repo, `${BRANCH}${pull.head}`)) ?? pull.headSha;
    const baseSha = (await state.resolveRef(pull.repo, `${BRANCH}${pull.base}`)) ?? headSha;
    const side = (branch: string, sha: string) => ({ label: `${pull.repo.owner.login}:${branch}`, ref: branch, sha, user: simpleUser(state.base, { id: pull.repo.owner.id, login: pull.repo.owner.login, type: 'Organization' }), repo: this.repositoryJson(pull.repo) });
    return {
      url,
      id: pull.id,
      node_id: nodeId('PR', pull.id),
      html_url: html,
      diff_url: `${html}.diff`,
      patch_url: `${html}.patch`,
      issue_url: issue,
      commits_url: `${url}/commits`,
      review_comments_url: `${url}/comments`,
      review_comment_url: `${repoUrl}/pulls/comments{/number}`,
      comments_url: `${issue}/comments`,
      statuses_url: `${repoUrl}/statuses/${headSha}`,
      number: pull.number,
      state: pull.state,
      locked: false,
      title: pull.title,
      user: this.userJson(pull.user),
      body: pull.body,
      labels: [],
      milestone: null,
      active_lock_reason: null,
      created_at: pull.createdAt,
      updated_at: pull.updatedAt,
      closed_at: pull.closedAt,
      merged_at: null,
      merge_commit_sha: null,
      assignee: null,
      assignees: [],
      requested_reviewers: [],
      requested_teams: [],
      head: side(pull.head, headSha),
      base: side(pull.base, baseSha),
      _links: {
        self: { href: url },
        html: { href: html },
        issue: { href: issue },
        comments: { href: `${issue}/comments` },
        review_comments: { href: `${url}/comments` },
        review_comment: { href: `${repoUrl}/pulls/comments{/number}` },
        commits: { href: `${url}/commits` },
        statuses: { href: `${repoUrl}/statuses/${headSha}` },
      },
      author_association: 'MEMBER',
      auto_merge: null,
      draft: pull.draft,
      merged: false,
      mergeable: null,
      rebaseable: null,
      mergeable_state: 'unknown',
      merged_by: null,
      comments: 0,
      review_comments: 0,
      maintainer_can_modify: false,
      commits: 0,
      additions: 0,
      deletions: 0,
      changed_files: 0,
    };
  }
}
