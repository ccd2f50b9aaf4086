import type { Project } from '../projects/project.entity.js';
import type { ProjectsService } from '../projects/projects.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { ConsolePorts, ConsoleProject } from './interpreter/console-ports.js';

/** The projects service's largest page. */
const PAGE_LIMIT = 100;
/** Project names are shorter than 100 characters; a longer path segment cannot name one. */
const MAX_PROJECT_NAME_LENGTH = 100;

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
export function projectsPort(projects: Pick<ProjectsService, 'list'>): ConsolePorts['projects'] {
  return {
    async list(user, { search, limit }) {
      const page = await projects.list(user, { search, limit, sortBy: 'updated_at', sortOrder: 'DESC' });
      return { projects: page.projects.map(toConsoleProject), total: page.total };
    },
    /** Exact (case-sensitive) name: searched in SQL, then matched here, page by page. */
    async findByName(user, name) {
      if (!name.trim() || name.length > MAX_PROJECT_NAME_LENGTH) return null;
      for (let page = 1; ; page += 1) {
        const found = await projects.list(user, { search: name, limit: PAGE_LIMIT, page, sortBy: 'name', sortOrder: 'ASC' });
        const project = found.projects.find((candidate) => candidate.name === name);
        if (project) return toConsoleProject(project);
        if (page >= found.totalPages) return null;
      }
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
