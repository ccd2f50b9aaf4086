import { AppError, ErrorCode } from '../../common/app-error.js';

export const invalidCredentials = () =>
  new AppError(ErrorCode.Unauthenticated, 'Invalid email or password', { reason: 'INVALID_CREDENTIALS' });

export const notSignedIn = () => new AppError(ErrorCode.Unauthenticated, 'Authentication required', { reason: 'NOT_SIGNED_IN' });

export const loginThrottled = (seconds: number) => {
  const minutes = Math.ceil(seconds / 60);
  return new AppError(ErrorCode.TooManyRequests, `Too many failed sign-in attempts from your address. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, {
    reason: 'THROTTLED',
    retryAfterSeconds: seconds,
  });
};

/** Shown only to someone who gave the account's right password, so it tells nobody else the account exists. */
export const accountDisabled = () => new AppError(ErrorCode.Forbidden, 'This account is disabled', { reason: 'ACCOUNT_DISABLED' });
