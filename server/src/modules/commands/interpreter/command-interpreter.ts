import { AppError } from '../../../common/app-error.js';
import { logUnexpected } from '../../../common/log.js';
import type { User } from '../../users/user.entity.js';
import {
  type CommandHelp,
  closestCommand,
  findCommand,
  formatCommandHelp,
  formatHelp,
  unknownHelpTopic,
  usage,
} from '@slipway/domain';
import { type CommandResult, CommandResultType } from './command-result.js';
import type { ConsolePorts, ConsoleProject, ConsoleRun, ConsoleVersionCounts } from './console-ports.js';
import { formatTable, formatTimestamp, oneLine, plural, quoteWord } from './text.js';
import { CommandSyntaxError, tokenize } from './tokenizer.js';
import { PROJECT_ENTRIES, type ProjectEntry, ROOT, joinPath, resolveSegments, splitPath } from './virtual-path.js';

export const MAX_COMMAND_LENGTH = 1000;
export const MAX_OUTPUT_LENGTH = 10_000;
/** Rows `projects` and `ls /projects` show at most; a filter narrows the rest. */
export const PROJECT_LIST_LIMIT = 100;
export const NO_PROJECTS_YET = 'No projects yet. Create one on the Projects page.';
/** Control characters other than tab: a command is one line, and NUL cannot even be stored. */
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000a-\u001f\u007f]/;

type VirtualNode =
  | { kind: 'root' }
  | { kind: 'projects' }
  | { kind: 'project'; project: ConsoleProject }
  | { kind: 'project-entry'; project: ConsoleProject; entry: ProjectEntry }
  | { kind: 'settings' }
  | { kind: 'setting'; key: string; configured: boolean };

type Handler = (user: User, args: string[], entry: CommandHelp) => Promise<CommandResult> | CommandResult;

const result = (type: CommandResultType, output: string): CommandResult => ({ type, output });
const failure = (output: string) => result(CommandResultType.error, output);
const formatCount = (value: number) => value.toLocaleString('en-US');

export function tooLongMessage(length: number): string {
  return `Command is too long: ${formatCount(length)} characters; the limit is ${formatCount(MAX_COMMAND_LENGTH)}.`;
}

export function unknownCommandMessage(name: string): string {
  const guess = closestCommand(name);
  const hint = guess ? ` Did you mean '${guess}'?` : '';
  return `Unknown command: '${name}'.${hint}\nType 'help' to see all available commands.`;
}

/** Caps output at MAX_OUTPUT_LENGTH characters and says so. */
export function capOutput(outcome: CommandResult): CommandResult {
  const { output } = outcome;
  if (output.length <= MAX_OUTPUT_LENGTH) return outcome;
  const note = `… output truncated: showing the first ${formatCount(MAX_OUTPUT_LENGTH)} of ${formatCount(output.length)} characters`;
  return { ...outcome, output: `${output.slice(0, MAX_OUTPUT_LENGTH)}\n${note}` };
}

/** A project's newest version in the `projects` table: 'v1.2.0 ready', or '-' before its first. */
function describeVersion(version: ConsoleProject['latestVersion']): string {
  return version ? `${version.tag} ${version.status}` : '-';
}

/** `status`'s Versions line: '5', or '5 (1 building, 2 failed)'. */
function describeVersionCounts({ total, building, failed }: ConsoleVersionCounts): string {
  const notes = [building ? `${formatCount(building)} building` : '', failed ? `${formatCount(failed)} failed` : ''].filter(Boolean);
  return notes.length ? `${formatCount(total)} (${notes.join(', ')})` : formatCount(total);
}

function projectEntryValue(project: ConsoleProject, entry: ProjectEntry): string {
  switch (entry) {
    case 'description':
      return oneLine(project.description) || '(empty)';
    case 'status':
      return project.status;
    case 'tags':
      return project.tags.length ? project.tags.join(', ') : '(none)';
    case 'repository_url':
      return project.repositoryUrl ?? '(none)';
    case 'created_at':
      return formatTimestamp(project.createdAt);
    case 'updated_at':
      return formatTimestamp(project.updatedAt);
  }
}

const isDirectory = (node: VirtualNode | null) =>
  node !== null && (node.kind === 'root' || node.kind === 'projects' || node.kind === 'project' || node.kind === 'settings');

/**
 * The console's command interpreter. It splits the line itself (tokenizer.ts) and answers every
 * command in TypeScript from the user's own data: nothing here starts a shell or any other process.
 */
export class CommandInterpreter {
  private readonly handlers: Record<string, Handler> = {
    help: (_user, args, entry) => this.help(args, entry),
    clear: (_user, args, entry) =>
      this.noArguments(args, entry) ??
      result(CommandResultType.info, "'clear' is handled by the console in your browser: it clears the terminal output."),
    echo: (_user, args) => result(CommandResultType.output, args.join(' ')),
    whoami: (user, args, entry) =>
      this.noArguments(args, entry) ??
      result(CommandResultType.output, formatTable([['Name', user.name], ['Email', user.email], ['Role', user.role]])),
    pwd: async (user, args, entry) =>
      this.noArguments(args, entry) ?? result(CommandResultType.output, joinPath(await this.currentDirectory(user))),
    ls: (user, args, entry) => this.ls(user, args, entry),
    cd: (user, args, entry) => this.cd(user, args, entry),
    projects: (user, args) => this.projects(user, args.join(' ')),
    status: (user, args, entry) => this.noArguments(args, entry) ?? this.status(user),
    version: (_user, args, entry) => this.noArguments(args, entry) ?? this.version(),
  };

  constructor(private readonly ports: ConsolePorts) {}

  /** Runs one command line (already trimmed and non-empty) for the user. */
  async run(user: User, line: string): Promise<CommandResult> {
    return capOutput(await this.interpret(user, line));
  }

  private async interpret(user: User, line: string): Promise<CommandResult> {
    if (line.length > MAX_COMMAND_LENGTH) return failure(tooLongMessage(line.length));
    if (CONTROL_CHARACTERS.test(line)) return failure('Command contains control characters such as line breaks; type it on one line.');
    let words: string[];
    try {
      words = tokenize(line);
    } catch (error) {
      if (error instanceof CommandSyntaxError) return failure(error.message);
      throw error;
    }
    if (!words.length) return failure('Command is required');
    const [name, ...args] = words;
    const entry = findCommand(name);
    const handler = entry && this.handlers[entry.command];
    if (!entry || !handler) return failure(unknownCommandMessage(name));
    try {
      return await handler(user, args, entry);
    } catch (error) {
      if (error instanceof AppError) return failure(`${entry.command}: ${error.message}`);
      logUnexpected(`console command ${entry.command}`, error);
      return failure(`${entry.command}: failed because of an internal error; please try again.`);
    }
  }

  private noArguments(args: string[], entry: CommandHelp): CommandResult | null {
    return args.length ? this.usageError(entry, 'takes no arguments') : null;
  }

  private usageError(entry: CommandHelp, problem: string): CommandResult {
    return failure(`${entry.command}: ${problem}. Usage: ${usage(entry)}`);
  }

  private help(args: string[], entry: CommandHelp): CommandResult {
    if (args.length > 1) return this.usageError(entry, 'too many arguments');
    if (!args.length) return result(CommandResultType.info, formatHelp());
    const topic = findCommand(args[0]);
    return topic ? result(CommandResultType.info, formatCommandHelp(topic)) : failure(unknownHelpTopic(args[0]));
  }

  private async ls(user: User, args: string[], entry: CommandHelp): Promise<CommandResult> {
    if (args.length > 1) return this.usageError(entry, 'too many arguments');
    const [target] = args;
    if (target?.startsWith('-')) return this.usageError(entry, `options are not supported (${target})`);
    const cwd = joinPath(await this.currentDirectory(user));
    const node = await this.lookup(user, resolveSegments(cwd, target ?? '.'));
    if (!node) return failure(`ls: no such file or directory: ${target}`);
    switch (node.kind) {
      case 'root':
        return result(CommandResultType.output, 'projects/\nsettings/');
      case 'projects':
        return this.listProjectDirectories(user);
      case 'project':
        return result(CommandResultType.output, formatTable(PROJECT_ENTRIES.map((name) => [name, projectEntryValue(node.project, name)])));
      case 'project-entry':
        return result(CommandResultType.output, formatTable([[node.entry, projectEntryValue(node.project, node.entry)]]));
      case 'settings': {
        const keys = await this.ports.settings.configuredKeys(user);
        return result(CommandResultType.output, formatTable(keys.map(({ key, configured }) => [key, configured ? 'configured' : 'not set'])));
      }
      case 'setting':
        return result(CommandResultType.output, formatTable([[node.key, node.configured ? 'configured' : 'not set']]));
    }
  }

  private async listProjectDirectories(user: User): Promise<CommandResult> {
    const { projects, total } = await this.ports.projects.list(user, { limit: PROJECT_LIST_LIMIT });
    if (!projects.length) return result(CommandResultType.info, NO_PROJECTS_YET);
    const lines = projects.map((project) => `${quoteWord(project.name)}/`);
    if (total > projects.length) lines.push(`… and ${formatCount(total - projects.length)} more; use 'projects <filter>' to find one`);
    return result(CommandResultType.output, lines.join('\n'));
  }

  private async cd(user: User, args: string[], entry: CommandHelp): Promise<CommandResult> {
    if (args.length > 1) return this.usageError(entry, 'too many arguments');
    const [target = ROOT] = args;
    const cwd = joinPath(await this.currentDirectory(user));
    const segments = resolveSegments(cwd, target);
    const node = await this.lookup(user, segments);
    if (!node) return failure(`cd: no such directory: ${target}`);
    if (!isDirectory(node)) return failure(`cd: not a directory: ${target}`);
    const path = joinPath(segments);
    await this.ports.workingDirectory.set(user, path);
    return result(CommandResultType.success, path);
  }

  private async projects(user: User, filter: string): Promise<CommandResult> {
    const { projects, total } = await this.ports.projects.list(user, { search: filter || undefined, limit: PROJECT_LIST_LIMIT });
    if (!projects.length) return result(CommandResultType.info, filter ? `No projects match '${filter}'.` : NO_PROJECTS_YET);
    const table = formatTable([
      ['NAME', 'STATUS', 'VERSION', 'LAST UPDATE'],
      ...projects.map((project) => [project.name, project.status, describeVersion(project.latestVersion), formatTimestamp(project.updatedAt)]),
    ]);
    const footer =
      total > projects.length
        ? `Showing ${formatCount(projects.length)} of ${formatCount(total)} projects; add a filter to narrow the list.`
        : plural(total, 'project');
    return result(CommandResultType.output, `${table}\n\n${footer}`);
  }

  private async status(user: User): Promise<CommandResult> {
    const [health, projects, versions, logs, latestRun] = await Promise.all([
      this.ports.health.check(),
      this.ports.projects.list(user, { limit: 1 }).then(
        ({ total }) => formatCount(total),
        () => 'unavailable',
      ),
      this.ports.versions.counts(user).then(describeVersionCounts, () => 'unavailable'),
      this.ports.commandLogs.count(user).then(formatCount, () => 'unavailable'),
      this.ports.pipelines.latest(user).then(describeRun, () => 'unavailable'),
    ]);
    const mode = health.mode === 'server' ? 'PostgreSQL server' : 'embedded PostgreSQL';
    return result(
      CommandResultType.output,
      formatTable([
        ['Database', `${health.database} (${mode})`],
        ['Job queue', health.jobQueue],
        ['Projects', projects],
        ['Versions', versions],
        ['Command logs', logs],
        ['Latest run', latestRun],
      ]),
    );
  }

  private version(): CommandResult {
    const { version, commit, nodeVersion } = this.ports.build;
    return result(
      CommandResultType.output,
      formatTable([['Slipway', version], ['Commit', commit ? commit.slice(0, 12) : 'unknown'], ['Node.js', nodeVersion]]),
    );
  }

  /** The user's working directory; if it no longer exists (project deleted or renamed), the nearest ancestor that does. */
  private async currentDirectory(user: User): Promise<string[]> {
    const stored = splitPath((await this.ports.workingDirectory.get(user)) ?? ROOT);
    let segments = stored;
    while (segments.length && !isDirectory(await this.lookup(user, segments))) segments = segments.slice(0, -1);
    if (segments.length !== stored.length) await this.ports.workingDirectory.set(user, joinPath(segments));
    return segments;
  }

  private async lookup(user: User, segments: string[]): Promise<VirtualNode | null> {
    const [top, name, entry, ...beyond] = segments;
    if (top === undefined) return { kind: 'root' };
    if (beyond.length) return null;
    if (top === 'projects') {
      if (name === undefined) return { kind: 'projects' };
      const project = await this.ports.projects.findByName(user, name);
      if (!project) return null;
      if (entry === undefined) return { kind: 'project', project };
      return (PROJECT_ENTRIES as readonly string[]).includes(entry) ? { kind: 'project-entry', project, entry: entry as ProjectEntry } : null;
    }
    if (top === 'settings' && entry === undefined) {
      if (name === undefined) return { kind: 'settings' };
      const setting = (await this.ports.settings.configuredKeys(user)).find(({ key }) => key === name);
      return setting ? { kind: 'setting', ...setting } : null;
    }
    return null;
  }
}

/** 'Project Creation of "web": running, 7 of 15 steps done (now: Commit Code)'; 'none' before the first run. */
function describeRun(run: ConsoleRun | null): string {
  if (!run) return 'none';
  const subject = run.projectName === null ? run.title : `${run.title} of "${run.projectName}"`;
  const progress = `${run.completedSteps} of ${run.totalSteps} steps done`;
  if (run.status === 'running') return `${subject}: running, ${progress}${run.currentStep ? ` (now: ${run.currentStep})` : ''}`;
  if (run.status === 'failed') return `${subject}: failed at ${run.currentStep ?? 'a step'}${run.errorMessage ? `: ${run.errorMessage}` : ''}`;
  return `${subject}: ${run.status}, ${progress}`;
}
