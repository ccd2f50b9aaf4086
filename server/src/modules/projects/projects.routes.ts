import { Router, type Request, type RequestHandler } from 'express';
import { invalidInput, requireObject } from '../../common/validation.js';
import { authOf } from '../../http/auth-middleware.js';
import { toProjectResponse } from './project.entity.js';
import type { ProjectInput, ProjectsService } from './projects.service.js';

const CREATE_FIELDS: Record<string, keyof ProjectInput> = {
  name: 'name',
  description: 'description',
  status: 'status',
  tags: 'tags',
  template_name: 'templateName',
  environment_variables: 'environmentVariables',
  repository_url: 'repositoryUrl',
};

const UPDATE_FIELDS: Record<string, keyof ProjectInput> = {
  name: 'name',
  description: 'description',
  status: 'status',
  tags: 'tags',
  environment_variables: 'environmentVariables',
  repository_url: 'repositoryUrl',
};

/** snake_case body -> service input; a field the call does not take is a 400, not silently ignored. */
function projectInput(body: unknown, fields: Record<string, keyof ProjectInput>): ProjectInput {
  const input: ProjectInput = {};
  for (const [key, value] of Object.entries(requireObject(body))) {
    const field = Object.hasOwn(fields, key) ? fields[key] : undefined;
    if (!field) throw invalidInput(`Unknown field "${key.slice(0, 100)}"`);
    input[field] = value;
  }
  return input;
}

/** Query string -> list query; tags may come as tags=a,b, repeated tags=a&tags=b, or tags[]=a. */
function listQuery(req: Request) {
  const query = req.query as Record<string, unknown>;
  const tags = [query.tags, query['tags[]']].flat().filter((tag) => tag !== undefined);
  return {
    page: query.page,
    limit: query.limit,
    sortBy: query.sort_by,
    sortOrder: query.sort_order,
    search: query.search,
    status: query.status,
    tags,
  };
}

export function projectsRoutes(projects: ProjectsService, signedIn: RequestHandler): Router {
  const router = Router();
  router.use('/projects', signedIn);

  router.get('/projects', async (req, res) => {
    const page = await projects.list(authOf(req).user, listQuery(req));
    res.json({
      projects: page.projects.map((project) => toProjectResponse(project)),
      page: page.page,
      total_pages: page.totalPages,
      total: page.total,
    });
  });

  // Before /projects/:id, which would otherwise take 'stats' and 'tags' as ids.
  router.get('/projects/stats', async (req, res) => {
    res.json(await projects.stats(authOf(req).user));
  });

  router.get('/projects/tags', async (req, res) => {
    res.json({ tags: await projects.tags(authOf(req).user) });
  });

  router.post('/projects', async (req, res) => {
    const project = await projects.create(authOf(req).user, projectInput(req.body, CREATE_FIELDS));
    res.status(201).json(toProjectResponse(project, await projects.details(project)));
  });

  router.get('/projects/:id', async (req, res) => {
    const project = await projects.get(authOf(req).user, req.params.id);
    res.json(toProjectResponse(project, await projects.details(project)));
  });

  router.put('/projects/:id', async (req, res) => {
    const project = await projects.update(authOf(req).user, req.params.id, projectInput(req.body, UPDATE_FIELDS));
    res.json(toProjectResponse(project, await projects.details(project)));
  });

  router.put('/projects/:id/status', async (req, res) => {
    const project = await projects.setStatus(authOf(req).user, req.params.id, requireObject(req.body).status);
    res.json(toProjectResponse(project, await projects.details(project)));
  });

  // Accepted: the deletion run removes the project; GET /projects/{id}/status follows it, then the project is 404.
  router.delete('/projects/:id', async (req, res) => {
    await projects.remove(authOf(req).user, req.params.id);
    res.status(202).json({ message: 'Project deletion started' });
  });

  return router;
}
