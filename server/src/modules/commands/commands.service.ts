import type { DataSource, Repository } from 'typeorm';
import type { AuditRecorder } from '../audit/audit-log.js';
import { containsPattern } from '../../common/like-pattern.js';
import { invalidInput, isUuid } from '../../common/validation.js';
import type { User } from '../users/user.entity.js';
import { CommandLog } from './command-log.entity.js';
import { commandLogNotFound } from './commands.errors.js';
import { type CommandHelp, suggestCommands } from '@slipway/domain';
import { CommandInterpreter, MAX_COMMAND_LENGTH } from './interpreter/command-interpreter.js';
import { type CommandResult, CommandResultType, COMMAND_RESULT_TYPES, isCommandResultType } from './interpreter/command-result.js';
import type { ConsolePorts } from './interpreter/console-ports.js';
import { WorkingDirectory } from './working-directory.entity.js';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
/** The largest page GraphQL's Int can name; REST gets the same bound. */
const MAX_PAGE = 2_147_483_647;

/** The features the console reads; the command log and working directory are this service's own. */
export type CommandsDependencies = Pick<ConsolePorts, 'projects' | 'settings' | 'health' | 'build' | 'pipelines' | 'versions'>;

/** Filters as they arrive from REST (strings) or GraphQL (typed); parsed and validated here for both. */
export interface CommandLogQuery {
  page?: unknown;
  pageSize?: unknown;
  type?: unknown;
  success?: unknown;
  command?: unknown;
}

export interface CommandLogList {
  logs: CommandLog[];
  total: number;
  page: number;
  totalPages: number;
}

export type CommandSuggestion = Pick<CommandHelp, 'command' | 'description' | 'parameters' | 'category'>;

/** PostgreSQL text cannot hold NUL; anything else is stored as typed. */
const withoutNul = (text: string) => text.replace(/\u0000/g, '\uFFFD');

function parseCommand(value: unknown): string {
  if (value !== undefined && value !== null && typeof value !== 'string') throw invalidInput('Command must be a string', 'command');
  const command = (value ?? '').trim();
  if (!command) throw invalidInput('Command is required', 'command');
  return command;
}

/** What the log keeps of the command: a refused over-long command is kept up to the limit, marked as cut. */
function commandForLog(command: string): string {
  const kept = command.length > MAX_COMMAND_LENGTH ? `${command.slice(0, MAX_COMMAND_LENGTH)}…` : command;
  return withoutNul(kept);
}

function parseInteger(value: unknown, field: string, fallback: number, min: number, max: number, message: string): number {
  if (value === undefined || value === null || value === '') return fallback;
  const number = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isInteger(number) || number < min || number > max) throw invalidInput(message, field);
  return number;
}

function parseSuccess(value: unknown): boolean | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  throw invalidInput('Success must be true or false', 'success');
}

function parseType(value: unknown): CommandResultType | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (!isCommandResultType(value)) throw invalidInput(`Type must be one of ${COMMAND_RESULT_TYPES.join(', ')}`, 'type');
  return value;
}

function parseCommandFilter(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw invalidInput('Command filter must be a string', 'command');
  if (value.length > MAX_COMMAND_LENGTH) throw invalidInput(`Command filter must be at most ${MAX_COMMAND_LENGTH} characters`, 'command');
  return value;
}

export class CommandsService {
  private readonly logs: Repository<CommandLog>;
  private readonly directories: Repository<WorkingDirectory>;
  private readonly interpreter: CommandInterpreter;

  constructor(
    dataSource: DataSource,
    dependencies: CommandsDependencies,
    private readonly audit: AuditRecorder,
  ) {
    this.logs = dataSource.getRepository(CommandLog);
    this.directories = dataSource.getRepository(WorkingDirectory);
    this.interpreter = new CommandInterpreter({
      ...dependencies,
      commandLogs: { count: (user) => this.logs.countBy({ userId: user.id }) },
      workingDirectory: {
        get: async (user) => (await this.directories.findOneBy({ userId: user.id }))?.path ?? null,
        set: async (user, path) => {
          await this.directories.upsert({ userId: user.id, path }, ['userId']);
        },
      },
    });
  }

  /** Runs one command for the user and logs it, refused or not; only an empty command is turned away unlogged. */
  async execute(user: User, input: unknown): Promise<CommandResult> {
    const command = parseCommand(input);
    const outcome = await this.interpreter.run(user, command);
    await this.logs.insert({
      userId: user.id,
      command: commandForLog(command),
      type: outcome.type,
      output: withoutNul(outcome.output),
      success: outcome.type !== CommandResultType.error,
    });
    // The command's name only: its arguments may carry a value (settings set KEY value).
    await this.audit.record(null, {
      action: 'console.command',
      details: { command: command.trim().split(/\s+/)[0] ?? '' },
      result: outcome.type === CommandResultType.error ? 'failure' : 'success',
    });
    return outcome;
  }

  suggestions(search: unknown): CommandSuggestion[] {
    if (search !== undefined && search !== null && typeof search !== 'string') throw invalidInput('Search must be a string', 'search');
    return suggestCommands(search ?? '').map(({ command, description, parameters, category }) => ({ command, description, parameters, category }));
  }

  /** The user's own log, newest first. */
  async listLogs(user: User, query: CommandLogQuery): Promise<CommandLogList> {
    const page = parseInteger(query.page, 'page', 1, 1, MAX_PAGE, 'Page must be a positive integer');
    const pageSize = parseInteger(query.pageSize, 'pageSize', DEFAULT_PAGE_SIZE, 1, MAX_PAGE_SIZE, `Page size must be an integer between 1 and ${MAX_PAGE_SIZE}`);
    const type = parseType(query.type);
    const success = parseSuccess(query.success);
    const command = parseCommandFilter(query.command);

    const select = this.logs.createQueryBuilder('log').where('log.userId = :userId', { userId: user.id });
    if (type) select.andWhere('log.type = :type', { type });
    if (success !== undefined) select.andWhere('log.success = :success', { success });
    if (command) select.andWhere(`log.command ILIKE :pattern ESCAPE '\\'`, { pattern: containsPattern(withoutNul(command)) });
    const [logs, total] = await select
      .orderBy('log.createdAt', 'DESC')
      .addOrderBy('log.id', 'DESC')
      .offset((page - 1) * pageSize)
      .limit(pageSize)
      .getManyAndCount();
    return { logs, total, page, totalPages: Math.ceil(total / pageSize) };
  }

  /** One of the user's own log entries; anyone else's is as unknown as a missing one. */
  async getLog(user: User, id: string): Promise<CommandLog> {
    const log = isUuid(id) ? await this.logs.findOneBy({ id, userId: user.id }) : null;
    if (!log) throw commandLogNotFound();
    return log;
  }
}
