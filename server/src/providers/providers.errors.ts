import { AppError, ErrorCode } from '../common/app-error.js';

/** Errors the local adapters answer; their messages are safe to show the project's owner (no paths, no secrets). */

export const invalidProviderName = (what: string, value: string) =>
  new AppError(ErrorCode.BadUserInput, `Invalid ${what} "${value.slice(0, 100)}": use letters, digits, '.', '_' and '-', starting with a letter or digit`, {
    reason: 'INVALID_PROVIDER_NAME',
  });

/** A project's cloud port that cannot be used now (its credentials left Settings, or its adapter is missing). */
export const providerUnavailable = (message: string) => new AppError(ErrorCode.Conflict, message, { reason: 'PROVIDER_UNAVAILABLE' });

export const repositoryNotFound = (name: string) =>
  new AppError(ErrorCode.NotFound, `Repository ${name} not found`, { reason: 'REPOSITORY_NOT_FOUND' });

export const commitNotFound = (sha: string) => new AppError(ErrorCode.NotFound, `Commit ${sha.slice(0, 40)} not found`, { reason: 'COMMIT_NOT_FOUND' });

export const tagConflict = (tag: string) =>
  new AppError(ErrorCode.Conflict, `Tag ${tag} already points at another commit`, { reason: 'TAG_CONFLICT' });

/** A file a commit cannot hold or a checkout cannot write safely; the same commit is refused the same way every time. */
export const INVALID_SOURCE_FILE = 'INVALID_SOURCE_FILE';
export const invalidSourceFile = (filePath: string, why: string) =>
  new AppError(ErrorCode.BadUserInput, `Invalid file path "${filePath.slice(0, 200)}": ${why}`, { reason: INVALID_SOURCE_FILE });

export const artifactFileMissing = () =>
  new AppError(ErrorCode.BadUserInput, 'The artifact file to push does not exist or is not a regular file', { reason: 'ARTIFACT_FILE_MISSING' });
