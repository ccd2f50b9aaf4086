import { Router } from 'express';
import type { Services } from '../../services.js';

export function healthRoutes(services: Services): Router {
  const router = Router();
  router.get('/health', async (_req, res) => {
    const report = await services.health.check();
    res.status(report.status === 'ok' ? 200 : 503).json(report);
  });
  return router;
}
