import { authOf } from '../../http/auth-middleware.js';
import { schema as s } from '../../http/json-schema.js';
import type { RestRoute } from '../../http/rest-routes.js';
import type { SettingsService } from './settings.service.js';
import type { Setting } from './dtos/setting.model.js';

const TAG = 'Settings';

/** REST shape of spec section 7: {KEY: value} for configured settings, secrets masked. */
const toSettingsMap = (settings: Setting[]) =>
  Object.fromEntries(settings.filter((one) => one.configured).map((one) => [one.key, one.value ?? one.maskedValue]));

const SETTINGS = s.object({ settings: { type: 'object', additionalProperties: { type: 'string' }, description: 'KEY → value for each configured setting; secrets masked.' } });
const SETTING = s.object({ key: s.string(), value: s.string('Masked for a secret, except from GET /settings/{key}.') });
const key = { key: s.string('A setting key, e.g. GITHUB_TOKEN.') };

export function settingsRoutes(service: SettingsService): RestRoute[] {
  return [
    {
      method: 'get',
      path: '/settings',
      tag: TAG,
      summary: 'Your configured settings',
      responses: { 200: { description: 'Configured settings.', schema: SETTINGS } },
      handler: async (req, res) => {
        res.json({ settings: toSettingsMap(await service.list(authOf(req).user)) });
      },
    },
    {
      method: 'put',
      path: '/settings',
      tag: TAG,
      summary: 'Save several settings at once',
      body: { type: 'object', properties: { settings: { type: 'object', additionalProperties: { type: ['string', 'null'] }, description: 'KEY → value; null or empty clears one.' } }, required: ['settings'] },
      responses: { 200: { description: 'The settings saved.', schema: SETTINGS } },
      handler: async (req, res) => {
        const { settings } = req.body as Record<string, unknown>;
        const saved = await service.saveMany(authOf(req).user, Array.isArray(settings) ? null : settings);
        res.json({ settings: toSettingsMap(saved) });
      },
    },
    {
      method: 'get',
      path: '/settings/{key}',
      tag: TAG,
      summary: "One setting's value, unmasked",
      params: key,
      responses: { 200: { description: 'The value.', schema: SETTING } },
      handler: async (req, res) => {
        const value = await service.reveal(authOf(req).user, String(req.params.key));
        res.json({ key: req.params.key, value });
      },
    },
    {
      method: 'put',
      path: '/settings/{key}',
      tag: TAG,
      summary: 'Set one setting',
      params: key,
      body: { type: 'object', properties: { value: s.string() }, required: ['value'] },
      responses: { 200: { description: 'The setting, masked if secret.', schema: SETTING } },
      handler: async (req, res) => {
        const setting = await service.set(authOf(req).user, String(req.params.key), (req.body as Record<string, unknown>).value);
        res.json({ key: setting.key, value: setting.value ?? setting.maskedValue });
      },
    },
    {
      method: 'delete',
      path: '/settings/{key}',
      tag: TAG,
      summary: 'Clear one setting',
      params: key,
      responses: { 204: { description: 'Cleared.' } },
      handler: async (req, res) => {
        await service.remove(authOf(req).user, String(req.params.key));
        res.status(204).end();
      },
    },
  ];
}
