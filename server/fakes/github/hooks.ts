import { createHmac, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import git from 'isomorphic-git';
import { invalid, notFound, type Request, type Router } from './http.js';
import type { FakeUser } from './representations.js';
import { type GitHubState, now, type Repository } from './state.js';

/** A repository webhook as the fake keeps it (the secret in clear, as GitHub needs it to sign). */
interface HookRecord {
  id: number;
  repo: Repository;
  events: string[];
  active: boolean;
  config: { url: string; content_type: string; secret?: string; insecure_ssl: string };
  createdAt: string;
  updatedAt: string;
  lastResponse: { code: number | null; status: string; message: string | null };
}

/** One delivery: what was sent and what the receiver answered, kept for the deliveries API and redelivery. */
interface DeliveryRecord {
  id: number;
  guid: string;
  hook: HookRecord;
  event: string;
  action: string | null;
  body: string;
  deliveredAt: string;
  redelivery: boolean;
  duration: number;
  statusCode: number;
  status: string;
}

const ZERO = '0'.repeat(40);
const EVENTS = new Set(['*', 'push', 'delete', 'create', 'ping', 'pull_request']);
const STATUS_TEXT: Record<number, string> = { 200: 'OK', 201: 'Created', 202: 'Accepted', 204: 'No Content', 400: 'Bad Request', 401: 'Unauthorized', 404: 'Not Found', 409: 'Conflict', 422: 'Unprocessable Entity' };

/**
 * Repository webhooks (repos/webhooks) with real deliveries: on every ref a push moves (`push`, and `delete` for a
 * deleted branch or tag), `ping` when a hook is made, and `pull_request` (sent by pulls.ts). Each delivery is a POST of the event's JSON
 * with GitHub's headers (X-GitHub-Event, X-GitHub-Delivery, X-GitHub-Hook-ID, X-Hub-Signature-256 over the body with
 * the hook's secret); its answer is listed under the hook's deliveries, and a redelivery sends the same GUID again.
 */
export class FakeHooks {
  private readonly hooks: HookRecord[] = [];
  private readonly deliveries: DeliveryRecord[] = [];
  /** Deliveries still on their way: close() and tests wait for them. */
  private readonly sending = new Set<Promise<void>>();

  constructor(private readonly state: GitHubState) {}

  routes(router: Router): void {
    const state = this.state;
    router.route('GET', '/repos/{owner}/{repo}/hooks', (request) => {
      const repo = this.adminRepository(request, 'repos/webhooks#list-repository-webhooks');
      return { status: 200, body: this.hooks.filter((hook) => hook.repo === repo).map((hook) => this.json(hook)) };
    });

    router.route('POST', '/repos/{owner}/{repo}/hooks', (request) => {
      const documentation = 'repos/webhooks#create-a-repository-webhook';
      const repo = this.adminRepository(request, documentation);
      const config = (request.body.config ?? {}) as Record<string, unknown>;
      const events = (request.body.events ?? ['push']) as unknown;
      if (typeof config.url !== 'string' || !/^https?:\/\/[^/]+/.test(config.url)) throw invalid('Validation Failed', documentation);
      if (!Array.isArray(events) || events.some((event) => typeof event !== 'string' || !EVENTS.has(event))) throw invalid('Validation Failed', documentation);
      if (this.hooks.some((hook) => hook.repo === repo && hook.config.url === config.url)) throw invalid('Validation Failed: Hook already exists on this repository', documentation);
      const at = now();
      const hook: HookRecord = {
        id: state.nextId(),
        repo,
        events: events as string[],
        active: request.body.active !== false,
        config: { url: config.url, content_type: config.content_type === 'form' ? 'form' : 'json', secret: typeof config.secret === 'string' ? config.secret : undefined, insecure_ssl: String(config.insecure_ssl ?? '0') },
        createdAt: at,
        updatedAt: at,
        lastResponse: { code: null, status: 'unused', message: null },
      };
      this.hooks.push(hook);
      this.send(hook, 'ping', null, { zen: 'Keep it logically awesome.', hook_id: hook.id, hook: this.json(hook), repository: this.repository(repo), sender: this.sender(request.session.user) });
      return { status: 201, body: this.json(hook), headers: { location: `${state.repoUrl(repo)}/hooks/${hook.id}` } };
    });

    router.route('PATCH', '/repos/{owner}/{repo}/hooks/{hook_id}', (request) => {
      const documentation = 'repos/webhooks#update-a-repository-webhook';
      const hook = this.hookOf(request, documentation);
      const config = (request.body.config ?? {}) as Record<string, unknown>;
      const { events, active } = request.body;
      if (config.url !== undefined && (typeof config.url !== 'string' || !/^https?:\/\/[^/]+/.test(config.url))) throw invalid('Validation Failed', documentation);
      if (events !== undefined && (!Array.isArray(events) || events.some((event) => typeof event !== 'string' || !EVENTS.has(event)))) throw invalid('Validation Failed', documentation);
      if (typeof config.url === 'string') hook.config.url = config.url;
      if (typeof config.secret === 'string') hook.config.secret = config.secret;
      if (config.content_type === 'json' || config.content_type === 'form') hook.config.content_type = config.content_type;
      if (config.insecure_ssl !== undefined) hook.config.insecure_ssl = String(config.insecure_ssl);
      if (Array.isArray(events)) hook.events = events as string[];
      if (typeof active === 'boolean') hook.active = active;
      hook.updatedAt = now();
      return { status: 200, body: this.json(hook) };
    });

    router.route('DELETE', '/repos/{owner}/{repo}/hooks/{hook_id}', (request) => {
      const hook = this.hookOf(request, 'repos/webhooks#delete-a-repository-webhook');
      this.hooks.splice(this.hooks.indexOf(hook), 1);
      return { status: 204 };
    });

    router.route('GET', '/repos/{owner}/{repo}/hooks/{hook_id}/deliveries', (request) => {
      const hook = this.hookOf(request, 'repos/webhooks#list-deliveries-for-a-repository-webhook');
      const items = this.deliveries.filter((delivery) => delivery.hook === hook).reverse();
      return { status: 200, body: items.map((delivery) => this.deliveryJson(delivery)) };
    });

    router.route('POST', '/repos/{owner}/{repo}/hooks/{hook_id}/deliveries/{delivery_id}/attempts', (request) => {
      const documentation = 'repos/webhooks#redeliver-a-delivery-for-a-repository-webhook';
      const hook = this.hookOf(request, documentation);
      const delivery = this.deliveries.find((candidate) => candidate.hook === hook && String(candidate.id) === request.params.delivery_id);
      if (!delivery) throw notFound(documentation);
      this.post(hook, delivery.event, delivery.action, delivery.body, delivery.guid, true);
      return { status: 202, body: {} };
    });
  }

  /** A push moved `ref` from `before` to `after` (either may be null: created, deleted): push and delete events. */
  async refMoved(repo: Repository, pusher: FakeUser, ref: string, before: string | null, after: string | null): Promise<void> {
    if (!this.hooks.some((hook) => hook.repo === repo)) return;
    const head = after ? await this.commitOf(repo, after) : null;
    const commits = head ? [head] : [];
    this.broadcast(repo, 'push', null, {
      ref,
      before: before ?? ZERO,
      after: after ?? ZERO,
      created: before === null,
      deleted: after === null,
      forced: false,
      base_ref: null,
      compare: `${this.state.base}/${repo.owner.login}/${repo.name}/compare/${(before ?? ZERO).slice(0, 12)}...${(after ?? ZERO).slice(0, 12)}`,
      commits,
      head_commit: head,
      repository: this.repository(repo),
      pusher: { name: pusher.login, email: `${pusher.id}+${pusher.login}@users.noreply.github.com` },
      sender: this.sender(pusher),
    });
    if (after === null) {
      this.broadcast(repo, 'delete', null, { ref: ref.replace(/^refs\/(heads|tags)\//, ''), ref_type: ref.startsWith('refs/heads/') ? 'branch' : 'tag', pusher_type: 'user', repository: this.repository(repo), sender: this.sender(pusher) });
    }
  }

  /** The secret of the repository's webhook for `url` (for tests: GitHub never shows it), or null. */
  secretOf(repo: Repository, url: string): string | null {
    return this.hooks.find((hook) => hook.repo === repo && hook.config.url === url)?.config.secret ?? null;
  }

  /** Waits until every delivery sent so far has been answered (or failed). */
  async settled(): Promise<void> {
    while (this.sending.size) await Promise.all([...this.sending]);
  }

  /** Sends the event to each active webhook of the repository that subscribes to it. */
  broadcast(repo: Repository, event: string, action: string | null, payload: Record<string, unknown>): void {
    for (const hook of this.hooks) {
      if (hook.repo === repo && hook.active && (hook.events.includes(event) || hook.events.includes('*'))) this.send(hook, event, action, payload);
    }
  }

  /** Work that ends in deliveries (e.g. a payload still being read): settled() waits for it too. */
  track(work: Promise<void>): void {
    const tracked = work.finally(() => this.sending.delete(tracked));
    this.sending.add(tracked);
  }

  private send(hook: HookRecord, event: string, action: string | null, payload: Record<string, unknown>): void {
    this.post(hook, event, action, JSON.stringify(payload), randomUUID(), false);
  }

  private post(hook: HookRecord, event: string, action: string | null, body: string, guid: string, redelivery: boolean): void {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'user-agent': 'GitHub-Hookshot/fake',
      'x-github-event': event,
      'x-github-delivery': guid,
      'x-github-hook-id': String(hook.id),
      'x-github-hook-installation-target-type': 'repository',
      'x-github-hook-installation-target-id': String(hook.repo.id),
    };
    if (hook.config.secret) {
      headers['x-hub-signature'] = `sha1=${createHmac('sha1', hook.config.secret).update(body).digest('hex')}`;
      headers['x-hub-signature-256'] = `sha256=${createHmac('sha256', hook.config.secret).update(body).digest('hex')}`;
    }
    const started = performance.now();
    const record = (statusCode: number, status: string) => {
      this.deliveries.push({ id: this.state.nextId(), guid, hook, event, action, body, deliveredAt: now(), redelivery, duration: (performance.now() - started) / 1000, statusCode, status });
      hook.lastResponse = { code: statusCode || null, status: statusCode >= 200 && statusCode < 300 ? 'active' : 'failed', message: status };
    };
    const sent = fetch(hook.config.url, { method: 'POST', headers, body, redirect: 'manual', signal: AbortSignal.timeout(10_000) })
      .then(async (answer) => {
        await answer.arrayBuffer();
        record(answer.status, STATUS_TEXT[answer.status] ?? `Invalid HTTP Response: ${answer.status}`);
      })
      .catch(() => record(0, 'failed to connect to host'))
      .finally(() => this.sending.delete(sent));
    this.sending.add(sent);
  }

  /** Webhooks are for the repository's administrators only (classic tokens: `repo` or `admin:repo_hook`); others get 404. */
  private adminRepository(request: Request, documentation: string): Repository {
    const repo = this.state.repository(request, documentation);
    const scoped = this.state.hasScope(request.session, 'repo') || this.state.hasScope(request.session, 'admin:repo_hook');
    if (this.state.role(repo.owner, request.session) !== 'admin' || !scoped) throw notFound(documentation);
    return repo;
  }

  private hookOf(request: Request, documentation: string): HookRecord {
    const repo = this.adminRepository(request, documentation);
    const hook = this.hooks.find((candidate) => candidate.repo === repo && String(candidate.id) === request.params.hook_id);
    if (!hook) throw notFound(documentation);
    return hook;
  }

  private async commitOf(repo: Repository, sha: string) {
    try {
      const { commit } = await git.readCommit({ fs, gitdir: repo.gitdir, oid: sha });
      const person = (who: { name: string; email: string; timestamp: number }) => ({ name: who.name, email: who.email, username: who.name });
      return {
        id: sha,
        tree_id: commit.tree,
        distinct: true,
        message: commit.message.replace(/\n$/, ''),
        timestamp: new Date(commit.committer.timestamp * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
        url: `${this.state.base}/${repo.owner.login}/${repo.name}/commit/${sha}`,
        author: person(commit.author),
        committer: person(commit.committer),
        added: [],
        removed: [],
        modified: [],
      };
    } catch {
      // An annotated tag's object, not a commit: GitHub sends no head commit for it either.
      return null;
    }
  }

  private repository(repo: Repository) {
    return { id: repo.id, name: repo.name, full_name: `${repo.owner.login}/${repo.name}`, private: repo.private, owner: { login: repo.owner.login, id: repo.owner.id, type: 'Organization' }, default_branch: repo.defaultBranch, html_url: `${this.state.base}/${repo.owner.login}/${repo.name}`, clone_url: `${this.state.base}/${repo.owner.login}/${repo.name}.git` };
  }

  private sender(user: FakeUser) {
    return { login: user.login, id: user.id, type: 'User' };
  }

  private configJson(hook: HookRecord) {
    return { url: hook.config.url, content_type: hook.config.content_type, insecure_ssl: hook.config.insecure_ssl, ...(hook.config.secret ? { secret: '********' } : {}) };
  }

  private json(hook: HookRecord) {
    const url = `${this.state.repoUrl(hook.repo)}/hooks/${hook.id}`;
    return {
      type: 'Repository',
      id: hook.id,
      name: 'web',
      active: hook.active,
      events: hook.events,
      config: this.configJson(hook),
      updated_at: hook.updatedAt,
      created_at: hook.createdAt,
      url,
      test_url: `${url}/test`,
      ping_url: `${url}/pings`,
      deliveries_url: `${url}/deliveries`,
      last_response: hook.lastResponse,
    };
  }

  private deliveryJson(delivery: DeliveryRecord) {
    return {
      id: delivery.id,
      guid: delivery.guid,
      delivered_at: delivery.deliveredAt,
      redelivery: delivery.redelivery,
      duration: delivery.duration,
      status: delivery.status,
      status_code: delivery.statusCode,
      event: delivery.event,
      action: delivery.action,
      installation_id: null,
      repository_id: delivery.hook.repo.id,
    };
  }
}
