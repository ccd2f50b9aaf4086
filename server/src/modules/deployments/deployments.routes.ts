import { deploymentHealth } from '@slipway/domain';
import type { Request } from 'express';
import { invalidInput } from '../../common/validation.js';
import { authOf } from '../../http/auth-middleware.js';
import { schema as s } from '../../http/json-schema.js';
import { listQueryOf, type RestRoute, type SchemaComponents } from '../../http/rest-routes.js';
import { toDeploymentEventResponse } from './deployment-event.entity.js';
import { DeploymentStatus, DeploymentStrategy } from './deployment-status.js';
import { toDeploymentDetails, type DeploymentsService } from './deployments.service.js';

const TAG = 'Deployments';
const dateOrNull = (description?: string) => s.nullable(s.dateTime(description));
const HEALTH = s.enum(['healthy', 'unhealthy', 'checking', 'unknown'], 'From its newest health checks.');

/** The fields both deployment shapes share (toDeploymentResponse, toDeploymentDetails). */
const DEPLOYMENT_FIELDS = {
  id: s.uuid(),
  environment: s.string("e.g. 'production'."),
  status: s.enum(Object.values(DeploymentStatus)),
  version_id: s.uuid(),
  strategy: s.enum(Object.values(DeploymentStrategy)),
  traffic_percent: s.integer('0 to 100.'),
  health_checks: s.array({ type: 'object' }, 'Newest state of each check.'),
  error_message: s.nullable(s.string('Why it failed, safe to show.')),
  config: s.object({ replicas: s.integer() }),
  canary: s.nullable(
    s.object(
      {
        steps: s.array(s.integer(), 'Share of new requests (percent) at each step, ending at 100.'),
        step_seconds: s.integer('How long each step is held.'),
        current_step: s.nullable(s.integer('The step the canary is at (0 for the first) while it takes traffic; null otherwise.')),
        requested_action: s.nullable(s.enum(['promote', 'abort'], 'A promotion or abort asked for by hand, carried out within a second or so.')),
      },
      { description: 'A canary deployment: its steps; null for other strategies.' },
    ),
  ),
  activated_at: dateOrNull(),
  rolled_back_at: dateOrNull(),
  superseded_at: dateOrNull('When a newer deployment replaced it (status superseded).'),
  deployed_url: s.nullable(s.string('Where the app answers; local apps: http://<app>.localhost:<port>/ at the front door.')),
  loopback_url: s.nullable(s.string('Local apps: the same app at http://127.0.0.1:<port>/, for programs that do not resolve *.localhost.')),
  rollback_target_id: s.nullable(s.uuid('Its way back: the deployment a rollback of it returns to.')),
  restores_deployment_id: s.nullable(s.uuid('For a rollback: the earlier deployment whose version and environment it brings back.')),
  is_active: s.boolean(),
  kubernetes_namespace: s.nullable(s.string()),
  kubernetes_deployment_name: s.nullable(s.string()),
  kubernetes_service_name: s.nullable(s.string()),
  created_at: s.dateTime(),
  updated_at: s.dateTime(),
};

export const deploymentSchemas: SchemaComponents = {
  RevisionMeasurement: s.object(
    {
      revision: s.integer(),
      requests: s.integer(),
      errors: s.integer('5xx answers and requests that could not be forwarded.'),
      error_rate: s.number('Percent, 0 to 100.'),
      p95_ms: s.nullable(s.number()),
    },
    { description: "One revision's requests over a canary step." },
  ),
  DeploymentSummary: s.object(DEPLOYMENT_FIELDS, { description: "A project's active deployment, as GET /projects/{id} shows it." }),
  Deployment: s.object({
    ...DEPLOYMENT_FIELDS,
    version: s.nullable(s.object({ id: s.uuid(), version_tag: s.string(), git_commit_sha: s.nullable(s.string()) })),
    deployment_strategy: s.enum(Object.values(DeploymentStrategy), 'Same as strategy.'),
    traffic_percentage: s.integer('Same as traffic_percent.'),
    health: HEALTH,
    rollback_reason: s.nullable(s.string()),
    health_failure: s.nullable(s.string("Why the health watch marked it failed after it went live ('crash loop (3 restarts in 60 s)').")),
    health_failed_at: s.nullable(s.dateTime()),
    replicas: s.integer(),
    deployment_url: s.nullable(s.string('Same as deployed_url.')),
    duration_seconds: s.nullable(s.integer('From start to active or failed.')),
  }),
};

const deployment = (description: string) => ({ description, schema: s.ref('Deployment') });
const projectId = s.uuid('The project id.');
const deploymentParams = { id: projectId, deploymentId: s.uuid('The deployment id.') };
const LIST_QUERY = {
  page: s.integer('1-based page number.', { minimum: 1 }),
  limit: s.integer('Page size.', { minimum: 1, maximum: 100 }),
  sort_by: s.string(),
  sort_order: s.enum(['asc', 'desc']),
  search: s.string(),
  status: s.string(),
};

const listQuery = (req: Request) => ({ ...listQueryOf(req), environment: req.query.environment });

/**
 * Spec section 7's deployment calls under /projects/{id}/deployments and /projects/{id}/environments/{env}, for
 * the project's owner only. (Health, metrics and logs of a deployment are served beside these by their own routes.)
 */
export function deploymentsRoutes(deployments: DeploymentsService): RestRoute[] {
  const base = '/projects/{id}/deployments';
  const one = `${base}/{deploymentId}`;
  const ids = (req: Request) => ({ projectId: String(req.params.id), deploymentId: String(req.params.deploymentId) });
  const body = (req: Request) => req.body as Record<string, unknown>;

  return [
    {
      method: 'get',
      path: base,
      tag: TAG,
      summary: "List a project's deployments",
      params: { id: projectId },
      query: { ...LIST_QUERY, environment: s.string() },
      responses: {
        200: {
          description: 'One page of deployments.',
          schema: s.object({ deployments: s.array(s.ref('Deployment')), count: s.integer('All that match.'), page: s.integer(), limit: s.integer(), total_pages: s.integer() }),
        },
      },
      handler: async (req, res) => {
        const page = await deployments.list(authOf(req).user, String(req.params.id), listQuery(req));
        res.json({ deployments: page.deployments.map(toDeploymentDetails), count: page.count, page: page.page, limit: page.limit, total_pages: page.totalPages });
      },
    },
    {
      method: 'post',
      path: base,
      tag: TAG,
      summary: 'Deploy a built version',
      params: { id: projectId },
      body: s.body(
        {
          version_id: s.uuid('A built version of this project.'),
          deployment_strategy: s.enum(Object.values(DeploymentStrategy), 'rolling (default) or canary.'),
          environment: s.string('Default production.'),
          canary_steps: s.array(s.integer(), 'Canary only: share of new requests (percent) at each step, rising, ending at 100; 1 to 5 steps (default [10, 50, 100]).'),
          canary_step_seconds: s.integer('Canary only: how long each step is held, 5 to 3600 (default 60).'),
        },
        { required: ['version_id'] },
      ),
      responses: { 201: deployment('The new deployment (pending).'), 409: { description: 'The version is not built, or a deployment is under way.', schema: s.ref('Error') } },
      handler: async (req, res) => {
        const fields = body(req);
        const created = await deployments.create(authOf(req).user, String(req.params.id), {
          versionId: fields.version_id,
          deploymentStrategy: fields.deployment_strategy,
          environment: fields.environment,
          canarySteps: fields.canary_steps,
          canaryStepSeconds: fields.canary_step_seconds,
        });
        res.status(201).json(toDeploymentDetails(created));
      },
    },
    {
      method: 'post',
      path: `${base}/stop`,
      tag: TAG,
      summary: "Stop a project's active deployments",
      params: { id: projectId },
      query: { environment: s.string('Only this environment.') },
      responses: { 200: { description: 'The deployments stopped.', schema: s.object({ deployments: s.array(s.ref('Deployment')) }) } },
      handler: async (req, res) => {
        const stopped = await deployments.stop(authOf(req).user, String(req.params.id), req.query.environment);
        res.json({ deployments: stopped.map(toDeploymentDetails) });
      },
    },
    {
      method: 'post',
      path: `${base}/archive`,
      tag: TAG,
      summary: 'Archive old finished deployments',
      params: { id: projectId },
      body: s.body({ older_than_days: s.integer('Finished more than this many days ago.', { minimum: 1 }) }, { required: ['older_than_days'] }),
      responses: { 200: { description: 'How many were archived.', schema: s.object({ archived: s.integer() }) } },
      handler: async (req, res) => {
        const fields = body(req);
        if (fields.older_than_days === undefined) throw invalidInput('older_than_days is required', 'older_than_days');
        res.json({ archived: await deployments.archive(authOf(req).user, String(req.params.id), fields.older_than_days) });
      },
    },
    {
      method: 'get',
      path: one,
      tag: TAG,
      summary: 'One deployment',
      params: deploymentParams,
      responses: { 200: deployment('The deployment.') },
      handler: async (req, res) => {
        const { projectId, deploymentId } = ids(req);
        res.json(toDeploymentDetails(await deployments.get(authOf(req).user, deploymentId, projectId)));
      },
    },
    {
      method: 'put',
      path: one,
      tag: TAG,
      summary: "Change a deployment's replicas (an active one rolls out again with them)",
      params: deploymentParams,
      bodyCheckedByService: true,
      body: { type: 'object', properties: { replicas: s.integer('1 to 5.', { minimum: 1, maximum: 5 }) }, required: ['replicas'], description: 'Only replicas can change; another field is refused with its name.' },
      responses: { 200: deployment('The updated deployment.') },
      handler: async (req, res) => {
        const { projectId, deploymentId } = ids(req);
        res.json(toDeploymentDetails(await deployments.update(authOf(req).user, deploymentId, req.body, projectId)));
      },
    },
    {
      method: 'delete',
      path: one,
      tag: TAG,
      summary: 'Delete a deployment that is not active',
      params: deploymentParams,
      responses: { 200: { description: 'Deleted.', schema: s.message('Deployment deleted') }, 409: { description: 'It is active.', schema: s.ref('Error') } },
      handler: async (req, res) => {
        const { projectId, deploymentId } = ids(req);
        await deployments.remove(authOf(req).user, deploymentId, projectId);
        res.json({ message: 'Deployment deleted' });
      },
    },
    {
      method: 'post',
      path: `${one}/rollback`,
      tag: TAG,
      summary: 'Roll back to an earlier deployment',
      params: deploymentParams,
      body: s.body({ target_deployment_id: s.uuid('An earlier deployment of the same environment to go back to.'), reason: s.nullable(s.string('At most 500 characters.')) }, { required: ['target_deployment_id'] }),
      responses: { 202: deployment('The rollback deployment.'), 409: { description: 'Nothing to roll back to.', schema: s.ref('Error') } },
      handler: async (req, res) => {
        const { projectId, deploymentId } = ids(req);
        const fields = body(req);
        const rolledBack = await deployments.rollback(authOf(req).user, deploymentId, { targetDeploymentId: fields.target_deployment_id, reason: fields.reason }, projectId);
        res.status(202).json(toDeploymentDetails(rolledBack));
      },
    },
    ...(['promote', 'abort'] as const).map(
      (action): RestRoute => ({
        method: 'post',
        path: `${one}/${action}`,
        tag: TAG,
        summary:
          action === 'promote'
            ? 'Promote a canary in progress: it takes all new requests, the serving deployment drains and stops'
            : 'Abort a canary in progress: all new requests go back to the serving deployment, the canary stops',
        params: deploymentParams,
        responses: { 200: deployment('The canary deployment (its run carries the action out within a second or so).'), 409: { description: 'It is no canary in progress.', schema: s.ref('Error') } },
        handler: async (req, res) => {
          const { projectId, deploymentId } = ids(req);
          const user = authOf(req).user;
          const changed = action === 'promote' ? await deployments.promoteCanary(user, deploymentId, projectId) : await deployments.abortCanary(user, deploymentId, projectId);
          res.json(toDeploymentDetails(changed));
        },
      }),
    ),
    {
      method: 'get',
      path: `${one}/events`,
      tag: TAG,
      summary: "A deployment's events, oldest first",
      params: deploymentParams,
      responses: {
        200: {
          description: 'Its events.',
          schema: s.object({
            events: s.array(
              s.object({
                id: s.uuid(),
                type: s.string(),
                message: s.string(),
                measurements: s.nullable(
                  s.object(
                    { percent: s.integer(), stable: s.ref('RevisionMeasurement'), canary: s.ref('RevisionMeasurement') },
                    { description: "A canary's events: both revisions' figures when it was judged or stopped." },
                  ),
                ),
                created_at: s.dateTime(),
              }),
            ),
          }),
        },
      },
      handler: async (req, res) => {
        const { projectId, deploymentId } = ids(req);
        const events = await deployments.events(authOf(req).user, deploymentId, projectId);
        res.json({ events: events.map(toDeploymentEventResponse) });
      },
    },
    {
      method: 'get',
      path: `${one}/status`,
      tag: TAG,
      summary: "A deployment's status, in short",
      params: deploymentParams,
      responses: {
        200: {
          description: 'Its status.',
          schema: s.object({
            id: s.uuid(),
            status: s.string(),
            health: HEALTH,
            traffic_percent: s.integer(),
            is_active: s.boolean(),
            error_message: s.nullable(s.string()),
            deployed_url: s.nullable(s.string()),
            updated_at: s.dateTime(),
          }),
        },
      },
      handler: async (req, res) => {
        const { projectId, deploymentId } = ids(req);
        const found = await deployments.get(authOf(req).user, deploymentId, projectId);
        res.json({
          id: found.id,
          status: found.status,
          health: deploymentHealth(found.healthChecks),
          traffic_percent: found.trafficPercent,
          is_active: found.isActive,
          error_message: found.errorMessage,
          deployed_url: found.deployedUrl,
          updated_at: found.updatedAt,
        });
      },
    },
    {
      method: 'get',
      path: '/projects/{id}/environments/{env}/deployments',
      tag: TAG,
      summary: "An environment's deployments",
      params: { id: projectId, env: s.string("The environment, e.g. 'production'.") },
      query: LIST_QUERY,
      responses: { 200: { description: 'One page of them.', schema: s.object({ deployments: s.array(s.ref('Deployment')), count: s.integer() }) } },
      handler: async (req, res) => {
        const page = await deployments.list(authOf(req).user, String(req.params.id), { ...listQuery(req), environment: String(req.params.env) });
        res.json({ deployments: page.deployments.map(toDeploymentDetails), count: page.count });
      },
    },
    {
      method: 'get',
      path: '/projects/{id}/environments/{env}/active',
      tag: TAG,
      summary: "An environment's active deployment",
      params: { id: projectId, env: s.string("The environment, e.g. 'production'.") },
      responses: { 200: deployment('The active deployment; 404 when there is none.') },
      handler: async (req, res) => {
        res.json(toDeploymentDetails(await deployments.requireActive(authOf(req).user, String(req.params.id), String(req.params.env))));
      },
    },
  ];
}
