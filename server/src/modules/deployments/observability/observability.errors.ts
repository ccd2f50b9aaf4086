import { METRICS_RANGES } from '@slipway/domain';
import { AppError, ErrorCode } from '../../../common/app-error.js';
import { invalidInput } from '../../../common/validation.js';

/** Also for anyone else's deployment or project: their existence is not revealed. */
export const deploymentNotFound = () => new AppError(ErrorCode.NotFound, 'Deployment not found', { reason: 'DEPLOYMENT_NOT_FOUND' });

export const invalidMetricsRange = () => invalidInput(`range must be one of ${Object.keys(METRICS_RANGES).join(', ')}`, 'range');

export const invalidLogTail = (max: number) => invalidInput(`tail must be an integer between 1 and ${max}`, 'tail');
