import { AppError, ErrorCode } from '../../common/app-error.js';
import { SETTING_KEYS } from './setting-key.js';

export enum SettingExceptionCode {
  UnknownKey = 'UNKNOWN_SETTING_KEY',
  InvalidValue = 'INVALID_SETTING_VALUE',
}

const TO_ERROR_CODE: Record<SettingExceptionCode, ErrorCode> = {
  [SettingExceptionCode.UnknownKey]: ErrorCode.BadUserInput,
  [SettingExceptionCode.InvalidValue]: ErrorCode.BadUserInput,
};

export class SettingException extends AppError {
  constructor(
    readonly reason: SettingExceptionCode,
    message: string,
  ) {
    super(TO_ERROR_CODE[reason], message);
  }
}

export const unknownSettingKey = (key: unknown) =>
  new SettingException(
    SettingExceptionCode.UnknownKey,
    `Unknown setting "${String(key).slice(0, 100)}". Valid settings are ${SETTING_KEYS.join(', ')}`,
  );

export const invalidSettingValue = (message: string) => new SettingException(SettingExceptionCode.InvalidValue, message);
