import { Router, type RequestHandler } from 'express';
import { authOf } from '../../http/auth-middleware.js';
import { toStatusResponse } from './pipeline-status.js';
import type { ProjectPipelinesService } from './project-pipelines.service.js';

/** The project status stream (spec section 3), and retry and cancel of the project's latest run. */
export function pipelinesRoutes(pipelines: ProjectPipelinesService, signedIn: RequestHandler): Router {
  const router = Router();

  router.get('/projects/:id/status', signedIn, async (req, res) => {
    res.json(toStatusResponse(await pipelines.status(authOf(req).user, String(req.params.id))));
  });

  router.post('/projects/:id/status/retry', signedIn, async (req, res) => {
    res.json(toStatusResponse(await pipelines.retry(authOf(req).user, String(req.params.id))));
  });

  router.post('/projects/:id/status/cancel', signedIn, async (req, res) => {
    res.json(toStatusResponse(await pipelines.cancel(authOf(req).user, String(req.params.id))));
  });

  return router;
}
