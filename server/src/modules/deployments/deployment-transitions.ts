import { DEFAULT_ENVIRONMENT } from '@slipway/domain';
import { In, Not, type EntityManager } from 'typeorm';
import type { SecretBox } from '../../common/secret-box.js';
import type { AppStatus } from '../../providers/cluster/cluster.port.js';
import { Project } from '../projects/project.entity.js';
import { Version } from '../versions/version.entity.js';
import { recordDeploymentEvent } from './deployment-event.entity.js';
import { Deployment } from './deployment.entity.js';
import type { CanaryMeasurements } from './canary/canary-gate.js';
import { DeploymentStatus } from './deployment-status.js';

/**
 * The state changes of spec section 4 that more than one caller makes (the deployments service, the deployment
 * run's steps, the creation run), each in the caller's transaction under the project's row lock, so that two of
 * them on one project never interleave.
 */

/** Statuses of a deployment whose run has not finished: one at a time per project and environment. */
export const IN_PROGRESS = [DeploymentStatus.pending, DeploymentStatus.deploying, DeploymentStatus.rolling_back, DeploymentStatus.cleaning_up];

const snapshotContext = (deploymentId: string) => `deployment:${deploymentId}`;

/** Seals the environment a deployment runs with, bound to its row (a snapshot copied to another row does not open). */
export function sealSnapshot(box: SecretBox, deploymentId: string, environment: Record<string, string>): string {
  return box.seal(JSON.stringify(environment), snapshotContext(deploymentId));
}

export function openSnapshot(box: SecretBox, deployment: Pick<Deployment, 'id' | 'environmentSnapshot'>): Record<string, string> | null {
  return deployment.environmentSnapshot ? (JSON.parse(box.open(deployment.environmentSnapshot, snapshotContext(deployment.id))) as Record<string, string>) : null;
}

export async function lockProject(manager: EntityManager, projectId: string, ownerId: string): Promise<Project | null> {
  return manager.findOne(Project, { where: { id: projectId, ownerId }, lock: { mode: 'pessimistic_write' } });
}

/** What the cluster serves for a deployment that becomes active, and the template's health path. */
export type Serving = Pick<AppStatus, 'replicas' | 'placement' | 'loopbackUrl'> & { url: string; healthPath: string | null };

/**
 * The deployment serves its environment: it becomes active (all the traffic, activated now). The one it replaced
 * becomes superseded (a newer deployment took over) or, when it was rolling back, rolled_back. Its way back
 * (rollback target) is the one it replaced; for a rollback, the way back of the deployment it restored, so that
 * successive rollbacks keep going back in time. Rows other than these two keep their recorded times. For
 * production the project's active version, active deployment and URL follow. Answers the replaced one's id.
 */
export async function markActive(
  manager: EntityManager,
  deployment: Deployment,
  serving: Serving,
): Promise<string | null> {
  const now = new Date();
  const replaced = await manager.find(Deployment, {
    where: {
      projectId: deployment.projectId,
      ownerId: deployment.ownerId,
      environment: deployment.environment,
      id: Not(deployment.id),
      status: In([DeploymentStatus.active, DeploymentStatus.rolling_back]),
    },
  });
  for (const old of replaced) {
    if (old.status === DeploymentStatus.rolling_back) {
      await manager.update(Deployment, old.id, { status: DeploymentStatus.rolled_back, isActive: false, trafficPercent: 0, rolledBackAt: now });
      await recordDeploymentEvent(manager, old, 'rolled_back', `Rolled back: ${old.rollbackReason ?? 'manual rollback'}`);
    } else {
      await manager.update(Deployment, old.id, { status: DeploymentStatus.superseded, isActive: false, trafficPercent: 0, supersededAt: now });
      await recordDeploymentEvent(manager, old, 'superseded', 'Replaced by a newer deployment; kept as a way back');
    }
  }
  const previous = replaced[0]?.id ?? null;
  const restored = deployment.restoresDeploymentId
    ? await manager.findOneBy(Deployment, { id: deployment.restoresDeploymentId, ownerId: deployment.ownerId })
    : null;
  const wayBack = deployment.restoresDeploymentId ? (restored?.rollbackTargetId ?? null) : previous;
  const wasActive = deployment.status === DeploymentStatus.active;
  await manager.update(Deployment, deployment.id, {
    status: DeploymentStatus.active,
    isActive: true,
    trafficPercent: 100,
    deployedUrl: serving.url,
    loopbackUrl: serving.loopbackUrl,
    replicas: serving.replicas,
    kubernetesNamespace: serving.placement.namespace,
    kubernetesDeploymentName: serving.placement.deployment,
    kubernetesServiceName: serving.placement.service,
    errorMessage: null,
    canaryStep: null,
    ...(wasActive ? {} : { activatedAt: now, rollbackReason: null, rollbackTargetId: wayBack }),
    ...(serving.healthPath ? { healthChecks: [{ name: 'http', status: 'healthy', path: serving.healthPath, checkedAt: now }] } : {}),
  });
  if (deployment.environment === DEFAULT_ENVIRONMENT) {
    const version = await manager.findOneBy(Version, { id: deployment.versionId, ownerId: deployment.ownerId });
    await manager.update(Version, { projectId: deployment.projectId, ownerId: deployment.ownerId }, { active: false });
    if (version) await manager.update(Version, version.id, { active: true });
    await manager.update(
      Project,
      { id: deployment.projectId, ownerId: deployment.ownerId },
      { activeVersionId: deployment.versionId, activeDeploymentId: deployment.id, deployedUrl: serving.url, loopbackUrl: serving.loopbackUrl, ...(version ? { version: version.versionTag } : {}) },
    );
  }
  return previous;
}

/**
 * The deployment never became healthy: it ends rolled_back with why, and the deployment it was replacing keeps
 * serving (the cluster left its revision in place): one rolling back returns to active.
 */
export async function markRolledBackAutomatically(
  manager: EntityManager,
  deployment: Deployment,
  why: string,
  /** A canary's: its figures when it stopped (on the 'failed' event), and whether a user aborted it (not automatic then). */
  canary: { measurements?: CanaryMeasurements; byHand?: boolean } = {},
): Promise<void> {
  const now = new Date();
  await manager.update(Deployment, deployment.id, {
    status: DeploymentStatus.rolled_back,
    isActive: false,
    trafficPercent: 0,
    canaryStep: null,
    rolledBackAt: now,
    errorMessage: why,
    rollbackReason: canary.byHand ? why : `Automatic rollback: ${why}`,
    healthChecks: [{ name: 'http', status: 'unhealthy', path: null, checkedAt: now }],
  });
  await recordDeploymentEvent(manager, deployment, 'failed', why, canary.measurements);
  // A canary's share goes back to the deployment serving.
  await manager.update(
    Deployment,
    { projectId: deployment.projectId, ownerId: deployment.ownerId, environment: deployment.environment, status: DeploymentStatus.active, trafficPercent: Not(100) },
    { trafficPercent: 100 },
  );
  const interrupted = await manager.find(Deployment, {
    where: { projectId: deployment.projectId, ownerId: deployment.ownerId, environment: deployment.environment, status: DeploymentStatus.rolling_back },
  });
  for (const previous of interrupted) {
    await manager.update(Deployment, previous.id, { status: DeploymentStatus.active, rollbackReason: null });
    await recordDeploymentEvent(manager, previous, 'healthy', 'The rollback failed: this deployment keeps serving');
  }
  await recordDeploymentEvent(
    manager,
    deployment,
    'rolled_back',
    `${canary.byHand ? 'Aborted' : 'Automatic rollback'}: ${interrupted.length || (await hasActive(manager, deployment)) ? 'the previous deployment keeps serving' : 'nothing else was serving'}`,
  );
}

async function hasActive(manager: EntityManager, deployment: Deployment): Promise<boolean> {
  return manager.existsBy(Deployment, {
    projectId: deployment.projectId,
    ownerId: deployment.ownerId,
    environment: deployment.environment,
    status: DeploymentStatus.active,
    id: Not(deployment.id),
  });
}

/** Where a local app answers now, as the cluster tells it when it starts it again (AddressChange in local-cluster.ts). */
export interface AppAddresses {
  /** The app's name on the cluster: an active deployment's kubernetes_namespace. */
  name: string;
  projectId: string;
  url: string;
  loopbackUrl: string | null;
  /** Why they changed, when the cluster knows (its loopback port was taken); otherwise the addresses just differ. */
  why?: string;
}

/**
 * The active deployment of the app (and, for production, its project) takes the app's addresses when they differ
 * from what it shows, with an event saying what changed. Answers the deployments changed.
 */
export async function moveAddresses(manager: EntityManager, addresses: AppAddresses): Promise<Deployment[]> {
  const active = await manager.find(Deployment, { where: { projectId: addresses.projectId, kubernetesNamespace: addresses.name, isActive: true } });
  const moved = active.filter((deployment) => deployment.deployedUrl !== addresses.url || deployment.loopbackUrl !== addresses.loopbackUrl);
  for (const deployment of moved) {
    await manager.update(Deployment, deployment.id, { deployedUrl: addresses.url, loopbackUrl: addresses.loopbackUrl });
    if (deployment.environment === DEFAULT_ENVIRONMENT) {
      await manager.update(Project, { id: deployment.projectId, activeDeploymentId: deployment.id }, { deployedUrl: addresses.url, loopbackUrl: addresses.loopbackUrl });
    }
    const now = `${addresses.url}${addresses.loopbackUrl ? ` and ${addresses.loopbackUrl}` : ''}`;
    await recordDeploymentEvent(manager, deployment, 'url_changed', `${addresses.why ? `${addresses.why}: the` : 'The'} app answers at ${now} (before: ${deployment.deployedUrl ?? 'none'}${deployment.loopbackUrl ? ` and ${deployment.loopbackUrl}` : ''})`);
  }
  return moved;
}

/** A stopped deployment's app is gone: it is archived, and production's project no longer names it. */
export async function markStopped(manager: EntityManager, deployment: Deployment): Promise<void> {
  await manager.update(Deployment, deployment.id, { status: DeploymentStatus.archived, isActive: false, trafficPercent: 0 });
  await recordDeploymentEvent(manager, deployment, 'stopped', 'Its instances were stopped and the URL closed');
  await recordDeploymentEvent(manager, deployment, 'archived', 'Archived after the stop');
  const project = await manager.findOneBy(Project, { id: deployment.projectId, ownerId: deployment.ownerId });
  if (project?.activeDeploymentId === deployment.id) {
    await manager.update(Version, { id: deployment.versionId, ownerId: deployment.ownerId }, { active: false });
    await manager.update(Project, project.id, { activeDeploymentId: null, activeVersionId: null, deployedUrl: null, loopbackUrl: null });
  }
}
