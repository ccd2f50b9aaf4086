import { StepFailure } from '../../../pipelines/steps.js';
import type { Version } from '../version.entity.js';
import { BUILD_TIMEOUT_SECONDS, buildVersion, confirmArtifact, type VersionRunProviders } from './version-build.js';
import { runStepOf } from '../../projects/runs/run-step.js';

/** Each step finds its version by the run (the version row names its build run) and the project's names. */
const step = runStepOf<VersionRunProviders, Version>((records, runId) => records.versionOfRun(runId), 'The version of this build no longer exists');

const checkout = step('checkout-version', 'code', "Finds the version's tagged commit in the project's repository", 60, async (ctx, names, version) => {
  const sha = await ctx.providers.sourceHost.tagCommit(names.repository, version.versionTag);
  if (!sha) throw new StepFailure(`Tag ${version.versionTag} is missing from the repository`);
  if (version.gitCommitSha && sha !== version.gitCommitSha) throw new StepFailure(`Tag ${version.versionTag} no longer points at ${version.gitCommitSha.slice(0, 8)}`);
  await ctx.logger.info(`tag ${version.versionTag} on ${version.gitBranch} at ${sha.slice(0, 12)}`);
});

const build = step(
  'build-version',
  'server',
  "Runs the template's build command and tests on the tagged commit and packs the result",
  BUILD_TIMEOUT_SECONDS + 30,
  async (ctx, names, version) => {
    const template = await ctx.providers.records.template();
    await buildVersion(ctx, names, version, template?.runtime ?? null);
  },
  // A failed build fails for good (a final StepFailure: Rebuild starts a new run); one more attempt is for a worker
  // that died mid-build, after which the version ends build_failed (VersionsService.buildGivenUp).
  { retries: 1 },
);

const publish = step('publish-artifact', 'cloud', 'Checks that the registry holds the artifact and makes the version ready', 60, async (ctx, names, version) => {
  await confirmArtifact(ctx, names, version);
});

/** The steps of a 'version_build' run, in order. */
export const versionBuildSteps = [checkout, build, publish];
