import { AppError, ErrorCode } from '../common/app-error.js';

/** How long a provider has to answer a request (its status and headers) before Slipway gives up on it. */
export const DEFAULT_ANSWER_TIMEOUT_MS = 30_000;

/** Codes of a request that got no answer: nothing listening, a name that does not resolve, a network that is down. */
const NO_ANSWER: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  ENOTFOUND: 'host name not found',
  EAI_AGAIN: 'host name lookup failed',
  ETIMEDOUT: 'connection timed out',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  EPIPE: 'connection closed',
  UND_ERR_CONNECT_TIMEOUT: 'connection timed out',
  UND_ERR_HEADERS_TIMEOUT: 'no answer in time',
  UND_ERR_SOCKET: 'connection closed',
};

/** What aborts a request whose server has not answered within its time (see fetchWithin). */
export class NoAnswerInTime extends Error {
  constructor(readonly ms: number) {
    super(`no answer within ${Math.round(ms / 100) / 10} s`);
    this.name = 'TimeoutError';
  }
}

/**
 * Why a request got no answer from its server, as a short text (`connection refused (ECONNREFUSED)`), or
 * undefined when it failed some other way. Looks through the error's causes: fetch, Octokit and node-fetch each
 * wrap the socket's error differently.
 */
export function noAnswer(error: unknown): string | undefined {
  let current = error;
  for (let depth = 0; current && typeof current === 'object' && depth < 5; depth += 1) {
    if (current instanceof NoAnswerInTime) return current.message;
    const { code, name } = current as { code?: unknown; name?: unknown };
    if (typeof code === 'string' && code in NO_ANSWER) return `${NO_ANSWER[code]} (${code})`;
    if (name === 'TimeoutError') return 'no answer in time';
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * The one error for a provider that could not be reached: 502 PROVIDER_UNREACHABLE, naming the service, its
 * address (scheme, host and port; never a path or a credential) and why. `reason` is the adapter's own
 * (GITHUB_UNREACHABLE...).
 */
export function providerUnreachable(service: string, url: string | URL, what: string, why: string, reason: string): AppError {
  return new AppError(ErrorCode.ProviderUnreachable, `Could not reach ${service} at ${new URL(url).origin} to ${what}: ${why}`, { reason });
}

/**
 * fetch that gives up when the server has not answered (status and headers) within `timeoutMs`, rejecting with
 * NoAnswerInTime; the body may take longer (a large download is not cut off). The caller's own signal still aborts.
 */
export async function fetchWithin(timeoutMs: number, url: string | URL | Request, init: RequestInit = {}): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new NoAnswerInTime(timeoutMs)), timeoutMs);
  try {
    return await fetch(url, { ...init, signal: init.signal ? AbortSignal.any([init.signal, controller.signal]) : controller.signal });
  } finally {
    clearTimeout(timer);
  }
}
