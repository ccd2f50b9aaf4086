import { In, type DataSource } from 'typeorm';
import { logUnexpected } from '../../../common/log.js';
import type { EventBus } from '../../../events/event-bus.js';
import { StepFailure } from '../../../pipelines/steps.js';
import { nextVersionNumber, Version } from '../version.entity.js';
import { BuildStatus } from '../version-status.js';

export type VersionFields = Partial<Pick<Version, 'status' | 'buildStatus' | 'buildStartedAt' | 'buildCompletedAt' | 'buildLog' | 'dockerImageUrl' | 'artifacts' | 'gitCommitSha' | 'buildRunId'>>;

/** What a run's steps read and write of its project's versions (a version's build, the creation's first version). */
export interface VersionRecords {
  version(tag: string): Promise<Version | null>;
  /** Creates the version unless the project has one with this tag already; answers the row either way. */
  ensureVersion(version: { versionTag: string; gitBranch: string; gitCommitSha: string; description: string }): Promise<Version>;
  updateVersion(id: string, fields: VersionFields): Promise<void>;
  /** The version whose build this run is (its build_run_id), or null. */
  versionOfRun(runId: string): Promise<Version | null>;
  /**
   * Updates the version only while this run's build of it is still running (a stopped build's late result is
   * dropped), and tells live followers; false when nothing was updated.
   */
  updateBuild(versionId: string, runId: string, fields: VersionFields): Promise<boolean>;
}

/** Every method of the port, for binding it into a run's records. */
export const VERSION_RECORDS: Record<keyof VersionRecords, true> = { version: true, ensureVersion: true, updateVersion: true, versionOfRun: true, updateBuild: true };

/** VersionRecords on the database, bound to one owner's project. */
export class DatabaseVersionRecords implements VersionRecords {
  constructor(
    private readonly deps: { dataSource: DataSource; bus: EventBus },
    private readonly ownerId: string,
    private readonly projectId: string | null,
  ) {}

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
    await this.deps.bus.publish('version.updated', { versionId, ownerId: this.ownerId }).catch((error) => logUnexpected('version event', error));
    return true;
  }

  /** Only a run about a project may use its records. */
  private children() {
    if (!this.projectId) throw new StepFailure('This run is not about a project');
    return { projectId: this.projectId, ownerId: this.ownerId };
  }
}
