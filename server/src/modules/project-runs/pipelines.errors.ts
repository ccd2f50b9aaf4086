import { AppError, ErrorCode } from '../../common/app-error.js';

export const noPipelineRun = () => new AppError(ErrorCode.NotFound, 'This project has no pipeline run', { reason: 'PIPELINE_NOT_FOUND' });
