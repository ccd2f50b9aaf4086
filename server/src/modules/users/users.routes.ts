import { Router } from 'express';
import { requireObject } from '../../common/validation.js';
import { authOf, requireAuth } from '../../http/auth-middleware.js';
import type { Services } from '../../services.js';
import { toUserResponse } from './user.entity.js';

export function usersRoutes(services: Services): Router {
  const router = Router();
  router.use('/users', requireAuth(services));

  router.get('/users', async (req, res) => {
    const users = await services.users.list(authOf(req).user);
    res.json({ users: users.map(toUserResponse) });
  });

  router.post('/users', async (req, res) => {
    res.status(201).json(toUserResponse(await services.users.create(authOf(req).user, requireObject(req.body))));
  });

  router.get('/users/:id', async (req, res) => {
    res.json(toUserResponse(await services.users.get(authOf(req).user, req.params.id)));
  });

  router.put('/users/:id', async (req, res) => {
    res.json(toUserResponse(await services.users.update(authOf(req).user, req.params.id, requireObject(req.body))));
  });

  router.delete('/users/:id', async (req, res) => {
    await services.users.remove(authOf(req).user, req.params.id);
    res.status(204).end();
  });

  return router;
}
