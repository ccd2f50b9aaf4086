export enum CommandResultType {
  output = 'output',
  error = 'error',
  success = 'success',
  info = 'info',
}

export const COMMAND_RESULT_TYPES = Object.values(CommandResultType);

export interface CommandResult {
  type: CommandResultType;
  output: string;
}

export const isCommandResultType = (value: unknown): value is CommandResultType =>
  typeof value === 'string' && (COMMAND_RESULT_TYPES as string[]).includes(value);
