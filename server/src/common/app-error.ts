/** Error codes every feature's exception uses; one formatter maps them to HTTP statuses and GraphQL codes. */
export enum ErrorCode {
  BadUserInput = 'BAD_USER_INPUT',
  Unauthenticated = 'UNAUTHENTICATED',
  Forbidden = 'FORBIDDEN',
  NotFound = 'NOT_FOUND',
  Conflict = 'CONFLICT',
  PayloadTooLarge = 'PAYLOAD_TOO_LARGE',
  UnsupportedMediaType = 'UNSUPPORTED_MEDIA_TYPE',
  TooManyRequests = 'TOO_MANY_REQUESTS',
  /** A provider (GitHub, Docker Hub, DigitalOcean, a Kubernetes API) could not be reached: no connection, no name, no answer in time. */
  ProviderUnreachable = 'PROVIDER_UNREACHABLE',
  /** A provider answered with a failure of its own (its 5xx, an answer that makes no sense). */
  ProviderError = 'PROVIDER_ERROR',
  Internal = 'INTERNAL_SERVER_ERROR',
}

export const HTTP_STATUS: Record<ErrorCode, number> = {
  [ErrorCode.BadUserInput]: 400,
  [ErrorCode.Unauthenticated]: 401,
  [ErrorCode.Forbidden]: 403,
  [ErrorCode.NotFound]: 404,
  [ErrorCode.Conflict]: 409,
  [ErrorCode.PayloadTooLarge]: 413,
  [ErrorCode.UnsupportedMediaType]: 415,
  [ErrorCode.TooManyRequests]: 429,
  [ErrorCode.ProviderUnreachable]: 502,
  [ErrorCode.ProviderError]: 502,
  [ErrorCode.Internal]: 500,
};

export const GENERIC_ERROR_MESSAGE = 'Internal server error';

export interface AppErrorDetails {
  /** A feature's own reason, finer than the code (e.g. PROJECT_NAME_TAKEN), for clients that branch on it. */
  reason?: string;
  /** The input field the error is about, so a form can show it beside that field. */
  field?: string;
  /** A TOO_MANY_REQUESTS error: when to try again (REST's Retry-After). */
  retryAfterSeconds?: number;
}

/**
 * The one error type: its message is safe to show to the client. REST answers `{error, code, field}`,
 * GraphQL carries code, reason and field in extensions.
 */
export class AppError extends Error {
  readonly reason?: string;
  readonly field?: string;
  readonly retryAfterSeconds?: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    details: AppErrorDetails = {},
  ) {
    super(message);
    this.name = new.target.name;
    this.reason = details.reason;
    this.field = details.field;
    this.retryAfterSeconds = details.retryAfterSeconds;
  }
}
