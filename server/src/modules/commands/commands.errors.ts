import { AppError, ErrorCode } from '../../common/app-error.js';

export const commandLogNotFound = () => new AppError(ErrorCode.NotFound, 'Command log not found', { reason: 'COMMAND_LOG_NOT_FOUND' });
