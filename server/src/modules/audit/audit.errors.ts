import { AppError, ErrorCode } from '../../common/app-error.js';

export const auditForbidden = () => new AppError(ErrorCode.Forbidden, "Only admins read everyone's audit entries; ask for a project's or your own", { reason: 'AUDIT_FORBIDDEN' });
