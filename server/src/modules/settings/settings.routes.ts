import { Router } from 'express';
import { requireObject } from '../../common/validation.js';
import { authOf, requireAuth } from '../../http/auth-middleware.js';
import type { Services } from '../../services.js';
import type { Setting } from './dtos/setting.model.js';

/** REST shape of spec section 7: {KEY: value} for configured settings, secrets masked. */
const toSettingsMap = (settings: Setting[]) =>
  Object.fromEntries(settings.filter((s) => s.configured).map((s) => [s.key, s.value ?? s.maskedValue]));

export function settingsRoutes(services: Services): Router {
  const router = Router();
  router.use('/settings', requireAuth(services));

  router.get('/settings', async (req, res) => {
    res.json({ settings: toSettingsMap(await services.settings.list(authOf(req).user)) });
  });

  router.put('/settings', async (req, res) => {
    const { settings } = requireObject(req.body);
    const saved = await services.settings.saveMany(authOf(req).user, Array.isArray(settings) ? null : settings);
    res.json({ settings: toSettingsMap(saved) });
  });

  router.get('/settings/:key', async (req, res) => {
    const value = await services.settings.reveal(authOf(req).user, req.params.key);
    res.json({ key: req.params.key, value });
  });

  router.put('/settings/:key', async (req, res) => {
    const setting = await services.settings.set(authOf(req).user, req.params.key, requireObject(req.body).value);
    res.json({ key: setting.key, value: setting.value ?? setting.maskedValue });
  });

  router.delete('/settings/:key', async (req, res) => {
    await services.settings.remove(authOf(req).user, req.params.key);
    res.status(204).end();
  });

  return router;
}
