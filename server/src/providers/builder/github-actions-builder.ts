import { AppError, ErrorCode } from '../../common/app-error.js';
import { safeSegment } from '../names.js';
import type { Registry } from '../registry/registry.port.js';
import { GITHUB_API_URL, type GitHubClient, createGitHubClient, githubUnreachable } from '../source-host/github-source-host.js';
import { type BuildHooks, type BuildRequest, type BuildResult, type Builder, buildResults } from './builder.port.js';
import { MAX_LOG_LINE, MAX_LOG_LINES } from './local-builder.js';

export interface GitHubActionsBuilderOptions {
  token: string;
  /** The REST API's base URL: https://api.github.com, or https://HOST/api/v3 for GitHub Enterprise Server. */
  apiUrl?: string;
  /** Where the workflow pushes the image (Docker Hub); the artifact is read back from it. */
  registry: Registry;
  /** The Docker Hub credentials the workflow logs in with (its DOCKER_USERNAME and DOCKER_TOKEN secrets). */
  registryCredentials: { username: string; token: string };
  /** Between two looks at the run and its log (default 5000 ms; GitHub asks clients not to poll faster). */
  pollIntervalMs?: number;
  /** How long a push may take to start its workflow run before the build fails (default 120 s). */
  runStartSeconds?: number;
  /** How long GitHub has to answer each request before it counts as unreachable (default DEFAULT_ANSWER_TIMEOUT_MS). */
  answerTimeoutMs?: number;
}

interface Run {
  id: number;
  run_number: number;
  run_attempt?: number;
  name?: string | null;
  head_branch: string | null;
  status: string | null;
  conclusion: string | null;
  html_url: string;
  created_at: string;
}

interface Job {
  id: number;
  run_attempt?: number;
  name: string;
  status: string;
  conclusion: string | null;
  steps?: Array<{ name: string; conclusion: string | null; number: number }>;
}

/** How long to wait for a cancelled run to say it has completed. */
const CANCEL_WAIT_MS = 10_000;
/** GitHub's log lines start with an ISO timestamp with 7 fractional digits. */
const LOG_TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z ?/;
/** What GitHub's runner prints when a `run:` step's command fails. */
const EXIT_CODE = /Process completed with exit code (\d+)\./;

/**
 * Builds on GitHub Actions: the template's workflow (.github/workflows/ in every generated repository) starts when
 * the commit is pushed or tagged, builds the image and pushes it to the registry. build() finds the workflow run of
 * the commit (waiting for it to appear), follows it to its conclusion while passing the job logs' new lines on as
 * they grow, then answers the image the registry has under request.image. request.buildCommand is the workflow's
 * business here. A rebuild (Retry, Rebuild) re-runs a finished run that left no image. Abort and timeout cancel the
 * run. The token only goes to apiUrl; it never appears in a log line or an error (log lines are also cleaned of it
 * and of the Docker Hub token, should a workflow print them).
 */
export class GitHubActionsBuilder implements Builder {
  readonly kind = 'github-actions' as const;
  private readonly octokit: GitHubClient;
  private readonly token: string;
  private readonly registryCredentials: { username: string; token: string };
  private readonly registry: Registry;
  private readonly pollIntervalMs: number;
  private readonly runStartMs: number;
  private readonly apiUrl: string;

  constructor(options: GitHubActionsBuilderOptions) {
    this.token = options.token;
    this.registryCredentials = options.registryCredentials;
    this.registry = options.registry;
    this.pollIntervalMs = options.pollIntervalMs ?? 5000;
    this.runStartMs = (options.runStartSeconds ?? 120) * 1000;
    this.apiUrl = options.apiUrl ?? GITHUB_API_URL;
    this.octokit = createGitHubClient({ token: options.token, apiUrl: this.apiUrl, answerTimeoutMs: options.answerTimeoutMs });
  }

  /**
   * The templates' workflows log in to Docker Hub with the repository's DOCKER_USERNAME and DOCKER_TOKEN secrets.
   * The source host stores them as Actions secrets sealed with the repository's public key (a libsodium sealed box),
   * so the token only travels in plain text to Docker Hub; it is never logged (log lines are cleaned of it too).
   */
  repositorySecrets(): Record<string, string> {
    return { DOCKER_USERNAME: this.registryCredentials.username, DOCKER_TOKEN: this.registryCredentials.token };
  }

  async build(request: BuildRequest, hooks: BuildHooks): Promise<BuildResult> {
    const started = Date.now();
    const result = buildResults();
    const owner = safeSegment(request.repository.organization, 'organization');
    const repo = safeSegment(request.repository.name, 'repository name');
    const short = request.commitSha.slice(0, 12);

    // The commit's run is followed (its log shown) even when it has finished and pushed already; with no run, an
    // image already there is the answer.
    let run = await this.findRun(owner, repo, request.commitSha, request.image.tag);
    if (!run) {
      const existing = await this.registry.find(request.image);
      if (existing) {
        hooks.onLog(`Artifact ${existing.url} already exists; nothing to build`);
        return result('success', { artifact: existing });
      }
    }
    const deadline = started + request.timeoutSeconds * 1000;
    const stopped = (): string | null =>
      hooks.signal.aborted ? 'Build cancelled' : Date.now() >= deadline ? `Build timed out after ${request.timeoutSeconds} s` : null;
    const log = this.logger(hooks.onLog);

    // The run appears a moment after the push.
    let waited = false;
    while (!run) {
      run = await this.findRun(owner, repo, request.commitSha, request.image.tag);
      if (run) break;
      const reason = stopped();
      if (reason) return result('failed', { error: reason });
      if (Date.now() - started >= this.runStartMs) {
        return result('failed', {
          error: `No GitHub Actions run started for commit ${short}: the repository needs a workflow under .github/workflows that runs on push`,
        });
      }
      if (!waited) hooks.onLog(`Waiting for the GitHub Actions run of commit ${short}`);
      waited = true;
      await sleep(Math.max(Math.min(this.pollIntervalMs, deadline - Date.now()), 0), hooks.signal);
    }
    hooks.onLog(`GitHub Actions run #${run.run_number}${run.name ? ` (${run.name})` : ''} for commit ${short}: ${run.html_url}`);

    // On Retry or Rebuild, a finished run that left no image (it failed, was cancelled, or its image is gone) is run
    // again, with the repository's secrets as they are now. Until GitHub shows the new attempt, the old one is not
    // followed.
    let oldAttempts = 0;
    if (request.rebuild && run.status === 'completed' && (run.conclusion !== 'success' || !(await this.registry.find(request.image)))) {
      const { id, run_attempt: attempt = 1 } = run;
      await this.call('re-run the workflow run', () => this.octokit.rest.actions.reRunWorkflow({ owner, repo, run_id: id }));
      oldAttempts = attempt;
      hooks.onLog(`Re-running GitHub Actions run #${run.run_number} (attempt ${attempt + 1})`);
    }
    const current = (item: { run_attempt?: number }) => (item.run_attempt ?? 1) > oldAttempts;

    const runId = run.id;
    const shown = new Map<number, number>();
    const follow = async (): Promise<Job[]> => {
      const jobs = (await this.jobs(owner, repo, runId)).filter(current);
      for (const job of jobs) {
        if (job.status === 'queued') continue;
        const lines = await this.jobLog(owner, repo, job.id);
        for (const line of lines.slice(shown.get(job.id) ?? 0)) log.line(line);
        shown.set(job.id, Math.max(lines.length, shown.get(job.id) ?? 0));
      }
      return jobs;
    };

    for (;;) {
      run = await this.getRun(owner, repo, run.id);
      if (run.status === 'completed' && current(run)) break;
      const reason = stopped();
      if (reason) {
        await this.cancel(owner, repo, run.id);
        await follow().catch(() => undefined);
        hooks.onLog(reason);
        return result('failed', { error: reason });
      }
      await follow();
      await sleep(Math.max(Math.min(this.pollIntervalMs, deadline - Date.now()), 0), hooks.signal);
    }
    const jobs = await follow();
    log.end();

    if (run.conclusion !== 'success') {
      const error = await this.failureReason(owner, repo, run, jobs);
      hooks.onLog(error);
      return result('failed', { error });
    }
    const artifact = await this.registry.find(request.image);
    if (!artifact) {
      const error = `The GitHub Actions run succeeded but the registry has no image ${request.image.repository}:${request.image.tag}`;
      hooks.onLog(error);
      return result('failed', { error });
    }
    hooks.onLog(`Image ${artifact.url} (${artifact.size} bytes, ${artifact.digest})`);
    return result('success', { artifact });
  }

  /**
   * The push run of the commit that builds the requested tag (a tag push's run is named after the tag), else the
   * newest push run of the commit, or null.
   */
  private async findRun(owner: string, repo: string, sha: string, tag: string): Promise<Run | null> {
    const listed = await this.call('list the workflow runs', () =>
      this.octokit.rest.actions.listWorkflowRunsForRepo({ owner, repo, head_sha: sha, event: 'push', per_page: 100 }),
    );
    const runs = [...listed.data.workflow_runs].sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);
    return runs.find((run) => run.head_branch === tag) ?? runs[0] ?? null;
  }

  private async getRun(owner: string, repo: string, runId: number): Promise<Run> {
    return (await this.call('read the workflow run', () => this.octokit.rest.actions.getWorkflowRun({ owner, repo, run_id: runId }))).data;
  }

  private async jobs(owner: string, repo: string, runId: number): Promise<Job[]> {
    const listed = await this.call('list the jobs of the workflow run', () =>
      this.octokit.rest.actions.listJobsForWorkflowRun({ owner, repo, run_id: runId, per_page: 100 }),
    );
    return listed.data.jobs;
  }

  /** The job's log lines without their timestamps; none while GitHub has no log for it yet (404). */
  private async jobLog(owner: string, repo: string, jobId: number): Promise<string[]> {
    let text: unknown;
    try {
      text = (await this.octokit.rest.actions.downloadJobLogsForWorkflowRun({ owner, repo, job_id: jobId })).data;
    } catch (error) {
      if (statusOf(error) === 404 || statusOf(error) === 410) return [];
      throw this.translate(error, 'read the job log');
    }
    if (typeof text !== 'string' || text === '') return [];
    const lines = text.replace(/\n$/, '').split('\n');
    return lines.map((line) => line.replace(/\r$/, '').replace(LOG_TIMESTAMP, ''));
  }

  /** Cancels the run and waits a little for it to complete (409: it already has). */
  private async cancel(owner: string, repo: string, runId: number): Promise<void> {
    try {
      await this.octokit.rest.actions.cancelWorkflowRun({ owner, repo, run_id: runId });
    } catch (error) {
      if (statusOf(error) !== 409) throw this.translate(error, 'cancel the workflow run');
      return;
    }
    const until = Date.now() + CANCEL_WAIT_MS;
    while (Date.now() < until) {
      if ((await this.getRun(owner, repo, runId)).status === 'completed') return;
      await sleep(Math.min(this.pollIntervalMs, 1000));
    }
  }

  /** Why a run did not succeed: the failing command's exit code when its log says it, else the failed job and step. */
  private async failureReason(owner: string, repo: string, run: Run, jobs: Job[]): Promise<string> {
    if (run.conclusion === 'cancelled') return 'The GitHub Actions run was cancelled';
    if (run.conclusion === 'timed_out') return 'The GitHub Actions run timed out';
    const failed = jobs.find((job) => job.conclusion === 'failure');
    if (failed) {
      const code = (await this.jobLog(owner, repo, failed.id)).map((line) => EXIT_CODE.exec(line)).find(Boolean);
      if (code) return `Build exited with code ${code[1]}`;
      const step = failed.steps?.find((candidate) => candidate.conclusion === 'failure');
      return `The GitHub Actions run failed: ${failed.name}${step ? ` / ${step.name}` : ''}`.slice(0, 300);
    }
    return `The GitHub Actions run ended as ${run.conclusion ?? 'unknown'}`;
  }

  /** Job log lines as build log lines: markers dropped, the token masked, lines and count bounded. */
  private logger(onLog: (line: string) => void) {
    let sent = 0;
    let dropped = 0;
    return {
      line: (raw: string) => {
        if (raw.startsWith('##[endgroup]')) return;
        if (sent >= MAX_LOG_LINES) {
          dropped += 1;
          return;
        }
        sent += 1;
        const text = raw.replace(/^##\[group\]/, '').replace(/^##\[error\]/, 'Error: ').replace(/^##\[warning\]/, 'Warning: ');
        onLog(this.redact(text).slice(0, MAX_LOG_LINE));
      },
      end: () => {
        if (dropped > 0) onLog(`… ${dropped} more lines of build output not shown`);
      },
    };
  }

  private async call<T>(what: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw this.translate(error, what);
    }
  }

  /** A failed GitHub call as an AppError that names what Slipway tried, never the token. */
  private translate(error: unknown, what: string): Error {
    const status = statusOf(error);
    if (status === undefined) return githubUnreachable(error, this.apiUrl, what, (text) => this.redact(text));
    const data = (error as { response?: { data?: { message?: unknown } } }).response?.data;
    const message = this.redact(typeof data?.message === 'string' ? data.message.slice(0, 300) : `HTTP ${status}`);
    if (status === 401) {
      return new AppError(ErrorCode.Forbidden, 'The GitHub token is not valid (GitHub answered "Bad credentials"): create a new token and save it in Settings', {
        reason: 'GITHUB_ACCESS',
      });
    }
    if (status === 403 || status === 429) return new AppError(ErrorCode.Forbidden, `GitHub refused to let the token ${what}: ${message}`, { reason: 'GITHUB_ACCESS' });
    if (status === 404) return new AppError(ErrorCode.NotFound, `GitHub found nothing to ${what}: ${message}`, { reason: 'GITHUB_NOT_FOUND' });
    return new AppError(ErrorCode.ProviderError, `GitHub answered ${status} when Slipway tried to ${what}: ${message}`, { reason: 'GITHUB_ERROR' });
  }

  private redact(text: string): string {
    let clean = text;
    for (const secret of [this.token, this.registryCredentials.token]) if (secret) clean = clean.split(secret).join('****');
    return clean;
  }
}

function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown; response?: unknown } | null)?.status;
  return typeof status === 'number' && typeof (error as { response?: unknown }).response === 'object' ? status : undefined;
}

/** Waits ms, or until signal aborts. */
function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}
