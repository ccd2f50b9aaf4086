import { Router } from 'express';
import { requireAuth } from '../../http/auth-middleware.js';
import type { Services } from '../../services.js';
import { toTemplateResponse } from './template.model.js';

export function templatesRoutes(services: Services): Router {
  const router = Router();
  router.use('/templates', requireAuth(services));

  router.get('/templates', async (_req, res) => {
    res.json({ templates: (await services.templates.list()).map(toTemplateResponse) });
  });

  router.get('/templates/:id', async (req, res) => {
    res.json(toTemplateResponse(await services.templates.get(req.params.id)));
  });

  return router;
}
