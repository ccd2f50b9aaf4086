import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { chmod, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import git from 'isomorphic-git';
import { type FakeRepositoryRecord, type FakeUser, fullRepository, nodeId, simpleUser } from './representations.js';

/**
 * GitHub Actions in the fake GitHub: a push (a branch moved, a tag created) to a repository whose pushed commit has
 * a workflow file under .github/workflows/ starts one workflow run per file, with one job, which a runner function
 * carries out on the commit's tree in a temporary directory. Runs go queued -> in_progress -> completed with the
 * conclusion success, failure or cancelled, as GitHub's do. The fake does not interpret the workflow's YAML: it
 * reads its top-level `name:` and the first job's id for display, and runs every workflow on every push (the
 * runner decides what the build is).
 */

export type FakeRunnerConclusion = 'success' | 'failure';

export interface FakeRunnerJob {
  owner: string;
  repo: string;
  /** The commit the run builds. */
  sha: string;
  /** The pushed ref: refs/heads/<branch> or refs/tags/<tag>. */
  ref: string;
  /** The commit's tree, checked out (no .git); removed after the job. */
  workdir: string;
  /** The repository's Actions secrets, decrypted, as a workflow's `secrets` context has them. */
  secrets: Record<string, string>;
  /** Starts a named step (the previous one succeeds); a job that names none has one step, "Run build". */
  step(name: string): void;
}

/**
 * Carries out a job: writes its output through log (one line per call) and answers its conclusion; it must stop
 * soon once signal aborts (the run was cancelled). A thrown error counts as a failure.
 */
export type FakeRunner = (job: FakeRunnerJob, log: (line: string) => void, signal: AbortSignal) => Promise<FakeRunnerConclusion>;

type Status = 'queued' | 'in_progress' | 'completed';
type Conclusion = 'success' | 'failure' | 'cancelled' | null;

interface StepRecord {
  name: string;
  number: number;
  status: Status;
  conclusion: Conclusion;
  startedAt: string | null;
  completedAt: string | null;
}

export interface JobRecord {
  id: number;
  /** The run attempt it belongs to (1, then 2, ... after each re-run). */
  attempt: number;
  name: string;
  status: Status;
  conclusion: Conclusion;
  createdAt: string;
  startedAt: string;
  completedAt: string | null;
  steps: StepRecord[];
  /** The log as GitHub serves it: one timestamped line each. */
  log: string[];
  /** Signs the plain-text log URL (GitHub's are signed the same way, without needing the token). */
  logSignature: string;
}

export interface RunRecord {
  id: number;
  runNumber: number;
  repo: ActionsRepository;
  workflow: { id: number; path: string; name: string };
  headSha: string;
  headBranch: string;
  /** The pushed ref (refs/heads/<branch> or refs/tags/<tag>), which a re-run builds again. */
  ref: string;
  event: 'push';
  displayTitle: string;
  headCommit: { id: string; tree_id: string; message: string; timestamp: string; author: { name: string; email: string }; committer: { name: string; email: string } };
  actor: FakeUser;
  status: Status;
  conclusion: Conclusion;
  createdAt: string;
  updatedAt: string;
  runStartedAt: string;
  /** The latest attempt's job. */
  job: JobRecord;
  /** The jobs of the earlier attempts, oldest first (still readable, as on GitHub). */
  earlierJobs: JobRecord[];
  abort: AbortController;
}

export interface ActionsRepository extends FakeRepositoryRecord {
  gitdir: string;
  secrets: Map<string, { value: string }>;
}

const CANCEL_GRACE_MS = 5000;

function now(): string {
  return new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** A log line as GitHub writes it: an ISO timestamp with 7 fractional digits, a space, the text. */
function logLine(text: string): string {
  return `${new Date().toISOString().replace(/Z$/, '0000Z')} ${text}`;
}

export class FakeActions {
  private readonly runs: RunRecord[] = [];
  private readonly workflowIds = new Map<string, number>();
  private readonly runNumbers = new Map<number, number>();
  private readonly running = new Set<Promise<void>>();
  private closed = false;

  constructor(
    private readonly runner: FakeRunner,
    private readonly nextId: () => number,
  ) {}

  /** The runs of a repository, newest first. */
  runsOf(repo: ActionsRepository): RunRecord[] {
    return this.runs.filter((run) => run.repo.id === repo.id).sort((a, b) => b.id - a.id);
  }

  run(repo: ActionsRepository, id: number): RunRecord | undefined {
    return this.runs.find((run) => run.repo.id === repo.id && run.id === id);
  }

  /** A job of any attempt of a repository's runs, with its run. */
  job(repo: ActionsRepository, jobId: number): { run: RunRecord; job: JobRecord } | undefined {
    return this.jobs().find(({ run, job }) => run.repo.id === repo.id && job.id === jobId);
  }

  /** The job whose log a signed URL names, or undefined when the signature does not match. */
  signedLog(jobId: number, signature: string): JobRecord | undefined {
    const found = this.jobs().find(({ job }) => job.id === jobId)?.job;
    return found?.logSignature === signature ? found : undefined;
  }

  private jobs(): Array<{ run: RunRecord; job: JobRecord }> {
    return this.runs.flatMap((run) => [run.job, ...run.earlierJobs].map((job) => ({ run, job })));
  }

  /** Forgets a deleted repository's runs (cancelling the ones still going). */
  forget(repo: ActionsRepository): void {
    for (const run of this.runsOf(repo)) this.cancel(run);
    for (let i = this.runs.length - 1; i >= 0; i -= 1) if (this.runs[i].repo.id === repo.id) this.runs.splice(i, 1);
  }

  /** Cancels a run that has not completed; answers false when it has. */
  cancel(run: RunRecord): boolean {
    if (run.status === 'completed') return false;
    run.abort.abort();
    if (run.status === 'queued') this.complete(run, 'cancelled');
    return true;
  }

  /**
   * Re-runs a completed run as GitHub does: the same run, its attempt counted up, a new job carried out on the same
   * commit and ref with the repository's secrets as they are now. Answers false for a run that has not completed.
   */
  rerun(run: RunRecord): boolean {
    if (run.status !== 'completed' || this.closed) return false;
    const at = now();
    run.earlierJobs.push(run.job);
    Object.assign(run, { status: 'queued', conclusion: null, updatedAt: at, runStartedAt: at, abort: new AbortController() });
    run.job = this.newJob(run.job.name, run.job.attempt + 1, at);
    this.start(run);
    return true;
  }

  /** Called after a ref moved to (or was created at) a commit or annotated tag object. */
  async pushed(repo: ActionsRepository, actor: FakeUser, ref: string, objectSha: string): Promise<void> {
    if (this.closed || !(ref.startsWith('refs/heads/') || ref.startsWith('refs/tags/'))) return;
    const sha = await peel(repo.gitdir, objectSha);
    if (!sha) return;
    const workflows = await workflowFiles(repo.gitdir, sha);
    const { commit } = await git.readCommit({ fs, gitdir: repo.gitdir, oid: sha });
    for (const workflow of workflows) {
      const workflowKey = `${repo.id}:${workflow.path}`;
      let workflowId = this.workflowIds.get(workflowKey);
      if (workflowId === undefined) this.workflowIds.set(workflowKey, (workflowId = this.nextId()));
      const runNumber = (this.runNumbers.get(workflowId) ?? 0) + 1;
      this.runNumbers.set(workflowId, runNumber);
      const created = now();
      const person = (who: { name: string; email: string }) => ({ name: who.name, email: who.email });
      const run: RunRecord = {
        id: this.nextId(),
        runNumber,
        repo,
        workflow: { id: workflowId, path: workflow.path, name: workflow.name },
        headSha: sha,
        headBranch: ref.replace(/^refs\/(heads|tags)\//, ''),
        ref,
        event: 'push',
        displayTitle: commit.message.split('\n')[0],
        headCommit: {
          id: sha,
          tree_id: commit.tree,
          message: commit.message.replace(/\n$/, ''),
          timestamp: new Date(commit.committer.timestamp * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
          author: person(commit.author),
          committer: person(commit.committer),
        },
        actor,
        status: 'queued',
        conclusion: null,
        createdAt: created,
        updatedAt: created,
        runStartedAt: created,
        job: this.newJob(workflow.job, 1, created),
        earlierJobs: [],
        abort: new AbortController(),
      };
      this.runs.push(run);
      this.start(run);
    }
  }

  private newJob(name: string, attempt: number, created: string): JobRecord {
    return {
      id: this.nextId(),
      attempt,
      name,
      status: 'queued',
      conclusion: null,
      createdAt: created,
      startedAt: created,
      completedAt: null,
      steps: [],
      log: [],
      logSignature: randomBytes(16).toString('hex'),
    };
  }

  private start(run: RunRecord): void {
    const going = this.execute(run).finally(() => this.running.delete(going));
    this.running.add(going);
  }

  /** Cancels every run still going and waits for them to end. */
  async close(): Promise<void> {
    this.closed = true;
    for (const run of this.runs) this.cancel(run);
    await Promise.allSettled([...this.running]);
  }

  private async execute(run: RunRecord): Promise<void> {
    const { ref } = run;
    // Picked up by a runner a moment after it was queued, as on GitHub.
    await new Promise((resolve) => setTimeout(resolve, 50));
    if (run.status === 'completed' || run.abort.signal.aborted) return;
    const { job } = run;
    const at = now();
    run.status = 'in_progress';
    run.updatedAt = at;
    run.runStartedAt = at;
    job.status = 'in_progress';
    job.startedAt = at;
    const log = (text: string) => {
      for (const line of text.split('\n')) job.log.push(logLine(line.replace(/\r$/, '')));
    };
    const step = (name: string) => {
      const current = job.steps[job.steps.length - 1];
      const time = now();
      if (current && current.status !== 'completed') Object.assign(current, { status: 'completed', conclusion: 'success', completedAt: time });
      job.steps.push({ name, number: job.steps.length + 1, status: 'in_progress', conclusion: null, startedAt: time, completedAt: null });
    };
    step('Set up job');
    log(`Current runner version: '2.321.0'`);
    log(`Job ${job.name} of workflow ${run.workflow.name} for ${run.headSha}`);

    const workdir = await mkdtemp(path.join(tmpdir(), 'slipway-fake-actions-'));
    let conclusion: Conclusion = 'failure';
    try {
      await exportCommit(run.repo.gitdir, run.headSha, workdir);
      log(`Checked out ${run.headSha} (${ref})`);
      const firstOwnStep = job.steps.length;
      const secrets = Object.fromEntries([...run.repo.secrets].map(([name, secret]) => [name, secret.value]));
      const job$ = { owner: run.repo.owner.login, repo: run.repo.name, sha: run.headSha, ref, workdir, secrets, step };
      // The runner names its steps; output before it names one belongs to "Run build".
      const runnerLog = (line: string) => {
        if (job.steps.length === firstOwnStep) step('Run build');
        log(line);
      };
      const outcome = await Promise.race([
        Promise.resolve()
          .then(() => this.runner(job$, runnerLog, run.abort.signal))
          .catch((error: unknown) => {
            log(`##[error]${error instanceof Error ? error.message : String(error)}`);
            return 'failure' as const;
          }),
        // A runner that ignores its cancellation is abandoned after a grace period, as GitHub force-cancels.
        new Promise<'cancelled'>((resolve) => {
          const grace = () => setTimeout(() => resolve('cancelled'), CANCEL_GRACE_MS).unref();
          if (run.abort.signal.aborted) grace();
          else run.abort.signal.addEventListener('abort', grace, { once: true });
        }),
      ]);
      conclusion = run.abort.signal.aborted ? 'cancelled' : outcome === 'success' ? 'success' : 'failure';
    } catch (error) {
      log(`##[error]${error instanceof Error ? error.message : String(error)}`);
      conclusion = run.abort.signal.aborted ? 'cancelled' : 'failure';
    } finally {
      await rm(workdir, { recursive: true, force: true });
    }
    if (conclusion === 'cancelled') log('##[error]The operation was canceled.');
    this.complete(run, conclusion);
  }

  private complete(run: RunRecord, conclusion: Conclusion): void {
    const at = now();
    const { job } = run;
    const current = job.steps[job.steps.length - 1];
    if (current && current.status !== 'completed') Object.assign(current, { status: 'completed', conclusion, completedAt: at });
    if (job.steps.length > 0) {
      job.steps.push({ name: 'Complete job', number: job.steps.length + 1, status: 'completed', conclusion: 'success', startedAt: at, completedAt: at });
      job.log.push(logLine('Cleaning up orphan processes'));
    }
    Object.assign(job, { status: 'completed', conclusion, completedAt: at });
    Object.assign(run, { status: 'completed', conclusion, updatedAt: at });
  }
}

/** The commit an object names (peeling annotated tags), or null when it names no commit. */
async function peel(gitdir: string, oid: string): Promise<string | null> {
  let current = oid;
  for (let depth = 0; depth < 10; depth += 1) {
    const object = await git.readObject({ fs, gitdir, oid: current, format: 'parsed' }).catch(() => null);
    if (!object) return null;
    if (object.type === 'commit') return current;
    if (object.type !== 'tag') return null;
    current = (object.object as { object: string }).object;
  }
  return null;
}

/** The workflow files of a commit (.github/workflows/*.yml or .yaml), with the workflow's and first job's names. */
async function workflowFiles(gitdir: string, sha: string): Promise<Array<{ path: string; name: string; job: string }>> {
  const dir = '.github/workflows';
  const listing = await git.readTree({ fs, gitdir, oid: sha, filepath: dir }).catch(() => null);
  if (!listing) return [];
  const found: Array<{ path: string; name: string; job: string }> = [];
  for (const entry of listing.tree) {
    if (entry.type !== 'blob' || !/\.ya?ml$/.test(entry.path)) continue;
    const { blob } = await git.readBlob({ fs, gitdir, oid: entry.oid });
    const text = Buffer.from(blob).toString('utf8');
    const filePath = `${dir}/${entry.path}`;
    const name = /^name:\s*['"]?(.+?)['"]?\s*$/m.exec(text)?.[1] ?? filePath;
    const job = /^jobs:\s*\n(?:[ \t]*(?:#.*)?\n)*[ \t]+([A-Za-z0-9_-]+):/m.exec(text)?.[1] ?? 'build';
    found.push({ path: filePath, name, job });
  }
  return found.sort((a, b) => a.path.localeCompare(b.path));
}

/** Writes a commit's tree into dir (executable bits and symbolic links kept; submodules left out). */
async function exportCommit(gitdir: string, sha: string, dir: string): Promise<void> {
  const { commit } = await git.readCommit({ fs, gitdir, oid: sha });
  const write = async (treeSha: string, into: string) => {
    const { tree } = await git.readTree({ fs, gitdir, oid: treeSha });
    for (const entry of tree) {
      const target = path.join(into, entry.path);
      if (entry.type === 'tree') {
        await mkdir(target);
        await write(entry.oid, target);
      } else if (entry.type === 'blob') {
        const { blob } = await git.readBlob({ fs, gitdir, oid: entry.oid });
        if (entry.mode === '120000') {
          await symlink(Buffer.from(blob).toString('utf8'), target);
        } else {
          await writeFile(target, blob);
          await chmod(target, entry.mode === '100755' ? 0o755 : 0o644);
        }
      }
    }
  };
  await write(commit.tree, dir);
}

// ---- representations (api.github.com 2022-11-28: workflow-run, job) ------------------------------------------

const MINIMAL_EXCLUDED = new Set(['clone_url', 'svn_url', 'mirror_url', 'git_url', 'ssh_url']);
const MINIMAL_FIELDS = new Set(['id', 'node_id', 'name', 'full_name', 'private', 'owner', 'html_url', 'description', 'fork', 'url']);

/** The minimal-repository a run names (its URLs and identity, as GitHub's runs carry it). */
export function minimalRepository(base: string, repo: FakeRepositoryRecord) {
  return Object.fromEntries(
    Object.entries(fullRepository(base, repo, 0)).filter(([field]) => MINIMAL_FIELDS.has(field) || (field.endsWith('_url') && !MINIMAL_EXCLUDED.has(field))),
  );
}

export function workflowRunJson(base: string, run: RunRecord) {
  const repoApi = `${base}/repos/${run.repo.owner.login}/${run.repo.name}`;
  const url = `${repoApi}/actions/runs/${run.id}`;
  const repository = minimalRepository(base, run.repo);
  const actor = simpleUser(base, { ...run.actor, type: 'User' });
  return {
    id: run.id,
    name: run.workflow.name,
    node_id: nodeId('WFR', run.id),
    head_branch: run.headBranch,
    head_sha: run.headSha,
    path: run.workflow.path,
    display_title: run.displayTitle,
    run_number: run.runNumber,
    event: run.event,
    status: run.status,
    conclusion: run.conclusion,
    workflow_id: run.workflow.id,
    check_suite_id: run.id + 1,
    check_suite_node_id: nodeId('CS', run.id + 1),
    url,
    html_url: `${base}/${run.repo.owner.login}/${run.repo.name}/actions/runs/${run.id}`,
    pull_requests: [],
    created_at: run.createdAt,
    updated_at: run.updatedAt,
    actor,
    run_attempt: run.job.attempt,
    referenced_workflows: [],
    run_started_at: run.runStartedAt,
    triggering_actor: actor,
    jobs_url: `${url}/jobs`,
    logs_url: `${url}/logs`,
    check_suite_url: `${repoApi}/check-suites/${run.id + 1}`,
    artifacts_url: `${url}/artifacts`,
    cancel_url: `${url}/cancel`,
    rerun_url: `${url}/rerun`,
    previous_attempt_url: run.job.attempt > 1 ? `${url}/attempts/${run.job.attempt - 1}` : null,
    workflow_url: `${repoApi}/actions/workflows/${run.workflow.id}`,
    head_commit: run.headCommit,
    repository,
    head_repository: repository,
  };
}

/** A job of the run (by default its latest attempt's). */
export function jobJson(base: string, run: RunRecord, job: JobRecord = run.job) {
  const repoApi = `${base}/repos/${run.repo.owner.login}/${run.repo.name}`;
  return {
    id: job.id,
    run_id: run.id,
    workflow_name: run.workflow.name,
    head_branch: run.headBranch,
    run_url: `${repoApi}/actions/runs/${run.id}`,
    run_attempt: job.attempt,
    node_id: nodeId('CR', job.id),
    head_sha: run.headSha,
    url: `${repoApi}/actions/jobs/${job.id}`,
    html_url: `${base}/${run.repo.owner.login}/${run.repo.name}/actions/runs/${run.id}/job/${job.id}`,
    status: job.status,
    conclusion: job.conclusion,
    created_at: job.createdAt,
    started_at: job.startedAt,
    completed_at: job.completedAt,
    name: job.name,
    steps: job.steps.map((step) => ({
      name: step.name,
      status: step.status,
      conclusion: step.conclusion,
      number: step.number,
      started_at: step.startedAt,
      completed_at: step.completedAt,
    })),
    check_run_url: `${repoApi}/check-runs/${job.id}`,
    labels: ['ubuntu-latest'],
    runner_id: job.status === 'queued' ? null : 1,
    runner_name: job.status === 'queued' ? null : 'GitHub Actions 1',
    runner_group_id: job.status === 'queued' ? null : 1,
    runner_group_name: job.status === 'queued' ? null : 'GitHub Actions',
  };
}
