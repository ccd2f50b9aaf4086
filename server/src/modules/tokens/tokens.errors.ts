import { AppError, ErrorCode } from '../../common/app-error.js';

export const tokenNotFound = () => new AppError(ErrorCode.NotFound, 'Token not found', { reason: 'TOKEN_NOT_FOUND' });

/** The token's scopes do not cover the operation. */
export const scopeMissing = (scopes: string[]) =>
  new AppError(ErrorCode.Forbidden, `This token lacks the ${scopes.join(' and ')} scope${scopes.length > 1 ? 's' : ''}`, { reason: 'TOKEN_SCOPE' });

/** A project-limited token and an operation that reaches no single project (lists, settings, the console). */
export const projectLimited = () =>
  new AppError(ErrorCode.Forbidden, 'This token is limited to some projects and cannot do this', { reason: 'TOKEN_PROJECT_LIMITED' });

export const tokenCannotDo = (message: string) => new AppError(ErrorCode.Forbidden, message, { reason: 'TOKEN_FORBIDDEN' });
