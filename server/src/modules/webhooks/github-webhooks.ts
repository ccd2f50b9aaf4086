import { createHmac, timingSafeEqual } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { EventBus, PullRequestAction } from '../../events/event-bus.js';
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
const HANDLED = ['push', 'pull_request'];
const PULL_REQUEST_ACTIONS: readonly string[] = ['opened', 'reopened', 'synchronize', 'closed'] satisfies PullRequestAction[];

const answer = (status: number, message: string): WebhookAnswer => ({ status, message });

/**
 * GitHub's webhook deliveries for cloud projects (`POST /hooks/github/<project id>`). Each is checked before anything
 * is read from it: the project must have a webhook, the body must carry its HMAC-SHA256 signature (compared in
 * constant time), the repository must be the project's. A delivery is acted on once: its GUID is recorded, so a
 * redelivery or a replay changes nothing. A push to a branch becomes a `repository.pushed` event (as one over Slipway's
 * own git HTTP does), and so does a pull request opened, reopened, synchronized or closed (for its head branch, with the
 * pull request); that is all the work done while GitHub waits; what follows runs elsewhere.
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
    const event = delivery.event ?? '';
    if (!HANDLED.includes(event)) return answer(400, `Unsupported event ${JSON.stringify(event.slice(0, 50))}: this webhook takes push and pull_request events`);
    if (!delivery.guid || !GUID.test(delivery.guid)) return answer(400, 'Missing or malformed X-GitHub-Delivery header');

    const payload = event === 'push' ? parsePush(delivery.body) : parsePullRequest(delivery.body);
    if (!payload) return answer(400, `The body is not a ${event} event`);
    if (payload.repository.toLowerCase() !== `${hook.organization}/${hook.repository}`.toLowerCase()) {
      return answer(404, `This webhook is for ${hook.organization}/${hook.repository}, not ${payload.repository.slice(0, 200)}`);
    }
    const inserted: unknown[] = await this.dataSource.query(
      `INSERT INTO webhook_deliveries (guid, project_id, event) VALUES ($1, $2, $3) ON CONFLICT (guid) DO NOTHING RETURNING guid`,
      [delivery.guid, hook.projectId, event],
    );
    if (!inserted.length) return answer(200, 'Already received: nothing done again');
    const owner = { projectId: hook.projectId, ownerId: hook.ownerId, pusherId: null };
    if ('pullRequest' in payload) {
      const { pullRequest } = payload;
      if (!PULL_REQUEST_ACTIONS.includes(pullRequest.action)) return answer(202, `Ignored: pull request action ${JSON.stringify(pullRequest.action.slice(0, 50))}`);
      if (pullRequest.headRepository.toLowerCase() !== payload.repository.toLowerCase()) {
        return answer(202, `Ignored: pull request #${pullRequest.number} comes from another repository (a fork)`);
      }
      await this.bus.publish('repository.pushed', {
        ...owner,
        pusherName: payload.pusher,
        branch: pullRequest.branch,
        before: pullRequest.action === 'synchronize' ? pullRequest.before : null,
        after: pullRequest.head,
        message: pullRequest.title,
        pullRequest: { number: pullRequest.number, action: pullRequest.action as PullRequestAction, delivery: delivery.guid },
      });
      return answer(202, 'Received');
    }
    if (!payload.ref.startsWith(BRANCH_REF)) return answer(202, `Ignored: ${payload.ref.slice(0, 200)} is not a branch`);
    await this.bus.publish('repository.pushed', {
      ...owner,
      pusherName: payload.pusher,
      branch: payload.ref.slice(BRANCH_REF.length),
      before: payload.before,
      after: payload.after,
      message: payload.message,
    });
    return answer(202, 'Received');
  }
}

const sha = (value: unknown) => (typeof value === 'string' && /^[0-9a-f]{40}$/.test(value) ? (ZERO.test(value) ? null : value) : undefined);
const pusherOf = (name: unknown) => (typeof name === 'string' ? `${name.slice(0, 100)} (GitHub)` : 'GitHub');

function json<T>(body: Buffer): T | null {
  try {
    return JSON.parse(body.toString('utf8')) as T | null;
  } catch {
    return null;
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
function parsePush(body: Buffer): PushPayload | null {
  interface Received {
    ref?: unknown;
    before?: unknown;
    after?: unknown;
    repository?: { full_name?: unknown };
    pusher?: { name?: unknown };
    head_commit?: { message?: unknown } | null;
  }
  const data = json<Received>(body);
  const [before, after] = [sha(data?.before), sha(data?.after)];
  const repository = data?.repository?.full_name;
  if (typeof data?.ref !== 'string' || typeof repository !== 'string' || before === undefined || after === undefined) return null;
  const commitMessage = data.head_commit?.message;
  const message = typeof commitMessage === 'string' ? pushMessage(commitMessage) : null;
  return { repository, ref: data.ref, before, after, pusher: pusherOf(data.pusher?.name), message: after ? message : null };
}

interface PullRequestPayload {
  repository: string;
  pusher: string;
  pullRequest: { action: string; number: number; title: string; branch: string; head: string; before: string | null; headRepository: string };
}

/** The fields of a pull_request event Slipway reads (GitHub's format), or null when the body is not one. */
function parsePullRequest(body: Buffer): PullRequestPayload | null {
  interface Received {
    action?: unknown;
    number?: unknown;
    before?: unknown;
    pull_request?: { title?: unknown; head?: { ref?: unknown; sha?: unknown; repo?: { full_name?: unknown } | null } };
    repository?: { full_name?: unknown };
    sender?: { login?: unknown };
  }
  const data = json<Received>(body);
  const head = data?.pull_request?.head;
  const [repository, headRepository, title] = [data?.repository?.full_name, head?.repo?.full_name ?? '', data?.pull_request?.title];
  const [headSha, before] = [sha(head?.sha), sha(data?.before)];
  const number = data?.number;
  if (typeof data?.action !== 'string' || typeof repository !== 'string' || typeof number !== 'number' || !Number.isInteger(number) || number < 1) return null;
  if (typeof head?.ref !== 'string' || !headSha || typeof headRepository !== 'string' || typeof title !== 'string') return null;
  return {
    repository,
    pusher: pusherOf(data.sender?.login),
    pullRequest: { action: data.action, number, title: pushMessage(title), branch: head.ref, head: headSha, before: before ?? null, headRepository },
  };
}
