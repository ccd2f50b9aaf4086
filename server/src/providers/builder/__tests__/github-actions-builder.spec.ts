import { execFile, spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type FakeDockerHub, startFakeDockerHub } from '../../../../fakes/dockerhub/fake-dockerhub.js';
import type { FakeRunnerJob } from '../../../../fakes/github/actions.js';
import { type FakeGitHub, type FakeGitHubExchange, startFakeGitHub } from '../../../../fakes/github/fake-github.js';
import { githubOpenApiChecker } from '../../../../fakes/github/openapi-check.js';
import { commandRunner, dockerHubPublisher } from '../../../../fakes/github/runners.js';
import { DockerHubRegistry } from '../../registry/dockerhub-registry.js';
import type { ImageRef } from '../../registry/registry.port.js';
import { GitHubSourceHost, type GitHubSourceHostOptions } from '../../source-host/github-source-host.js';
import type { CommitRequest, RepositoryRef } from '../../source-host/source-host.port.js';
import type { BuildHooks, BuildRequest, Builder } from '../builder.port.js';
import { GitHubActionsBuilder } from '../github-actions-builder.js';
import { commitImageTag } from '../image-tags.js';
import { builderContract } from './builder.contract.js';

const TEMPLATES_DIR = fileURLToPath(new URL('../../../../../templates', import.meta.url));
const GITHUB_TOKEN = 'ghp_actionsBuilder00000000000000000000001';
const DOCKER_TOKEN = 'dckr_pat_actionsBuilder0000000000000001';
const DOCKER = { username: 'acme', token: DOCKER_TOKEN };
const HANG = [process.execPath, '-e', 'setInterval(() => {}, 1000)'];
const author = { name: 'Ada', email: 'ada@example.com' };
const HAS_GIT = spawnSync('git', ['--version']).status === 0;
const run = promisify(execFile);

/** The template's workflow, as every generated repository has it. */
const WORKFLOW_PATH = '.github/workflows/build.yml';
const workflow = () => readFile(path.join(TEMPLATES_DIR, 'node-rest-api', 'files', WORKFLOW_PATH));

/** The GitHub source host, committing the template's workflow with whatever it is asked to commit. */
class SourceHostWithWorkflow extends GitHubSourceHost {
  constructor(
    options: GitHubSourceHostOptions,
    private readonly workflowFile: Buffer,
  ) {
    super(options);
  }

  override commitFiles(ref: RepositoryRef, request: CommitRequest) {
    return super.commitFiles(ref, { ...request, files: [...request.files, { path: WORKFLOW_PATH, content: this.workflowFile }] });
  }
}

interface Plan {
  argv: string[] | null;
  image: ImageRef;
}

/**
 * What each workflow run builds: the test's build request says (the build command the contract chose and the image
 * to push), as the template's workflow would for a real repository. A job waits for its plan as a queued job waits
 * for a runner.
 */
class Plans {
  private readonly plans = new Map<string, Plan>();
  private readonly waiting = new Map<string, Array<(plan: Plan) => void>>();

  set(key: string, plan: Plan) {
    this.plans.set(key, plan);
    for (const resolve of this.waiting.get(key) ?? []) resolve(plan);
    this.waiting.delete(key);
  }

  wait(key: string, signal: AbortSignal): Promise<Plan> {
    const plan = this.plans.get(key);
    if (plan) return Promise.resolve(plan);
    if (signal.aborted) return Promise.reject(new Error('cancelled'));
    return new Promise((resolve, reject) => {
      this.waiting.set(key, [...(this.waiting.get(key) ?? []), resolve]);
      signal.addEventListener('abort', () => reject(new Error('cancelled')), { once: true });
    });
  }
}

const planKey = (owner: string, repo: string, sha: string) => `${owner}/${repo}@${sha}`.toLowerCase();

interface Cloud {
  github: FakeGitHub;
  hub: FakeDockerHub;
  sourceHost: GitHubSourceHost;
  registry: DockerHubRegistry;
  plans: Plans;
  exchanges: FakeGitHubExchange[];
  builder(options?: { pollIntervalMs?: number; runStartSeconds?: number }): Builder;
  /** Whether a job's publishing fails (after a successful build), e.g. a registry refusing the push. */
  failPublish: { value: boolean };
  close(): Promise<void>;
}

/** The fake GitHub whose runner builds with the plan's command and pushes the tree to the fake Docker Hub. */
async function startCloud(): Promise<Cloud> {
  const hub = await startFakeDockerHub({ users: { acme: DOCKER_TOKEN } });
  const registry = new DockerHubRegistry({ username: 'acme', token: DOCKER_TOKEN, hubUrl: hub.hubUrl, registryUrl: hub.registryUrl });
  const plans = new Plans();
  const exchanges: FakeGitHubExchange[] = [];
  const failPublish = { value: false };
  const scratch = await mkdtemp(path.join(tmpdir(), 'slipway-actions-images-'));
  const planOf = (job: FakeRunnerJob, signal: AbortSignal) => plans.wait(planKey(job.owner, job.repo, job.sha), signal);
  const github = await startFakeGitHub({
    onResponse: (exchange) => exchanges.push(exchange),
    runner: commandRunner({
      command: async (job, signal) => (await planOf(job, signal)).argv,
      // What docker/build-push-action does for the templates, without Docker: the tree as the image's one layer.
      publish: async (job, log, signal) => {
        if (failPublish.value) throw new Error('buildx failed with: ERROR: failed to push: unauthorized');
        const { image } = await planOf(job, signal);
        // Each job packs into its own directory: runs of one commit (its branch's, its tag's) go on at the same time.
        const dir = await mkdtemp(path.join(scratch, 'job-'));
        const file = path.join(dir, 'image.tar.gz');
        await tar.create({ gzip: true, file, cwd: job.workdir, portable: true }, ['.']);
        const artifact = await registry.push(image, file);
        log(`pushed ${artifact.url}@${artifact.digest}`);
      },
    }),
  });
  github.addToken(GITHUB_TOKEN, { login: 'ada', scopes: ['repo', 'workflow', 'delete_repo'] });
  github.addOrganization('acme', { members: [{ login: 'ada', role: 'admin' }] });
  const file = await workflow();
  const sourceHost = new SourceHostWithWorkflow({ token: GITHUB_TOKEN, apiUrl: github.url, minWriteIntervalMs: 0 }, file);
  return {
    github,
    hub,
    sourceHost,
    registry,
    plans,
    exchanges,
    failPublish,
    builder(options = {}) {
      const builder = new GitHubActionsBuilder({ token: GITHUB_TOKEN, apiUrl: github.url, registry, registryCredentials: DOCKER, pollIntervalMs: options.pollIntervalMs ?? 100, runStartSeconds: options.runStartSeconds });
      return {
        kind: builder.kind,
        build(request: BuildRequest, hooks: BuildHooks) {
          plans.set(planKey(request.repository.organization, request.repository.name, request.commitSha), { argv: request.buildCommand, image: request.image });
          return builder.build(request, hooks);
        },
      };
    },
    async close() {
      await github.close();
      await hub.close();
      await rm(scratch, { recursive: true, force: true });
    },
  };
}

builderContract('github-actions (against the fake GitHub and Docker Hub)', async () => {
  const cloud = await startCloud();
  return {
    builder: cloud.builder(),
    sourceHost: cloud.sourceHost,
    registry: cloud.registry,
    organization: 'acme',
    commands: { succeed: ['node', 'index.js'], fail: ['node', '-e', 'process.exit(3)'], hang: HANG },
    cleanup: () => cloud.close(),
  };
});

function hooks(signal = new AbortController().signal): BuildHooks & { lines: string[] } {
  const lines: string[] = [];
  return { signal, lines, onLog: (line) => lines.push(line) };
}

async function api(github: FakeGitHub, method: string, route: string, options: { token?: string | null; redirect?: RequestRedirect; body?: unknown } = {}) {
  const token = options.token === undefined ? GITHUB_TOKEN : options.token;
  const response = await fetch(`${github.url}${route}`, {
    method,
    redirect: options.redirect ?? 'follow',
    headers: { ...(token ? { authorization: `token ${token}` } : {}), accept: 'application/vnd.github+json', 'content-type': 'application/json' },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // Plain text (a log).
  }
  return { status: response.status, headers: response.headers, body: body as Record<string, unknown> & Array<unknown> };
}

/** Probes until it answers something, at most `timeoutMs`; answers that. */
function until<T>(probe: () => Promise<T | null | undefined | false>, timeoutMs = 10_000): Promise<T> {
  return vi.waitFor(
    async () => {
      const value = await probe();
      if (!value) throw new Error('not yet');
      return value;
    },
    { timeout: timeoutMs, interval: 50 },
  );
}

describe('GitHubActionsBuilder against the fakes', () => {
  let cloud: Cloud;
  let counter = 0;

  beforeAll(async () => {
    cloud = await startCloud();
  });
  afterAll(() => cloud?.close());

  async function prepare(buildCommand: string[] | null, files: Record<string, string> = { 'index.js': 'console.log("hello from the build");\n' }) {
    const repository = { organization: 'acme', name: `actions-${(counter += 1)}` };
    await cloud.sourceHost.ensureRepository(repository, { description: 'Actions' });
    const { sha } = await cloud.sourceHost.commitFiles(repository, {
      branch: 'main',
      message: 'Build me',
      author,
      files: Object.entries(files).map(([filePath, content]) => ({ path: filePath, content: Buffer.from(content) })),
    });
    const request: BuildRequest = {
      projectId: repository.name,
      repository,
      commitSha: sha,
      image: { repository: `acme/${repository.name}`, tag: 'v1.0.0' },
      buildCommand,
      environment: {},
      timeoutSeconds: 60,
    };
    return request;
  }

  it("streams the job's log into the build log and names the run; the token appears nowhere", async () => {
    const request = await prepare(['node', 'index.js']);
    const log = hooks();
    const result = await cloud.builder().build(request, log);
    expect(result.status).toBe('success');
    expect(log.lines).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^GitHub Actions run #1 \(Test, build and push image\) for commit [0-9a-f]{12}: http:\/\/127\.0\.0\.1:\d+\/acme\/actions-\d+\/actions\/runs\/\d+$/),
        'Run node index.js',
        'hello from the build',
        expect.stringMatching(/^pushed .*acme\/actions-\d+:v1\.0\.0@sha256:/),
      ]),
    );
    expect(log.lines.some((line) => /^\d{4}-\d\d-\d\dT/.test(line) || line.includes('##['))).toBe(false);
    expect(JSON.stringify({ lines: log.lines, result })).not.toContain(GITHUB_TOKEN);
  });

  it('passes log lines on while the run is still going', async () => {
    // The build ends only once its first line has reached the build log: a log passed on at the end never would.
    const dir = await mkdtemp(path.join(tmpdir(), 'slipway-actions-early-'));
    const heard = path.join(dir, 'heard');
    const program = `console.log("early"); const t = setInterval(() => { if (require("fs").existsSync(${JSON.stringify(heard)})) { console.log("late"); clearInterval(t); } }, 20)`;
    const request = await prepare([process.execPath, '-e', program]);
    const lines: string[] = [];
    const onLog = (line: string) => {
      lines.push(line);
      if (line === 'early') void writeFile(heard, '');
    };
    try {
      const result = await cloud.builder().build(request, { signal: new AbortController().signal, onLog });
      expect(result.status).toBe('success');
      expect(lines.indexOf('early')).toBeGreaterThanOrEqual(0);
      expect(lines.indexOf('late')).toBeGreaterThan(lines.indexOf('early'));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('follows the run of the tag it builds when the commit has several', async () => {
    const request = await prepare(['node', 'index.js']);
    await cloud.sourceHost.createTag(request.repository, { name: request.image.tag, sha: request.commitSha, message: 'Version' });
    // Then a branch is made at the same commit: its run is the newest.
    const branch = await api(cloud.github, 'POST', `/repos/acme/${request.repository.name}/git/refs`, { body: { ref: 'refs/heads/other', sha: request.commitSha } });
    expect(branch.status).toBe(201);
    const runs = await until(async () => {
      const listed = await api(cloud.github, 'GET', `/repos/acme/${request.repository.name}/actions/runs?head_sha=${request.commitSha}`);
      return listed.body.total_count === 3 ? (listed.body.workflow_runs as Array<{ id: number; head_branch: string }>) : null;
    });
    expect(runs.map((run) => run.head_branch)).toEqual(['other', request.image.tag, 'main']);
    const tagRun = runs.find((run) => run.head_branch === request.image.tag)!;
    const log = hooks();
    expect((await cloud.builder().build(request, log)).status).toBe('success');
    expect(log.lines.find((line) => line.startsWith('GitHub Actions run #'))).toMatch(new RegExp(`/actions/runs/${tagRun.id}$`));
  });

  it('re-runs a run that failed, naming the re-run, and answers the new attempt', async () => {
    const request = await prepare(['node', 'index.js']);
    cloud.failPublish.value = true;
    try {
      expect((await cloud.builder().build(request, hooks())).status).toBe('failed');
    } finally {
      cloud.failPublish.value = false;
    }
    // A first build follows the run however it ended; a rebuild runs it again.
    expect((await cloud.builder().build(request, hooks())).status).toBe('failed');
    const log = hooks();
    const result = await cloud.builder().build({ ...request, rebuild: true }, log);
    expect(result).toMatchObject({ status: 'success', artifact: { ...request.image } });
    const named = log.lines.find((line) => line.startsWith('GitHub Actions run #'))!;
    expect(log.lines[log.lines.indexOf(named) + 1]).toMatch(/^Re-running GitHub Actions run #\d+ \(attempt 2\)$/);
    // Only the new attempt's log is shown.
    expect(log.lines.filter((line) => line.startsWith('Current runner version'))).toHaveLength(1);
    expect(log.lines).not.toContain('Error: buildx failed with: ERROR: failed to push: unauthorized');
    const runs = await api(cloud.github, 'GET', `/repos/acme/${request.repository.name}/actions/runs?head_sha=${request.commitSha}`);
    expect(runs.body).toMatchObject({ total_count: 1, workflow_runs: [{ run_attempt: 2, conclusion: 'success' }] });
  });

  it('names the failed job and step when the log gives no exit code', async () => {
    const request = await prepare(['node', 'index.js']);
    cloud.failPublish.value = true;
    try {
      const log = hooks();
      const result = await cloud.builder().build(request, log);
      expect(result).toMatchObject({ status: 'failed', artifact: null, error: 'The GitHub Actions run failed: image / Build and push image' });
      expect(log.lines).toContain('Error: buildx failed with: ERROR: failed to push: unauthorized');
    } finally {
      cloud.failPublish.value = false;
    }
  });

  it('fails clearly when the run succeeds without pushing the image', async () => {
    // The workflow pushes another tag than the one the build asks for.
    const other = await prepare(['node', 'index.js']);
    const builder = new GitHubActionsBuilder({ token: GITHUB_TOKEN, apiUrl: cloud.github.url, registry: cloud.registry, registryCredentials: DOCKER, pollIntervalMs: 100 });
    cloud.plans.set(planKey('acme', other.repository.name, other.commitSha), { argv: ['node', 'index.js'], image: { repository: other.image.repository, tag: 'elsewhere' } });
    const missing = await builder.build(other, hooks());
    expect(missing).toMatchObject({ status: 'failed', error: `The GitHub Actions run succeeded but the registry has no image ${other.image.repository}:v1.0.0` });
  });

  it('fails when no workflow run starts for the commit', async () => {
    const repository = { organization: 'acme', name: `no-workflow-${(counter += 1)}` };
    const plain = new GitHubSourceHost({ token: GITHUB_TOKEN, apiUrl: cloud.github.url, minWriteIntervalMs: 0 });
    await plain.ensureRepository(repository, { description: 'No workflow' });
    const { sha } = await plain.commitFiles(repository, { branch: 'main', message: 'Plain', author, files: [{ path: 'index.js', content: Buffer.from('1\n') }] });
    const builder = cloud.builder({ runStartSeconds: 1 });
    const result = await builder.build({ projectId: repository.name, repository, commitSha: sha, image: { repository: `acme/${repository.name}`, tag: 'v1' }, buildCommand: null, environment: {}, timeoutSeconds: 60 }, hooks());
    expect(result).toMatchObject({
      status: 'failed',
      error: `No GitHub Actions run started for commit ${sha.slice(0, 12)}: the repository needs a workflow under .github/workflows that runs on push`,
    });
  });

  it('a bad token is a clear error that does not carry the token', async () => {
    const request = await prepare(['node', 'index.js']);
    const bad = 'ghp_badToken0000000000000000000000000000009';
    const builder = new GitHubActionsBuilder({ token: bad, apiUrl: cloud.github.url, registry: cloud.registry, registryCredentials: DOCKER, pollIntervalMs: 100 });
    const error = await builder.build(request, hooks()).catch((failure: unknown) => failure as Error);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/^The GitHub token is not valid/);
    expect(JSON.stringify({ ...(error as Error), message: (error as Error).message, stack: (error as Error).stack })).not.toContain(bad);
  });
});

describe("the fake GitHub's default runner with the Docker Hub publisher (as the template's workflow)", () => {
  it("builds slipway.json's command and pushes the tag's image with the repository's Docker Hub secrets", async () => {
    const hub = await startFakeDockerHub({ users: { acme: DOCKER_TOKEN } });
    const github = await startFakeGitHub({ runner: commandRunner({ publish: dockerHubPublisher({ registryUrl: hub.registryUrl, hubUrl: hub.hubUrl }) }) });
    try {
      github.addToken(GITHUB_TOKEN, { login: 'ada', scopes: ['repo', 'workflow'] });
      github.addOrganization('acme', { members: [{ login: 'ada', role: 'admin' }] });
      const sourceHost = new SourceHostWithWorkflow({ token: GITHUB_TOKEN, apiUrl: github.url, minWriteIntervalMs: 0 }, await workflow());
      const registry = new DockerHubRegistry({ username: 'acme', token: DOCKER_TOKEN, hubUrl: hub.hubUrl, registryUrl: hub.registryUrl });
      const repository = { organization: 'acme', name: 'shop' };
      await sourceHost.ensureRepository(repository, { description: 'Shop' });
      const builder = new GitHubActionsBuilder({ token: GITHUB_TOKEN, apiUrl: github.url, registry, registryCredentials: DOCKER, pollIntervalMs: 100 });
      await sourceHost.setSecrets(repository, builder.repositorySecrets());
      const { sha } = await sourceHost.commitFiles(repository, {
        branch: 'main',
        message: 'Shop',
        author,
        files: [
          { path: 'index.js', content: Buffer.from('console.log("built by slipway.json");\n') },
          { path: 'slipway.json', content: Buffer.from(JSON.stringify({ build: ['node', 'index.js'] })) },
        ],
      });
      await sourceHost.createTag(repository, { name: 'v0.1.0', sha, message: 'Version 0.1.0' });
      const log = hooks();
      const result = await builder.build({ projectId: repository.name, repository, commitSha: sha, image: { repository: 'acme/shop', tag: 'v0.1.0' }, buildCommand: null, environment: {}, timeoutSeconds: 60 }, log);
      expect(result).toMatchObject({ status: 'success', artifact: { repository: 'acme/shop', tag: 'v0.1.0' } });
      expect(log.lines).toEqual(expect.arrayContaining(['Run node index.js', 'built by slipway.json']));
      expect(await registry.find({ repository: 'acme/shop', tag: commitImageTag(sha) })).toMatchObject({ digest: result.artifact!.digest });
      expect(JSON.stringify(log.lines)).not.toContain(DOCKER_TOKEN);
    } finally {
      await github.close();
      await hub.close();
    }
  });
});

describe('fake GitHub Actions (REST formats checked against @octokit/openapi)', () => {
  let cloud: Cloud;
  const checker = githubOpenApiChecker();

  beforeAll(async () => {
    cloud = await startCloud();
  });
  afterAll(() => cloud?.close());

  it('a push and a tag start runs that go queued -> in_progress -> completed, with jobs, logs and cancellation', async () => {
    const ref = { organization: 'acme', name: 'api-runs' };
    await cloud.sourceHost.ensureRepository(ref, { description: 'Runs' });
    const { sha } = await cloud.sourceHost.commitFiles(ref, { branch: 'main', message: 'First\n\nbody', author, files: [{ path: 'index.js', content: Buffer.from('console.log(1)\n') }] });
    const base = '/repos/acme/api-runs/actions';

    const listed = await api(cloud.github, 'GET', `${base}/runs?head_sha=${sha}&event=push&branch=main`);
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({ total_count: 1, workflow_runs: [{ head_sha: sha, head_branch: 'main', event: 'push', path: WORKFLOW_PATH, display_title: 'First', run_number: 1 }] });
    const run = (listed.body.workflow_runs as Array<{ id: number; status: string }>)[0];
    expect(['queued', 'in_progress']).toContain(run.status);
    expect((await api(cloud.github, 'GET', `${base}/runs?head_sha=${sha}&event=pull_request`)).body).toMatchObject({ total_count: 0, workflow_runs: [] });
    expect((await api(cloud.github, 'GET', `${base}/runs?branch=other`)).body).toMatchObject({ total_count: 0 });

    // The job waits for its plan; give it one that hangs, see it run, then cancel it.
    cloud.plans.set(planKey('acme', 'api-runs', sha), { argv: HANG, image: { repository: 'acme/api-runs', tag: 'x' } });
    const running = await until(async () => {
      const got = await api(cloud.github, 'GET', `${base}/runs/${run.id}/jobs`);
      const job = (got.body.jobs as Array<{ id: number; status: string; steps: Array<{ name: string }> }>)[0];
      return job.status === 'in_progress' && job.steps.some((step) => step.name === 'Run build') ? job : null;
    });
    expect(running).toMatchObject({ name: 'image', head_sha: sha, run_id: run.id });
    expect((await api(cloud.github, 'GET', `${base}/runs/${run.id}`)).body).toMatchObject({ status: 'in_progress', conclusion: null });

    const redirect = await api(cloud.github, 'GET', `${base}/jobs/${running.id}/logs`, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    const location = redirect.headers.get('location')!;
    const log = await fetch(location);
    expect(log.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await log.text()).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{7}Z Current runner version/);
    expect((await fetch(location.replace(/urlSignature=\w+/, 'urlSignature=forged'))).status).toBe(403);

    const cancel = await api(cloud.github, 'POST', `${base}/runs/${run.id}/cancel`);
    expect(cancel.status).toBe(202);
    const cancelled = await until(async () => {
      const got = await api(cloud.github, 'GET', `${base}/runs/${run.id}`);
      return got.body.status === 'completed' ? got.body : null;
    });
    expect(cancelled).toMatchObject({ conclusion: 'cancelled' });
    expect((await api(cloud.github, 'GET', `${base}/jobs/${running.id}`)).body).toMatchObject({ status: 'completed', conclusion: 'cancelled' });
    expect((await api(cloud.github, 'POST', `${base}/runs/${run.id}/cancel`)).status).toBe(409);

    // A tag starts another run of the same commit, named after the tag.
    await cloud.sourceHost.createTag(ref, { name: 'v1.0.0', sha, message: 'Version 1.0.0' });
    const tagged = await api(cloud.github, 'GET', `${base}/runs?head_sha=${sha}`);
    expect(tagged.body).toMatchObject({ total_count: 2, workflow_runs: [{ head_branch: 'v1.0.0', run_number: 2 }, { head_branch: 'main', run_number: 1 }] });
    const tagRun = (tagged.body.workflow_runs as Array<{ id: number }>)[0];
    await until(async () => (await api(cloud.github, 'GET', `${base}/runs/${tagRun.id}`)).body.status === 'in_progress');
    expect((await api(cloud.github, 'POST', `${base}/runs/${tagRun.id}/cancel`)).status).toBe(202);
    const done = await until(async () => {
      const got = await api(cloud.github, 'GET', `${base}/runs/${tagRun.id}`);
      return got.body.status === 'completed' ? got.body : null;
    });
    expect(done).toMatchObject({ conclusion: 'cancelled', head_branch: 'v1.0.0', run_attempt: 1, previous_attempt_url: null });

    // Re-run: the same run, attempt 2, with a new job; the first attempt's job stays readable.
    const firstJob = ((await api(cloud.github, 'GET', `${base}/runs/${tagRun.id}/jobs`)).body.jobs as Array<{ id: number }>)[0];
    expect((await api(cloud.github, 'POST', `${base}/runs/${tagRun.id}/rerun`)).status).toBe(201);
    const again = await until(async () => {
      const got = await api(cloud.github, 'GET', `${base}/runs/${tagRun.id}`);
      return got.body.status === 'in_progress' ? got.body : null;
    });
    expect(again).toMatchObject({ run_attempt: 2, conclusion: null, previous_attempt_url: expect.stringMatching(new RegExp(`/actions/runs/${tagRun.id}/attempts/1$`)) });
    const rerunning = await api(cloud.github, 'POST', `${base}/runs/${tagRun.id}/rerun`);
    expect(rerunning).toMatchObject({ status: 403, body: { message: 'This workflow is already running' } });
    const latest = (await api(cloud.github, 'GET', `${base}/runs/${tagRun.id}/jobs`)).body.jobs as Array<{ id: number; run_attempt: number }>;
    expect(latest).toMatchObject([{ run_attempt: 2 }]);
    expect(latest[0].id).not.toBe(firstJob.id);
    expect((await api(cloud.github, 'GET', `${base}/runs/${tagRun.id}/jobs?filter=all`)).body.jobs).toMatchObject([{ id: latest[0].id, run_attempt: 2 }, { id: firstJob.id, run_attempt: 1 }]);
    expect((await api(cloud.github, 'GET', `${base}/jobs/${firstJob.id}`)).body).toMatchObject({ run_attempt: 1, conclusion: 'cancelled' });
    expect((await api(cloud.github, 'POST', `${base}/runs/${tagRun.id}/cancel`)).status).toBe(202);
    await until(async () => (await api(cloud.github, 'GET', `${base}/runs/${tagRun.id}`)).body.status === 'completed');
  }, 30_000);

  it('unknown runs and jobs are 404, and a commit without a workflow starts nothing', async () => {
    const ref = { organization: 'acme', name: 'api-plain' };
    const plain = new GitHubSourceHost({ token: GITHUB_TOKEN, apiUrl: cloud.github.url, minWriteIntervalMs: 0 });
    await plain.ensureRepository(ref, { description: 'Plain' });
    await plain.commitFiles(ref, { branch: 'main', message: 'Plain', author, files: [{ path: 'a.txt', content: Buffer.from('a') }] });
    expect((await api(cloud.github, 'GET', '/repos/acme/api-plain/actions/runs')).body).toEqual({ total_count: 0, workflow_runs: [] });
    for (const route of ['/repos/acme/api-plain/actions/runs/1', '/repos/acme/api-plain/actions/runs/1/jobs', '/repos/acme/api-plain/actions/jobs/1', '/repos/acme/api-plain/actions/jobs/1/logs', '/repos/acme/nope/actions/runs']) {
      expect((await api(cloud.github, 'GET', route)).status).toBe(404);
    }
    expect((await api(cloud.github, 'POST', '/repos/acme/api-plain/actions/runs/1/cancel')).status).toBe(404);
    expect((await api(cloud.github, 'GET', '/repos/acme/api-plain/actions/runs', { token: null })).status).toBe(401);
  });

  it.runIf(HAS_GIT)('a git push over HTTP starts a run for the branch it moved', async () => {
    const ref = { organization: 'acme', name: 'api-git' };
    await cloud.sourceHost.ensureRepository(ref, { description: 'Pushed with git' });
    const work = await mkdtemp(path.join(tmpdir(), 'slipway-actions-git-'));
    try {
      const git = (...args: string[]) =>
        run('git', ['-c', 'user.name=Ada', '-c', 'user.email=ada@example.com', '-c', 'init.defaultBranch=main', '-c', 'credential.helper=', ...args], { cwd: work });
      await git('init', '-q');
      await mkdir(path.join(work, '.github', 'workflows'), { recursive: true });
      await writeFile(path.join(work, WORKFLOW_PATH), await workflow());
      await git('add', '.');
      await git('commit', '-qm', 'Pushed');
      const sha = (await git('rev-parse', 'HEAD')).stdout.trim();
      const remote = new URL('/acme/api-git.git', cloud.github.url);
      remote.username = 'x-access-token';
      remote.password = GITHUB_TOKEN;
      await git('push', '-q', remote.toString(), 'main');
      const listed = await until(async () => {
        const got = await api(cloud.github, 'GET', `/repos/acme/api-git/actions/runs?head_sha=${sha}`);
        return got.body.total_count === 1 ? got.body : null;
      });
      expect(listed).toMatchObject({ workflow_runs: [{ head_branch: 'main', event: 'push', display_title: 'Pushed' }] });
      const runId = (listed.workflow_runs as Array<{ id: number }>)[0].id;
      expect((await api(cloud.github, 'POST', `/repos/acme/api-git/actions/runs/${runId}/cancel`)).status).toBe(202);
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  });

  it('every Actions exchange matches the description', () => {
    const actions = cloud.exchanges.filter((exchange) => exchange.path.includes('/actions/') && exchange.status !== 401);
    expect(actions.length).toBeGreaterThan(15);
    expect(new Set(actions.map((exchange) => exchange.status))).toEqual(new Set([200, 201, 202, 302, 403, 404, 409]));
    expect(actions.flatMap((exchange) => checker.problems(exchange))).toEqual([]);
  });
});
