import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sodium from 'libsodium-wrappers';
import { accountRoutes } from './accounts.js';
import type { FakeRunner } from './actions.js';
import { contentsRoutes } from './contents.js';
import { GIT_PATH, serveGit } from './git-http.js';
import { gitDataRoutes } from './git-data.js';
import { type Answer, HttpError, Router, fail, notFound } from './http.js';
import { repositoryRoutes } from './repositories.js';
import { commandRunner, dockerHubPublisher } from './runners.js';
import { secretRoutes } from './secrets.js';
import { GitHubState, now, repoKey } from './state.js';
import { LOG_PATH_PREFIX, workflowRunRoutes } from './workflow-runs.js';

/**
 * A stateful fake of GitHub's REST API (api.github.com, version 2022-11-28) for the GitHub source host: users
 * and organizations, organization repositories, the Git Data API (blobs, trees, commits, refs, annotated tags)
 * over real bare git repositories on disk (so every sha is a real git object id), the Contents API's file
 * creation (the only way into an empty repository), and Actions secrets sealed with a per-repository libsodium
 * key pair, and GitHub Actions workflow runs started by pushes (see actions.ts). Authentication, classic-token
 * scopes, rate limits and error bodies follow GitHub's documentation.
 *
 * One module per resource, as the Kubernetes fake has: accounts.ts (rate limit, user, organizations), repositories.ts,
 * contents.ts, git-data.ts (with git-objects.ts), secrets.ts, workflow-runs.ts (the runs themselves: actions.ts),
 * hooks.ts (webhooks and their deliveries), pulls.ts (pull requests, commit lists and comparisons) and git-http.ts (git over smart HTTP); state.ts holds what
 * they share. This file composes them behind one server.
 */

export interface FakeGitHubOptions {
  port?: number;
  /** Where the bare repositories live; a temporary directory (removed by close) when absent. */
  dataDir?: string;
  /** Called with every answer, e.g. to check answers against the OpenAPI description in a test. */
  onResponse?: (exchange: FakeGitHubExchange) => void;
  /**
   * Carries out the jobs of workflow runs (default: commandRunner(), the build of the repository's slipway.json, then
   * with dockerHub the templates' image steps: dockerHubPublisher).
   */
  runner?: FakeRunner;
  /** The (fake) Docker Hub the default runner pushes the workflow's image to, with the repository's secrets. */
  dockerHub?: { registryUrl: string; hubUrl: string };
}

export interface FakeGitHubExchange {
  method: string;
  /** The request path without its query. */
  path: string;
  /** The request's JSON body, when it had one. */
  requestBody?: unknown;
  status: number;
  body: unknown;
}

export interface FakeGitHub {
  url: string;
  close(): Promise<void>;
  /** A token for login; scopes undefined means a fine-grained token (no X-OAuth-Scopes header, no scope checks). */
  addToken(token: string, user: { login: string; scopes?: string[] }): void;
  addOrganization(org: string, options: { members: { login: string; role: 'admin' | 'member' }[]; membersCanCreateRepositories?: boolean }): void;
  /** A secret's decrypted value (for tests), or null when the repository or secret does not exist. */
  secretValue(owner: string, repo: string, name: string): string | null;
  /** The secret of a repository's webhook for `url` (GitHub never shows it; for tests), or null. */
  webhookSecret(owner: string, repo: string, url: string): string | null;
  /** Waits until every webhook delivery sent so far has been answered (or has failed). */
  deliveriesSettled(): Promise<void>;
  /** Sets the core rate limit's remaining requests (and its reset time, epoch seconds). */
  rateLimit(remaining: number, resetEpochSeconds?: number): void;
}

const API_VERSION = '2022-11-28';
const LOG_PATH = new RegExp(`^${LOG_PATH_PREFIX}(\\d+)/signedlogcontent$`);

/** The composition root: the shared state, each resource's routes, and the HTTP server in front of them. */
export async function startFakeGitHub(options: FakeGitHubOptions = {}): Promise<FakeGitHub> {
  await sodium.ready;
  const ownDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'slipway-fake-github-')));
  const runner = options.runner ?? commandRunner({ publish: options.dockerHub && dockerHubPublisher(options.dockerHub) });
  const state = new GitHubState(dataDir, runner);
  const router = new Router();
  for (const routes of [accountRoutes, repositoryRoutes, contentsRoutes, gitDataRoutes, secretRoutes, workflowRunRoutes]) routes(router, state);
  state.hooks.routes(router);
  state.pulls.routes(router);

  const rateHeaders = (): Record<string, string> => ({
    'x-ratelimit-limit': String(state.limit.limit),
    'x-ratelimit-remaining': String(state.limit.remaining),
    'x-ratelimit-reset': String(state.limit.reset),
    'x-ratelimit-used': String(state.limit.limit - state.limit.remaining),
    'x-ratelimit-resource': 'core',
  });

  const handle = async (req: http.IncomingMessage, raw: Buffer): Promise<Answer> => {
    const url = new URL(req.url ?? '/', 'http://fake.invalid');
    const method = req.method ?? 'GET';
    // GitHub checks credentials before anything else: a bad token is 401 whatever the path.
    const authorization = req.headers.authorization ?? '';
    const match = /^(?:token|bearer)\s+(\S+)$/i.exec(authorization);
    const session = match ? state.tokens.get(match[1]) : undefined;
    if (!authorization) throw fail(401, 'Requires authentication', 'overview/authenticating-to-the-rest-api');
    if (!session) throw fail(401, 'Bad credentials', '');

    const found = router.find(method, url.pathname);
    if (!found) throw notFound('');

    const headers: Record<string, string> = {};
    if (session.scopes !== undefined) {
      headers['x-oauth-scopes'] = session.scopes.join(', ');
      headers['x-accepted-oauth-scopes'] = '';
    }
    if (found.counts !== false) {
      if (state.limit.remaining <= 0) {
        throw new HttpError(403, {
          message: `API rate limit exceeded for user ID ${session.user.id}. If you reach out to GitHub Support for help, please include the request ID ${requestId(req)} and timestamp ${new Date().toISOString().replace('T', ' ').replace(/\.\d{3}Z$/, ' UTC')}.`,
          documentation_url: 'https://docs.github.com/rest/overview/rate-limits-for-the-rest-api',
          status: '403',
        });
      }
      state.limit.remaining -= 1;
    }

    let body: Record<string, unknown> = {};
    if (raw.length > 0) {
      try {
        body = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
      } catch {
        throw fail(400, 'Problems parsing JSON', '');
      }
      if (typeof body !== 'object' || body === null || Array.isArray(body)) throw fail(400, 'Body should be a JSON object', '');
    }
    const answer = await found.handler({ method, path: url.pathname, query: url.searchParams, params: found.params, body, session });
    return { ...answer, headers: { ...headers, ...answer.headers } };
  };

  const requestIds = new WeakMap<http.IncomingMessage, string>();
  const requestId = (req: http.IncomingMessage) => {
    let id = requestIds.get(req);
    if (!id) requestIds.set(req, (id = randomUUID().toUpperCase().slice(0, 23).replace(/-/g, ':')));
    return id;
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const requestUrl = new URL(req.url ?? '/', 'http://fake.invalid');
      const logPath = LOG_PATH.exec(requestUrl.pathname);
      if (logPath && req.method === 'GET') {
        const job = state.actions.signedLog(Number(logPath[1]), requestUrl.searchParams.get('urlSignature') ?? '');
        if (!job) res.writeHead(403, { 'content-type': 'application/xml' }).end('<Error><Code>AuthenticationFailed</Code></Error>');
        else res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end(job.log.map((line) => `${line}\n`).join(''));
        return;
      }
      const gitPath = GIT_PATH.exec(requestUrl.pathname);
      if (gitPath) {
        void serveGit(state, req, res, Buffer.concat(chunks), gitPath);
        return;
      }
      void handle(req, Buffer.concat(chunks))
        .catch((error: unknown): Answer => {
          if (error instanceof HttpError) return { status: error.status, body: error.body };
          console.error('fake GitHub: unexpected error', error);
          return { status: 500, body: { message: 'Server Error' } };
        })
        .then((answer) => {
          const url = new URL(req.url ?? '/', 'http://fake.invalid');
          const raw = Buffer.concat(chunks).toString('utf8');
          let requestBody: unknown;
          try {
            requestBody = raw ? JSON.parse(raw) : undefined;
          } catch {
            requestBody = raw;
          }
          options.onResponse?.({ method: req.method ?? 'GET', path: url.pathname, requestBody, status: answer.status, body: answer.body });
          res.statusCode = answer.status;
          res.setHeader('x-github-api-version-selected', API_VERSION);
          res.setHeader('x-github-media-type', 'github.v3; format=json');
          res.setHeader('x-github-request-id', requestId(req));
          if (answer.status !== 401) for (const [name, value] of Object.entries(rateHeaders())) res.setHeader(name, value);
          for (const [name, value] of Object.entries(answer.headers ?? {})) res.setHeader(name, value);
          if (answer.body === undefined) {
            res.end();
          } else {
            res.setHeader('content-type', 'application/json; charset=utf-8');
            res.end(JSON.stringify(answer.body));
          }
        });
    });
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  state.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: state.base,
    async close() {
      await state.actions.close();
      await state.hooks.settled();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (ownDir) await rm(state.dataDir, { recursive: true, force: true });
    },
    deliveriesSettled: () => state.hooks.settled(),
    webhookSecret(owner, repo, url) {
      const found = state.repositories.get(repoKey(owner, repo));
      return found ? state.hooks.secretOf(found, url) : null;
    },
    addToken(token, user) {
      state.tokens.set(token, { user: state.userFor(user.login), scopes: user.scopes });
    },
    addOrganization(login, settings) {
      state.organizations.set(login.toLowerCase(), {
        id: state.nextId(),
        login,
        createdAt: now(),
        members: new Map(settings.members.map((member) => [member.login.toLowerCase(), member.role])),
        membersCanCreateRepositories: settings.membersCanCreateRepositories ?? true,
      });
    },
    secretValue(owner, repo, name) {
      return state.repositories.get(repoKey(owner, repo))?.secrets.get(name.toUpperCase())?.value ?? null;
    },
    rateLimit(remaining, resetEpochSeconds) {
      state.limit.remaining = Math.max(0, Math.min(remaining, state.limit.limit));
      if (resetEpochSeconds !== undefined) state.limit.reset = resetEpochSeconds;
    },
  };
}
