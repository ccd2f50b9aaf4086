import { AppError, ErrorCode } from '../../common/app-error.js';

export enum CommandExceptionCode {
  LogNotFound = 'COMMAND_LOG_NOT_FOUND',
}

const TO_ERROR_CODE: Record<CommandExceptionCode, ErrorCode> = {
  [CommandExceptionCode.LogNotFound]: ErrorCode.NotFound,
};

export class CommandException extends AppError {
  constructor(
    readonly reason: CommandExceptionCode,
    message: string,
  ) {
    super(TO_ERROR_CODE[reason], message);
  }
}

export const commandLogNotFound = () => new CommandException(CommandExceptionCode.LogNotFound, 'Command log not found');
