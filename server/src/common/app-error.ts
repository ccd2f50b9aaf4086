/** Error codes every feature's exception uses; one formatter maps them to HTTP statuses and GraphQL codes. */
export enum ErrorCode {
  BadUserInput = 'BAD_USER_INPUT',
  Unauthenticated = 'UNAUTHENTICATED',
  Forbidden = 'FORBIDDEN',
  NotFound = 'NOT_FOUND',
  Conflict = 'CONFLICT',
  PayloadTooLarge = 'PAYLOAD_TOO_LARGE',
  TooManyRequests = 'TOO_MANY_REQUESTS',
  Internal = 'INTERNAL_SERVER_ERROR',
}

export const HTTP_STATUS: Record<ErrorCode, number> = {
  [ErrorCode.BadUserInput]: 400,
  [ErrorCode.Unauthenticated]: 401,
  [ErrorCode.Forbidden]: 403,
  [ErrorCode.NotFound]: 404,
  [ErrorCode.Conflict]: 409,
  [ErrorCode.PayloadTooLarge]: 413,
  [ErrorCode.TooManyRequests]: 429,
  [ErrorCode.Internal]: 500,
};

export const GENERIC_ERROR_MESSAGE = 'Internal server error';

/** An error whose message is safe to show to the client. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}
