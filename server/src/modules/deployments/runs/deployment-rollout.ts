import type { DeploymentEventType } from '@slipway/domain';
import { DEFAULT_ENVIRONMENT } from '@slipway/domain';
import { AppError } from '../../../common/app-error.js';
import type { Deployment } from '../deployment.entity.js';
import type { Template } from '../../templates/template.model.js';
import type { AppResources, AppStatus, DeployHooks, DeploySpec } from '../../../providers/cluster/cluster.port.js';
import type { SandboxLimits } from '../../../providers/sandbox/cgroups.js';
import type { StepContext } from '../../../pipelines/steps.js';
import { StepFailure } from '../../../pipelines/steps.js';
import { versionImage, type RunNames } from '../../projects/runs/run-names.js';
import type { ProjectRecords, ProjectRunProviders } from '../../projects/runs/run-ports.js';
import type { DeploymentRecords } from './deployment-records.js';

// The rolling update shared by the deployment run and the creation run's first deployment.

/** The ports of a run that rolls a deployment out (a deployment run, and the creation run's first deployment). */
export type DeploymentRunProviders = ProjectRunProviders<ProjectRecords & DeploymentRecords>;

type Ctx = StepContext<DeploymentRunProviders>;

/** Budget for the new revision's health check before the deployment is rolled back automatically. */
export const HEALTH_TIMEOUT_SECONDS = 60;

/** The app of an environment on the cluster: production keeps the project's app name, others get a suffix. */
export function appNameOf(names: RunNames, environment: string): string {
  if (environment === DEFAULT_ENVIRONMENT) return names.appName;
  return `${names.appName.slice(0, 62 - environment.length).replace(/-+$/, '')}-${environment}`;
}

/** Why a rollout failed, safe to show: the cluster's own message (its errors are written for users), else a generic one. */
export function rolloutFailure(error: unknown, signal?: AbortSignal): string {
  if (signal?.aborted) {
    // The engine aborts a step with StepFailure('Cancelled') on a cancel and with its timeout's message otherwise.
    const reason: unknown = signal.reason;
    return reason instanceof StepFailure && reason.message !== 'Cancelled' ? `The rollout stopped: ${reason.message}` : 'The deployment pipeline was cancelled';
  }
  if (error instanceof StepFailure || error instanceof AppError) return error.message;
  return 'The new revision did not start or failed its health check';
}

/** What the cluster runs for the deployment: its version's artifact with its snapshot, replicas, limits, resources and domains. */
export async function deploySpecOf(ctx: Ctx, names: RunNames, deployment: Deployment, template: Template, tag: string): Promise<DeploySpec> {
  const { records, registry } = ctx.providers;
  const artifact = await registry.find(versionImage(names, tag));
  if (!artifact) throw new StepFailure(`The registry has no ${tag} artifact`);
  const { domains, resources } = await records.environmentSettings(deployment);
  return {
    name: appNameOf(names, deployment.environment),
    projectId: names.project.id,
    ownerId: ctx.run.ownerId,
    artifact,
    runtime: { start: template.runtime.start, healthPath: template.runtime.healthPath, portEnv: template.runtime.portEnv },
    environment: await records.deploymentEnvironment(deployment),
    replicas: deployment.replicas,
    healthTimeoutSeconds: HEALTH_TIMEOUT_SECONDS,
    limits: localLimits(await records.limits(), resources),
    resources,
    domains,
  };
}

/**
 * The cluster's hooks for a rollout: each milestone becomes an event of the deployment, in order, and `onServing`
 * runs (after that event) once the new revision takes the traffic. `settled` waits for them all.
 */
export function rolloutHooks(ctx: Ctx, deployment: Deployment, onServing?: () => Promise<void>): { hooks: DeployHooks; settled(): Promise<void> } {
  let events = Promise.resolve();
  const record = (type: DeploymentEventType, message: string) => {
    events = events.then(() => ctx.providers.records.addDeploymentEvent(deployment.id, type, message)).catch(() => undefined);
    if (type === 'traffic_shifted' && onServing) events = events.then(onServing).catch(() => undefined);
  };
  return {
    hooks: { signal: ctx.signal, onLog: (line) => void ctx.logger.info(line).catch(() => undefined), onEvent: record },
    settled: () => events,
  };
}

/**
 * Local mode: the environment's limits over the project's sandbox limits (its memory and CPU limits), and its CPU
 * request as the sandbox's CPU weight (1 core = 100, a serving app's usual weight). A memory request has no local
 * equivalent.
 */
export function localLimits(limits: SandboxLimits, resources: AppResources): SandboxLimits {
  return {
    ...limits,
    ...(resources.memoryLimitMb !== null ? { memoryMb: resources.memoryLimitMb } : {}),
    ...(resources.cpuLimit !== null ? { cpuPercent: Math.round(resources.cpuLimit * 100) } : {}),
    ...(resources.cpuRequest !== null ? { cpuWeight: Math.round(resources.cpuRequest * 100) } : {}),
  };
}

/**
 * Makes the deployment's version serve its environment with the environment variables it was deployed with
 * (its snapshot) and its replicas: a rolling update on the cluster, a no-op when that exact revision already
 * serves (a retried step after a dead worker). Each milestone becomes an event of the deployment, in order.
 * `onServing` lets the caller record the switch as soon as it happens, before the old revision has drained.
 */
export async function rollOut(
  ctx: Ctx,
  names: RunNames,
  deployment: Deployment,
  template: Template,
  tag: string,
  /** Called (after the event is recorded) once the new revision takes the traffic, while the old one drains. */
  onServing?: () => Promise<void>,
): Promise<AppStatus> {
  const spec = await deploySpecOf(ctx, names, deployment, template, tag);
  const { hooks, settled } = rolloutHooks(ctx, deployment, onServing);
  try {
    return await ctx.providers.cluster.deploy(spec, hooks);
  } finally {
    await settled();
  }
}
