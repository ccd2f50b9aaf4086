import { spawn } from 'node:child_process';
import type { IncomingMessage, ServerResponse } from 'node:http';

export type GitService = 'git-upload-pack' | 'git-receive-pack';

export interface BackendCall {
  /** GIT_PROJECT_ROOT: the directory every served repository is under. */
  projectRoot: string;
  /** The repository's path under the root, '<organization>/<name>.git' (already validated). */
  repositoryPath: string;
  /** 'info/refs' (GET, the advertisement) or the service itself (POST, the exchange). */
  endpoint: 'info/refs' | GitService;
  service: GitService;
  /** Who is signed in (REMOTE_USER; git http-backend refuses pushes without one) and from where. */
  remoteUser: string;
  remoteAddress: string;
}

/** Fixed for every call: no system or global configuration, no hooks, every received object checked. */
const GIT_CONFIG: Array<[string, string]> = [
  ['http.receivepack', 'true'],
  ['http.uploadpack', 'true'],
  ['receive.fsckObjects', 'true'],
  ['core.hooksPath', '/dev/null'],
];

/** Request encodings git http-backend inflates itself (git sends large bodies gzipped). */
const CONTENT_ENCODINGS = new Set(['gzip', 'x-gzip']);
/** The protocol version a client asks for (Git-Protocol: version=2). */
const GIT_PROTOCOL = /^version=[0-2]$/;
const CONTENT_TYPES: Record<GitService, string> = {
  'git-upload-pack': 'application/x-git-upload-pack-request',
  'git-receive-pack': 'application/x-git-receive-pack-request',
};
/** The CGI header block git http-backend writes before the body; far more than it ever needs. */
const HEADER_LIMIT = 16 * 1024;

/** Why a request cannot reach git http-backend (answered 4xx by the caller), or null. */
export function requestProblem(req: IncomingMessage, call: Pick<BackendCall, 'endpoint' | 'service'>): { status: number; message: string } | null {
  if (call.endpoint === 'info/refs') return req.method === 'GET' ? null : { status: 405, message: 'Use GET for info/refs' };
  if (req.method !== 'POST') return { status: 405, message: `Use POST for ${call.service}` };
  if (req.headers['content-type'] !== CONTENT_TYPES[call.service]) return { status: 415, message: `The body must be ${CONTENT_TYPES[call.service]}` };
  const encoding = req.headers['content-encoding'];
  if (encoding !== undefined && !CONTENT_ENCODINGS.has(encoding)) return { status: 415, message: 'Only gzip request bodies are accepted' };
  return null;
}

/**
 * Runs git's own smart HTTP server (`git http-backend`, a CGI program) for one request: an argument list and no
 * shell, a fixed environment (the repository root, the validated path, the signed-in user), the request body streamed
 * to it (gzip bodies inflated by git itself) and its answer streamed back. Answers git's exit code (null when the
 * client went away and it was stopped).
 */
export function runHttpBackend(req: IncomingMessage, res: ServerResponse, call: BackendCall): Promise<number | null> {
  const env: NodeJS.ProcessEnv = {
    PATH: '/usr/local/bin:/usr/bin:/bin',
    GIT_PROJECT_ROOT: call.projectRoot,
    PATH_INFO: `/${call.repositoryPath}/${call.endpoint}`,
    REQUEST_METHOD: req.method,
    QUERY_STRING: call.endpoint === 'info/refs' ? `service=${call.service}` : '',
    CONTENT_TYPE: call.endpoint === 'info/refs' ? '' : CONTENT_TYPES[call.service],
    GIT_HTTP_EXPORT_ALL: '1',
    REMOTE_USER: call.remoteUser,
    REMOTE_ADDR: call.remoteAddress,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_CONFIG_COUNT: String(GIT_CONFIG.length),
    ...Object.fromEntries(GIT_CONFIG.flatMap(([key, value], index) => [[`GIT_CONFIG_KEY_${index}`, key], [`GIT_CONFIG_VALUE_${index}`, value]])),
  };
  // No CONTENT_LENGTH: git reads the body to its end, as it does a chunked one. Told a length, git http-backend waits
  // for every byte of it, spinning for ever on the end of a body whose client went away.
  const encoding = req.headers['content-encoding'];
  if (encoding !== undefined && CONTENT_ENCODINGS.has(encoding)) env.HTTP_CONTENT_ENCODING = encoding;
  const protocol = req.headers['git-protocol'];
  if (typeof protocol === 'string' && GIT_PROTOCOL.test(protocol)) env.HTTP_GIT_PROTOCOL = protocol;

  // A client that went away while it was being signed in: nothing to answer, and its body will never end.
  if (req.destroyed || req.socket.destroyed) return Promise.resolve(null);
  const child = spawn('git', ['http-backend'], { env, stdio: ['pipe', 'pipe', 'ignore'] });
  return new Promise((resolve, reject) => {
    let finished = false;
    let clientGone = false;
    const stopWhenClientLeaves = () => {
      if (finished) return;
      clientGone = true;
      child.stdout.resume();
      // A push is never killed halfway through its ref updates: git is told the request has ended, and either has
      // the whole pack (and finishes, under its own ref locks) or stops at the missing end. Anything else just stops.
      if (call.endpoint === 'git-receive-pack') {
        req.unpipe(child.stdin);
        child.stdin.destroy();
      } else child.kill('SIGTERM');
    };
    res.on('close', stopWhenClientLeaves);
    child.on('error', reject);
    // A client that stops sending, or git ending before the whole body was read (a refused push), is not an error here.
    child.stdin.on('error', () => {});
    req.on('error', stopWhenClientLeaves);
    req.pipe(child.stdin);

    let head = Buffer.alloc(0);
    let inBody = false;
    child.stdout.on('data', (chunk: Buffer) => {
      if (clientGone) return;
      if (inBody) {
        if (!res.write(chunk)) child.stdout.pause();
        return;
      }
      head = Buffer.concat([head, chunk]);
      const end = headerEnd(head);
      if (end === null) {
        if (head.length > HEADER_LIMIT) child.kill('SIGTERM');
        return;
      }
      inBody = true;
      writeCgiHeaders(res, head.subarray(0, end.headers).toString('latin1'));
      const rest = head.subarray(end.body);
      if (rest.length && !res.write(rest)) child.stdout.pause();
    });
    res.on('drain', () => child.stdout.resume());
    child.on('close', (code) => {
      finished = true;
      res.off('close', stopWhenClientLeaves);
      // No header block from git (it died first): nothing it said can be passed on.
      if (!inBody) {
        res.statusCode = 502;
        res.setHeader('Content-Type', 'text/plain; charset=utf-8');
      }
      res.end();
      resolve(code);
    });
  });
}

/** Where the CGI header block ends (a blank line, CRLF or LF), or null when it has not yet. */
function headerEnd(buffer: Buffer): { headers: number; body: number } | null {
  const crlf = buffer.indexOf('\r\n\r\n');
  const lf = buffer.indexOf('\n\n');
  if (crlf === -1 && lf === -1) return null;
  if (crlf !== -1 && (lf === -1 || crlf < lf)) return { headers: crlf, body: crlf + 4 };
  return { headers: lf, body: lf + 2 };
}

/** CGI headers onto the response: `Status: 403 Forbidden` sets the status, the others are copied. */
function writeCgiHeaders(res: ServerResponse, block: string): void {
  for (const line of block.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim();
    const value = line.slice(colon + 1).trim();
    if (name.toLowerCase() === 'status') res.statusCode = Number.parseInt(value, 10) || 500;
    else res.setHeader(name, value);
  }
}
