import { AppError, ErrorCode } from '../../common/app-error.js';

export const channelNotFound = () => new AppError(ErrorCode.NotFound, 'Notification channel not found', { reason: 'CHANNEL_NOT_FOUND' });
export const ruleNotFound = () => new AppError(ErrorCode.NotFound, 'Notification rule not found', { reason: 'RULE_NOT_FOUND' });
export const emailUnavailable = () =>
  new AppError(ErrorCode.BadUserInput, 'Email notifications need an SMTP server: ask an admin to set SLIPWAY_SMTP_URL', { reason: 'SMTP_NOT_CONFIGURED', field: 'kind' });
