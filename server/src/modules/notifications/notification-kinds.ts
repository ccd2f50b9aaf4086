import { registerEnumType } from 'type-graphql';

/** What a rule can be told about. */
export enum NotificationEventKind {
  pipeline_failed = 'pipeline_failed',
  deployment_failed = 'deployment_failed',
  app_unhealthy = 'app_unhealthy',
  production_deployed = 'production_deployed',
}

export enum NotificationChannelKind {
  webhook = 'webhook',
  email = 'email',
}

export enum DeliveryStatus {
  pending = 'pending',
  retrying = 'retrying',
  delivered = 'delivered',
  failed = 'failed',
}

export const EVENT_KINDS = Object.values(NotificationEventKind);
export const CHANNEL_KINDS = Object.values(NotificationChannelKind);
export const DELIVERY_STATUSES = Object.values(DeliveryStatus);

registerEnumType(NotificationEventKind, {
  name: 'NotificationEventKind',
  description: 'Something a notification rule can be told about',
  valuesConfig: {
    pipeline_failed: { description: 'A pipeline run (creation, build, deployment, deletion) failed' },
    deployment_failed: { description: 'A deployment failed or was rolled back' },
    app_unhealthy: { description: "A deployed app keeps crashing or its health checks turned unhealthy" },
    production_deployed: { description: 'A deployment to production succeeded and serves' },
  },
});

registerEnumType(NotificationChannelKind, {
  name: 'NotificationChannelKind',
  description: 'How a notification is sent',
  valuesConfig: {
    webhook: { description: 'A signed JSON POST to a URL' },
    email: { description: 'An email over the SMTP server Slipway is configured with' },
  },
});

registerEnumType(DeliveryStatus, {
  name: 'NotificationDeliveryStatus',
  description: "Where a notification's delivery stands",
  valuesConfig: {
    pending: { description: 'Waiting for its first attempt' },
    retrying: { description: 'An attempt failed; another one follows with backoff' },
    delivered: { description: 'The receiver accepted it (2xx, or the SMTP server took it)' },
    failed: { description: 'Every attempt failed' },
  },
});
