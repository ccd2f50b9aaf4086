/**
 * The console's commands and their help texts: the ONE table both the server's `help` and the
 * client's local `help` print from, and that the suggestions API serves.
 */
export type CommandCategory = 'general' | 'navigation' | 'projects' | 'system';

export interface CommandHelp {
  command: string;
  /** How the arguments are written: <required>, [optional]; '' when the command takes none. */
  parameters: string;
  /** One line, shown in the help list and the suggestion dropdown. */
  description: string;
  category: CommandCategory;
  /** 'client' commands are handled by the console itself; the server only explains them. */
  handledBy: 'client' | 'server';
  details: string;
  examples: readonly string[];
}

export const COMMAND_CATALOG: readonly CommandHelp[] = [
  {
    command: 'help',
    parameters: '[command]',
    description: 'Show all commands, or detailed help for one command',
    category: 'general',
    handledBy: 'client',
    details: 'Without an argument, lists every command. With a command name, shows its usage, what it does and examples.',
    examples: ['help', 'help ls'],
  },
  {
    command: 'clear',
    parameters: '',
    description: 'Clear the terminal output',
    category: 'general',
    handledBy: 'client',
    details: 'Clears the terminal output in your browser. Your command log is kept.',
    examples: ['clear'],
  },
  {
    command: 'echo',
    parameters: '<text>',
    description: 'Print text exactly as typed',
    category: 'general',
    handledBy: 'server',
    details:
      'Prints its arguments separated by single spaces. Nothing is expanded or run: $VARS, $(...), backticks, ' +
      'wildcards, ;, && and | are printed as typed. Quote text to keep runs of spaces.',
    examples: ['echo hello world', 'echo "two  spaces"'],
  },
  {
    command: 'whoami',
    parameters: '',
    description: 'Show your name, email and role',
    category: 'system',
    handledBy: 'server',
    details: 'Shows the name, email and role of the signed-in account.',
    examples: ['whoami'],
  },
  {
    command: 'pwd',
    parameters: '',
    description: 'Print the current directory',
    category: 'navigation',
    handledBy: 'server',
    details: "Prints your current directory in the console's tree: / holds projects/ and settings/.",
    examples: ['pwd'],
  },
  {
    command: 'ls',
    parameters: '[path]',
    description: 'List your projects and settings as directories',
    category: 'navigation',
    handledBy: 'server',
    details:
      'Lists a directory (the current one without a path). /projects has one directory per project; a project ' +
      'directory shows its description, status, tags, repository_url, created_at and updated_at; /settings shows ' +
      'which settings are configured, never their values.',
    examples: ['ls', 'ls /projects', 'ls "/projects/my api"'],
  },
  {
    command: 'cd',
    parameters: '[path]',
    description: 'Change the current directory',
    category: 'navigation',
    handledBy: 'server',
    details:
      'Changes the current directory, which is remembered between sessions. Without a path, or with ~, goes to /. ' +
      'Accepts absolute and relative paths, . and ..',
    examples: ['cd /projects', 'cd ..', 'cd'],
  },
  {
    command: 'projects',
    parameters: '[filter]',
    description: 'List your projects with status and last update',
    category: 'projects',
    handledBy: 'server',
    details:
      'Lists your projects as a table of name, status and last update (UTC), most recently updated first. A filter ' +
      'shows only projects whose name or description contains it, ignoring case. Shows at most 100 projects.',
    examples: ['projects', 'projects api'],
  },
  {
    command: 'status',
    parameters: '',
    description: "Show Slipway's health, your counts and your latest run",
    category: 'system',
    handledBy: 'server',
    details:
      "Shows whether Slipway's database and job queue are up, how many projects and command log entries you have, and " +
      'your latest pipeline run (a project creation or deletion): its project, its state and how many steps are done.',
    examples: ['status'],
  },
  {
    command: 'version',
    parameters: '',
    description: "Show Slipway's version and build",
    category: 'system',
    handledBy: 'server',
    details: "Shows Slipway's version, the git commit it was built from when known, and the Node.js version.",
    examples: ['version'],
  },
];

export function findCommand(name: string): CommandHelp | undefined {
  const wanted = name.toLowerCase();
  return COMMAND_CATALOG.find((entry) => entry.command === wanted);
}

export function usage(entry: CommandHelp): string {
  return entry.parameters ? `${entry.command} ${entry.parameters}` : entry.command;
}

/** `help`: every command with its one-line description, in catalog order. */
export function formatHelp(): string {
  const width = Math.max(...COMMAND_CATALOG.map((entry) => usage(entry).length)) + 2;
  const lines = COMMAND_CATALOG.map((entry) => `  ${usage(entry).padEnd(width)}${entry.description}`);
  return ['Available commands:', ...lines, '', "Type 'help <command>' for more about one command."].join('\n');
}

/** `help <command>`: usage, description, details and examples. */
export function formatCommandHelp(entry: CommandHelp): string {
  return [
    `Usage: ${usage(entry)}`,
    entry.description,
    '',
    entry.details,
    '',
    'Examples:',
    ...entry.examples.map((example) => `  ${example}`),
  ].join('\n');
}

export function unknownHelpTopic(topic: string): string {
  return `No help available for command '${topic}'. Type 'help' to see all available commands.`;
}

/** Suggestions for what the user is typing: commands starting with it, ignoring case; all for an empty search. */
export function suggestCommands(search: string): CommandHelp[] {
  const prefix = search.trimStart().toLowerCase();
  return COMMAND_CATALOG.filter((entry) => entry.command.startsWith(prefix));
}

/** Edit distance counting a swap of neighbours as one edit ('sl' is one edit from 'ls'). */
function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...new Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j += 1) d[0][j] = j;
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

/** The command the user most likely meant: one the name begins, else the nearest by a small edit distance. */
export function closestCommand(name: string): string | undefined {
  const typed = name.toLowerCase();
  if (!typed) return undefined;
  const byPrefix = COMMAND_CATALOG.find((entry) => entry.command.startsWith(typed));
  if (byPrefix) return byPrefix.command;
  const allowed = typed.length <= 3 ? 1 : 2;
  let best: { command: string; distance: number } | undefined;
  for (const entry of COMMAND_CATALOG) {
    const distance = editDistance(typed, entry.command);
    if (distance <= allowed && (!best || distance < best.distance)) best = { command: entry.command, distance };
  }
  return best?.command;
}
