import type { Request } from 'express';
import { authOf } from '../../../http/auth-middleware.js';
import { schema as s } from '../../../http/json-schema.js';
import type { RestRoute, SchemaComponents } from '../../../http/rest-routes.js';
import type { DeploymentHealthReport, DeploymentObservabilityService } from './deployment-observability.service.js';

function toHealthResponse(report: DeploymentHealthReport) {
  return {
    deployment_id: report.deployment.id,
    health: report.health,
    checks: report.checks.map((check) => ({
      name: check.name,
      status: check.status,
      path: check.path ?? null,
      checked_at: check.checkedAt ?? null,
      message: check.message ?? null,
    })),
    checked_at: report.checkedAt,
  };
}

const TAG = 'Deployments';
const params = { id: s.uuid('The project id.'), deploymentId: s.uuid('The deployment id.') };
const numberOrNull = (description?: string) => s.nullable(s.number(description));

export const observabilitySchemas: SchemaComponents = {
  DeploymentHealth: s.object({
    deployment_id: s.uuid(),
    health: s.enum(['healthy', 'unhealthy', 'checking', 'unknown']),
    checks: s.array(
      s.object({
        name: s.string(),
        status: s.string(),
        path: s.nullable(s.string()),
        checked_at: s.nullable(s.string('ISO 8601.')),
        message: s.nullable(s.string()),
      }),
    ),
    checked_at: s.nullable(s.string('ISO 8601.')),
  }),
  DeploymentInstances: s.object({
    instances: s.array(
      s.object({
        instance: s.string("e.g. 'r3-1' (revision 3, replica 1)."),
        state: s.enum(['starting', 'healthy', 'unhealthy', 'crashed'], 'crashed: exited, waiting to be restarted.'),
        restarts: s.integer('How often it was restarted after a crash.'),
      }),
      'Empty when the deployment does not serve.',
    ),
  }),
};

/** Spec section 7's health, metrics and logs calls of a deployment, for the project's owner only. */
export function observabilityRoutes(service: DeploymentObservabilityService): RestRoute[] {
  const one = '/projects/{id}/deployments/{deploymentId}';
  const ids = (req: Request) => ({ projectId: String(req.params.id), deploymentId: String(req.params.deploymentId) });
  const health = { 200: { description: 'Its health and the newest state of each check.', schema: s.ref('DeploymentHealth') } };

  return [
    {
      method: 'get',
      path: `${one}/instances`,
      tag: TAG,
      summary: "Each instance (replica) of a live deployment's app: its state and restarts",
      params,
      responses: { 200: { description: 'Its instances.', schema: s.ref('DeploymentInstances') } },
      handler: async (req, res) => {
        const { projectId, deploymentId } = ids(req);
        res.json({ instances: await service.instances(authOf(req).user, deploymentId, projectId) });
      },
    },
    {
      method: 'get',
      path: `${one}/health`,
      tag: TAG,
      summary: "A deployment's health",
      params,
      responses: health,
      handler: async (req, res) => {
        const { projectId, deploymentId } = ids(req);
        res.json(toHealthResponse(await service.health(authOf(req).user, deploymentId, projectId)));
      },
    },
    {
      method: 'post',
      path: `${one}/health/check`,
      tag: TAG,
      summary: 'Run its health checks now',
      params,
      responses: health,
      handler: async (req, res) => {
        const { projectId, deploymentId } = ids(req);
        res.json(toHealthResponse(await service.checkHealth(authOf(req).user, deploymentId, projectId)));
      },
    },
    {
      method: 'get',
      path: `${one}/metrics`,
      tag: TAG,
      summary: "A deployment's metrics over a time range",
      params,
      query: { range: s.enum(['5m', '15m', '1h', '6h', '24h'], 'Default 5m.') },
      responses: {
        200: {
          description: 'Points over the range and usage per instance.',
          schema: s.object({
            range: s.string(),
            step_seconds: s.integer(),
            points: s.array(
              s.object({
                at: s.string('ISO 8601.'),
                request_rate: numberOrNull('Requests per second.'),
                error_rate: numberOrNull('Share of 5xx answers, 0 to 1.'),
                p50_ms: numberOrNull(),
                p95_ms: numberOrNull(),
                p99_ms: numberOrNull(),
                cpu_percent: numberOrNull(),
                memory_bytes: numberOrNull(),
              }),
            ),
            instances: s.array(s.object({ instance: s.string(), cpu_percent: numberOrNull(), memory_bytes: numberOrNull() })),
            instances_unavailable_reason: s.nullable(s.string("Why the instances' CPU and memory cannot be read now (the cluster has no metrics API); null when they can.")),
          }),
        },
      },
      handler: async (req, res) => {
        const { projectId, deploymentId } = ids(req);
        const metrics = await service.metrics(authOf(req).user, deploymentId, req.query.range, projectId);
        res.json({
          range: metrics.range,
          step_seconds: metrics.stepSeconds,
          points: metrics.points.map((point) => ({
            at: point.at,
            request_rate: point.requestRate,
            error_rate: point.errorRate,
            p50_ms: point.p50Ms,
            p95_ms: point.p95Ms,
            p99_ms: point.p99Ms,
            cpu_percent: point.cpuPercent,
            memory_bytes: point.memoryBytes,
          })),
          instances: metrics.instances.map((usage) => ({ instance: usage.instance, cpu_percent: usage.cpuPercent, memory_bytes: usage.memoryBytes })),
          instances_unavailable_reason: metrics.instancesUnavailableReason,
        });
      },
    },
    {
      method: 'get',
      path: `${one}/logs`,
      tag: TAG,
      summary: "A deployment's application logs",
      params,
      query: { tail: s.integer('Only the last N lines.', { minimum: 1 }) },
      responses: { 200: { description: 'Its log lines, oldest first.', schema: s.object({ logs: s.array({ type: 'object' }) }) } },
      handler: async (req, res) => {
        const { projectId, deploymentId } = ids(req);
        res.json({ logs: await service.logs(authOf(req).user, deploymentId, req.query.tail, projectId) });
      },
    },
  ];
}
