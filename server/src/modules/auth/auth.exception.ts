import { AppError, ErrorCode } from '../../common/app-error.js';

export enum AuthExceptionCode {
  InvalidCredentials = 'INVALID_CREDENTIALS',
  NotSignedIn = 'NOT_SIGNED_IN',
  Throttled = 'THROTTLED',
}

const TO_ERROR_CODE: Record<AuthExceptionCode, ErrorCode> = {
  [AuthExceptionCode.InvalidCredentials]: ErrorCode.Unauthenticated,
  [AuthExceptionCode.NotSignedIn]: ErrorCode.Unauthenticated,
  [AuthExceptionCode.Throttled]: ErrorCode.TooManyRequests,
};

export class AuthException extends AppError {
  constructor(
    readonly reason: AuthExceptionCode,
    message: string,
  ) {
    super(TO_ERROR_CODE[reason], message);
  }
}

export const notSignedIn = () => new AuthException(AuthExceptionCode.NotSignedIn, 'Authentication required');
