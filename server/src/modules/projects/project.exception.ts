import { AppError, ErrorCode } from '../../common/app-error.js';

export enum ProjectExceptionCode {
  NotFound = 'PROJECT_NOT_FOUND',
  NameTaken = 'PROJECT_NAME_TAKEN',
  UnknownTemplate = 'UNKNOWN_TEMPLATE',
  GithubOrganizationMissing = 'GITHUB_ORGANIZATION_MISSING',
}

const TO_ERROR_CODE: Record<ProjectExceptionCode, ErrorCode> = {
  [ProjectExceptionCode.NotFound]: ErrorCode.NotFound,
  [ProjectExceptionCode.NameTaken]: ErrorCode.Conflict,
  [ProjectExceptionCode.UnknownTemplate]: ErrorCode.BadUserInput,
  [ProjectExceptionCode.GithubOrganizationMissing]: ErrorCode.BadUserInput,
};

export class ProjectException extends AppError {
  constructor(
    readonly reason: ProjectExceptionCode,
    message: string,
  ) {
    super(TO_ERROR_CODE[reason], message);
  }
}

export const projectNotFound = () => new ProjectException(ProjectExceptionCode.NotFound, 'Project not found');
export const projectNameTaken = (name: string) =>
  new ProjectException(ProjectExceptionCode.NameTaken, `A project named "${name}" already exists`);
export const unknownTemplate = (name: string) =>
  new ProjectException(ProjectExceptionCode.UnknownTemplate, `Template "${name.slice(0, 100)}" does not exist`);
export const githubOrganizationMissing = () =>
  new ProjectException(
    ProjectExceptionCode.GithubOrganizationMissing,
    'Set your GitHub organization in Settings before creating projects',
  );
