import { DeploymentStatus } from '../deployment-status.js';
import type { Deployment } from '../deployment.entity.js';
import type { Template } from '../../templates/template.model.js';
import { type StepContext, StepFailure } from '../../../pipelines/steps.js';
import { type DeploymentRunProviders, HEALTH_TIMEOUT_SECONDS, appNameOf, rollOut, rolloutFailure } from './deployment-rollout.js';
import { versionImage, type RunNames } from '../../projects/runs/run-names.js';
import { runStepOf } from '../../projects/runs/run-step.js';
import { CANARY_STEP_SECONDS, type CanaryMeasurements, MAX_CANARY_STEPS } from '../canary/canary-gate.js';
import { CanaryStopped, releaseCanary } from './canary-release.js';

/** The longest canary: every step held the longest time, plus its health check and the old revision's drain. */
const CANARY_TIMEOUT_SECONDS = MAX_CANARY_STEPS * CANARY_STEP_SECONDS.max + HEALTH_TIMEOUT_SECONDS + 120;

type Ctx = StepContext<DeploymentRunProviders>;

/**
 * A 'deployment' run works on the one deployment whose run_id it is: a new version's rollout, a rollback (a new
 * deployment restoring an earlier one's version and environment) or a scale (the active one with new replicas) go prepare → roll out → activate;
 * a stop is one step. Every step reads the row first and does only what is left, so a retried attempt (after a
 * dead worker) converges.
 */
const step = runStepOf<DeploymentRunProviders, Deployment>((records, runId) => records.deploymentOfRun(runId), 'The deployment of this run no longer exists');

async function requireTemplate(ctx: Ctx): Promise<Template> {
  const template = await ctx.providers.records.template();
  if (!template) throw new StepFailure('The project has no template in the catalog: Slipway does not know how to start its app');
  return template;
}

/** A deployment that ended already (an earlier attempt's automatic rollback, or replaced since) fails again at once. */
function checkNotRolledBack(deployment: Deployment): void {
  if ([DeploymentStatus.rolled_back, DeploymentStatus.superseded, DeploymentStatus.archived].includes(deployment.status)) {
    throw new StepFailure(deployment.errorMessage ?? `The deployment is ${deployment.status}`);
  }
}

/** Fails the deployment for good (automatic rollback: what served keeps serving), then the step. */
async function rollBack(ctx: Ctx, deployment: Deployment, why: string, canary?: { measurements?: CanaryMeasurements; byHand?: boolean }): Promise<never> {
  await ctx.providers.records.rollBackDeployment(deployment.id, why, canary);
  await ctx.logger.error(`automatic rollback: ${why}`);
  throw new StepFailure(why);
}

const prepare = step('prepare-deployment', 'cloud', "Finds the version's artifact in the registry and the environment the deployment runs with", 60, async (ctx, names, deployment) => {
  checkNotRolledBack(deployment);
  const { records, registry } = ctx.providers;
  const tag = deployment.version?.versionTag;
  const artifact = tag ? await registry.find(versionImage(names, tag)) : null;
  if (!tag || !artifact) return rollBack(ctx, deployment, tag ? `The registry has no ${tag} artifact` : 'The version of this deployment no longer exists');
  await requireTemplate(ctx);
  const environment = await records.deploymentEnvironment(deployment);
  if (deployment.status === DeploymentStatus.pending) await records.updateDeployment(deployment.id, { status: DeploymentStatus.deploying, errorMessage: null });
  await ctx.logger.info(`${tag}: ${artifact.url} (${artifact.digest.slice(0, 19)})`);
  await ctx.logger.info(`${Object.keys(environment).length} environment variables from the deployment's snapshot; ${deployment.replicas} replica(s)`);
});

/** Activates the deployment with what the cluster serves now; false when its app does not run. */
async function activateServing(ctx: Ctx, names: RunNames, deployment: Deployment, template: Template): Promise<boolean> {
  const status = await ctx.providers.cluster.status(appNameOf(names, deployment.environment));
  if (status?.state !== 'running' || !status.url) return false;
  await ctx.providers.records.activateDeployment(deployment.id, { ...status, url: status.url, healthPath: template.runtime.healthPath });
  return true;
}

const rollOutStep = step(
  'roll-out',
  'deploy',
  'Starts the new revision beside the old one, waits for its health check, shifts the traffic, drains and stops the old one',
  HEALTH_TIMEOUT_SECONDS + 120,
  async (ctx, names, deployment) => {
    checkNotRolledBack(deployment);
    const template = await requireTemplate(ctx);
    const tag = deployment.version?.versionTag;
    if (!tag) return rollBack(ctx, deployment, 'The version of this deployment no longer exists');
    let status;
    try {
      // Active as soon as the new revision takes the traffic: the old one's draining is no longer the deployment's wait.
      status = await rollOut(ctx, names, deployment, template, tag, async () => {
        await activateServing(ctx, names, deployment, template);
      });
    } catch (error) {
      return rollBack(ctx, deployment, rolloutFailure(error, ctx.signal));
    }
    if (!status.url) return rollBack(ctx, deployment, 'The cluster gave the app no URL');
    await ctx.logger.info(`${ctx.providers.cluster.kind} cluster: ${status.name} revision ${status.revision} serves ${status.url}`);
  },
);

const canaryRelease = step(
  'canary-release',
  'deploy',
  "Starts the new revision beside the serving one and gives it a growing share of new requests while its errors and latency stay close to the serving one's, then promotes it; a breach sends all traffic back",
  CANARY_TIMEOUT_SECONDS,
  async (ctx, names, deployment) => {
    checkNotRolledBack(deployment);
    const template = await requireTemplate(ctx);
    const tag = deployment.version?.versionTag;
    if (!tag) return rollBack(ctx, deployment, 'The version of this deployment no longer exists');
    const { cluster } = ctx.providers;
    let status;
    try {
      status = await releaseCanary(ctx, names, deployment, template, tag, cluster.canary, async () => {
        await activateServing(ctx, names, deployment, template);
      });
    } catch (error) {
      // All traffic back on the serving revision before the deployment says so.
      await cluster.canary.abortCanary(appNameOf(names, deployment.environment)).catch(() => undefined);
      if (error instanceof CanaryStopped) return rollBack(ctx, deployment, error.message, { measurements: error.measurements, byHand: error.byHand });
      return rollBack(ctx, deployment, rolloutFailure(error, ctx.signal));
    }
    await ctx.logger.info(`${cluster.kind} cluster: ${status.name} revision ${status.revision} serves ${status.url}`);
  },
);

const activate = step('activate-deployment', 'database', 'Makes the deployment the active one; the one it replaced is superseded (or rolled back) and becomes its way back', 60, async (ctx, names, deployment) => {
  checkNotRolledBack(deployment);
  const template = await requireTemplate(ctx);
  // Usually done at the traffic switch already; again here (an idempotent write) after a retried or no-op rollout.
  if (!(await activateServing(ctx, names, deployment, template))) {
    // Live since the traffic switch (what it replaced has stopped), and its app crashed since: not a failed rollout
    // with something to fall back on, but the health watch's case (crash loop, rollback to the last healthy one).
    if (deployment.status !== DeploymentStatus.active) return rollBack(ctx, deployment, 'The app is not running');
    await ctx.logger.info('the app is not running right now (it crashed and is restarting); the health watch judges it');
  }
  await ctx.logger.info(`${deployment.version?.versionTag ?? 'the version'} is live in ${deployment.environment}`);
});

const stop = step('stop-deployment', 'server', "Stops the deployment's instances and closes its URL, then archives it", 120, async (ctx, names, deployment) => {
  const { records, cluster } = ctx.providers;
  if (deployment.status !== DeploymentStatus.cleaning_up) {
    await ctx.logger.info(`nothing to stop: the deployment is ${deployment.status}`);
    return;
  }
  await cluster.stop(appNameOf(names, deployment.environment));
  await records.stopDeployment(deployment.id);
  await ctx.logger.info(`${cluster.kind} cluster: ${appNameOf(names, deployment.environment)} stopped`);
});

/** A rollout, rollback or scale of one deployment, in order. */
export const deploymentSteps = [prepare, rollOutStep, activate];
/** A canary release of one deployment, in order. */
export const canaryDeploymentSteps = [prepare, canaryRelease, activate];
/** The one step of a canary release that a rollout does not have (registered once with the rest). */
export const canaryReleaseStep = canaryRelease;
/** A stop of one deployment. */
export const deploymentStopSteps = [stop];
