import { Router, type RequestHandler } from 'express';
import { requireObject } from '../../common/validation.js';
import { authOf } from '../../http/auth-middleware.js';
import type { UsersService } from './users.service.js';
import { toUserResponse } from './user.entity.js';

export function usersRoutes(service: UsersService, signedIn: RequestHandler): Router {
  const router = Router();
  router.use('/users', signedIn);

  router.get('/users', async (req, res) => {
    const users = await service.list(authOf(req).user);
    res.json({ users: users.map(toUserResponse) });
  });

  router.post('/users', async (req, res) => {
    res.status(201).json(toUserResponse(await service.create(authOf(req).user, requireObject(req.body))));
  });

  router.get('/users/:id', async (req, res) => {
    res.json(toUserResponse(await service.get(authOf(req).user, req.params.id)));
  });

  router.put('/users/:id', async (req, res) => {
    const { user, sessionId } = authOf(req);
    res.json(toUserResponse(await service.update(user, req.params.id, requireObject(req.body), sessionId)));
  });

  router.delete('/users/:id', async (req, res) => {
    await service.remove(authOf(req).user, req.params.id);
    res.status(204).end();
  });

  return router;
}
