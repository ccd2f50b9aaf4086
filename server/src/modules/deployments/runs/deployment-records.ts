import { randomUUID } from 'node:crypto';
import type { DeploymentEventType } from '@slipway/domain';
import type { DataSource, EntityManager } from 'typeorm';
import { logUnexpected } from '../../../common/log.js';
import type { SecretBox } from '../../../common/secret-box.js';
import type { EventBus } from '../../../events/event-bus.js';
import { StepFailure } from '../../../pipelines/steps.js';
import { recordDeploymentEvent } from '../deployment-event.entity.js';
import { DeploymentStatus, DeploymentStrategy } from '../deployment-status.js';
import { lockProject, markActive, markRolledBackAutomatically, markStopped, openSnapshot, sealSnapshot, type Serving } from '../deployment-transitions.js';
import { Deployment } from '../deployment.entity.js';
import type { CanaryMeasurements } from '../canary/canary-gate.js';
import type { AppResources } from '../../../providers/cluster/cluster.port.js';
import { Domain } from '../../domains/domain.entity.js';
import { Environment } from '../../environments/environment.entity.js';
import { resourcesOf } from '../../environments/environments.service.js';
import { effectiveVariables, environmentNamed } from '../../environments/environment-rows.js';

export type DeploymentFields = Partial<
  Pick<Deployment, 'status' | 'trafficPercent' | 'healthChecks' | 'errorMessage' | 'activatedAt' | 'deployedUrl' | 'isActive' | 'replicas' | 'canaryStep'>
>;

/** What a run's steps read and write of its project's deployments (a rollout, a stop, the creation's first deployment, a deletion). */
export interface DeploymentRecords {
  deployments(): Promise<Deployment[]>;
  /**
   * Creates the version's first deployment to the environment unless it has one (with a sealed snapshot of the
   * project's environment as it is now); answers the row either way.
   */
  ensureInitialDeployment(versionId: string, environment: string): Promise<Deployment>;
  /** The deployment this 'deployment' run works on (its run_id), with its version, or null. */
  deploymentOfRun(runId: string): Promise<Deployment | null>;
  /** The environment variables the deployment runs with: its snapshot (never log them). */
  deploymentEnvironment(deployment: Deployment): Promise<Record<string, string>>;
  /**
   * What the deployment's environment asks of the cluster now: its custom domains (a Kubernetes cluster routes them
   * with an Ingress) and its resources per instance.
   */
  environmentSettings(deployment: Deployment): Promise<{ domains: string[]; resources: AppResources }>;
  /** Changes the deployment's row and tells live followers. */
  updateDeployment(id: string, fields: DeploymentFields): Promise<void>;
  addDeploymentEvent(id: string, type: DeploymentEventType, message: string, measurements?: CanaryMeasurements): Promise<void>;
  /**
   * The deployment serves its environment: active with all the traffic, the one it replaced superseded (or
   * rolled_back when it was rolling back), and for production the project's active version, deployment and URL; one transaction.
   */
  activateDeployment(id: string, serving: Serving): Promise<void>;
  /** It never became healthy: rolled_back with why; the one it was replacing keeps (or goes back to) serving. */
  rollBackDeployment(id: string, why: string, canary?: { measurements?: CanaryMeasurements; byHand?: boolean }): Promise<void>;
  /** Its app was removed: archived, and production's project no longer names it. */
  stopDeployment(id: string): Promise<void>;
}

/** Every method of the port, for binding it into a run's records. */
export const DEPLOYMENT_RECORDS: Record<keyof DeploymentRecords, true> = {
  deployments: true,
  ensureInitialDeployment: true,
  deploymentOfRun: true,
  deploymentEnvironment: true,
  environmentSettings: true,
  updateDeployment: true,
  addDeploymentEvent: true,
  activateDeployment: true,
  rollBackDeployment: true,
  stopDeployment: true,
};

/** DeploymentRecords on the database, bound to one owner's project. */
export class DatabaseDeploymentRecords implements DeploymentRecords {
  constructor(
    private readonly deps: {
      dataSource: DataSource;
      bus: EventBus;
      /** Seals and opens deployments' environment snapshots. */
      secretBox: SecretBox;
    },
    private readonly ownerId: string,
    private readonly runProjectId: string | null,
    /** The project's environment as it is now (the run's, loaded once per attempt). */
    private readonly projectEnvironment: () => Promise<Record<string, string>>,
  ) {}

  /** Only a run about a project may use its records. */
  private get projectId(): string {
    if (!this.runProjectId) throw new StepFailure('This run is not about a project');
    return this.runProjectId;
  }

  deployments(): Promise<Deployment[]> {
    return this.deps.dataSource.getRepository(Deployment).find({ where: this.children(), order: { createdAt: 'ASC' } });
  }

  /** Under the project's row lock, so that two attempts of a step never both insert. */
  async ensureInitialDeployment(versionId: string, environment: string): Promise<Deployment> {
    const snapshot = await this.projectEnvironment();
    const row = await this.deps.dataSource.transaction(async (manager) => {
      await lockProject(manager, this.projectId, this.ownerId);
      const where = { ...this.children(), versionId, environment, strategy: DeploymentStrategy.initial };
      const existing = await manager.findOneBy(Deployment, where);
      if (existing) return existing;
      const target = await environmentNamed(manager, { id: this.projectId, ownerId: this.ownerId }, environment);
      if (!target) throw new StepFailure(`The project has no ${environment} environment`);
      const id = randomUUID();
      const variables = effectiveVariables(this.deps.secretBox, snapshot, target);
      const deployment = manager.create(Deployment, { ...where, id, environmentId: target.id, replicas: target.replicas, status: DeploymentStatus.pending, environmentSnapshot: sealSnapshot(this.deps.secretBox, id, variables) });
      await manager.insert(Deployment, deployment);
      await recordDeploymentEvent(manager, deployment, 'scheduled', `First deployment of the project to ${environment} scheduled`);
      return deployment;
    });
    await this.publishDeployment(row.id);
    return row;
  }

  deploymentOfRun(runId: string): Promise<Deployment | null> {
    return this.deps.dataSource.getRepository(Deployment).findOne({ where: { ...this.children(), runId }, relations: { version: true } });
  }

  async deploymentEnvironment(deployment: Deployment): Promise<Record<string, string>> {
    // Rows written before snapshots existed run with the project's environment as it is now.
    return openSnapshot(this.deps.secretBox, deployment) ?? (await this.projectEnvironment());
  }

  async environmentSettings(deployment: Deployment): Promise<{ domains: string[]; resources: AppResources }> {
    const environment = deployment.environmentId ? await this.deps.dataSource.getRepository(Environment).findOneBy({ id: deployment.environmentId, projectId: this.projectId }) : null;
    if (!environment) return { domains: [], resources: { cpuRequest: null, cpuLimit: null, memoryRequestMb: null, memoryLimitMb: null } };
    const rows = await this.deps.dataSource.getRepository(Domain).find({ where: { environmentId: environment.id }, order: { hostname: 'ASC' } });
    return { domains: rows.map((row) => row.hostname), resources: resourcesOf(environment) };
  }

  async updateDeployment(id: string, fields: DeploymentFields): Promise<void> {
    await this.deps.dataSource.getRepository(Deployment).update({ ...this.children(), id }, fields);
    await this.publishDeployment(id);
  }

  async addDeploymentEvent(id: string, type: DeploymentEventType, message: string, measurements?: CanaryMeasurements): Promise<void> {
    await recordDeploymentEvent(this.deps.dataSource.manager, { id, ownerId: this.ownerId }, type, message, measurements);
    await this.publishDeployment(id);
  }

  async activateDeployment(id: string, serving: Serving): Promise<void> {
    await this.transition(id, (manager, deployment) => markActive(manager, deployment, serving));
  }

  async rollBackDeployment(id: string, why: string, canary?: { measurements?: CanaryMeasurements; byHand?: boolean }): Promise<void> {
    await this.transition(id, (manager, deployment) => markRolledBackAutomatically(manager, deployment, why, canary));
  }

  async stopDeployment(id: string): Promise<void> {
    await this.transition(id, (manager, deployment) => markStopped(manager, deployment));
  }

  /** One transition under the project's row lock, then live followers hear of every deployment of the project it touched. */
  private async transition(id: string, work: (manager: EntityManager, deployment: Deployment) => Promise<unknown>): Promise<void> {
    const touched = await this.deps.dataSource.transaction(async (manager) => {
      await lockProject(manager, this.projectId, this.ownerId);
      const deployment = await manager.findOneBy(Deployment, { ...this.children(), id });
      if (!deployment) throw new StepFailure('The deployment no longer exists');
      const select = { id: true, status: true, trafficPercent: true } as const;
      const before = await manager.find(Deployment, { where: { ...this.children(), environment: deployment.environment }, select });
      await work(manager, deployment);
      const after = await manager.find(Deployment, { where: { ...this.children(), environment: deployment.environment }, select });
      const changed = (row: Deployment) => {
        const old = before.find((other) => other.id === row.id);
        return old?.status !== row.status || old.trafficPercent !== row.trafficPercent;
      };
      return after.filter((row) => row.id === id || changed(row)).map((row) => row.id);
    });
    for (const deploymentId of touched) await this.publishDeployment(deploymentId);
  }

  private async publishDeployment(deploymentId: string): Promise<void> {
    await this.deps.bus
      .publish('deployment.updated', { deploymentId, projectId: this.projectId, ownerId: this.ownerId })
      .catch((error) => logUnexpected('deployment event', error));
  }

  private children() {
    return { projectId: this.projectId, ownerId: this.ownerId };
  }
}
