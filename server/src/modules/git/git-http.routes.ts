import type { Request, RequestHandler, Response } from 'express';
import { ORGANIZATION_NAME } from '@slipway/domain';
import { AppError, ErrorCode } from '../../common/app-error.js';
import { clientAddress } from '../../http/auth-middleware.js';
import { auditContext } from '../audit/audit-context.js';
import type { AuthService } from '../auth/auth.service.js';
import type { ProjectsService } from '../projects/projects.service.js';
import type { Authenticated } from '../auth/token.service.js';
import type { AccessPolicy } from '../tokens/token-access.js';
import { TokenScope } from '../tokens/token-scope.js';
import { MemberRole } from '../members/member-role.js';
import { type GitService, requestProblem, runHttpBackend } from './git-http-backend.js';
import type { RepositoryPushes } from './repository-pushes.js';
import type { ServedRepositories } from './served-repositories.js';

/**
 * `/<organization>/<repository>.git/<endpoint>` under /git, as the raw path (never %-decoded): a repository is a
 * project slug (lowercase letters, digits, '-'), so no '.', '..', '/' or '%' ever reaches git.
 */
const GIT_PATH = /^\/([^/]+)\/([a-z0-9][a-z0-9-]{0,99})\.git\/(info\/refs|git-upload-pack|git-receive-pack)$/;
const SERVICES = new Set<string>(['git-upload-pack', 'git-receive-pack']);
const REALM = 'Basic realm="Slipway git", charset="UTF-8"';

/** A refusal as git shows it: plain text (git prints the status; a 401 with the challenge makes it ask for credentials). */
function refuse(res: Response, status: number, message: string, headers: Record<string, string> = {}): void {
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.status(status).type('text/plain; charset=utf-8').send(`${message}\n`);
}

/** The username and password of an `Authorization: Basic …` header, or null without one. */
export function basicCredentials(header: unknown): { username: string; password: string } | null {
  if (typeof header !== 'string') return null;
  const match = /^Basic\s+([A-Za-z0-9+/=]{1,2000})$/i.exec(header.trim());
  if (!match) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/**
 * Git's smart HTTP protocol for the repositories of local projects: clone, fetch and push with the git command line,
 * signed in with HTTP basic auth (email and password, checked and throttled like the sign-in form). Without
 * credentials: 401 and a challenge; someone else's repository, an unknown one and a project being deleted are all
 * the same 404, so nobody learns which repositories exist. The dumb protocol (plain files) is not served.
 */
export function gitHttpHandler(deps: {
  auth: Pick<AuthService, 'basicCredentials'>;
  access: Pick<AccessPolicy, 'project'>;
  projects: Pick<ProjectsService, 'findServedRepository'>;
  repositories: ServedRepositories;
  pushes: RepositoryPushes;
}): RequestHandler {
  return async (req: Request, res: Response) => {
    const path = req.url.split('?')[0];
    const match = GIT_PATH.exec(path);
    const [, organization, repository, endpoint] = match ?? [];
    const query = new URLSearchParams(req.url.includes('?') ? req.url.slice(req.url.indexOf('?') + 1) : '');
    const service = endpoint === 'info/refs' ? query.get('service') : endpoint;
    if (!match || !ORGANIZATION_NAME.test(organization) || !service || !SERVICES.has(service)) {
      refuse(res, 404, 'Not found: repositories are served at /git/<organization>/<repository>.git (git smart HTTP only)');
      return;
    }
    const call = { endpoint: endpoint as 'info/refs' | GitService, service: service as GitService };
    const problem = requestProblem(req, call);
    if (problem) return refuse(res, problem.status, problem.message);

    const credentials = basicCredentials(req.headers.authorization);
    if (!credentials) return refuse(res, 401, 'Sign in with your Slipway email and password', { 'WWW-Authenticate': REALM });
    let auth: Authenticated;
    try {
      auth = await deps.auth.basicCredentials(credentials.username, credentials.password, clientAddress(req));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      if (error.code === ErrorCode.TooManyRequests) return refuse(res, 429, error.message, { 'Retry-After': String(error.retryAfterSeconds ?? 60) });
      return refuse(res, 401, error.message, { 'WWW-Authenticate': REALM });
    }
    const { user } = auth;

    const project = await deps.projects.findServedRepository(user, organization, repository);
    const ref = { organization, name: repository };
    const served = project && (await deps.repositories.servedPath(ref));
    if (!project || !served) return refuse(res, 404, 'Repository not found');

    const pushing = call.endpoint === 'git-receive-pack';
    // A token reads with any scope and pushes with `write`; one limited to other projects finds no repository here.
    // A member reads as a viewer and pushes (which builds) as a developer.
    try {
      const pushes = call.service === 'git-receive-pack';
      await deps.access.project(auth, project.id, [pushes ? TokenScope.write : TokenScope.read], pushes ? MemberRole.developer : MemberRole.viewer);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return error.code === ErrorCode.Forbidden ? refuse(res, 403, error.message) : refuse(res, 404, 'Repository not found');
    }
    const before = pushing ? await deps.repositories.branchHeads(ref) : null;
    const exitCode = await runHttpBackend(req, res, {
      projectRoot: served.root,
      repositoryPath: served.relativePath,
      ...call,
      remoteUser: user.email,
      remoteAddress: clientAddress(req),
    });
    // The audit entry names the pusher (a member, not the owner), their token if they used one, and their address.
    const actor = { userId: user.id, email: user.email, tokenId: auth.grant?.tokenId ?? null, address: clientAddress(req) };
    if (before && exitCode === 0) await auditContext.runAs(actor, () => deps.pushes.recorded(project, user, before));
  };
}
