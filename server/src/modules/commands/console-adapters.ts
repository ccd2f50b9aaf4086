import { MAX_PROJECT_NAME_LENGTH, streamTitle } from '@slipway/domain';
import type { DataSource } from 'typeorm';
import type { PipelineEngine } from '../../pipelines/engine.js';
import { StepStatus } from '../../pipelines/pipeline-step.entity.js';
import type { Project } from '../projects/project.entity.js';
import type { ProjectsService } from '../projects/projects.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { ConsolePorts, ConsoleProject } from './interpreter/console-ports.js';


const toConsoleProject = (project: Project): ConsoleProject => ({
  name: project.name,
  description: project.description,
  status: project.status,
  tags: project.tags,
  repositoryUrl: project.repositoryUrl,
  createdAt: project.createdAt,
  updatedAt: project.updatedAt,
});

/** `projects`, `ls /projects` and `cd /projects/<name>` read through the projects feature, so its rules apply. */
export function projectsPort(projects: Pick<ProjectsService, 'list' | 'findByName'>): ConsolePorts['projects'] {
  return {
    async list(user, { search, limit }) {
      const page = await projects.list(user, { search, limit, sortBy: 'updated_at', sortOrder: 'DESC' });
      return { projects: page.projects.map(toConsoleProject), total: page.total };
    },
    /** Exact (case-sensitive) name. */
    async findByName(user, name) {
      if (!name.trim() || name.length > MAX_PROJECT_NAME_LENGTH) return null;
      const project = await projects.findByName(user, name);
      return project && toConsoleProject(project);
    },
  };
}

/** `ls /settings`: which keys the user has configured, from the settings feature; values are dropped here. */
export function settingsPort(settings: Pick<SettingsService, 'list'>): ConsolePorts['settings'] {
  return {
    async configuredKeys(user) {
      return (await settings.list(user)).map(({ key, configured }) => ({ key, configured }));
    },
  };
}

/** `status`'s latest run: the user's newest run (by the engine, so its owner only) with its project's name if it still exists. */
export function pipelinesPort(dataSource: DataSource, engine: Pick<PipelineEngine<unknown>, 'getRun'>): ConsolePorts['pipelines'] {
  return {
    async latest(user) {
      const [latest]: Array<{ id: string; name: string | null }> = await dataSource.query(
        `SELECT r.id, p.name FROM pipeline_runs r LEFT JOIN projects p ON p.id = r.project_id AND p.owner_id = r.owner_id
          WHERE r.owner_id = $1 ORDER BY r.created_at DESC LIMIT 1`,
        [user.id],
      );
      if (!latest) return null;
      const run = await engine.getRun(latest.id, user.id);
      const current = run.steps.find((step) => step.status === StepStatus.running || step.status === StepStatus.failed);
      return {
        title: streamTitle(run.streamName),
        projectName: latest.name,
        status: run.status,
        completedSteps: run.steps.filter((step) => step.status === StepStatus.completed).length,
        totalSteps: run.steps.length,
        currentStep: current?.label ?? null,
        errorMessage: current?.errorMessage ?? null,
      };
    },
  };
}
