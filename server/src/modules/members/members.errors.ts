import { AppError, ErrorCode } from '../../common/app-error.js';

export const memberNotFound = () => new AppError(ErrorCode.NotFound, 'Member not found', { reason: 'MEMBER_NOT_FOUND' });

export const memberUserNotFound = () => new AppError(ErrorCode.NotFound, 'No user has this email', { reason: 'MEMBER_USER_NOT_FOUND', field: 'email' });

export const memberExists = () => new AppError(ErrorCode.Conflict, 'This user is already a member of the project', { reason: 'MEMBER_EXISTS', field: 'email' });

export const ownerNotMember = () => new AppError(ErrorCode.BadUserInput, 'The owner already has every right on the project', { reason: 'MEMBER_IS_OWNER', field: 'email' });

/** A member whose role does not reach the operation: they know the project exists, so this is 403, not 404. */
export const roleTooLow = (role: string, needed: string) =>
  new AppError(ErrorCode.Forbidden, `Your role on this project (${role}) does not allow this; it needs ${needed}`, { reason: 'MEMBER_ROLE' });
