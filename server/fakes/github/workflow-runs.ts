import { jobJson, workflowRunJson } from './actions.js';
import { fail, notFound, page, pageLinks, type Request, type Router } from './http.js';
import type { GitHubState } from './state.js';

/** Where a job's log is served, without a token, by a signed URL (GitHub's points to another host and expires). */
export const LOG_PATH_PREFIX = '/_fake/actions/jobs/';

/** GitHub Actions workflow runs and their jobs (the runs themselves: actions.ts). */
export function workflowRunRoutes(router: Router, state: GitHubState): void {
  const runOf = (request: Request, documentation: string) => {
    const repo = state.repository(request, documentation);
    const run = /^\d+$/.test(request.params.run_id) ? state.actions.run(repo, Number(request.params.run_id)) : undefined;
    if (!run) throw notFound(documentation);
    return run;
  };
  const jobOf = (request: Request, documentation: string) => {
    const repo = state.repository(request, documentation);
    const found = /^\d+$/.test(request.params.job_id) ? state.actions.job(repo, Number(request.params.job_id)) : undefined;
    if (!found) throw notFound(documentation);
    return found;
  };

  router.route('GET', '/repos/{owner}/{repo}/actions/runs', (request) => {
    const repo = state.repository(request, 'actions/workflow-runs#list-workflow-runs-for-a-repository');
    const { query } = request;
    const { perPage, page: current } = page(query);
    const status = query.get('status');
    const all = state.actions
      .runsOf(repo)
      .filter((run) => !query.get('head_sha') || run.headSha === query.get('head_sha'))
      .filter((run) => !query.get('event') || run.event === query.get('event'))
      .filter((run) => !query.get('branch') || run.headBranch === query.get('branch'))
      .filter((run) => !query.get('actor') || run.actor.login.toLowerCase() === query.get('actor')?.toLowerCase())
      .filter((run) => !status || run.status === status || run.conclusion === status);
    const last = Math.max(Math.ceil(all.length / perPage), 1);
    return {
      status: 200,
      body: { total_count: all.length, workflow_runs: all.slice((current - 1) * perPage, current * perPage).map((run) => workflowRunJson(state.base, run)) },
      headers: pageLinks(`${state.repoUrl(repo)}/actions/runs`, query, current, last),
    };
  });

  router.route('GET', '/repos/{owner}/{repo}/actions/runs/{run_id}', (request) => ({
    status: 200,
    body: workflowRunJson(state.base, runOf(request, 'actions/workflow-runs#get-a-workflow-run')),
  }));

  router.route('GET', '/repos/{owner}/{repo}/actions/runs/{run_id}/jobs', (request) => {
    const run = runOf(request, 'actions/workflow-jobs#list-jobs-for-a-workflow-run');
    const { perPage, page: current } = page(request.query);
    // The latest attempt's jobs unless filter=all asks for every attempt's (newest first).
    const jobs = request.query.get('filter') === 'all' ? [run.job, ...[...run.earlierJobs].reverse()] : [run.job];
    const all = jobs.map((job) => jobJson(state.base, run, job));
    return { status: 200, body: { total_count: all.length, jobs: all.slice((current - 1) * perPage, current * perPage) } };
  });

  router.route('POST', '/repos/{owner}/{repo}/actions/runs/{run_id}/cancel', (request) => {
    const documentation = 'actions/workflow-runs#cancel-a-workflow-run';
    const run = runOf(request, documentation);
    if (!state.actions.cancel(run)) throw fail(409, 'Cannot cancel a workflow run that is completed.', documentation);
    return { status: 202, body: {} };
  });

  router.route('POST', '/repos/{owner}/{repo}/actions/runs/{run_id}/rerun', (request) => {
    const documentation = 'actions/workflow-runs#re-run-a-workflow';
    if (!state.actions.rerun(runOf(request, documentation))) throw fail(403, 'This workflow is already running', documentation);
    return { status: 201, body: {} };
  });

  router.route('GET', '/repos/{owner}/{repo}/actions/jobs/{job_id}', (request) => {
    const { run, job } = jobOf(request, 'actions/workflow-jobs#get-a-job-for-a-workflow-run');
    return { status: 200, body: jobJson(state.base, run, job) };
  });

  // The log is a signed plain-text URL (LOG_PATH_PREFIX).
  router.route('GET', '/repos/{owner}/{repo}/actions/jobs/{job_id}/logs', (request) => {
    const { job } = jobOf(request, 'actions/workflow-jobs#download-job-logs-for-a-workflow-run');
    return { status: 302, headers: { location: `${state.base}${LOG_PATH_PREFIX}${job.id}/signedlogcontent?urlSignature=${job.logSignature}` } };
  });
}
