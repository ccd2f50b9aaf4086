import { AppError, ErrorCode } from '../../common/app-error.js';

export const versionNotFound = () => new AppError(ErrorCode.NotFound, 'Version not found', { reason: 'VERSION_NOT_FOUND' });

export const artifactNotFound = () => new AppError(ErrorCode.NotFound, 'Artifact not found', { reason: 'ARTIFACT_NOT_FOUND' });

export const versionTagTaken = (tag: string) =>
  new AppError(ErrorCode.Conflict, `Version ${tag} already exists in this project`, { reason: 'VERSION_TAG_TAKEN', field: 'version_tag' });

export const unknownBranch = (branch: string) =>
  new AppError(ErrorCode.BadUserInput, `Branch "${branch}" does not exist in the project's repository`, { reason: 'UNKNOWN_BRANCH', field: 'git_branch' });

export const projectHasNoRepository = () =>
  new AppError(ErrorCode.Conflict, 'The project has no repository yet: wait for its creation to finish', { reason: 'PROJECT_HAS_NO_REPOSITORY' });

export const versionIsLive = (tag: string, environment: string, action: 'deleting' | 'archiving') =>
  new AppError(ErrorCode.Conflict, `Version ${tag} is live in ${environment}: deploy another version before ${action} it`, { reason: 'VERSION_ACTIVE' });

export const versionIsDeployed = (tag: string) =>
  new AppError(ErrorCode.Conflict, `Version ${tag} has deployments: it stays for their history and rollbacks`, { reason: 'VERSION_DEPLOYED' });

export const buildInProgress = (tag: string) =>
  new AppError(ErrorCode.Conflict, `Version ${tag} is being built: stop the build first`, { reason: 'BUILD_IN_PROGRESS' });

export const noBuildRunning = (tag: string) => new AppError(ErrorCode.Conflict, `Version ${tag} has no build running`, { reason: 'BUILD_NOT_RUNNING' });

export const versionArchived = (tag: string) =>
  new AppError(ErrorCode.Conflict, `Version ${tag} is archived: restore it first`, { reason: 'VERSION_ARCHIVED' });

export const versionNotArchived = (tag: string) => new AppError(ErrorCode.Conflict, `Version ${tag} is not archived`, { reason: 'VERSION_NOT_ARCHIVED' });
