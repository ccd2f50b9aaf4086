import { authOf } from '../../http/auth-middleware.js';
import { schema as s } from '../../http/json-schema.js';
import type { RestRoute } from '../../http/rest-routes.js';
import type { CloudEndpointsService } from './cloud-endpoints.service.js';
import { CLOUD_ENDPOINT_KEYS } from './cloud-endpoint-key.js';
import { CONNECTION_PROVIDERS } from './connection-test.js';
import type { CloudEndpoint } from './dtos/cloud-endpoint.model.js';
import type { SettingsService } from './settings.service.js';
import type { Setting } from './dtos/setting.model.js';

const TAG = 'Settings';

/** REST shape of spec section 7: {KEY: value} for configured settings, secrets masked. */
const toSettingsMap = (settings: Setting[]) =>
  Object.fromEntries(settings.filter((one) => one.configured).map((one) => [one.key, one.value ?? one.maskedValue]));

const SETTINGS = s.object({ settings: { type: 'object', additionalProperties: { type: 'string' }, description: 'KEY → value for each configured setting; secrets masked.' } });
const SETTING = s.object({ key: s.string(), value: s.string('Masked for a secret, except from GET /settings/{key}.') });
const key = { key: s.string('A setting key, e.g. GITHUB_TOKEN.') };
const SETTINGS_MAP = { type: 'object', additionalProperties: { type: ['string', 'null'] } };
const CONNECTION_TEST = s.object({
  provider: s.enum(CONNECTION_PROVIDERS),
  ok: s.boolean('The provider accepted the credentials.'),
  host: s.string('The host Slipway talked to (or would have, when a value is missing).'),
  message: s.string('What the provider answered, in words.'),
});
const CLOUD_ENDPOINTS = s.object({
  endpoints: s.array(
    s.object({
      key: s.enum(CLOUD_ENDPOINT_KEYS),
      label: s.string(),
      url: s.string('The URL used now.'),
      default_url: s.string("From Slipway's environment; used when none is saved."),
      overridden: s.boolean('An admin saved this URL over the default.'),
    }),
  ),
});
const toEndpointsResponse = (endpoints: CloudEndpoint[]) => ({
  endpoints: endpoints.map(({ key, label, url, defaultUrl, overridden }) => ({ key, label, url, default_url: defaultUrl, overridden })),
});
const adminsOnly = { 403: { description: 'Not an admin.', schema: s.ref('Error') } };

export function settingsRoutes(service: SettingsService, endpoints: CloudEndpointsService): RestRoute[] {
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
      body: { type: 'object', properties: { settings: { ...SETTINGS_MAP, description: 'KEY → value; null or empty clears one.' } }, required: ['settings'] },
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
      description: 'A missing or blank value is refused with 400 `value is required`: DELETE clears a setting.',
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
    {
      method: 'post',
      path: '/settings/test-connection',
      tag: TAG,
      summary: 'Test credentials with a provider',
      description:
        'Checks the saved credentials, with `settings` (typed, not saved) over them, against the provider, and names the host it asked. A refusal is `ok: false` with why. Stores nothing.',
      body: {
        type: 'object',
        properties: { provider: s.enum(CONNECTION_PROVIDERS), settings: { ...SETTINGS_MAP, description: 'KEY → value; a masked secret means the saved one, null or empty none.' } },
        required: ['provider'],
      },
      responses: { 200: { description: 'What the provider answered.', schema: CONNECTION_TEST } },
      handler: async (req, res) => {
        const { provider, settings } = req.body as Record<string, unknown>;
        res.json(await service.testConnection(authOf(req).user, provider, Array.isArray(settings) ? null : settings));
      },
    },
    {
      method: 'post',
      path: '/settings/kubeconfig-contexts',
      tag: TAG,
      summary: "A kubeconfig's contexts",
      description: 'The contexts of `kubeconfig` (typed, not saved), or of the saved KUBECONFIG when it is absent, null or masked: the choices for KUBERNETES_CONTEXT. Stores nothing.',
      body: s.body({ kubeconfig: s.nullable(s.string('A kubeconfig (YAML).')) }),
      responses: {
        200: {
          description: 'Its context names and current-context.',
          schema: s.object({ contexts: s.array(s.string(), 'In the kubeconfig’s order.'), current: s.nullable(s.string('Its current-context, when it names one of them.')) }),
        },
      },
      handler: async (req, res) => {
        const { contexts, current } = await service.kubeconfigContexts(authOf(req).user, (req.body as Record<string, unknown>).kubeconfig);
        res.json({ contexts, current });
      },
    },
    {
      method: 'get',
      path: '/cloud-endpoints',
      tag: TAG,
      summary: "The cloud services' URLs (admins only)",
      responses: { 200: { description: 'The four URLs and their defaults.', schema: CLOUD_ENDPOINTS }, ...adminsOnly },
      handler: async (req, res) => {
        res.json(toEndpointsResponse(await endpoints.list(authOf(req).user)));
      },
    },
    {
      method: 'put',
      path: '/cloud-endpoints',
      tag: TAG,
      summary: "Save cloud services' URLs (admins only)",
      description: 'All or nothing; in effect at once for new work. A null or empty URL goes back to the default (the SLIPWAY_*_URL environment variable).',
      body: {
        type: 'object',
        properties: { endpoints: { ...SETTINGS_MAP, description: 'key → http(s) URL, e.g. {"github_api": "https://ghe.example.com/api/v3"}.' } },
        required: ['endpoints'],
      },
      responses: { 200: { description: 'The four URLs after saving.', schema: CLOUD_ENDPOINTS }, ...adminsOnly },
      handler: async (req, res) => {
        const { endpoints: entries } = req.body as Record<string, unknown>;
        res.json(toEndpointsResponse(await endpoints.save(authOf(req).user, Array.isArray(entries) ? null : entries)));
      },
    },
  ];
}
