import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { emailError } from '@slipway/domain';
import type { DataSource } from 'typeorm';
import type { SecretBox } from '../../common/secret-box.js';
import { invalidInput, isUuid } from '../../common/validation.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { Project } from '../projects/project.entity.js';
import type { User } from '../users/user.entity.js';
import type { EmailSender } from './email-sender.js';
import { DeliveryStatus, EVENT_KINDS, NotificationChannelKind, type NotificationEventKind } from './notification-kinds.js';
import { NotificationChannel, NotificationDelivery, NotificationRule } from './notification.entities.js';
import { channelNotFound, emailUnavailable, ruleNotFound } from './notifications.errors.js';
import { parseWebhookUrl, type WebhookGuard } from './webhook-target.js';

type Owner = Pick<User, 'id'>;

export const DELIVER_JOB = 'notification.deliver';
/** Attempts per delivery: pg-boss retries a failed one with exponential backoff (1 s, 2 s, 4 s, 8 s). */
export const MAX_ATTEMPTS = 5;
export const MAX_CHANNEL_NAME_LENGTH = 100;
export const MAX_DELIVERIES_LISTED = 100;
export const SIGNATURE_HEADER = 'X-Slipway-Signature-256';

/** Something that happened that rules may be told about; `key` names it once across every process. */
export interface NotificationTrigger {
  key: string;
  kind: NotificationEventKind;
  ownerId: string;
  projectId: string;
  summary: string;
  details: Record<string, unknown>;
}

export interface ChannelInput {
  name?: unknown;
  kind?: unknown;
  url?: unknown;
  email?: unknown;
}

export interface RuleInput {
  channelId?: unknown;
  projectId?: unknown;
  events?: unknown;
}

/** HMAC-SHA256 of the exact body with the channel's secret, as receivers check it: `sha256=<hex>`. */
export function signatureOf(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

const secretContext = (channelId: string) => `notification-channel:${channelId}`;

/**
 * Notifications, for GraphQL and REST alike: each user's channels (signed webhooks, email) and rules (which events of
 * which of their projects go where), the deliveries with their receivers' answers, and the sending itself, one
 * pg-boss job per delivery retried with backoff. Webhook targets are checked against SSRF at save and at delivery.
 */
export class NotificationsService {
  constructor(
    private readonly deps: {
      dataSource: DataSource;
      queue: JobQueue;
      secretBox: SecretBox;
      /** A project of the user's own or shared with them; anyone else's is 'Project not found'. */
      projects: { reachable(user: Owner, id: unknown): Promise<Project> };
      guard: WebhookGuard;
      email: EmailSender | null;
    },
  ) {}

  listChannels(owner: Owner): Promise<NotificationChannel[]> {
    return this.deps.dataSource.getRepository(NotificationChannel).find({ where: { ownerId: owner.id }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  /** A new channel; a webhook's signing secret is answered here only. */
  async createChannel(owner: Owner, input: ChannelInput): Promise<{ channel: NotificationChannel; secret: string | null }> {
    const name = typeof input.name === 'string' ? input.name.trim() : '';
    if (!name) throw invalidInput('Name is required', 'name');
    if (name.length > MAX_CHANNEL_NAME_LENGTH) throw invalidInput(`Name must be at most ${MAX_CHANNEL_NAME_LENGTH} characters`, 'name');
    const id = randomUUID();
    const channel = Object.assign(new NotificationChannel(), { id, ownerId: owner.id, name, url: null, email: null, secretSealed: null });
    let secret: string | null = null;
    if (input.kind === NotificationChannelKind.webhook) {
      const target = parseWebhookUrl(input.url);
      await this.deps.guard.check(target);
      secret = `whsec_${randomBytes(32).toString('base64url')}`;
      Object.assign(channel, { kind: NotificationChannelKind.webhook, url: target.url.toString(), secretSealed: this.deps.secretBox.seal(secret, secretContext(id)) });
    } else if (input.kind === NotificationChannelKind.email) {
      if (!this.deps.email) throw emailUnavailable();
      const email = typeof input.email === 'string' ? input.email.trim().toLowerCase() : '';
      const problem = emailError(email);
      if (problem) throw invalidInput(problem, 'email');
      Object.assign(channel, { kind: NotificationChannelKind.email, email });
    } else {
      throw invalidInput('Kind must be webhook or email', 'kind');
    }
    await this.deps.dataSource.getRepository(NotificationChannel).insert(channel);
    return { channel: await this.channel(owner, id), secret };
  }

  async deleteChannel(owner: Owner, id: unknown): Promise<NotificationChannel> {
    const channel = await this.channel(owner, id);
    await this.deps.dataSource.getRepository(NotificationChannel).delete({ id: channel.id, ownerId: owner.id });
    return channel;
  }

  /** Queues a test notification to the channel; answers its delivery, whose outcome the deliveries list shows. */
  async sendTest(owner: Owner, id: unknown): Promise<NotificationDelivery> {
    const channel = await this.channel(owner, id);
    const summary = `Test notification for ${channel.name}`;
    return this.deps.dataSource.transaction(async (manager) => {
      const delivery = await manager.save(
        manager.create(NotificationDelivery, {
          ownerId: owner.id,
          channelId: channel.id,
          projectId: null,
          event: 'test',
          summary,
          payload: { event: 'test', occurred_at: new Date().toISOString(), project: null, summary, details: {} },
        }),
      );
      await this.deps.queue.enqueue(DELIVER_JOB, { deliveryId: delivery.id }, { transaction: manager });
      return delivery;
    });
  }

  listRules(owner: Owner): Promise<NotificationRule[]> {
    return this.deps.dataSource.getRepository(NotificationRule).find({ where: { ownerId: owner.id }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  async createRule(owner: Owner, input: RuleInput): Promise<NotificationRule> {
    const events = Array.isArray(input.events) ? [...new Set(input.events)] : [];
    if (events.length === 0) throw invalidInput('Choose at least one event', 'events');
    const unknown = events.find((event) => !EVENT_KINDS.includes(event as NotificationEventKind));
    if (unknown !== undefined) throw invalidInput(`Unknown event "${String(unknown).slice(0, 50)}"; events are ${EVENT_KINDS.join(', ')}`, 'events');
    const channel = await this.channel(owner, input.channelId).catch(() => {
      throw invalidInput('Choose one of your channels', 'channelId');
    });
    const projectId = input.projectId === undefined || input.projectId === null || input.projectId === '' ? null : (await this.deps.projects.reachable(owner, input.projectId)).id;
    const repository = this.deps.dataSource.getRepository(NotificationRule);
    const rule = await repository.save(repository.create({ ownerId: owner.id, channelId: channel.id, projectId, events: events as NotificationEventKind[] }));
    return this.rule(owner, rule.id);
  }

  async deleteRule(owner: Owner, id: unknown): Promise<NotificationRule> {
    const rule = await this.rule(owner, id);
    await this.deps.dataSource.getRepository(NotificationRule).delete({ id: rule.id, ownerId: owner.id });
    return rule;
  }

  /** The newest deliveries first, of one channel when given; at most `limit` (default and most MAX_DELIVERIES_LISTED). */
  async listDeliveries(owner: Owner, options: { channelId?: unknown; limit?: unknown } = {}): Promise<NotificationDelivery[]> {
    const limit = options.limit === undefined || options.limit === null || options.limit === '' ? MAX_DELIVERIES_LISTED : Number(options.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_DELIVERIES_LISTED) throw invalidInput(`Limit must be between 1 and ${MAX_DELIVERIES_LISTED}`, 'limit');
    const channelId = options.channelId === undefined || options.channelId === null || options.channelId === '' ? undefined : (await this.channel(owner, options.channelId)).id;
    return this.deps.dataSource.getRepository(NotificationDelivery).find({
      where: { ownerId: owner.id, ...(channelId ? { channelId } : {}) },
      order: { createdAt: 'DESC', id: 'DESC' },
      take: limit,
    });
  }

  /**
   * Sends a trigger to every matching rule's channel (one delivery per channel). The first process to record its key
   * sends it; the others, who heard the same event, find the key taken. Answers the number of deliveries queued.
   */
  async trigger(event: NotificationTrigger): Promise<number> {
    return this.deps.dataSource.transaction(async (manager) => {
      const claimed: unknown[] = await manager.query(`INSERT INTO notification_triggers (key) VALUES ($1) ON CONFLICT DO NOTHING RETURNING key`, [event.key]);
      if (claimed.length === 0) return 0;
      // The rules of the project's owner and of its members (as they are now: a removed member's rules no longer match).
      const channels: Array<{ channel_id: string; owner_id: string }> = await manager.query(
        `SELECT DISTINCT channel_id, owner_id FROM notification_rules
          WHERE (owner_id = $1 OR owner_id IN (SELECT user_id FROM project_members WHERE project_id = $2))
            AND (project_id IS NULL OR project_id = $2) AND $3 = ANY(events)`,
        [event.ownerId, event.projectId, event.kind],
      );
      if (channels.length === 0) return 0;
      const [project] = await manager.query(`SELECT id, name FROM projects WHERE id = $1`, [event.projectId]);
      const payload = { event: event.kind, occurred_at: new Date().toISOString(), project: project ? { id: project.id, name: project.name } : null, summary: event.summary, details: event.details };
      for (const { channel_id, owner_id } of channels) {
        const delivery = await manager.save(
          manager.create(NotificationDelivery, { ownerId: owner_id, channelId: channel_id, projectId: event.projectId, event: event.kind, summary: event.summary, payload }),
        );
        await this.deps.queue.enqueue(DELIVER_JOB, { deliveryId: delivery.id }, { transaction: manager });
      }
      return channels.length;
    });
  }

  /** Re-arms a trigger that may happen again (an app healthy again can turn unhealthy again). */
  async rearm(key: string): Promise<void> {
    await this.deps.dataSource.query(`DELETE FROM notification_triggers WHERE key = $1`, [key]);
  }

  /**
   * One attempt at a delivery (the job's handler). A failed attempt is recorded and thrown, so pg-boss retries it
   * with backoff, until the last one, which leaves the delivery failed.
   */
  async deliver(deliveryId: string): Promise<void> {
    const repository = this.deps.dataSource.getRepository(NotificationDelivery);
    const delivery = await repository.findOne({ where: { id: deliveryId }, relations: { channel: true } });
    if (!delivery?.channel || delivery.status === DeliveryStatus.delivered || delivery.status === DeliveryStatus.failed) return;
    const attempts = delivery.attempts + 1;
    const started = performance.now();
    const attemptedAt = new Date();
    let outcome: { status: number | null; body: string | null; error: string | null };
    try {
      outcome = await this.attempt(delivery, delivery.channel);
    } catch (error) {
      outcome = { status: null, body: null, error: (error instanceof Error ? error.message : String(error)).slice(0, 500) };
    }
    const delivered = outcome.error === null;
    const status = delivered ? DeliveryStatus.delivered : attempts >= MAX_ATTEMPTS ? DeliveryStatus.failed : DeliveryStatus.retrying;
    await repository.update(delivery.id, {
      attempts,
      status,
      attemptedAt,
      responseStatus: outcome.status,
      responseBody: outcome.body,
      error: outcome.error,
      durationMs: Math.round(performance.now() - started),
    });
    if (status === DeliveryStatus.retrying) throw new Error(`notification delivery attempt ${attempts} failed`);
  }

  private async attempt(delivery: NotificationDelivery, channel: NotificationChannel): Promise<{ status: number | null; body: string | null; error: string | null }> {
    if (channel.kind === NotificationChannelKind.email) {
      if (!this.deps.email || !channel.email) return { status: null, body: null, error: 'No SMTP server is configured' };
      const answer = await this.deps.email.send(channel.email, `[Slipway] ${delivery.summary}`, emailText(delivery));
      return { status: answer.code, body: answer.reply, error: null };
    }
    const body = JSON.stringify({ id: delivery.id, ...delivery.payload });
    const secret = this.deps.secretBox.open(channel.secretSealed ?? '', secretContext(channel.id));
    const answer = await this.deps.guard.post(parseWebhookUrl(channel.url), body, {
      'user-agent': 'Slipway-Webhook',
      'x-slipway-event': delivery.event,
      'x-slipway-delivery': delivery.id,
      'x-slipway-timestamp': String(Math.floor(Date.now() / 1000)),
      [SIGNATURE_HEADER.toLowerCase()]: signatureOf(secret, body),
    });
    if (answer.status >= 200 && answer.status < 300) return { status: answer.status, body: answer.body, error: null };
    const error = answer.location !== null && answer.status >= 300 && answer.status < 400 ? `Redirect to ${answer.location.slice(0, 200)} not followed` : `The receiver answered ${answer.status}`;
    return { status: answer.status, body: answer.body, error };
  }

  private async channel(owner: Owner, id: unknown): Promise<NotificationChannel> {
    if (!isUuid(id)) throw channelNotFound();
    const channel = await this.deps.dataSource.getRepository(NotificationChannel).findOneBy({ id, ownerId: owner.id });
    if (!channel) throw channelNotFound();
    return channel;
  }

  private async rule(owner: Owner, id: unknown): Promise<NotificationRule> {
    if (!isUuid(id)) throw ruleNotFound();
    const rule = await this.deps.dataSource.getRepository(NotificationRule).findOneBy({ id, ownerId: owner.id });
    if (!rule) throw ruleNotFound();
    return rule;
  }
}

function emailText(delivery: NotificationDelivery): string {
  const payload = delivery.payload as { project?: { name: string } | null; occurred_at?: string; details?: Record<string, unknown> };
  const lines = [delivery.summary, ''];
  if (payload.project) lines.push(`Project: ${payload.project.name}`);
  lines.push(`Event: ${delivery.event}`, `When: ${payload.occurred_at ?? delivery.createdAt.toISOString()}`);
  for (const [key, value] of Object.entries(payload.details ?? {})) if (value !== null && value !== undefined) lines.push(`${key}: ${String(value)}`);
  return lines.join('\n');
}
