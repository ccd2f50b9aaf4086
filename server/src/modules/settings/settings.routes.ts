import { Router, type RequestHandler } from 'express';
import { requireObject } from '../../common/validation.js';
import { authOf } from '../../http/auth-middleware.js';
import type { SettingsService } from './settings.service.js';
import type { Setting } from './dtos/setting.model.js';

/** REST shape of spec section 7: {KEY: value} for configured settings, secrets masked. */
const toSettingsMap = (settings: Setting[]) =>
  Object.fromEntries(settings.filter((s) => s.configured).map((s) => [s.key, s.value ?? s.maskedValue]));

export function settingsRoutes(service: SettingsService, signedIn: RequestHandler): Router {
  const router = Router();
  router.use('/settings', signedIn);

  router.get('/settings', async (req, res) => {
    res.json({ settings: toSettingsMap(await service.list(authOf(req).user)) });
  });

  router.put('/settings', async (req, res) => {
    const { settings } = requireObject(req.body);
    const saved = await service.saveMany(authOf(req).user, Array.isArray(settings) ? null : settings);
    res.json({ settings: toSettingsMap(saved) });
  });

  router.get('/settings/:key', async (req, res) => {
    const value = await service.reveal(authOf(req).user, req.params.key);
    res.json({ key: req.params.key, value });
  });

  router.put('/settings/:key', async (req, res) => {
    const setting = await service.set(authOf(req).user, req.params.key, requireObject(req.body).value);
    res.json({ key: setting.key, value: setting.value ?? setting.maskedValue });
  });

  router.delete('/settings/:key', async (req, res) => {
    await service.remove(authOf(req).user, req.params.key);
    res.status(204).end();
  });

  return router;
}
