import type { ErrorRequestHandler, RequestHandler } from 'express';
import { AppError, ErrorCode, GENERIC_ERROR_MESSAGE, HTTP_STATUS } from '../common/app-error.js';
import { logUnexpected } from '../common/log.js';
import { THROTTLE_WINDOW_SECONDS } from '../modules/auth/login-throttle.js';

/** body-parser's and the router's own failures (malformed JSON, oversized body, bad %-encoding) carry a status and a type. */
interface BodyParserError {
  status?: number;
  type?: string;
}

function bodyParserError(error: BodyParserError): AppError | undefined {
  switch (error.type) {
    case 'entity.parse.failed':
      return new AppError(ErrorCode.BadUserInput, 'Malformed JSON in request body');
    case 'entity.too.large':
      return new AppError(ErrorCode.PayloadTooLarge, 'Request body is too large');
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new AppError(ErrorCode.UnsupportedMediaType, 'Unsupported request body encoding');
    case 'request.aborted':
      return new AppError(ErrorCode.BadUserInput, 'Request was aborted');
    default:
      // Any other client error they raise (a `%ZZ` in a path, a gzip body that is not gzip) is still the client's mistake.
      if (typeof error?.status === 'number' && error.status >= 400 && error.status < 500) {
        return new AppError(ErrorCode.BadUserInput, error instanceof URIError ? 'Malformed URL encoding in request path' : 'Invalid request');
      }
      return undefined;
  }
}

/** An AppError as REST's body: `{error, code}`, plus `field` when the error is about one input. */
function appErrorBody(error: AppError) {
  return { error: error.message, code: error.code, ...(error.field ? { field: error.field } : {}) };
}

/** Every REST error leaves as JSON {"error": "...", "code": "..."} with its status; never a stack trace. */
export const errorHandler: ErrorRequestHandler = (error, _req, res, next) => {
  if (res.headersSent) return next(error);
  const known = error instanceof AppError ? error : bodyParserError(error as BodyParserError);
  if (known) {
    if (known.code === ErrorCode.TooManyRequests) res.setHeader('Retry-After', String(known.retryAfterSeconds ?? THROTTLE_WINDOW_SECONDS));
    res.status(HTTP_STATUS[known.code]).json(appErrorBody(known));
    return;
  }
  logUnexpected('http', error);
  res.status(HTTP_STATUS[ErrorCode.Internal]).json({ error: GENERIC_ERROR_MESSAGE, code: ErrorCode.Internal });
};

export const apiNotFound: RequestHandler = (_req, res) => {
  res.status(HTTP_STATUS[ErrorCode.NotFound]).json({ error: 'Not found', code: ErrorCode.NotFound });
};
