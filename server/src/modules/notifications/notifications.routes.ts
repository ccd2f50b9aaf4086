import { authOf } from '../../http/auth-middleware.js';
import { schema as s } from '../../http/json-schema.js';
import type { RestRoute, SchemaComponents } from '../../http/rest-routes.js';
import { CHANNEL_KINDS, DELIVERY_STATUSES, EVENT_KINDS } from './notification-kinds.js';
import type { NotificationChannel, NotificationDelivery, NotificationRule } from './notification.entities.js';
import { MAX_DELIVERIES_LISTED, type NotificationsService } from './notifications.service.js';

const TAG = 'Notifications';

export const notificationSchemas: SchemaComponents = {
  NotificationChannel: s.object({
    id: s.uuid(),
    name: s.string(),
    kind: s.enum(CHANNEL_KINDS),
    url: s.nullable(s.string('A webhook: where it posts.')),
    email: s.nullable(s.string('An email channel: the address.')),
    created_at: s.dateTime(),
  }),
  NotificationRule: s.object({
    id: s.uuid(),
    channel_id: s.uuid(),
    project_id: s.nullable(s.uuid('The only project it is about (yours or one shared with you); null for all of them.')),
    events: s.array(s.enum(EVENT_KINDS)),
    created_at: s.dateTime(),
  }),
  NotificationDelivery: s.object({
    id: s.uuid(),
    channel_id: s.uuid(),
    project_id: s.nullable(s.uuid()),
    event: s.string('One of the rule events, or test.'),
    summary: s.string(),
    status: s.enum(DELIVERY_STATUSES),
    attempts: s.integer(),
    response_status: s.nullable(s.integer('HTTP status (webhook) or SMTP reply code (email) of the last attempt.')),
    response_body: s.nullable(s.string("The start of the last answer's body.")),
    error: s.nullable(s.string('Why the last attempt failed.')),
    duration_ms: s.nullable(s.integer()),
    created_at: s.dateTime(),
    attempted_at: s.nullable(s.dateTime()),
  }),
};

export const toChannelResponse = (channel: NotificationChannel) => ({
  id: channel.id,
  name: channel.name,
  kind: channel.kind,
  url: channel.url,
  email: channel.email,
  created_at: channel.createdAt,
});

export const toRuleResponse = (rule: NotificationRule) => ({ id: rule.id, channel_id: rule.channelId, project_id: rule.projectId, events: rule.events, created_at: rule.createdAt });

export const toDeliveryResponse = (delivery: NotificationDelivery) => ({
  id: delivery.id,
  channel_id: delivery.channelId,
  project_id: delivery.projectId,
  event: delivery.event,
  summary: delivery.summary,
  status: delivery.status,
  attempts: delivery.attempts,
  response_status: delivery.responseStatus,
  response_body: delivery.responseBody,
  error: delivery.error,
  duration_ms: delivery.durationMs,
  created_at: delivery.createdAt,
  attempted_at: delivery.attemptedAt,
});

const id = { id: s.uuid() };
const notFound = (what: string) => ({ 404: { description: `No such ${what} of yours.`, schema: s.ref('Error') } });

/** Your notification channels, rules and deliveries: the same service as GraphQL's. */
export function notificationsRoutes(service: NotificationsService): RestRoute[] {
  return [
    {
      method: 'get',
      path: '/notifications/channels',
      tag: TAG,
      summary: 'Your notification channels',
      responses: { 200: { description: 'Oldest first.', schema: s.object({ channels: s.array(s.ref('NotificationChannel')) }) } },
      handler: async (req, res) => {
        res.json({ channels: (await service.listChannels(authOf(req).user)).map(toChannelResponse) });
      },
    },
    {
      method: 'post',
      path: '/notifications/channels',
      tag: TAG,
      summary: 'Add a webhook or email channel',
      description:
        'A webhook gets a signing secret, answered here only: each delivery is a JSON POST with `X-Slipway-Signature-256: sha256=<HMAC-SHA256 of the body, hex>`, `X-Slipway-Timestamp`, `X-Slipway-Event` and `X-Slipway-Delivery`. Its URL must not resolve to a loopback, link-local, private, CGNAT, multicast or unspecified address (unless an admin allows the range); redirects are not followed.',
      body: s.body({
        name: s.string('1 to 100 characters.'),
        kind: s.enum(CHANNEL_KINDS),
        url: s.string('A webhook: the http(s) URL.'),
        email: s.string('An email channel: the address.'),
      }),
      responses: { 201: { description: 'The channel, and a webhook\'s secret.', schema: s.object({ channel: s.ref('NotificationChannel'), secret: s.nullable(s.string('Shown once.')) }) } },
      handler: async (req, res) => {
        const created = await service.createChannel(authOf(req).user, req.body as Record<string, unknown>);
        res.status(201).json({ channel: toChannelResponse(created.channel), secret: created.secret });
      },
    },
    {
      method: 'delete',
      path: '/notifications/channels/{id}',
      tag: TAG,
      summary: 'Remove a channel, with its rules and deliveries',
      params: id,
      responses: { 200: { description: 'The removed channel.', schema: s.ref('NotificationChannel') }, ...notFound('channel') },
      handler: async (req, res) => {
        res.json(toChannelResponse(await service.deleteChannel(authOf(req).user, req.params.id)));
      },
    },
    {
      method: 'post',
      path: '/notifications/channels/{id}/test',
      tag: TAG,
      summary: 'Send a test notification',
      params: id,
      responses: { 202: { description: 'The queued delivery; its outcome shows in the deliveries.', schema: s.ref('NotificationDelivery') }, ...notFound('channel') },
      handler: async (req, res) => {
        res.status(202).json(toDeliveryResponse(await service.sendTest(authOf(req).user, req.params.id)));
      },
    },
    {
      method: 'get',
      path: '/notifications/rules',
      tag: TAG,
      summary: 'Your notification rules',
      responses: { 200: { description: 'Oldest first.', schema: s.object({ rules: s.array(s.ref('NotificationRule')) }) } },
      handler: async (req, res) => {
        res.json({ rules: (await service.listRules(authOf(req).user)).map(toRuleResponse) });
      },
    },
    {
      method: 'post',
      path: '/notifications/rules',
      tag: TAG,
      summary: 'Add a rule: these events, of one project or all of yours and those shared with you, go to a channel',
      body: s.body({
        channel_id: s.string('One of your channels.'),
        project_id: s.nullable(s.string('Only this project; omit or null for all.')),
        events: s.array(s.string(), `Among ${EVENT_KINDS.join(', ')}.`),
      }),
      responses: { 201: { description: 'The rule.', schema: s.ref('NotificationRule') } },
      handler: async (req, res) => {
        const body = req.body as Record<string, unknown>;
        res.status(201).json(toRuleResponse(await service.createRule(authOf(req).user, { channelId: body.channel_id, projectId: body.project_id, events: body.events })));
      },
    },
    {
      method: 'delete',
      path: '/notifications/rules/{id}',
      tag: TAG,
      summary: 'Remove a rule',
      params: id,
      responses: { 200: { description: 'The removed rule.', schema: s.ref('NotificationRule') }, ...notFound('rule') },
      handler: async (req, res) => {
        res.json(toRuleResponse(await service.deleteRule(authOf(req).user, req.params.id)));
      },
    },
    {
      method: 'get',
      path: '/notifications/deliveries',
      tag: TAG,
      summary: 'Your latest notification deliveries and their answers',
      query: { channel_id: s.uuid('Only this channel\'s.'), limit: s.integer(`1 to ${MAX_DELIVERIES_LISTED} (default ${MAX_DELIVERIES_LISTED}).`) },
      responses: { 200: { description: 'Newest first.', schema: s.object({ deliveries: s.array(s.ref('NotificationDelivery')) }) } },
      handler: async (req, res) => {
        res.json({ deliveries: (await service.listDeliveries(authOf(req).user, { channelId: req.query.channel_id, limit: req.query.limit })).map(toDeliveryResponse) });
      },
    },
  ];
}
