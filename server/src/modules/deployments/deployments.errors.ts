import { AppError, ErrorCode } from '../../common/app-error.js';

export const deploymentNotFound = () => new AppError(ErrorCode.NotFound, 'Deployment not found', { reason: 'DEPLOYMENT_NOT_FOUND' });

export const noActiveDeployment = (environment: string) =>
  new AppError(ErrorCode.NotFound, `No active deployment in ${environment}`, { reason: 'NO_ACTIVE_DEPLOYMENT' });

export const versionNotDeployable = (tag: string) =>
  new AppError(ErrorCode.Conflict, `Only a built version can be deployed: ${tag} is not built`, { reason: 'VERSION_NOT_BUILT', field: 'version_id' });

export const versionArchivedForDeploy = (tag: string) =>
  new AppError(ErrorCode.Conflict, `Version ${tag} is archived: restore it before deploying it`, { reason: 'VERSION_ARCHIVED', field: 'version_id' });

export const projectNotDeployable = () =>
  new AppError(ErrorCode.Conflict, 'The project has no app to deploy: wait for its creation to finish (a blank project has none)', { reason: 'PROJECT_NOT_DEPLOYABLE' });

export const deploymentInProgress = (environment: string) =>
  new AppError(ErrorCode.Conflict, `A deployment to ${environment} is already in progress: wait for it to finish`, { reason: 'DEPLOYMENT_IN_PROGRESS' });

export const notActive = () => new AppError(ErrorCode.Conflict, 'Only the active deployment can be rolled back', { reason: 'DEPLOYMENT_NOT_ACTIVE' });

export const invalidRollbackTarget = (why: string) =>
  new AppError(ErrorCode.Conflict, `This deployment cannot be rolled back to: ${why}`, { reason: 'INVALID_ROLLBACK_TARGET', field: 'target_deployment_id' });

export const deploymentIsActive = () =>
  new AppError(ErrorCode.Conflict, 'The active deployment cannot be deleted: stop it or deploy another version first', { reason: 'DEPLOYMENT_ACTIVE' });

export const deploymentBusy = () =>
  new AppError(ErrorCode.Conflict, 'The deployment is in progress: wait for it to finish', { reason: 'DEPLOYMENT_IN_PROGRESS' });

export const replicasOnlyWhenActive = () =>
  new AppError(ErrorCode.Conflict, 'Only an active deployment can be scaled', { reason: 'DEPLOYMENT_NOT_ACTIVE' });

export const canaryNeedsServing = (environment: string) =>
  new AppError(ErrorCode.Conflict, `A canary is compared with the deployment serving ${environment}, and none does: deploy with the rolling strategy first`, {
    reason: 'NOTHING_SERVING',
    field: 'deployment_strategy',
  });

export const noRunningCanary = (action: 'promote' | 'abort') =>
  new AppError(ErrorCode.Conflict, `Only a canary deployment in progress can be ${action === 'promote' ? 'promoted' : 'aborted'}`, { reason: 'NO_RUNNING_CANARY' });

export const canaryActionTaken = (action: 'promote' | 'abort') =>
  new AppError(ErrorCode.Conflict, `This canary is already being ${action === 'promote' ? 'promoted' : 'aborted'}`, { reason: 'CANARY_ACTION_TAKEN' });
