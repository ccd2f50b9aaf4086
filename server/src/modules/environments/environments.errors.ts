import { AppError, ErrorCode } from '../../common/app-error.js';
import { invalidInput } from '../../common/validation.js';

export const environmentNotFound = (name: string) => new AppError(ErrorCode.NotFound, `Environment ${name} not found`, { reason: 'ENVIRONMENT_NOT_FOUND', field: 'environment' });

export const environmentNameTaken = (name: string) =>
  new AppError(ErrorCode.Conflict, `The project already has an environment named ${name}`, { reason: 'ENVIRONMENT_NAME_TAKEN', field: 'name' });

export const productionIsPermanent = () =>
  new AppError(ErrorCode.Conflict, 'The production environment cannot be deleted', { reason: 'ENVIRONMENT_PERMANENT' });

export const environmentServing = (name: string) =>
  new AppError(ErrorCode.Conflict, `${name} has an active deployment or one in progress: stop it before deleting the environment`, { reason: 'ENVIRONMENT_IN_USE' });

export const samePromotion = () => invalidInput('An environment cannot be promoted into itself', 'from');

export const nothingToPromote = (name: string) =>
  new AppError(ErrorCode.Conflict, `Nothing serves ${name}: there is no build to promote`, { reason: 'NOTHING_TO_PROMOTE', field: 'from' });
