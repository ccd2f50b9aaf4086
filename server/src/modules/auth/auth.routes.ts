import { Router, type RequestHandler } from 'express';
import { requireObject } from '../../common/validation.js';
import { authOf, clientAddress } from '../../http/auth-middleware.js';
import { toUserResponse } from '../users/user.entity.js';
import type { AuthResult, AuthService } from './auth.service.js';

const toAuthResponse = ({ token, user }: AuthResult) => ({ token, user: toUserResponse(user) });

export function authRoutes(auth: AuthService, signedIn: RequestHandler): Router {
  const router = Router();

  router.post('/auth/register', async (req, res) => {
    res.status(201).json(toAuthResponse(await auth.register(requireObject(req.body), clientAddress(req))));
  });

  router.post('/auth/login', async (req, res) => {
    res.json(toAuthResponse(await auth.login(requireObject(req.body), clientAddress(req))));
  });

  router.post('/users/logout', signedIn, async (req, res) => {
    await auth.logout(authOf(req).sessionId);
    res.json({ message: 'Logged out' });
  });

  router.get('/users/me', signedIn, (req, res) => {
    res.json(toUserResponse(authOf(req).user));
  });

  return router;
}
