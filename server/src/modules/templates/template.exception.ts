import { AppError, ErrorCode } from '../../common/app-error.js';

export enum TemplateExceptionCode {
  NotFound = 'TEMPLATE_NOT_FOUND',
}

const TO_ERROR_CODE: Record<TemplateExceptionCode, ErrorCode> = {
  [TemplateExceptionCode.NotFound]: ErrorCode.NotFound,
};

export class TemplateException extends AppError {
  constructor(
    readonly reason: TemplateExceptionCode,
    message: string,
  ) {
    super(TO_ERROR_CODE[reason], message);
  }
}

export const templateNotFound = () => new TemplateException(TemplateExceptionCode.NotFound, 'Template not found');
