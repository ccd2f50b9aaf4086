import { type BuildPhase, type BuildResult, repositorySecretsOf } from '../../../providers/builder/builder.port.js';
import type { TemplateRuntime } from '../../templates/template.model.js';
import { AppError } from '../../../common/app-error.js';
import { INVALID_SOURCE_FILE } from '../../../providers/providers.errors.js';
import { StepStatus } from '../../../pipelines/pipeline-step.entity.js';
import type { Artifact, ImageRef } from '../../../providers/registry/registry.port.js';
import { secretMasker } from '../build-logs.js';
import { BuildStatus, VersionStatus } from '../version-status.js';
import type { Version } from '../version.entity.js';
import type { StepContext } from '../../../pipelines/steps.js';
import { StepFailure } from '../../../pipelines/steps.js';
import { type RunNames, versionImage } from '../../projects/runs/run-names.js';
import type { ProjectRecords, ProjectRunProviders } from '../../projects/runs/run-ports.js';
import type { VersionRecords } from './version-records.js';

// Builds shared by the creation run (its CI build and its first version) and the version build run.

/** The ports of a run that builds a version (a version's build run, and the creation run's builds). */
export type VersionRunProviders = ProjectRunProviders<ProjectRecords & VersionRecords>;

type Ctx = StepContext<VersionRunProviders>;

export const BUILD_TIMEOUT_SECONDS = 600;
/** Lines of build output kept on the version row (and shown live). */
const LOG_TAIL_LINES = 200;
/**
 * How often at most a running build's new output reaches the version row and its live followers (versionBuild):
 * a line waits at most this long, plus one event's trip to a subscriber (the target: p95 200 ms from print
 * to subscriber). Only when there is new output; one small row update per flush.
 */
const FLUSH_MS = 50;

/**
 * The repository's secrets (repositorySecretsOf: the project's environment variables, and for GitHub Actions the
 * DOCKER_USERNAME and DOCKER_TOKEN its workflow pushes with), as saved now. The source host seals each with the
 * repository's public key; the values are never logged. Answers how many were stored.
 */
export async function storeSecrets(ctx: Ctx, repository: RunNames['repository']): Promise<number> {
  const secrets = repositorySecretsOf(await ctx.providers.records.environment(), ctx.providers.builder);
  await ctx.providers.sourceHost.setSecrets(repository, secrets);
  return Object.keys(secrets).length;
}

/** For a builder whose workflow pushes with the repository's secrets: stores them (storeSecrets) before its runs start. */
export async function storeWorkflowSecrets(ctx: Ctx, repository: RunNames['repository']): Promise<void> {
  if (ctx.providers.builder.repositorySecrets) await ctx.logger.info(`${await storeSecrets(ctx, repository)} secrets stored for the ${ctx.providers.builder.kind} workflow`);
}

/**
 * Runs a build of commitSha to the image tag. Every output line has the project's secret values masked before
 * anyone sees it; answers the result and the last lines.
 */
export async function runBuild(
  ctx: Ctx,
  names: RunNames,
  build: { commitSha: string; image: ImageRef; runtime: BuildCommands | null; builtBefore?: boolean },
  onLine: (line: string) => void = () => undefined,
): Promise<{ result: BuildResult; log: string }> {
  const environment = await ctx.providers.records.environment();
  const mask = secretMasker(environment);
  const lines: string[] = [];
  const commands = { build: build.runtime?.build ?? null, test: build.runtime?.test ?? null };
  // The builder's phases become the step's substeps, in order; the last write is awaited before the step goes on,
  // and a write that failed (the attempt was cancelled meanwhile) fails the step then, not as an unhandled rejection.
  let substeps = Promise.resolve();
  const failed: { error?: unknown } = {};
  const onPhase = (phase: BuildPhase, status: 'running' | 'success' | 'failed') => {
    const argv = commands[phase];
    const description = `${phase === 'test' ? 'Runs the tests' : 'Runs the build command'}: ${argv?.join(' ') ?? ''}`;
    substeps = substeps
      .then(() => (failed.error ? undefined : ctx.substep(phase, PHASE_STATUS[status], description)))
      .catch((error: unknown) => void (failed.error ??= error));
  };
  // Built before (an earlier build of the version, an earlier attempt of this step, the owner's Retry): the
  // builder builds again instead of answering how that build ended. The first attempt's time is kept across attempts.
  const now = Date.now();
  const rebuild = build.builtBefore === true || (await ctx.checkpoint('build-requested', async () => now)) !== now;
  // A rebuild may re-run the workflow run, which then reads the secrets saved now (a changed token or variable
  // applies). A first build follows the run its commit's or tag's push started, with the secrets stored before the
  // push (the setup-github-repo step, VersionsService.create).
  if (rebuild) await storeWorkflowSecrets(ctx, names.repository);
  let result: BuildResult;
  try {
    result = await ctx.providers.builder.build(
      {
        projectId: names.project.id,
        ownerId: ctx.run.ownerId,
        repository: names.repository,
        commitSha: build.commitSha,
        image: build.image,
        buildCommand: commands.build,
        testCommand: commands.test,
        environment,
        timeoutSeconds: BUILD_TIMEOUT_SECONDS,
        rebuild,
        limits: await ctx.providers.records.limits(),
      },
      {
        signal: ctx.signal,
        onLog: (raw) => {
          const line = mask(raw);
          lines.push(line);
          if (lines.length > LOG_TAIL_LINES) lines.shift();
          onLine(line);
        },
        onPhase,
      },
    );
  } finally {
    await substeps;
  }
  if (failed.error) throw failed.error;
  return { result, log: lines.join('\n') };
}

/** What a build runs, from the template (files/slipway.json). */
export type BuildCommands = Pick<TemplateRuntime, 'build' | 'test'>;

const PHASE_STATUS = { running: StepStatus.running, success: StepStatus.completed, failed: StepStatus.failed } as const;

/**
 * Builds the version's tagged commit into its artifact: the version goes building/running, its whole log to
 * disk (the row keeps the tail, refreshed while it runs), then build_success/success with its artifact, or
 * build_failed/failed (a final StepFailure). A build stopped meanwhile keeps its 'cancelled' state. An attempt after
 * one whose worker died starts the build over; when no attempt is left, the engine's failure hook (VersionsService
 * .buildGivenUp) ends the version build_failed.
 */
export async function buildVersion(ctx: Ctx, names: RunNames, version: Version, runtime: BuildCommands | null): Promise<Artifact> {
  const { records, sourceHost, buildLogs } = ctx.providers;
  const runId = ctx.run.id;
  const tag = version.versionTag;
  const sha = await sourceHost.tagCommit(names.repository, tag);
  if (!sha) throw new StepFailure(`Tag ${tag} is missing`);
  if (ctx.signal.aborted) throw ctx.signal.reason;
  // Still running under this run: an earlier attempt's worker died mid-build. Its half-written log is replaced (the
  // row's tail and the file start afresh), and whatever it left running is ended by the builder.
  const interrupted = version.buildRunId === runId && version.buildStatus === BuildStatus.running;
  // Rebuild: a version's first build run is made with it (one transaction, one created_at); a later one builds again.
  const builtBefore = ctx.run.createdAt > version.createdAt;
  await records.updateVersion(version.id, {
    buildRunId: runId,
    status: VersionStatus.building,
    buildStatus: BuildStatus.running,
    buildStartedAt: new Date(),
    buildCompletedAt: null,
    buildLog: '',
    gitCommitSha: sha,
  });
  const writer = await buildLogs.open(version);
  const tail: string[] = [];
  // New output reaches the row at once, then at most once per FLUSH_MS; one update at a time, in order, so a later
  // tail never loses to an earlier one.
  let lastFlush = 0;
  let timer: NodeJS.Timeout | undefined;
  let writing = Promise.resolve();
  const flush = () => {
    timer = undefined;
    lastFlush = Date.now();
    const buildLog = tail.join('\n');
    writing = writing.then(() => records.updateBuild(version.id, runId, { buildLog })).then(
      () => undefined,
      () => undefined,
    );
  };
  const fresh = () => {
    timer ??= setTimeout(flush, Math.max(0, lastFlush + FLUSH_MS - Date.now()));
  };
  if (interrupted) {
    const note = 'The previous attempt of this build was interrupted (its worker stopped): building again from the start';
    writer.write(note);
    tail.push(note);
    fresh();
    await ctx.logger.info(note);
  }
  let outcome: { result: BuildResult; log: string };
  try {
    outcome = await runBuild(ctx, names, { commitSha: sha, image: versionImage(names, tag), runtime, builtBefore }, (line) => {
      writer.write(line);
      tail.push(line);
      if (tail.length > LOG_TAIL_LINES) tail.shift();
      fresh();
    });
  } catch (error) {
    // A commit the source host refuses to check out (a link out of the repository) is refused the same way every time.
    if (error instanceof AppError && error.reason === INVALID_SOURCE_FILE) throw new StepFailure(`Build of ${tag} failed: ${error.message}`, { final: true });
    // This attempt ended, its worker did not die: the next attempt must not say it was interrupted.
    if (!ctx.signal.aborted) await records.updateBuild(version.id, runId, { buildStatus: BuildStatus.pending });
    throw error;
  } finally {
    clearTimeout(timer);
    await writing;
    await writer.close();
  }
  const { result, log } = outcome;
  if (result.status !== 'success' || !result.artifact) {
    await records.updateBuild(version.id, runId, { buildLog: log });
    // Final: the same commit would fail the same way; Rebuild starts a new run. The version ends build_failed in the
    // transaction that fails the run (VersionsService.buildGivenUp), so the two never disagree.
    throw new StepFailure(`Build of ${tag} failed: ${result.error ?? 'no artifact'}`, { final: true });
  }
  const { artifact } = result;
  const recorded = await records.updateBuild(version.id, runId, {
    status: VersionStatus.build_success,
    buildStatus: BuildStatus.success,
    buildCompletedAt: new Date(),
    buildLog: log,
    dockerImageUrl: artifact.url,
    artifacts: [{ id: artifact.digest, type: 'image' }],
  });
  if (!recorded) throw new StepFailure(`The build of ${tag} was stopped`, { final: true });
  await ctx.logger.info(`artifact ${artifact.url} (${artifact.size} bytes, ${artifact.digest.slice(0, 19)})`);
  return artifact;
}

/** Checks that the registry holds the version's artifact and makes the version ready (deployable). */
export async function confirmArtifact(ctx: Ctx, names: RunNames, version: Version): Promise<Artifact> {
  const { records, registry } = ctx.providers;
  const artifact = await registry.find(versionImage(names, version.versionTag));
  if (!artifact) throw new StepFailure(`The registry has no ${version.versionTag} artifact`);
  await records.updateVersion(version.id, { status: VersionStatus.ready });
  await ctx.logger.info(`${registry.kind} registry: ${artifact.url}`);
  return artifact;
}
