/**
 * The one judge of a reply. Whatever was sent, a client must get an answer within a second that is not a
 * server error and gives nothing of the server's insides away (issue 9, "Kept in the repository").
 */
import type { FuzzCase, Observation } from './transport.js';

export const SLOW_MS = 1000;

/** The HTTP body limit (JSON_BODY_LIMIT); a graphql-ws frame above it must not be executed either. */
export const BODY_LIMIT_BYTES = 100 * 1024;

/** Stack frames, SQL and driver errors: a reply carrying one leaks the server's code or schema. */
const LEAKS: Array<[string, RegExp]> = [
  ['a stack frame', /\bat .*\(.*:\d+:\d+\)/],
  ['a stack frame', /\bat (?:async )?[\w$.<>]+ \(?(?:file:|node:|\/)[^\s)]*:\d+:\d+/],
  ['a source path', /\/(?:src|node_modules)\/[\w./@-]+\.(?:ts|js|mjs|cjs):\d+/],
  ['a TypeORM error', /QueryFailedError|EntityNotFound|TypeORMError/],
  ['PostgreSQL text', /syntax error at or near|relation "[^"]*"|column "[^"]*"|violates \w+ constraint|duplicate key value|invalid input syntax for|invalid byte sequence for encoding|unterminated quoted|prepared statement|portal "/],
  ['a PostgreSQL error code', /"(?:code|sqlState)"\s*:\s*"\d{2}[0-9A-Z]{3}"/],
  ['a Node.js error', /\b(?:URIError|TypeError|RangeError|ReferenceError|SyntaxError: Unexpected|ECONNREFUSED|ERR_[A-Z_]{4,})\b/],
];

/** A client mistake answered as a server failure (HTTP status aside). */
const INTERNAL = /INTERNAL_SERVER_ERROR|Internal server error/;

/** What was sent, as text: a pattern the request itself carries is an echo of the client's input, not a leak. */
export function requestText(c: FuzzCase): string {
  if (c.surface === 'ws') return c.frames.join('\n');
  const body = c.body === undefined ? '' : typeof c.body === 'string' ? c.body : c.body.toString('latin1');
  return [c.method, safeDecode(c.path), JSON.stringify(c.headers), body].join('\n');
}

function safeDecode(path: string): string {
  try {
    return `${path}\n${decodeURIComponent(path)}`;
  } catch {
    return path;
  }
}

/** Every rule the reply breaks, in words; none means it passed. */
export function judge(c: FuzzCase, o: Observation): string[] {
  const problems: string[] = [];
  if (o.dropped) problems.push(`no reply: ${o.dropped}`);
  if (o.status !== undefined && o.status >= 500) problems.push(`HTTP ${o.status}${cause(o)}`);
  if (o.ms > SLOW_MS) problems.push(`slow: ${o.ms} ms (limit ${SLOW_MS} ms)`);
  if (o.closeCode === 1006 || o.closeCode === 1011) problems.push(`socket closed with ${o.closeCode} (${o.closeCode === 1011 ? 'server error' : 'no close frame'})`);
  const sent = requestText(c);
  for (const [what, pattern] of LEAKS) {
    const match = pattern.exec(o.text);
    if (match && !sent.includes(match[0])) problems.push(`reply carries ${what}: ${JSON.stringify(match[0])}`);
  }
  const internal = INTERNAL.exec(o.text);
  if (!(o.status && o.status >= 500) && internal && !sent.includes(internal[0])) problems.push(`a client mistake reported as an internal server error${cause(o)}`);
  if (c.surface === 'ws' && o.executed?.length) {
    const oversized = c.frames.filter((frame) => Buffer.byteLength(frame) > BODY_LIMIT_BYTES);
    const ran = oversized.map(frameId).filter((id) => id && o.executed!.includes(id));
    if (ran.length) problems.push(`a graphql-ws frame over ${BODY_LIMIT_BYTES} bytes was executed (HTTP refuses such bodies)`);
  }
  return problems;
}

/** Why the server failed: the error it logged (when the fuzzer runs it), else the message it answered. */
function cause(o: Observation): string {
  const logged = /unexpected error: (.*)/.exec(o.serverLog ?? '')?.[1];
  if (logged) return ` (server logged: ${logged.slice(0, 200)})`;
  const answered = /"(?:error|message)"\s*:\s*"([^"]{1,200})/.exec(o.text)?.[1];
  return answered ? ` (answered: ${answered})` : '';
}

/**
 * A problem without the specifics of one request: its rule and the class of error the server logged. Two
 * cases with the same symptom are taken for the same defect, so the runner reports a symptom once and goes
 * on looking for others.
 */
export function symptom(problem: string): string {
  const [rule, cause = ''] = problem.split(' (');
  const errorClass = /^(?:server logged|answered): (\w+)/.exec(cause)?.[1] ?? '';
  return `${rule.replace(/(["']).*\1/, '"…"').replace(/\d+/g, '#')} ${errorClass}`.trim();
}

function frameId(frame: string): string | undefined {
  try {
    const id = (JSON.parse(frame) as { id?: unknown }).id;
    return typeof id === 'string' ? id : undefined;
  } catch {
    return undefined;
  }
}

/** Only the timing rule broke: worth one retry on a machine other processes share. */
export function onlySlow(problems: string[]): boolean {
  return problems.length > 0 && problems.every((p) => p.startsWith('slow:'));
}
