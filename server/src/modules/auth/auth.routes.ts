import { Router } from 'express';
import { requireObject } from '../../common/validation.js';
import { authOf, clientAddress, requireAuth } from '../../http/auth-middleware.js';
import type { Services } from '../../services.js';
import { toUserResponse } from '../users/user.entity.js';
import type { AuthResult } from './auth.service.js';

const toAuthResponse = ({ token, user }: AuthResult) => ({ token, user: toUserResponse(user) });

export function authRoutes(services: Services): Router {
  const router = Router();

  router.post('/auth/register', async (req, res) => {
    res.status(201).json(toAuthResponse(await services.auth.register(requireObject(req.body))));
  });

  router.post('/auth/login', async (req, res) => {
    res.json(toAuthResponse(await services.auth.login(requireObject(req.body), clientAddress(req))));
  });

  router.post('/users/logout', requireAuth(services), async (req, res) => {
    await services.auth.logout(authOf(req).sessionId);
    res.json({ message: 'Logged out' });
  });

  router.get('/users/me', requireAuth(services), (req, res) => {
    res.json(toUserResponse(authOf(req).user));
  });

  return router;
}
