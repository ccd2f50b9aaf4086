import { authOf } from '../../http/auth-middleware.js';
import { schema as s } from '../../http/json-schema.js';
import type { RestRoute, SchemaComponents } from '../../http/rest-routes.js';
import { toDeploymentDetails } from '../deployments/deployments.service.js';
import type { Environment } from './environment.entity.js';
import type { EnvironmentsService } from './environments.service.js';
import type { PushHistory } from './push-history.js';

const TAG = 'Environments';

export const environmentSchemas: SchemaComponents = {
  Environment: s.object({
    id: s.uuid(),
    name: s.string("e.g. 'production', 'staging'."),
    kind: s.enum(['standard', 'preview'], 'A preview is made by a push to a branch no other environment takes.'),
    branch: s.nullable(s.string('The branch whose pushes feed it.')),
    pull_request: s.nullable(
      s.object({ number: s.integer(), title: s.string() }, { description: 'A preview for a GitHub pull request (cloud mode): its number and title.' }),
    ),
    auto_deploy: s.boolean('A push to its branch deploys here.'),
    auto_rollback: s.boolean('A deployment whose app crash-loops or keeps failing its health check is rolled back to the last healthy one.'),
    replicas: s.integer('How many instances of the app serve it (1 to 5).'),
    cpu_request: s.nullable(s.number('CPU each instance is guaranteed, in cores (0.05 to 4); local mode: its CPU weight. Null for none.')),
    cpu_limit: s.nullable(s.number("CPU each instance may use, in cores (0.05 to 4). Null for none (local mode: the project's CPU limit).")),
    memory_request_mb: s.nullable(s.integer('Memory each instance is guaranteed, in MB (64 to 8192; Kubernetes only). Null for none.')),
    memory_limit_mb: s.nullable(s.integer("Memory each instance may use, in MB (64 to 8192). Null for none (local mode: the project's memory limit).")),
    state: s.enum(['idle', 'deploying', 'active', 'failed']),
    url: s.nullable(s.string('Where its app answers (the active deployment).')),
    health: s.enum(['healthy', 'unhealthy', 'checking', 'unknown']),
    active_deployment: s.nullable(s.ref('Deployment')),
    latest_deployment: s.nullable(s.ref('Deployment')),
    variables: s.array(
      s.object({ name: s.string(), value: s.string(), sensitive: s.boolean(), source: s.enum(['project', 'environment'], "Inherited from the project, or the environment's own.") }),
      'What its next deployment runs with.',
    ),
    created_at: s.dateTime(),
    updated_at: s.dateTime(),
  }),
  PreviewSettings: s.object({
    enabled: s.boolean('A push to a branch no environment takes makes a preview (default true).'),
    idle_minutes: s.nullable(s.integer('Minutes without a push after which a preview is removed; null for never.')),
  }),
  PromotionPlan: s.object({
    from: s.string(),
    to: s.string(),
    deployment: s.ref('Deployment'),
    current: s.nullable(s.ref('Deployment')),
    variables: s.array(
      s.object({
        name: s.string(),
        sensitive: s.boolean(),
        source_value: s.nullable(s.string("The source's value; null when it has none or the variable is sensitive.")),
        target_value: s.nullable(s.string("The target's value; null when it has none or the variable is sensitive.")),
      }),
    ),
    commits: s.nullable(
      s.object(
        {
          kind: s.enum(['forward', 'diverged', 'rollback', 'same', 'initial'], "forward: the target gains the commits; diverged: and loses `behind` of its own; rollback: the target runs newer commits, the listed ones leave it; same; initial: the target serves nothing (the source's recent commits)."),
          commits: s.array(s.object({ sha: s.string(), message: s.string('The first line of its message.'), author: s.string(), date: s.string('When it was authored (ISO 8601).') }), 'Newest first, at most 50.'),
          more: s.integer('How many more there are beyond those listed.'),
          behind: s.integer('How many commits the target runs that the source lacks (they leave it).'),
        },
        { description: "The commits between the target's serving commit and the source's; null when the repository could not be read." },
      ),
    ),
  }),
  Push: s.object({
    id: s.uuid(),
    branch: s.string(),
    commit: s.nullable(s.string('The new head; null when the push deleted the branch.')),
    message: s.nullable(s.string()),
    pushed_by: s.nullable(s.string()),
    summary: s.string("pushed by <user> commit abc1234 '<message>' (a GitHub pull request's: pull request #12 by <user> commit abc1234 '<title>')."),
    environment: s.nullable(s.string()),
    outcome: s.enum(['deploying', 'superseded', 'removed', 'ignored']),
    reason: s.nullable(s.string('Why it was ignored or superseded.')),
    run_id: s.nullable(s.uuid()),
    run_status: s.nullable(s.string()),
    deployment_id: s.nullable(s.uuid()),
    created_at: s.dateTime(),
  }),
};

const projectId = s.uuid('The project id.');
const params = { id: projectId, env: s.string("The environment's name.") };
const environment = (description: string) => ({ description, schema: s.ref('Environment') });
const FIELDS = {
  branch: s.nullable(s.string('The branch whose pushes feed it; null for none.')),
  auto_deploy: s.boolean('Deploy each push to its branch (default false; production: true).'),
  auto_rollback: s.boolean('Roll an unhealthy deployment back automatically (default false; production: true).'),
  variables: { type: 'object', description: "Its own variables (name to value), on top of the project's: the whole set." },
};
/** What PUT also takes: replicas and resources; a change rolls the serving deployment out again (same build). */
const SIZING = {
  replicas: s.integer('1 to 5.'),
  cpu_request: s.nullable(s.number('Cores, 0.05 to 4 in steps of 0.01, at most cpu_limit; null for none.')),
  cpu_limit: s.nullable(s.number('Cores, 0.05 to 4 in steps of 0.01; null for none.')),
  memory_request_mb: s.nullable(s.integer('MB, 64 to 8192, at most memory_limit_mb; null for none.')),
  memory_limit_mb: s.nullable(s.integer('MB, 64 to 8192; null for none.')),
};

/** Environments of a project under /projects/{id}/environments, for the project's owner only. */
export function environmentsRoutes(environments: EnvironmentsService, pushes: PushHistory): RestRoute[] {
  const base = '/projects/{id}/environments';
  const one = `${base}/{env}`;
  const respond = async (req: Parameters<RestRoute['handler']>[0], row: Environment) => {
    const details = await environments.details(authOf(req).user, row);
    return {
      id: row.id,
      name: row.name,
      kind: row.kind,
      branch: row.branch,
      pull_request: row.pullRequestNumber === null ? null : { number: row.pullRequestNumber, title: row.pullRequestTitle ?? '' },
      auto_deploy: row.autoDeploy,
      auto_rollback: row.autoRollback,
      replicas: row.replicas,
      cpu_request: row.cpuRequest,
      cpu_limit: row.cpuLimit,
      memory_request_mb: row.memoryRequestMb,
      memory_limit_mb: row.memoryLimitMb,
      state: details.state,
      url: details.active?.deployedUrl ?? null,
      health: environments.health(details),
      active_deployment: details.active && toDeploymentDetails(details.active),
      latest_deployment: details.latest && toDeploymentDetails(details.latest),
      variables: details.variables,
      created_at: row.createdAt,
      updated_at: row.updatedAt,
    };
  };
  const settings = (row: { enabled: boolean; idleMinutes: number | null }) => ({ enabled: row.enabled, idle_minutes: row.idleMinutes });
  return [
    {
      method: 'get',
      path: '/projects/{id}/previews',
      tag: TAG,
      summary: "A project's preview settings",
      params: { id: projectId },
      responses: { 200: { description: 'Its settings.', schema: s.ref('PreviewSettings') } },
      handler: async (req, res) => {
        res.json(settings(await environments.previewSettings(authOf(req).user, String(req.params.id))));
      },
    },
    {
      method: 'put',
      path: '/projects/{id}/previews',
      tag: TAG,
      summary: 'Turn previews on or off, and set their idle time',
      params: { id: projectId },
      body: s.body({ enabled: s.boolean(), idle_minutes: s.nullable(s.integer('1 to 43200; null for never.')) }),
      responses: { 200: { description: 'The settings now.', schema: s.ref('PreviewSettings') } },
      handler: async (req, res) => {
        res.json(settings(await environments.updatePreviewSettings(authOf(req).user, String(req.params.id), req.body)));
      },
    },
    {
      method: 'get',
      path: '/projects/{id}/pushes',
      tag: TAG,
      summary: "A project's pushes, newest first: what each deployed, or why it did nothing",
      params: { id: projectId },
      query: { limit: s.integer('How many, 1 to 100 (default 20).', { minimum: 1, maximum: 100 }) },
      responses: { 200: { description: 'Its pushes.', schema: s.object({ pushes: s.array(s.ref('Push')) }) } },
      handler: async (req, res) => {
        const rows = await pushes.list(authOf(req).user, String(req.params.id), req.query.limit ?? 20);
        res.json({
          pushes: rows.map((row) => ({
            id: row.id,
            branch: row.branch,
            commit: row.commit,
            message: row.message,
            pushed_by: row.pushedBy,
            summary: row.summary,
            environment: row.environment,
            outcome: row.outcome,
            reason: row.reason,
            run_id: row.runId,
            run_status: row.runStatus,
            deployment_id: row.deploymentId,
            created_at: row.createdAt,
          })),
        });
      },
    },
    {
      method: 'get',
      path: base,
      tag: TAG,
      summary: "List a project's environments (production first)",
      params: { id: projectId },
      responses: { 200: { description: 'Its environments.', schema: s.object({ environments: s.array(s.ref('Environment')) }) } },
      handler: async (req, res) => {
        const rows = await environments.list(authOf(req).user, String(req.params.id));
        res.json({ environments: await Promise.all(rows.map((row) => respond(req, row))) });
      },
    },
    {
      method: 'post',
      path: base,
      tag: TAG,
      summary: 'Create an environment',
      params: { id: projectId },
      body: s.body(
        {
          name: s.string('1 to 20 lower-case letters, digits or dashes, starting with a letter.'),
          ...FIELDS,
          copy_variables_from: s.string("Start with this environment's own variables (sensitive ones only with copy_sensitive)."),
          copy_sensitive: s.boolean('With copy_variables_from: copy sensitive variables too (default false).'),
        },
        { required: ['name'] },
      ),
      responses: { 201: environment('The new environment.'), 409: { description: 'The name is taken.', schema: s.ref('Error') } },
      handler: async (req, res) => {
        const body = req.body as Record<string, unknown>;
        const created = await environments.create(authOf(req).user, String(req.params.id), {
          name: body.name,
          branch: body.branch,
          autoDeploy: body.auto_deploy,
          autoRollback: body.auto_rollback,
          variables: body.variables,
          copyVariablesFrom: body.copy_variables_from,
          copySensitive: body.copy_sensitive,
        });
        res.status(201).json(await respond(req, created));
      },
    },
    {
      method: 'get',
      path: one,
      tag: TAG,
      summary: 'Get an environment',
      params,
      responses: { 200: environment('The environment.') },
      handler: async (req, res) => {
        res.json(await respond(req, await environments.get(authOf(req).user, String(req.params.id), String(req.params.env))));
      },
    },
    {
      method: 'put',
      path: one,
      tag: TAG,
      summary: "Change an environment's branch, auto-deploy, own variables, replicas or resources",
      params,
      body: s.body({ ...FIELDS, ...SIZING }),
      responses: { 200: environment('The environment as it is now.') },
      handler: async (req, res) => {
        res.json(await respond(req, await environments.update(authOf(req).user, String(req.params.id), String(req.params.env), req.body)));
      },
    },
    {
      method: 'get',
      path: `${one}/promotion`,
      tag: TAG,
      summary: 'What promoting another environment into this one would do (before confirming)',
      params,
      query: { from: s.string('The source environment.') },
      responses: { 200: { description: 'The plan.', schema: s.ref('PromotionPlan') }, 409: { description: 'Nothing serves the source.', schema: s.ref('Error') } },
      handler: async (req, res) => {
        const plan = await environments.promotionPlan(authOf(req).user, String(req.params.id), String(req.params.env), req.query.from);
        res.json({
          from: plan.source.name,
          to: plan.target.name,
          deployment: toDeploymentDetails(plan.deployment),
          current: plan.current && toDeploymentDetails(plan.current),
          variables: plan.variables.map((row) => ({ name: row.name, sensitive: row.sensitive, source_value: row.sourceValue, target_value: row.targetValue })),
          commits: plan.commits,
        });
      },
    },
    {
      method: 'post',
      path: `${one}/promote`,
      tag: TAG,
      summary: "Promote another environment's serving build here: same artifact, no rebuild, this environment's variables",
      params,
      body: s.body({ from: s.string('The source environment.') }, { required: ['from'] }),
      responses: { 201: { description: 'The new deployment (pending).', schema: s.ref('Deployment') }, 409: { description: 'Nothing serves the source, or a deployment is under way.', schema: s.ref('Error') } },
      handler: async (req, res) => {
        const created = await environments.promote(authOf(req).user, String(req.params.id), String(req.params.env), (req.body as Record<string, unknown>).from);
        res.status(201).json(toDeploymentDetails(created));
      },
    },
    {
      method: 'delete',
      path: one,
      tag: TAG,
      summary: 'Delete an environment (not production) that serves nothing',
      params,
      responses: { 200: { description: 'Deleted.', schema: s.message('Environment deleted') }, 409: { description: 'Production, or it serves.', schema: s.ref('Error') } },
      handler: async (req, res) => {
        await environments.remove(authOf(req).user, String(req.params.id), String(req.params.env));
        res.json({ message: 'Environment deleted' });
      },
    },
  ];
}
