import { setTimeout as sleep } from 'node:timers/promises';
import type { AppStatus, CanaryReleases } from '../../../providers/cluster/cluster.port.js';
import type { StepContext } from '../../../pipelines/steps.js';
import type { RunNames } from '../../projects/runs/run-names.js';
import type { Template } from '../../templates/template.model.js';
import {
  type CanaryMeasurements,
  DEFAULT_CANARY_STEP_SECONDS,
  DEFAULT_CANARY_STEPS,
  describeMeasurements,
  stepJudge,
  stepMeasurements,
} from '../canary/canary-gate.js';
import { DeploymentStatus } from '../deployment-status.js';
import type { Deployment } from '../deployment.entity.js';
import { type DeploymentRunProviders, deploySpecOf, rolloutHooks } from './deployment-rollout.js';

type Ctx = StepContext<DeploymentRunProviders>;

/** How often a step's figures are judged and a promotion or abort asked for by hand is looked for. */
const GATE_POLL_MS = 1_000;

/** The canary stopped before its promotion: why, both revisions' figures then, and whether a user aborted it. */
export class CanaryStopped extends Error {
  constructor(
    message: string,
    readonly measurements: CanaryMeasurements | undefined,
    readonly byHand: boolean,
  ) {
    super(message);
  }
}

/**
 * A canary release of the deployment: its revision starts beside the serving one, then takes each step's share of new
 * requests for the step's hold time while the gate compares its figures with the serving revision's (every second),
 * and is promoted after the last step (or at once when promoted by hand). Throws CanaryStopped on a breach, an abort
 * by hand or a canary whose processes are gone; the caller sends the traffic back (abortCanary).
 */
export async function releaseCanary(
  ctx: Ctx,
  names: RunNames,
  deployment: Deployment,
  template: Template,
  tag: string,
  canary: CanaryReleases,
  /** Called once the promoted canary takes all new requests, while the old revision drains. */
  onServing: () => Promise<void>,
): Promise<AppStatus> {
  const { records } = ctx.providers;
  const spec = await deploySpecOf(ctx, names, deployment, template, tag);
  const { hooks, settled } = rolloutHooks(ctx, deployment, onServing);
  const steps = deployment.canarySteps ?? DEFAULT_CANARY_STEPS;
  const holdSeconds = deployment.canaryStepSeconds ?? DEFAULT_CANARY_STEP_SECONDS;
  const stable = (await records.deployments()).find((row) => row.environment === deployment.environment && row.status === DeploymentStatus.active);
  try {
    await canary.startCanary(spec, hooks);
    for (const [index, percent] of steps.entries()) {
      // The real split: on Kubernetes the share of the pods (10 % of 2 replicas is 50 %).
      const real = await canary.setCanaryWeight(spec.name, percent);
      // The serving one first: followers that reload the lists on the canary's new step then read both as they are.
      if (stable) await records.updateDeployment(stable.id, { trafficPercent: 100 - real });
      await records.updateDeployment(deployment.id, { canaryStep: index, trafficPercent: real });
      const label = `Canary step ${index + 1} of ${steps.length}`;
      const asked = real === percent ? '' : ` (${percent} % asked: the nearest split of its replicas)`;
      await records.addDeploymentEvent(deployment.id, 'traffic_shifted', `${label}: the new revision takes ${real} % of new requests${asked} for ${holdSeconds} s`);
      const held = await holdStep(ctx, spec.name, canary, holdSeconds * 1000);
      if (held.promoted) {
        await records.addDeploymentEvent(deployment.id, 'healthy', `Promoted by hand at ${held.measurements.percent} %: ${describeMeasurements(held.measurements)}`, held.measurements);
        break;
      }
      const judged = held.measurements.canary.requests >= 1 ? 'passed' : 'passed unjudged (no requests reached the canary)';
      await records.addDeploymentEvent(deployment.id, 'healthy', `${label} ${judged}: ${describeMeasurements(held.measurements)}`, held.measurements);
    }
    return await canary.promoteCanary(spec.name, hooks);
  } finally {
    await settled();
  }
}

/** Holds a step for `holdMs`, judging it every second; answers early when promoted by hand. */
async function holdStep(ctx: Ctx, name: string, canary: CanaryReleases, holdMs: number): Promise<{ promoted: boolean; measurements: CanaryMeasurements }> {
  const start = await canary.canaryTraffic(name);
  const until = Date.now() + holdMs;
  let measurements: CanaryMeasurements | undefined;
  const judge = stepJudge();
  for (;;) {
    await sleep(Math.min(GATE_POLL_MS, Math.max(0, until - Date.now())), undefined, { signal: ctx.signal });
    const now = await canary.canaryTraffic(name);
    if (!now) throw new CanaryStopped('The canary is no longer running', measurements, false);
    measurements = stepMeasurements(now, start);
    if (now.canary.instances === 0) throw new CanaryStopped(`Canary aborted at ${now.percent} %: its processes exited`, measurements, false);
    if (now.problem) throw new CanaryStopped(`Canary aborted at ${now.percent} %: ${now.problem}`, measurements, false);
    const breach = judge(measurements);
    if (breach) throw new CanaryStopped(`Canary aborted at ${now.percent} %: ${breach}`, measurements, false);
    const action = (await ctx.providers.records.deploymentOfRun(ctx.run.id))?.canaryAction;
    if (action === 'abort') throw new CanaryStopped(`Canary aborted by hand at ${now.percent} %`, measurements, true);
    if (action === 'promote') return { promoted: true, measurements };
    if (Date.now() >= until) return { promoted: false, measurements };
  }
}
