import { stepLabel } from '@slipway/domain';
import type { Version } from '../../modules/versions/version.entity.js';
import { defineStep, type StepContext, type StepDefinition, StepFailure, type StepIcon } from '../steps.js';
import { BUILD_TIMEOUT_SECONDS, buildVersion, confirmArtifact } from './version-build.js';
import { namesOf, requireProject, type RunNames } from './run-names.js';
import type { RunProviders } from './run-ports.js';

type Ctx = StepContext<RunProviders>;

/** Each step finds its version by the run (the version row names its build run) and the project's names. */
function step(
  id: string,
  icon: StepIcon,
  description: string,
  timeoutSeconds: number,
  run: (ctx: Ctx, names: RunNames, version: Version) => Promise<void>,
  extra: Partial<StepDefinition<RunProviders>> = {},
) {
  return defineStep<RunProviders>({
    id,
    label: stepLabel(id),
    description,
    icon,
    timeoutSeconds,
    ...extra,
    async run(ctx) {
      const names = namesOf(await requireProject(ctx.providers.records));
      const version = await ctx.providers.records.versionOfRun(ctx.run.id);
      if (!version) throw new StepFailure('The version of this build no longer exists');
      await run(ctx, names, version);
    },
  });
}

const checkout = step('checkout-version', 'code', "Finds the version's tagged commit in the project's repository", 60, async (ctx, names, version) => {
  const sha = await ctx.providers.sourceHost.tagCommit(names.repository, version.versionTag);
  if (!sha) throw new StepFailure(`Tag ${version.versionTag} is missing from the repository`);
  if (version.gitCommitSha && sha !== version.gitCommitSha) throw new StepFailure(`Tag ${version.versionTag} no longer points at ${version.gitCommitSha.slice(0, 8)}`);
  await ctx.logger.info(`tag ${version.versionTag} on ${version.gitBranch} at ${sha.slice(0, 12)}`);
});

const build = step(
  'build-version',
  'server',
  "Runs the template's build command on the tagged commit and packs the result",
  BUILD_TIMEOUT_SECONDS + 30,
  async (ctx, names, version) => {
    const template = await ctx.providers.records.template();
    await buildVersion(ctx, names, version, template?.runtime.build ?? null);
  },
  // A failed build fails for good: Rebuild starts a new run.
  { retries: 0 },
);

const publish = step('publish-artifact', 'cloud', 'Checks that the registry holds the artifact and makes the version ready', 60, async (ctx, names, version) => {
  await confirmArtifact(ctx, names, version);
});

/** The steps of a 'version_build' run, in order. */
export const versionBuildSteps = [checkout, build, publish];
