import type { ErrorRequestHandler, RequestHandler } from 'express';
import { AppError, ErrorCode, GENERIC_ERROR_MESSAGE, HTTP_STATUS } from '../common/app-error.js';
import { logUnexpected } from '../common/log.js';

/** body-parser's own failures (malformed JSON, oversized body) carry a status and a type. */
interface BodyParserError {
  status?: number;
  type?: string;
}

function bodyParserMessage(error: BodyParserError): [number, string] | undefined {
  switch (error.type) {
    case 'entity.parse.failed':
      return [400, 'Malformed JSON in request body'];
    case 'entity.too.large':
      return [413, 'Request body is too large'];
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return [415, 'Unsupported request body encoding'];
    case 'request.aborted':
      return [400, 'Request was aborted'];
    default:
      return undefined;
  }
}

/** Every REST error leaves as JSON {"error": "..."} with its status; never a stack trace. */
export const errorHandler: ErrorRequestHandler = (error, _req, res, next) => {
  if (res.headersSent) return next(error);
  if (error instanceof AppError) {
    res.status(HTTP_STATUS[error.code]).json({ error: error.message });
    return;
  }
  const parsed = bodyParserMessage(error as BodyParserError);
  if (parsed) {
    res.status(parsed[0]).json({ error: parsed[1] });
    return;
  }
  logUnexpected('http', error);
  res.status(HTTP_STATUS[ErrorCode.Internal]).json({ error: GENERIC_ERROR_MESSAGE });
};

export const apiNotFound: RequestHandler = (_req, res) => {
  res.status(404).json({ error: 'Not found' });
};
