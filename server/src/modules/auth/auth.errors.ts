import { AppError, ErrorCode } from '../../common/app-error.js';

export const invalidCredentials = () =>
  new AppError(ErrorCode.Unauthenticated, 'Invalid email or password', { reason: 'INVALID_CREDENTIALS' });

export const notSignedIn = () => new AppError(ErrorCode.Unauthenticated, 'Authentication required', { reason: 'NOT_SIGNED_IN' });

export const loginThrottled = (minutes: number) =>
  new AppError(ErrorCode.TooManyRequests, `Too many failed login attempts. Try again in ${minutes} minutes.`, { reason: 'THROTTLED' });
