import type { Request } from 'express';
import { authOf } from '../../http/auth-middleware.js';
import { schema as s } from '../../http/json-schema.js';
import { listQueryOf, type RestRoute, type SchemaComponents } from '../../http/rest-routes.js';
import { toProjectResponse } from './project.entity.js';
import { limitsInput } from './project-limits.js';
import { ProjectStatus } from './project-status.js';
import type { ProjectInput, ProjectsService } from './projects.service.js';

const TAG = 'Projects';

const EDITABLE = {
  name: s.string('2 to 100 characters, unique among your projects (case-insensitive).'),
  description: s.nullable(s.string('At most 500 characters.')),
  status: s.enum(Object.values(ProjectStatus)),
  tags: s.array(s.string(), 'Labels, each at most 50 characters.'),
  environment_variables: { type: 'object', additionalProperties: { type: 'string' }, description: 'NAME → value; values of sensitive variables come back masked.' },
  repository_url: s.nullable(s.string('An http(s) URL of the source repository.')),
  limits: {
    type: 'object',
    description:
      "The project's own sandbox limits to change: memory_mb (64 to 8192), processes (32 to 4096), cpu_percent (10 to 400, % of a core, for its apps; builds run at the lowest priority), disk_mb (64 to 20480); a key left out stays, null sets it back to the server's default.",
  },
};

const CREATE_BODY = s.body({ ...EDITABLE, template_name: s.string('A template id from GET /templates.') }, { required: ['name', 'template_name'] });
const UPDATE_BODY = s.body(EDITABLE);

const INPUT_FIELDS: Record<string, keyof ProjectInput> = {
  name: 'name',
  description: 'description',
  status: 'status',
  tags: 'tags',
  template_name: 'templateName',
  environment_variables: 'environmentVariables',
  repository_url: 'repositoryUrl',
  limits: 'limits',
};

/** snake_case body (its fields already checked against the route's schema) -> service input. */
function projectInput(body: Record<string, unknown>): ProjectInput {
  return Object.fromEntries(Object.entries(body).map(([key, value]) => [INPUT_FIELDS[key], key === 'limits' ? limitsInput(value) : value]));
}

/** Query string -> list query; tags may come as tags=a,b, repeated tags=a&tags=b, or tags[]=a. */
function listQuery(req: Request) {
  const query = req.query as Record<string, unknown>;
  return { ...listQueryOf(req), tags: [query.tags, query['tags[]']].flat().filter((tag) => tag !== undefined) };
}

export const projectSchemas: SchemaComponents = {
  Project: s.object(
    {
      id: s.uuid(),
      name: s.string(),
      description: s.nullable(s.string()),
      tags: s.array(s.string()),
      status: s.enum(Object.values(ProjectStatus)),
      version: s.nullable(s.string('The tag of the active version.')),
      repository_url: s.nullable(s.string()),
      clone_url: s.nullable(s.string('Only on a single project: the URL to `git clone` and `git push` its repository over HTTP with your email and password (basic auth); null for a repository on GitHub.')),
      deployed_url: s.nullable(s.string('Where the active deployment answers; local apps: http://<app>.localhost:<port>/ at the front door.')),
      loopback_url: s.nullable(s.string('Local apps: the same app at http://127.0.0.1:<port>/, for programs that do not resolve *.localhost.')),
      environment_variables: { type: 'object', additionalProperties: { type: 'string' }, description: 'Only on a single project; sensitive values masked.' },
      template_name: s.nullable(s.string()),
      build_commit: s.nullable(s.string()),
      docker_image_url: s.nullable(s.string()),
      providers: s.object({ source_host: s.string(), builder: s.string(), registry: s.string(), cluster: s.string() }, { description: 'Which adapter each part of the pipeline uses (local or a cloud service).' }),
      limits: s.object({ memory_mb: s.nullable(s.integer()), processes: s.nullable(s.integer()), cpu_percent: s.nullable(s.integer()), disk_mb: s.nullable(s.integer()) }, { description: "The project's own sandbox limits; null for the server's default." }),
      sandbox: s.object(
        {
          sandboxed: s.boolean(),
          reason: s.nullable(s.string()),
          limits_enforced: s.boolean(),
          limits_reason: s.nullable(s.string()),
          limits: s.object({ memory_mb: s.nullable(s.integer()), processes: s.nullable(s.integer()), cpu_percent: s.nullable(s.integer()), disk_mb: s.nullable(s.integer()) }),
          summary: s.string(),
        },
        { description: "Only on a single project: how this server contains its builds and app, with the limits that apply (own or default)." },
      ),
      active_version: { anyOf: [s.ref('Version'), { type: 'null' }], description: 'Only on a single project.' },
      active_deployment: { anyOf: [s.ref('DeploymentSummary'), { type: 'null' }], description: 'Only on a single project.' },
      created_at: s.dateTime(),
      updated_at: s.dateTime(),
    },
    { optional: ['environment_variables', 'active_version', 'active_deployment', 'clone_url', 'sandbox'] },
  ),
};

const project = (description: string) => ({ description, schema: s.ref('Project') });
const idParam = { id: s.uuid('The project id.') };

/** Spec section 7's project calls, for the signed-in user's own projects. */
export function projectsRoutes(projects: ProjectsService): RestRoute[] {
  return [
    {
      method: 'get',
      path: '/projects',
      tag: TAG,
      summary: 'List your projects, a page at a time',
      query: {
        page: s.integer('1-based page number.', { minimum: 1, default: 1 }),
        limit: s.integer('Page size, 1 to 100.', { minimum: 1, maximum: 100, default: 10 }),
        sort_by: s.enum(['name', 'created_at', 'updated_at', 'status'], 'Sort column.'),
        sort_order: s.enum(['asc', 'desc']),
        search: s.string('Matches name and description, case-insensitive.'),
        status: s.string('active or inactive.'),
        tags: s.string('Comma-separated tags; a project matches when it has all of them.'),
      },
      responses: {
        200: {
          description: 'One page of projects.',
          schema: s.object({ projects: s.array(s.ref('Project')), page: s.integer(), total_pages: s.integer(), total: s.integer() }),
        },
      },
      handler: async (req, res) => {
        const page = await projects.list(authOf(req).user, listQuery(req));
        res.json({
          projects: page.projects.map((one) => toProjectResponse(one)),
          page: page.page,
          total_pages: page.totalPages,
          total: page.total,
        });
      },
    },
    // Before /projects/{id}, which would otherwise take 'stats' and 'tags' as ids.
    {
      method: 'get',
      path: '/projects/stats',
      tag: TAG,
      summary: 'Counts of your projects',
      responses: { 200: { description: 'Counts.', schema: s.object({ total: s.integer(), active: s.integer(), inactive: s.integer(), tags: s.integer('Distinct tags.') }) } },
      handler: async (req, res) => {
        res.json(await projects.stats(authOf(req).user));
      },
    },
    {
      method: 'get',
      path: '/projects/tags',
      tag: TAG,
      summary: 'The distinct tags of your projects',
      responses: { 200: { description: 'Tags, sorted.', schema: s.object({ tags: s.array(s.string()) }) } },
      handler: async (req, res) => {
        res.json({ tags: await projects.tags(authOf(req).user) });
      },
    },
    {
      method: 'post',
      path: '/projects',
      tag: TAG,
      summary: 'Create a project from a template',
      description: 'Starts the creation pipeline; follow it with GET /projects/{id}/status.',
      body: CREATE_BODY,
      responses: { 201: project('The new project (status creating).'), 409: { description: 'A project of yours already has that name.', schema: s.ref('Error') } },
      handler: async (req, res) => {
        const created = await projects.create(authOf(req).user, projectInput(req.body as Record<string, unknown>));
        res.status(201).json(toProjectResponse(created, await projects.details(created)));
      },
    },
    {
      method: 'get',
      path: '/projects/{id}',
      tag: TAG,
      summary: 'One project',
      params: idParam,
      responses: { 200: project('The project with its environment variables, active version and active deployment.') },
      handler: async (req, res) => {
        const one = await projects.get(authOf(req).user, String(req.params.id));
        res.json(toProjectResponse(one, await projects.details(one)));
      },
    },
    {
      method: 'put',
      path: '/projects/{id}',
      tag: TAG,
      summary: 'Update a project',
      params: idParam,
      body: UPDATE_BODY,
      responses: { 200: project('The updated project.'), 409: { description: 'A project of yours already has that name.', schema: s.ref('Error') } },
      handler: async (req, res) => {
        const updated = await projects.update(authOf(req).user, String(req.params.id), projectInput(req.body as Record<string, unknown>));
        res.json(toProjectResponse(updated, await projects.details(updated)));
      },
    },
    {
      method: 'put',
      path: '/projects/{id}/status',
      tag: TAG,
      summary: "Set a project's status",
      params: idParam,
      body: { type: 'object', properties: { status: s.string('active or inactive.') }, required: ['status'] },
      responses: { 200: project('The updated project.') },
      handler: async (req, res) => {
        const updated = await projects.setStatus(authOf(req).user, String(req.params.id), (req.body as Record<string, unknown>).status);
        res.json(toProjectResponse(updated, await projects.details(updated)));
      },
    },
    // Accepted: the deletion run removes the project; GET /projects/{id}/status follows it, then the project is 404.
    {
      method: 'delete',
      path: '/projects/{id}',
      tag: TAG,
      summary: 'Delete a project',
      description: 'Starts the deletion pipeline; GET /projects/{id}/status follows it, then the project is 404.',
      params: idParam,
      responses: { 202: { description: 'Deletion started.', schema: s.message('Project deletion started') } },
      handler: async (req, res) => {
        await projects.remove(authOf(req).user, String(req.params.id));
        res.status(202).json({ message: 'Project deletion started' });
      },
    },
  ];
}
