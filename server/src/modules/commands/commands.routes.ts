import { Router, type RequestHandler } from 'express';
import { requireObject } from '../../common/validation.js';
import { authOf } from '../../http/auth-middleware.js';
import type { CommandsService } from './commands.service.js';
import { toCommandLogResponse } from './command-log.entity.js';

export function commandsRoutes(commands: CommandsService, signedIn: RequestHandler): Router {
  const router = Router();
  router.use(['/commands', '/command-logs'], signedIn);

  router.post('/commands', async (req, res) => {
    const { type, output } = await commands.execute(authOf(req).user, requireObject(req.body).command);
    res.json({ type, output });
  });

  router.get('/commands', (req, res) => {
    res.json({ suggestions: commands.suggestions(req.query.search) });
  });

  router.get('/command-logs', async (req, res) => {
    const { page_size: pageSize, page, type, success, command } = req.query;
    const list = await commands.listLogs(authOf(req).user, { page, pageSize, type, success, command });
    res.json({ logs: list.logs.map(toCommandLogResponse), total: list.total, page: list.page, total_pages: list.totalPages });
  });

  router.get('/command-logs/:id', async (req, res) => {
    res.json(toCommandLogResponse(await commands.getLog(authOf(req).user, req.params.id)));
  });

  return router;
}
