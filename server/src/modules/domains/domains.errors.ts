import { AppError, ErrorCode } from '../../common/app-error.js';

export const domainNotFound = (hostname: string) => new AppError(ErrorCode.NotFound, `Domain ${hostname} not found in this environment`, { reason: 'DOMAIN_NOT_FOUND', field: 'hostname' });

/** Taken by another project (of anyone): says nothing about which. */
export const domainTaken = (hostname: string) =>
  new AppError(ErrorCode.Conflict, `${hostname} is already in use by another project`, { reason: 'DOMAIN_TAKEN', field: 'hostname' });

export const domainInProject = (hostname: string, environment: string) =>
  new AppError(ErrorCode.Conflict, `${hostname} is already a domain of this project's ${environment} environment`, { reason: 'DOMAIN_TAKEN', field: 'hostname' });
