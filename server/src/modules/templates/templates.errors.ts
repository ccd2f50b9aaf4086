import { AppError, ErrorCode } from '../../common/app-error.js';

export const templateNotFound = () => new AppError(ErrorCode.NotFound, 'Template not found', { reason: 'TEMPLATE_NOT_FOUND' });
