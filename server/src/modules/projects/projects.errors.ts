import { AppError, ErrorCode } from '../../common/app-error.js';

export const projectNotFound = () => new AppError(ErrorCode.NotFound, 'Project not found', { reason: 'PROJECT_NOT_FOUND' });

export const projectBeingDeleted = (name: string) =>
  new AppError(ErrorCode.Conflict, `Project "${name}" is being deleted and can no longer be changed`, { reason: 'PROJECT_BEING_DELETED' });

export const projectNameTaken = (name: string) =>
  new AppError(ErrorCode.Conflict, `A project named "${name}" already exists`, { reason: 'PROJECT_NAME_TAKEN', field: 'name' });

export const unknownTemplate = (name: string) =>
  new AppError(ErrorCode.BadUserInput, `Template "${name.slice(0, 100)}" does not exist`, {
    reason: 'UNKNOWN_TEMPLATE',
    field: 'templateName',
  });

export const githubOrganizationMissing = () =>
  new AppError(ErrorCode.BadUserInput, 'Set your GitHub organization in Settings before creating projects', {
    reason: 'GITHUB_ORGANIZATION_MISSING',
  });

export const githubOrganizationInvalid = () =>
  new AppError(ErrorCode.BadUserInput, 'Your GitHub organization setting must be letters, digits and single hyphens (at most 39)', {
    reason: 'GITHUB_ORGANIZATION_INVALID',
  });

