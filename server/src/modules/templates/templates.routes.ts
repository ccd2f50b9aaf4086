import { Router, type RequestHandler } from 'express';
import type { TemplatesService } from './templates.service.js';
import { toTemplateResponse } from './template.model.js';

export function templatesRoutes(templates: TemplatesService, signedIn: RequestHandler): Router {
  const router = Router();
  router.use('/templates', signedIn);

  router.get('/templates', async (_req, res) => {
    res.json({ templates: (await templates.list()).map(toTemplateResponse) });
  });

  router.get('/templates/:id', async (req, res) => {
    res.json(toTemplateResponse(await templates.get(req.params.id)));
  });

  return router;
}
