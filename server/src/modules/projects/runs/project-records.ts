import { randomUUID } from 'node:crypto';
import type { DeploymentEventType } from '@slipway/domain';
import { In, type DataSource, type EntityManager } from 'typeorm';
import type { SecretBox } from '../../../common/secret-box.js';
import { recordDeploymentEvent } from '../../deployments/deployment-event.entity.js';
import { lockProject, markActive, markRolledBackAutomatically, markStopped, openSnapshot, sealSnapshot, type Serving } from '../../deployments/deployment-transitions.js';
import type { EventBus } from '../../../events/event-bus.js';
import { logUnexpected } from '../../../common/log.js';
import { AppError, ErrorCode } from '../../../common/app-error.js';
import { Deployment } from '../../deployments/deployment.entity.js';
import { DeploymentStatus, DeploymentStrategy } from '../../deployments/deployment-status.js';
import { Project } from '../project.entity.js';
import type { ProjectsService } from '../projects.service.js';
import type { SettingsService } from '../../settings/settings.service.js';
import { SettingKey } from '../../settings/setting-key.js';
import type { TemplatesService } from '../../templates/templates.service.js';
import { StepFailure } from '../../../pipelines/steps.js';
import { nextVersionNumber, Version } from '../../versions/version.entity.js';
import { BuildStatus } from '../../versions/version-status.js';
import type { DeploymentFields, ProjectFields, ProjectRecord, ProjectRecords, VersionFields } from './run-ports.js';

export interface ProjectRecordsDeps {
  dataSource: DataSource;
  bus: EventBus;
  projects: ProjectsService;
  templates: TemplatesService;
  settings: SettingsService;
  /** Seals and opens deployments' environment snapshots. */
  secretBox: SecretBox;
}

/** ProjectRecords on the database and the feature services, bound to one owner's project. */
export class DatabaseProjectRecords implements ProjectRecords {
  private readonly owner: { id: string };

  constructor(
    private readonly deps: ProjectRecordsDeps,
    ownerId: string,
    private readonly runProjectId: string | null,
  ) {
    this.owner = { id: ownerId };
  }

  /** Only a run about a project may use its records. */
  private get projectId(): string {
    if (!this.runProjectId) throw new StepFailure('This run is not about a project');
    return this.runProjectId;
  }

  async project(): Promise<ProjectRecord | null> {
    return this.find();
  }

  async update(fields: ProjectFields): Promise<void> {
    await this.deps.dataSource.getRepository(Project).update(this.where(), fields);
  }

  async environment(): Promise<Record<string, string>> {
    const project = await this.find();
    return project ? this.deps.projects.environmentOf(project) : {};
  }

  async template() {
    const project = await this.find();
    return project?.templateName ? ((await this.deps.templates.find(project.templateName)) ?? null) : null;
  }

  githubOrganization(): Promise<string | null> {
    return this.deps.settings.reveal(this.owner, SettingKey.GITHUB_ORGANIZATION);
  }

  version(tag: string): Promise<Version | null> {
    return this.deps.dataSource.getRepository(Version).findOneBy({ ...this.children(), versionTag: tag });
  }

  async ensureVersion(version: { versionTag: string; gitBranch: string; gitCommitSha: string; description: string }): Promise<Version> {
    await this.deps.dataSource.transaction(async (manager) => {
      const { projectId } = this.children();
      if (await manager.existsBy(Version, { projectId, versionTag: version.versionTag })) return;
      await manager
        .createQueryBuilder()
        .insert()
        .into(Version)
        .values({ ...this.children(), ...version, versionNumber: await nextVersionNumber(manager, projectId) })
        .orIgnore()
        .execute();
    });
    const row = await this.version(version.versionTag);
    if (!row) throw new Error('The version row vanished');
    return row;
  }

  async updateVersion(id: string, fields: VersionFields): Promise<void> {
    await this.deps.dataSource.getRepository(Version).update({ ...this.children(), id }, fields);
  }

  versionOfRun(runId: string): Promise<Version | null> {
    return this.deps.dataSource.getRepository(Version).findOneBy({ ...this.children(), buildRunId: runId });
  }

  async updateBuild(versionId: string, runId: string, fields: VersionFields): Promise<boolean> {
    const where = { ...this.children(), id: versionId, buildRunId: runId, buildStatus: In([BuildStatus.pending, BuildStatus.running]) };
    const result = await this.deps.dataSource.getRepository(Version).update(where, fields);
    if (!result.affected) return false;
    await this.deps.bus.publish('version.updated', { versionId, ownerId: this.owner.id }).catch((error) => logUnexpected('version event', error));
    return true;
  }

  deployments(): Promise<Deployment[]> {
    return this.deps.dataSource.getRepository(Deployment).find({ where: this.children(), order: { createdAt: 'ASC' } });
  }

  /** Under the project's row lock, so that two attempts of a step never both insert. */
  async ensureInitialDeployment(versionId: string, environment: string): Promise<Deployment> {
    const project = await this.find();
    const snapshot = project ? this.deps.projects.environmentOf(project) : {};
    const row = await this.deps.dataSource.transaction(async (manager) => {
      await lockProject(manager, this.projectId, this.owner.id);
      const where = { ...this.children(), versionId, environment, strategy: DeploymentStrategy.initial };
      const existing = await manager.findOneBy(Deployment, where);
      if (existing) return existing;
      const id = randomUUID();
      const deployment = manager.create(Deployment, { ...where, id, status: DeploymentStatus.pending, environmentSnapshot: sealSnapshot(this.deps.secretBox, id, snapshot) });
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
    return openSnapshot(this.deps.secretBox, deployment) ?? (await this.environment());
  }

  async updateDeployment(id: string, fields: DeploymentFields): Promise<void> {
    await this.deps.dataSource.getRepository(Deployment).update({ ...this.children(), id }, fields);
    await this.publishDeployment(id);
  }

  async addDeploymentEvent(id: string, type: DeploymentEventType, message: string): Promise<void> {
    await recordDeploymentEvent(this.deps.dataSource.manager, { id, ownerId: this.owner.id }, type, message);
    await this.publishDeployment(id);
  }

  async activateDeployment(id: string, serving: Serving): Promise<void> {
    await this.transition(id, (manager, deployment) => markActive(manager, deployment, serving));
  }

  async rollBackDeployment(id: string, why: string): Promise<void> {
    await this.transition(id, (manager, deployment) => markRolledBackAutomatically(manager, deployment, why));
  }

  async stopDeployment(id: string): Promise<void> {
    await this.transition(id, (manager, deployment) => markStopped(manager, deployment));
  }

  /** One transition under the project's row lock, then live followers hear of every deployment of the project it touched. */
  private async transition(id: string, work: (manager: EntityManager, deployment: Deployment) => Promise<unknown>): Promise<void> {
    const touched = await this.deps.dataSource.transaction(async (manager) => {
      await lockProject(manager, this.projectId, this.owner.id);
      const deployment = await manager.findOneBy(Deployment, { ...this.children(), id });
      if (!deployment) throw new StepFailure('The deployment no longer exists');
      const before = await manager.find(Deployment, { where: { ...this.children(), environment: deployment.environment }, select: { id: true, status: true } });
      await work(manager, deployment);
      const after = await manager.find(Deployment, { where: { ...this.children(), environment: deployment.environment }, select: { id: true, status: true } });
      return after.filter((row) => row.id === id || before.find((old) => old.id === row.id)?.status !== row.status).map((row) => row.id);
    });
    for (const deploymentId of touched) await this.publishDeployment(deploymentId);
  }

  private async publishDeployment(deploymentId: string): Promise<void> {
    await this.deps.bus
      .publish('deployment.updated', { deploymentId, projectId: this.projectId, ownerId: this.owner.id })
      .catch((error) => logUnexpected('deployment event', error));
  }

  async deleteProject(): Promise<boolean> {
    const result = await this.deps.dataSource.getRepository(Project).delete(this.where());
    return Boolean(result.affected);
  }

  private async find(): Promise<Project | null> {
    try {
      return await this.deps.projects.get(this.owner, this.projectId);
    } catch (error) {
      if (error instanceof AppError && error.code === ErrorCode.NotFound) return null;
      throw error;
    }
  }

  private where() {
    return { id: this.projectId, ownerId: this.owner.id };
  }

  private children() {
    return { projectId: this.projectId, ownerId: this.owner.id };
  }
}
