import type { Session } from './state.js';

/** A request to the REST API, signed in (GitHub checks the token before anything else). */
export interface Request {
  method: string;
  path: string;
  query: URLSearchParams;
  params: Record<string, string>;
  body: Record<string, unknown>;
  session: Session;
}

export interface Answer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type Handler = (request: Request) => Promise<Answer> | Answer;

const DOCS = 'https://docs.github.com/rest';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(String(body.message));
  }
}

/** GitHub's error body: its message, the documentation page of the endpoint, and the status as a string. */
export const fail = (status: number, message: string, documentation: string, extra: Record<string, unknown> = {}) =>
  new HttpError(status, { message, documentation_url: documentation ? `${DOCS}/${documentation}` : DOCS, status: String(status), ...extra });
export const notFound = (documentation: string) => fail(404, 'Not Found', documentation);
export const invalid = (message: string, documentation: string) => fail(422, message, documentation);
export const emptyRepository = (documentation: string) => fail(409, 'Git Repository is empty.', documentation);

interface Route {
  method: string;
  pattern: RegExp;
  names: string[];
  handler: Handler;
  counts?: false;
}

/** The REST API's routes: `{name}` matches one path segment, `{name+}` the rest of the path. */
export class Router {
  private readonly routes: Route[] = [];

  /** `counts: false`: the route is free (not counted against the rate limit), as GET /rate_limit is. */
  route(method: string, template: string, handler: Handler, counts?: false): void {
    const names: string[] = [];
    const pattern = new RegExp(
      `^${template.replace(/\{(\w+)(\+?)\}/g, (_match, name: string, plus: string) => {
        names.push(name);
        return plus ? '(.+)' : '([^/]+)';
      })}$`,
    );
    this.routes.push({ method, pattern, names, handler, counts });
  }

  /** The route of a method and path, with the path's parameters (decoded). */
  find(method: string, pathname: string): { handler: Handler; params: Record<string, string>; counts?: false } | undefined {
    const found = this.routes.filter((candidate) => candidate.pattern.test(pathname)).find((candidate) => candidate.method === method);
    if (!found) return undefined;
    const groups = found.pattern.exec(pathname)!;
    const params = Object.fromEntries(found.names.map((name, i) => [name, decodeURIComponent(groups[i + 1])]));
    return { handler: found.handler, params, counts: found.counts };
  }
}

/** `per_page` (1-100, default 30) and `page` (from 1) of a list. */
export const page = (query: URLSearchParams) => ({
  perPage: Math.min(Math.max(Number(query.get('per_page') ?? 30) || 30, 1), 100),
  page: Math.max(Number(query.get('page') ?? 1) || 1, 1),
});

/** The Link header of a page of a list, as GitHub sends it. */
export const pageLinks = (url: string, query: URLSearchParams, current: number, last: number) => {
  const link = (n: number, rel: string) => {
    const params = new URLSearchParams(query);
    params.set('page', String(n));
    return `<${url}?${params.toString()}>; rel="${rel}"`;
  };
  const links = [...(current < last ? [link(current + 1, 'next'), link(last, 'last')] : []), ...(current > 1 ? [link(1, 'first'), link(current - 1, 'prev')] : [])];
  return links.length ? { link: links.join(', ') } : undefined;
};
