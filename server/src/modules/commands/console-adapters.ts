import { MAX_PROJECT_NAME_LENGTH } from '@slipway/domain';
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
