import { AppError, ErrorCode } from '../../common/app-error.js';

export const userNotFound = () => new AppError(ErrorCode.NotFound, 'User not found', { reason: 'USER_NOT_FOUND' });

export const emailTaken = () =>
  new AppError(ErrorCode.Conflict, 'Email is already registered', { reason: 'EMAIL_TAKEN', field: 'email' });

export const forbidden = (message: string) => new AppError(ErrorCode.Forbidden, message, { reason: 'USER_FORBIDDEN' });
