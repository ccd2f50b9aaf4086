import { AppError, ErrorCode } from '../../common/app-error.js';
import { providerUnreachable } from '../upstream.js';

/**
 * Errors the Docker Hub adapter answers. Their messages are shown to the project's owner in step errors: they name
 * the account and the repository, never a token or an Authorization header.
 */

export const dockerHubBadCredentials = (username: string) =>
  new AppError(
    ErrorCode.Unauthenticated,
    `Docker Hub rejected the credentials of "${username.slice(0, 100)}": check DOCKER_USERNAME and DOCKER_TOKEN (a personal access token with read, write and delete access)`,
    { reason: 'DOCKERHUB_BAD_CREDENTIALS' },
  );

export const dockerHubDenied = (repository: string, username: string) =>
  new AppError(
    ErrorCode.Forbidden,
    `Docker Hub denied "${username.slice(0, 100)}" access to ${repository}: push to your own namespace or to an organization you belong to, with a token that has write access`,
    { reason: 'DOCKERHUB_DENIED' },
  );

export const dockerHubReadOnly = (username: string) =>
  new AppError(
    ErrorCode.Forbidden,
    `The Docker Hub token of "${username.slice(0, 100)}" cannot push images: create a personal access token with Read, Write & Delete access`,
    { reason: 'DOCKERHUB_TOKEN_READ_ONLY' },
  );

export const dockerHubRateLimited = (retryAt: Date | null) =>
  new AppError(
    ErrorCode.TooManyRequests,
    `Docker Hub's rate limit is reached${retryAt ? `; try again after ${retryAt.toISOString()}` : '; try again later'}`,
    { reason: 'DOCKERHUB_RATE_LIMITED' },
  );

export const dockerHubForeignAuthHost = (host: string) =>
  new AppError(ErrorCode.ProviderError, `The registry asked for credentials at ${host.slice(0, 200)}, which is not a configured Docker Hub host; they were not sent`, {
    reason: 'DOCKERHUB_FOREIGN_AUTH_HOST',
  });

export const dockerHubUnreachable = (url: URL, method: string, why: string) =>
  providerUnreachable('Docker Hub', url, `send ${method} ${url.pathname.slice(0, 200)}`, why, 'DOCKERHUB_UNREACHABLE');

export const dockerHubFailed = (what: string, status: number, detail: string) =>
  new AppError(ErrorCode.ProviderError, `Docker Hub failed to ${what} (HTTP ${status}${detail ? `: ${detail.slice(0, 200)}` : ''})`, { reason: 'DOCKERHUB_FAILED' });
