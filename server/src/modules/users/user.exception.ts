import { AppError, ErrorCode } from '../../common/app-error.js';

export enum UserExceptionCode {
  NotFound = 'USER_NOT_FOUND',
  EmailTaken = 'EMAIL_TAKEN',
  Forbidden = 'USER_FORBIDDEN',
}

const TO_ERROR_CODE: Record<UserExceptionCode, ErrorCode> = {
  [UserExceptionCode.NotFound]: ErrorCode.NotFound,
  [UserExceptionCode.EmailTaken]: ErrorCode.Conflict,
  [UserExceptionCode.Forbidden]: ErrorCode.Forbidden,
};

export class UserException extends AppError {
  constructor(
    readonly reason: UserExceptionCode,
    message: string,
  ) {
    super(TO_ERROR_CODE[reason], message);
  }
}

export const userNotFound = () => new UserException(UserExceptionCode.NotFound, 'User not found');
export const emailTaken = () => new UserException(UserExceptionCode.EmailTaken, 'Email is already registered');
export const forbidden = (message: string) => new UserException(UserExceptionCode.Forbidden, message);
