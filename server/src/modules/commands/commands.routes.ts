import { Router } from 'express';
import { requireObject } from '../../common/validation.js';
import { authOf, requireAuth } from '../../http/auth-middleware.js';
import type { Services } from '../../services.js';
import { toCommandLogResponse } from './command-log.entity.js';

export function commandsRoutes(services: Services): Router {
  const router = Router();
  router.use(['/commands', '/command-logs'], requireAuth(services));

  router.post('/commands', async (req, res) => {
    const { type, output } = await services.commands.execute(authOf(req).user, requireObject(req.body).command);
    res.json({ type, output });
  });

  router.get('/commands', (req, res) => {
    res.json({ suggestions: services.commands.suggestions(req.query.search) });
  });

  router.get('/command-logs', async (req, res) => {
    const { page_size: pageSize, page, type, success, command } = req.query;
    const list = await services.commands.listLogs(authOf(req).user, { page, pageSize, type, success, command });
    res.json({ logs: list.logs.map(toCommandLogResponse), total: list.total, page: list.page, total_pages: list.totalPages });
  });

  router.get('/command-logs/:id', async (req, res) => {
    res.json(toCommandLogResponse(await services.commands.getLog(authOf(req).user, req.params.id)));
  });

  return router;
}
