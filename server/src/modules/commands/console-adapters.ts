import { MAX_PROJECT_NAME_LENGTH, streamTitle } from '@slipway/domain';
import type { DataSource } from 'typeorm';
import type { PipelineEngine } from '../../pipelines/engine.js';
import { StepStatus } from '../../pipelines/pipeline-step.entity.js';
import type { Project } from '../projects/project.entity.js';
import type { ProjectsService } from '../projects/projects.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { ConsolePorts, ConsoleProject } from './interpreter/console-ports.js';


const toConsoleProject = (project: Project, latestVersion: ConsoleProject['latestVersion']): ConsoleProject => ({
  name: project.name,
  description: project.description,
  status: project.status,
  tags: project.tags,
  repositoryUrl: project.repositoryUrl,
  createdAt: project.createdAt,
  updatedAt: project.updatedAt,
  latestVersion,
});

/** Each project's newest version, by project id: of projects the projects feature found for the user (own or shared). */
async function latestVersions(dataSource: DataSource, projectIds: string[]): Promise<Map<string, { tag: string; status: string }>> {
  if (!projectIds.length) return new Map();
  const rows: Array<{ project_id: string; version_tag: string; status: string }> = await dataSource.query(
    `SELECT DISTINCT ON (project_id) project_id, version_tag, status FROM versions
      WHERE project_id = ANY($1::uuid[]) ORDER BY project_id, created_at DESC, version_number DESC`,
    [projectIds],
  );
  return new Map(rows.map((row) => [row.project_id, { tag: row.version_tag, status: row.status }]));
}

/** `projects`, `ls /projects` and `cd /projects/<name>` read through the projects feature, so its rules apply. */
export function projectsPort(projects: Pick<ProjectsService, 'list' | 'findByName'>, dataSource: DataSource): ConsolePorts['projects'] {
  return {
    async list(user, { search, limit }) {
      const page = await projects.list(user, { search, limit, sortBy: 'updated_at', sortOrder: 'DESC' });
      const versions = await latestVersions(dataSource, page.projects.map((project) => project.id));
      return { projects: page.projects.map((project) => toConsoleProject(project, versions.get(project.id) ?? null)), total: page.total };
    },
    /** Exact (case-sensitive) name. */
    async findByName(user, name) {
      if (!name.trim() || name.length > MAX_PROJECT_NAME_LENGTH) return null;
      const project = await projects.findByName(user, name);
      return project && toConsoleProject(project, (await latestVersions(dataSource, [project.id])).get(project.id) ?? null);
    },
  };
}

/** `status`'s version counts: the user's versions, their builds running now and those whose last build failed. */
export function versionsPort(dataSource: DataSource): ConsolePorts['versions'] {
  return {
    async counts(user) {
      const [row]: Array<{ total: number; building: number; failed: number }> = await dataSource.query(
        `SELECT count(*)::int AS total,
                count(*) FILTER (WHERE build_status IN ('pending', 'running'))::int AS building,
                count(*) FILTER (WHERE build_status = 'failed')::int AS failed
           FROM versions WHERE owner_id = $1`,
        [user.id],
      );
      return row;
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
export function pipelinesPort(dataSource: DataSource, engine: Pick<PipelineEngine, 'getRun'>): ConsolePorts['pipelines'] {
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
