import { spawn } from 'node:child_process';
import type http from 'node:http';
import { type GitHubState, repoKey } from './state.js';

/** The path of a repository's git smart HTTP endpoints: /<owner>/<repo>.git/… */
export const GIT_PATH = /^\/([^/]+)\/([^/]+?)\.git\/(info\/refs|git-upload-pack|git-receive-pack)$/;

/**
 * Git over smart HTTP at clone_url (`git clone http://x-access-token:TOKEN@host/org/repo.git`), served by the
 * git binary's http-backend: Basic authentication with the token as password, as github.com takes it.
 */
export async function serveGit(state: GitHubState, req: http.IncomingMessage, res: http.ServerResponse, raw: Buffer, match: RegExpExecArray): Promise<void> {
  const [, owner, name, service] = match;
  const url = new URL(req.url ?? '/', 'http://fake.invalid');
  const basic = /^basic\s+(\S+)$/i.exec(req.headers.authorization ?? '');
  const password = basic ? Buffer.from(basic[1], 'base64').toString('utf8').split(':').slice(1).join(':') : '';
  const session = state.tokens.get(password);
  const repo = state.repositories.get(repoKey(owner, name));
  const writing = service === 'git-receive-pack' || url.searchParams.get('service') === 'git-receive-pack';
  if (!session) {
    res.writeHead(401, { 'www-authenticate': 'Basic realm="GitHub"', 'content-type': 'text/plain' }).end('Invalid username or token.\n');
    return;
  }
  if (!repo || state.role(repo.owner, session) === undefined || (repo.private && !state.hasScope(session, 'repo'))) {
    res.writeHead(404, { 'content-type': 'text/plain' }).end('Repository not found.\n');
    return;
  }
  // A push over git starts workflow runs and webhook deliveries for the refs it moved, as one through the API does.
  const pushing = writing && service === 'git-receive-pack';
  const before = pushing ? await state.refsOf(repo) : null;
  const backend = spawn('git', ['http-backend'], {
    env: {
      PATH: process.env.PATH ?? '',
      GIT_PROJECT_ROOT: state.dataDir,
      GIT_HTTP_EXPORT_ALL: '1',
      GIT_CONFIG_COUNT: '1',
      GIT_CONFIG_KEY_0: 'http.receivepack',
      GIT_CONFIG_VALUE_0: writing ? 'true' : 'false',
      PATH_INFO: `/${repo.id}.git/${service}`,
      REQUEST_METHOD: req.method ?? 'GET',
      QUERY_STRING: url.search.slice(1),
      CONTENT_TYPE: req.headers['content-type'] ?? '',
      CONTENT_LENGTH: String(raw.length),
      REMOTE_USER: session.user.login,
      REMOTE_ADDR: '127.0.0.1',
      ...(req.headers['content-encoding'] ? { HTTP_CONTENT_ENCODING: String(req.headers['content-encoding']) } : {}),
      ...(req.headers['git-protocol'] ? { GIT_PROTOCOL: String(req.headers['git-protocol']) } : {}),
    },
  });
  const out: Buffer[] = [];
  backend.stdout.on('data', (chunk: Buffer) => out.push(chunk));
  backend.stderr.resume();
  backend.on('error', () => res.writeHead(500, { 'content-type': 'text/plain' }).end('git http-backend is not available\n'));
  backend.on('close', () => {
    if (res.headersSent) return;
    const all = Buffer.concat(out);
    const split = all.indexOf('\r\n\r\n');
    const head = split < 0 ? '' : all.subarray(0, split).toString('latin1');
    const headers: Record<string, string> = {};
    let status = 200;
    for (const line of head.split('\r\n')) {
      const colon = line.indexOf(':');
      if (colon < 0) continue;
      const field = line.slice(0, colon).trim();
      const value = line.slice(colon + 1).trim();
      if (field.toLowerCase() === 'status') status = Number.parseInt(value, 10) || 200;
      else headers[field] = value;
    }
    res.writeHead(status, headers).end(split < 0 ? all : all.subarray(split + 4));
    if (pushing && status === 200) {
      void state.refsOf(repo).then(async (after) => {
        for (const ref of new Set([...before!.keys(), ...after.keys()])) await state.refMoved(repo, session.user, ref, before!.get(ref) ?? null, after.get(ref) ?? null);
      });
    }
  });
  backend.stdin.on('error', () => undefined);
  backend.stdin.end(raw);
}
