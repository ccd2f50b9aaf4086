import type { DataSource } from 'typeorm';
import { AppError, ErrorCode } from '../../../common/app-error.js';
import { StepFailure } from '../../../pipelines/steps.js';
import type { SettingsService } from '../../settings/settings.service.js';
import { SettingKey } from '../../settings/setting-key.js';
import type { Template } from '../../templates/template.model.js';
import type { TemplatesService } from '../../templates/templates.service.js';
import { defaultLimits, type SandboxLimits } from '../../../providers/sandbox/cgroups.js';
import { Project } from '../project.entity.js';
import { sandboxLimitsOf } from '../project-limits.js';
import type { ProjectsService } from '../projects.service.js';
import type { ProjectFields, ProjectRecord, ProjectRecords } from './run-ports.js';

export interface ProjectRecordsDeps {
  dataSource: DataSource;
  projects: Pick<ProjectsService, 'get' | 'environmentOf' | 'webhookOf'>;
  templates: Pick<TemplatesService, 'find'>;
  settings: Pick<SettingsService, 'reveal'>;
}

/**
 * ProjectRecords on the database and the feature services, bound to one owner's project for one attempt of a step:
 * the project, its template and its decrypted environment are loaded once, when first asked for.
 */
export class DatabaseProjectRecords implements ProjectRecords {
  private readonly owner: { id: string };
  private loaded?: Promise<Project | null>;
  private decrypted?: Promise<Record<string, string>>;
  private catalogEntry?: Promise<Template | null>;

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
    // Read again when next asked for: the step sees what it wrote.
    this.loaded = undefined;
  }

  environment(): Promise<Record<string, string>> {
    this.decrypted ??= this.find().then((project) => (project ? this.deps.projects.environmentOf(project) : {}));
    return this.decrypted;
  }

  async limits(): Promise<SandboxLimits> {
    const project = await this.find();
    return project ? sandboxLimitsOf(project) : defaultLimits();
  }

  template(): Promise<Template | null> {
    this.catalogEntry ??= this.find().then(async (project) => (project?.templateName ? ((await this.deps.templates.find(project.templateName)) ?? null) : null));
    return this.catalogEntry;
  }

  githubOrganization(): Promise<string | null> {
    return this.deps.settings.reveal(this.owner, SettingKey.GITHUB_ORGANIZATION);
  }

  async deleteProject(): Promise<boolean> {
    const result = await this.deps.dataSource.getRepository(Project).delete(this.where());
    this.loaded = undefined;
    return Boolean(result.affected);
  }

  webhook(): Promise<{ url: string; secret: string } | null> {
    return this.deps.projects.webhookOf({ id: this.projectId });
  }

  private find(): Promise<Project | null> {
    this.loaded ??= this.load();
    return this.loaded;
  }

  private async load(): Promise<Project | null> {
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
}
