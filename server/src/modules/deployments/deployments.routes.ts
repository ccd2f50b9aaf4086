import { deploymentHealth } from '@slipway/domain';
import { Router, type Request, type RequestHandler } from 'express';
import { invalidInput, requireObject } from '../../common/validation.js';
import { authOf } from '../../http/auth-middleware.js';
import { toDeploymentEventResponse } from './deployment-event.entity.js';
import { toDeploymentDetails, type DeploymentsService } from './deployments.service.js';

function onlyFields(body: unknown, allowed: string[]): Record<string, unknown> {
  const fields = requireObject(body);
  for (const key of Object.keys(fields)) if (!allowed.includes(key)) throw invalidInput(`Unknown field "${key.slice(0, 100)}"`, key.slice(0, 100));
  return fields;
}

function listQuery(req: Request) {
  const query = req.query as Record<string, unknown>;
  return {
    page: query.page,
    limit: query.limit,
    sortBy: query.sort_by,
    sortOrder: query.sort_order,
    search: query.search,
    status: query.status,
    environment: query.environment,
  };
}

/**
 * Spec section 7's deployment calls under /projects/{id}/deployments and /projects/{id}/environments/{env}, for
 * the project's owner only. (Health, metrics and logs of a deployment are served beside these by their own routes.)
 */
export function deploymentsRoutes(deployments: DeploymentsService, signedIn: RequestHandler): Router {
  const router = Router();
  const base = '/projects/:id/deployments';
  const one = `${base}/:deploymentId`;
  const ids = (req: Request) => ({ projectId: String(req.params.id), deploymentId: String(req.params.deploymentId) });

  router.get(base, signedIn, async (req, res) => {
    const page = await deployments.list(authOf(req).user, String(req.params.id), listQuery(req));
    res.json({ deployments: page.deployments.map(toDeploymentDetails), count: page.count, page: page.page, limit: page.limit, total_pages: page.totalPages });
  });

  router.post(base, signedIn, async (req, res) => {
    const fields = onlyFields(req.body, ['version_id', 'deployment_strategy', 'environment']);
    const deployment = await deployments.create(authOf(req).user, String(req.params.id), {
      versionId: fields.version_id,
      deploymentStrategy: fields.deployment_strategy,
      environment: fields.environment,
    });
    res.status(201).json(toDeploymentDetails(deployment));
  });

  router.post(`${base}/stop`, signedIn, async (req, res) => {
    const stopped = await deployments.stop(authOf(req).user, String(req.params.id), req.query.environment);
    res.json({ deployments: stopped.map(toDeploymentDetails) });
  });

  router.post(`${base}/archive`, signedIn, async (req, res) => {
    const fields = onlyFields(req.body, ['older_than_days']);
    if (fields.older_than_days === undefined) throw invalidInput('older_than_days is required', 'older_than_days');
    res.json({ archived: await deployments.archive(authOf(req).user, String(req.params.id), fields.older_than_days) });
  });

  router.get(one, signedIn, async (req, res) => {
    const { projectId, deploymentId } = ids(req);
    res.json(toDeploymentDetails(await deployments.get(authOf(req).user, deploymentId, projectId)));
  });

  router.put(one, signedIn, async (req, res) => {
    const { projectId, deploymentId } = ids(req);
    res.json(toDeploymentDetails(await deployments.update(authOf(req).user, deploymentId, req.body, projectId)));
  });

  router.delete(one, signedIn, async (req, res) => {
    const { projectId, deploymentId } = ids(req);
    await deployments.remove(authOf(req).user, deploymentId, projectId);
    res.json({ message: 'Deployment deleted' });
  });

  router.post(`${one}/rollback`, signedIn, async (req, res) => {
    const { projectId, deploymentId } = ids(req);
    const fields = onlyFields(req.body, ['target_deployment_id', 'reason']);
    const deployment = await deployments.rollback(authOf(req).user, deploymentId, { targetDeploymentId: fields.target_deployment_id, reason: fields.reason }, projectId);
    res.status(202).json(toDeploymentDetails(deployment));
  });

  router.get(`${one}/events`, signedIn, async (req, res) => {
    const { projectId, deploymentId } = ids(req);
    const events = await deployments.events(authOf(req).user, deploymentId, projectId);
    res.json({ events: events.map(toDeploymentEventResponse) });
  });

  router.get(`${one}/status`, signedIn, async (req, res) => {
    const { projectId, deploymentId } = ids(req);
    const deployment = await deployments.get(authOf(req).user, deploymentId, projectId);
    res.json({
      id: deployment.id,
      status: deployment.status,
      health: deploymentHealth(deployment.healthChecks),
      traffic_percent: deployment.trafficPercent,
      is_active: deployment.isActive,
      error_message: deployment.errorMessage,
      deployed_url: deployment.deployedUrl,
      updated_at: deployment.updatedAt,
    });
  });

  router.get('/projects/:id/environments/:env/deployments', signedIn, async (req, res) => {
    const page = await deployments.list(authOf(req).user, String(req.params.id), { ...listQuery(req), environment: String(req.params.env) });
    res.json({ deployments: page.deployments.map(toDeploymentDetails), count: page.count });
  });

  router.get('/projects/:id/environments/:env/active', signedIn, async (req, res) => {
    res.json(toDeploymentDetails(await deployments.requireActive(authOf(req).user, String(req.params.id), String(req.params.env))));
  });

  return router;
}
