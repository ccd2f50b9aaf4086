import { Router, type Request, type RequestHandler } from 'express';
import { authOf } from '../../../http/auth-middleware.js';
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

/** Spec section 7's health, metrics and logs calls of a deployment, for the project's owner only. */
export function observabilityRoutes(service: DeploymentObservabilityService, signedIn: RequestHandler): Router {
  const router = Router();
  const one = '/projects/:id/deployments/:deploymentId';
  const ids = (req: Request) => ({ projectId: String(req.params.id), deploymentId: String(req.params.deploymentId) });

  router.get(`${one}/health`, signedIn, async (req, res) => {
    const { projectId, deploymentId } = ids(req);
    res.json(toHealthResponse(await service.health(authOf(req).user, deploymentId, projectId)));
  });

  router.post(`${one}/health/check`, signedIn, async (req, res) => {
    const { projectId, deploymentId } = ids(req);
    res.json(toHealthResponse(await service.checkHealth(authOf(req).user, deploymentId, projectId)));
  });

  router.get(`${one}/metrics`, signedIn, async (req, res) => {
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
    });
  });

  router.get(`${one}/logs`, signedIn, async (req, res) => {
    const { projectId, deploymentId } = ids(req);
    res.json({ logs: await service.logs(authOf(req).user, deploymentId, req.query.tail, projectId) });
  });

  return router;
}
