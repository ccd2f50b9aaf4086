import { createHmac, timingSafeEqual } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { EventBus } from '../../events/event-bus.js';
import { pushMessage } from '../git/repository-pushes.js';
import type { ProjectsService } from '../projects/projects.service.js';

/** What Slipway answers GitHub: the status and a line GitHub shows beside the delivery. */
export interface WebhookAnswer {
  status: number;
  message: string;
}

/** One delivery as it came: the project its URL names, GitHub's headers and the raw body the signature covers. */
export interface WebhookDelivery {
  projectId: string;
  event: string | undefined;
  guid: string | undefined;
  signature: string | undefined;
  body: Buffer;
}

const SIGNATURE = /^sha256=([0-9a-f]{64})$/;
const GUID = /^[0-9A-Za-z-]{1,100}$/;
const ZERO = /^0{40}$/;
const BRANCH_REF = 'refs/heads/';
const HANDLED = 'push';

const answer = (status: number, message: string): WebhookAnswer => ({ status, message });

/**
 * GitHub's webhook deliveries for cloud projects (`POST /hooks/github/<project id>`). Each is checked before anything
 * is read from it: the project must have a webhook, the body must carry its HMAC-SHA256 signature (compared in
 * constant time), the repository must be the project's. A delivery is acted on once: its GUID is recorded, so a
 * redelivery or a replay changes nothing. A push to a branch becomes a `repository.pushed` event (as one over Slipway's
 * own git HTTP does), which is all the work done while GitHub waits; what follows runs elsewhere.
 */
export class GitHubWebhooks {
  constructor(
    private readonly dataSource: DataSource,
    private readonly projects: Pick<ProjectsService, 'webhookSecret'>,
    private readonly bus: EventBus,
  ) {}

  async receive(delivery: WebhookDelivery): Promise<WebhookAnswer> {
    const hook = await this.projects.webhookSecret(delivery.projectId);
    if (!hook) return answer(404, 'No webhook here');
    const signature = SIGNATURE.exec(delivery.signature ?? '')?.[1];
    if (!signature) return answer(401, 'Missing or malformed X-Hub-Signature-256 header');
    const expected = createHmac('sha256', hook.secret).update(delivery.body).digest();
    if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) return answer(401, 'The signature does not match this webhook');
    if (delivery.event === 'ping') return answer(200, 'pong');
    if (delivery.event !== HANDLED) return answer(400, `Unsupported event ${JSON.stringify(String(delivery.event ?? '').slice(0, 50))}: this webhook takes push events`);
    if (!delivery.guid || !GUID.test(delivery.guid)) return answer(400, 'Missing or malformed X-GitHub-Delivery header');

    const payload = parse(delivery.body);
    if (!payload) return answer(400, 'The body is not a push event');
    if (payload.repository.toLowerCase() !== `${hook.organization}/${hook.repository}`.toLowerCase()) {
      return answer(404, `This webhook is for ${hook.organization}/${hook.repository}, not ${payload.repository.slice(0, 200)}`);
    }
    const inserted: unknown[] = await this.dataSource.query(
      `INSERT INTO webhook_deliveries (guid, project_id, event) VALUES ($1, $2, $3) ON CONFLICT (guid) DO NOTHING RETURNING guid`,
      [delivery.guid, hook.projectId, delivery.event],
    );
    if (!inserted.length) return answer(200, 'Already received: nothing done again');
    if (!payload.ref.startsWith(BRANCH_REF)) return answer(202, `Ignored: ${payload.ref.slice(0, 200)} is not a branch`);
    await this.bus.publish('repository.pushed', {
      projectId: hook.projectId,
      ownerId: hook.ownerId,
      pusherId: null,
      pusherName: payload.pusher,
      branch: payload.ref.slice(BRANCH_REF.length),
      before: payload.before,
      after: payload.after,
      message: payload.message,
    });
    return answer(202, 'Received');
  }
}

interface PushPayload {
  repository: string;
  ref: string;
  before: string | null;
  after: string | null;
  pusher: string;
  message: string | null;
}

/** The fields of a push event Slipway reads, or null when the body is not one. */
function parse(body: Buffer): PushPayload | null {
  interface Received {
    ref?: unknown;
    before?: unknown;
    after?: unknown;
    repository?: { full_name?: unknown };
    pusher?: { name?: unknown };
    head_commit?: { message?: unknown } | null;
  }
  let data: Received | null;
  try {
    data = JSON.parse(body.toString('utf8')) as Received | null;
  } catch {
    return null;
  }
  const sha = (value: unknown) => (typeof value === 'string' && /^[0-9a-f]{40}$/.test(value) ? (ZERO.test(value) ? null : value) : undefined);
  const [before, after] = [sha(data?.before), sha(data?.after)];
  const repository = data?.repository?.full_name;
  if (typeof data?.ref !== 'string' || typeof repository !== 'string' || before === undefined || after === undefined) return null;
  const commitMessage = data.head_commit?.message;
  const pusherName = data.pusher?.name;
  const message = typeof commitMessage === 'string' ? pushMessage(commitMessage) : null;
  const pusher = typeof pusherName === 'string' ? `${pusherName.slice(0, 100)} (GitHub)` : 'GitHub';
  return { repository, ref: data.ref, before, after, pusher, message: after ? message : null };
}
