import type { DataSource } from 'typeorm';
import type { SecretBox } from '../../common/secret-box.js';
import type { EventBus } from '../../events/event-bus.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { Feature } from '../feature.js';
import type { Project } from '../projects/project.entity.js';
import { EmailSender, type SmtpSettings } from './email-sender.js';
import { NotificationTriggers } from './notification-triggers.js';
import { NotificationsResolver } from './notifications.resolver.js';
import { notificationSchemas, notificationsRoutes } from './notifications.routes.js';
import { DELIVER_JOB, MAX_ATTEMPTS, NotificationsService } from './notifications.service.js';
import { WebhookAddressPolicy, WebhookGuard } from './webhook-target.js';

/**
 * Notifications: the service (GraphQL and REST), the delivery job, and the triggers that listen on the bus in every
 * process (the first to record a trigger sends it).
 */
export function notificationsModule(deps: {
  dataSource: DataSource;
  bus: EventBus;
  queue: JobQueue;
  secretBox: SecretBox;
  projects: { reachable(user: { id: string }, id: unknown): Promise<Project> };
  smtp: SmtpSettings | undefined;
  /** CIDR ranges webhooks may reach although private or loopback (SLIPWAY_WEBHOOK_ALLOW). */
  webhookAllow: string[];
}) {
  const email = deps.smtp ? new EmailSender(deps.smtp) : null;
  const service = new NotificationsService({
    dataSource: deps.dataSource,
    queue: deps.queue,
    secretBox: deps.secretBox,
    projects: deps.projects,
    guard: new WebhookGuard(new WebhookAddressPolicy(deps.webhookAllow)),
    email,
  });
  const triggers = new NotificationTriggers(deps.dataSource, deps.bus, service);
  triggers.start();
  const feature: Feature = {
    rest: { routes: notificationsRoutes(service), schemas: notificationSchemas },
    resolvers: [new NotificationsResolver(service)],
    defineJobs: (queue) =>
      queue.define<{ deliveryId: string }>(DELIVER_JOB, ({ deliveryId }) => service.deliver(deliveryId), { retryLimit: MAX_ATTEMPTS - 1, expireInSeconds: 60, concurrency: 4 }),
  };
  return { feature, service };
}
