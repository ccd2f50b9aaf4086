import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppError, ErrorCode } from '../../../common/app-error.js';
import { COMMAND_CATALOG, formatCommandHelp, formatHelp } from '@slipway/domain';
import {
  CommandInterpreter,
  MAX_COMMAND_LENGTH,
  MAX_OUTPUT_LENGTH,
  NO_PROJECTS_YET,
  PROJECT_LIST_LIMIT,
} from '../interpreter/command-interpreter.js';
import { CommandResultType } from '../interpreter/command-result.js';
import { ada, fakePorts, project } from './fake-ports.js';

/** Any use of child_process while these specs run is recorded and fails the spec (see afterEach). */
const spawned = vi.hoisted(() => [] as string[]);
vi.mock('node:child_process', async (importOriginal) => {
  const original = await importOriginal<Record<string, unknown>>();
  return Object.fromEntries(
    Object.keys(original).map((name) => [
      name,
      (...args: unknown[]) => {
        spawned.push(`${name} ${JSON.stringify(args)}`);
        throw new Error('the console must never start a process');
      },
    ]),
  );
});
afterEach(() => expect(spawned).toEqual([]));

it('has the child_process trap armed', async () => {
  const childProcess = await import('node:child_process');
  expect(() => childProcess.execSync('id')).toThrow('the console must never start a process');
  expect(spawned.splice(0)).toEqual(['execSync ["id"]']);
});

async function run(line: string, setup: Parameters<typeof fakePorts>[0] = {}) {
  const fake = fakePorts(setup);
  const outcome = await new CommandInterpreter(fake.ports).run(ada, line);
  return { ...outcome, ...fake };
}

describe('help', () => {
  it('lists every command with its parameters and description', async () => {
    const { type, output } = await run('help');
    expect(type).toBe(CommandResultType.info);
    expect(output).toBe(formatHelp());
    expect(output).toBe(
      [
        'Available commands:',
        '  help [command]     Show all commands, or detailed help for one command',
        '  clear              Clear the terminal output',
        '  echo <text>        Print text exactly as typed',
        '  whoami             Show your name, email and role',
        '  pwd                Print the current directory',
        '  ls [path]          List your projects and settings as directories',
        '  cd [path]          Change the current directory',
        '  projects [filter]  List your projects with status and last update',
        "  status             Show Slipway's health, your counts and your latest run",
        "  version            Show Slipway's version and build",
        '',
        "Type 'help <command>' for more about one command.",
      ].join('\n'),
    );
  });

  it.each(COMMAND_CATALOG.map((entry) => [entry.command, entry] as const))('explains %s', async (name, entry) => {
    expect(await run(`help ${name}`)).toMatchObject({ type: CommandResultType.info, output: formatCommandHelp(entry) });
  });

  it('shows usage, description, details and examples for one command, ignoring case', async () => {
    expect((await run('help ECHO')).output).toBe(
      [
        'Usage: echo <text>',
        'Print text exactly as typed',
        '',
        'Prints its arguments separated by single spaces. Nothing is expanded or run: $VARS, $(...), backticks, ' +
          'wildcards, ;, && and | are printed as typed. Quote text to keep runs of spaces.',
        '',
        'Examples:',
        '  echo hello world',
        '  echo "two  spaces"',
      ].join('\n'),
    );
  });

  it('answers an unknown topic with the exact text of the spec', async () => {
    expect(await run('help nope')).toMatchObject({
      type: CommandResultType.error,
      output: "No help available for command 'nope'. Type 'help' to see all available commands.",
    });
  });

  it('refuses more than one topic', async () => {
    expect(await run('help ls cd')).toMatchObject({ type: CommandResultType.error, output: 'help: too many arguments. Usage: help [command]' });
  });
});

describe('every catalog command is implemented', () => {
  it.each(COMMAND_CATALOG.map((entry) => entry.command))('%s runs without "Unknown command"', async (name) => {
    expect((await run(name)).output).not.toContain('Unknown command');
  });
});

describe('clear', () => {
  it('explains that the console clears itself', async () => {
    expect(await run('clear')).toMatchObject({
      type: CommandResultType.info,
      output: "'clear' is handled by the console in your browser: it clears the terminal output.",
    });
  });
});

describe('echo', () => {
  it.each([
    ['echo hello world', 'hello world'],
    ['echo   spaced    out  ', 'spaced out'],
    ['echo "kept   spaces"', 'kept   spaces'],
    ["echo 'single quoted'", 'single quoted'],
    ['echo', ''],
    ['ECHO loud', 'loud'],
  ])('%j prints %j', async (line, printed) => {
    expect(await run(line)).toMatchObject({ type: CommandResultType.output, output: printed });
  });

  it.each([
    ['echo $(rm -rf /)', '$(rm -rf /)'],
    ['echo "$(rm -rf /)"', '$(rm -rf /)'],
    ['echo `id`', '`id`'],
    ['echo a; ls', 'a; ls'],
    ['echo a && whoami', 'a && whoami'],
    ['echo a || whoami', 'a || whoami'],
    ['echo a | cat', 'a | cat'],
    ['echo hi > /etc/passwd', 'hi > /etc/passwd'],
    ['echo $HOME ${PATH} $?', '$HOME ${PATH} $?'],
    ['echo * ?.ts ~', '* ?.ts ~'],
    ['echo a & sleep 10', 'a & sleep 10'],
    ["echo '; cd /projects'", '; cd /projects'],
  ])('prints the injection attempt %j literally and touches nothing', async (line, printed) => {
    const { type, output, calls } = await run(line);
    expect({ type, output }).toEqual({ type: CommandResultType.output, output: printed });
    expect(calls).toEqual([]);
  });
});

describe('whoami', () => {
  it("shows the user's name, email and role", async () => {
    expect(await run('whoami')).toMatchObject({
      type: CommandResultType.output,
      output: 'Name   Ada Lovelace\nEmail  ada@example.com\nRole   admin',
    });
  });

  it.each(['whoami root', 'pwd -P', 'status all', 'version --full', 'clear now'])('%j: takes no arguments', async (line) => {
    const name = line.split(' ')[0];
    const { type, output } = await run(line);
    expect(type).toBe(CommandResultType.error);
    expect(output).toBe(`${name}: takes no arguments. Usage: ${name}`);
  });
});

describe('the virtual tree: pwd, cd, ls', () => {
  const projects = [
    project('api', { tags: ['go', 'backend'], repositoryUrl: 'https://example.com/api.git', description: 'The API\nsecond line' }),
    project('my web', { status: 'inactive', description: '' }),
  ];

  it('starts at /', async () => {
    expect(await run('pwd')).toMatchObject({ type: CommandResultType.output, output: '/' });
  });

  it('lists the root', async () => {
    expect(await run('ls')).toMatchObject({ type: CommandResultType.output, output: 'projects/\nsettings/' });
  });

  it('lists project directories, quoting names with spaces so they can be typed back', async () => {
    expect(await run('ls /projects', { projects })).toMatchObject({ type: CommandResultType.output, output: "api/\n'my web'/" });
  });

  it('says there are no projects yet', async () => {
    expect(await run('ls projects')).toMatchObject({ type: CommandResultType.info, output: NO_PROJECTS_YET });
  });

  it('mentions projects beyond the listing limit', async () => {
    const many = Array.from({ length: PROJECT_LIST_LIMIT + 5 }, (_, i) => project(`p${i}`));
    const lines = (await run('ls /projects', { projects: many })).output.split('\n');
    expect(lines).toHaveLength(PROJECT_LIST_LIMIT + 1);
    expect(lines.at(-1)).toBe("… and 5 more; use 'projects <filter>' to find one");
  });

  it("shows a project's read-only entries", async () => {
    expect(await run('ls /projects/api', { projects })).toMatchObject({
      type: CommandResultType.output,
      output: [
        'description     The API second line',
        'status          active',
        'tags            go, backend',
        'repository_url  https://example.com/api.git',
        'created_at      2026-01-02 03:04 UTC',
        'updated_at      2026-02-03 04:05 UTC',
      ].join('\n'),
    });
    expect((await run('ls "/projects/my web"', { projects })).output).toContain('description     (empty)\nstatus          inactive\ntags            (none)\nrepository_url  (none)');
    expect((await run('ls /projects/api/status', { projects })).output).toBe('status  active');
  });

  it('shows which settings are configured, never their values', async () => {
    expect(await run('ls /settings', { configured: ['DOCKER_TOKEN'] })).toMatchObject({
      type: CommandResultType.output,
      output: 'DOCKER_USERNAME      not set\nDOCKER_TOKEN         configured\nGITHUB_ORGANIZATION  not set',
    });
    expect((await run('ls /settings/DOCKER_TOKEN', { configured: ['DOCKER_TOKEN'] })).output).toBe('DOCKER_TOKEN  configured');
  });

  it.each([
    ['ls /nowhere', 'ls: no such file or directory: /nowhere'],
    ['ls /projects/ghost', 'ls: no such file or directory: /projects/ghost'],
    ['ls /projects/api/secret', 'ls: no such file or directory: /projects/api/secret'],
    ['ls /projects/api/status/deeper', 'ls: no such file or directory: /projects/api/status/deeper'],
    ['ls /settings/UNKNOWN_KEY', 'ls: no such file or directory: /settings/UNKNOWN_KEY'],
    ['ls /settings/DOCKER_TOKEN/x', 'ls: no such file or directory: /settings/DOCKER_TOKEN/x'],
    ['ls -la', 'ls: options are not supported (-la). Usage: ls [path]'],
    ['ls a b', 'ls: too many arguments. Usage: ls [path]'],
    ['cd /nowhere', 'cd: no such directory: /nowhere'],
    ['cd /projects/api/status', 'cd: not a directory: /projects/api/status'],
    ['cd /settings/DOCKER_TOKEN', 'cd: not a directory: /settings/DOCKER_TOKEN'],
    ['cd a b', 'cd: too many arguments. Usage: cd [path]'],
  ])('%j fails: %s', async (line, message) => {
    const { type, output, calls } = await run(line, { projects });
    expect({ type, output }).toEqual({ type: CommandResultType.error, output: message });
    expect(calls.filter((call) => call.startsWith('workingDirectory.set'))).toEqual([]);
  });

  it.each([
    ['/', 'cd /projects', '/projects'],
    ['/', 'cd projects', '/projects'],
    ['/', 'cd projects/api', '/projects/api'],
    ['/projects', 'cd "my web"', '/projects/my web'],
    ['/projects', 'cd my\\ web', '/projects/my web'],
    ['/projects/api', 'cd ..', '/projects'],
    ['/projects/api', 'cd ../../settings', '/settings'],
    ['/', 'cd ..', '/'],
    ['/', 'cd ../../..', '/'],
    ['/projects/api', 'cd', '/'],
    ['/projects/api', 'cd ~', '/'],
    ['/', 'cd ~/projects', '/projects'],
    ['/projects', 'cd ./api/', '/projects/api'],
    ['/projects', 'cd //settings//', '/settings'],
  ])('from %s, %j goes to %s and remembers it', async (cwd, line, target) => {
    const { type, output, state } = await run(line, { projects, cwd });
    expect({ type, output }).toEqual({ type: CommandResultType.success, output: target });
    expect(state.cwd).toBe(target);
  });

  it('resolves pwd and ls against the remembered directory', async () => {
    const fake = fakePorts({ projects });
    const interpreter = new CommandInterpreter(fake.ports);
    await interpreter.run(ada, 'cd /projects');
    expect((await interpreter.run(ada, 'pwd')).output).toBe('/projects');
    expect((await interpreter.run(ada, 'ls')).output).toBe("api/\n'my web'/");
    expect((await interpreter.run(ada, 'ls api/tags')).output).toBe('tags  go, backend');
    await interpreter.run(ada, 'cd api');
    expect((await interpreter.run(ada, 'ls status')).output).toBe('status  active');
  });

  it('falls back to the nearest existing directory when the remembered one is gone', async () => {
    const { output, state } = await run('pwd', { projects, cwd: '/projects/deleted-project' });
    expect(output).toBe('/projects');
    expect(state.cwd).toBe('/projects');
  });
});

describe('projects', () => {
  const projects = [
    project('api', { updatedAt: new Date('2026-03-01T10:00:00Z'), latestVersion: { tag: 'v1.3.0', status: 'ready' } }),
    project('customer-portal', { status: 'inactive', description: 'Billing web app', updatedAt: new Date('2026-02-28T09:30:00Z') }),
  ];

  it('answers that there are no projects yet', async () => {
    expect(await run('projects')).toMatchObject({ type: CommandResultType.info, output: NO_PROJECTS_YET });
  });

  it('prints an aligned table of name, status, newest version and last update', async () => {
    expect(await run('projects', { projects })).toMatchObject({
      type: CommandResultType.output,
      output: [
        'NAME             STATUS    VERSION       LAST UPDATE',
        'api              active    v1.3.0 ready  2026-03-01 10:00 UTC',
        'customer-portal  inactive  -             2026-02-28 09:30 UTC',
        '',
        '2 projects',
      ].join('\n'),
    });
  });

  it('filters by name or description', async () => {
    const { output, calls } = await run('projects billing web', { projects });
    expect(calls).toContain(`projects.list billing web ${PROJECT_LIST_LIMIT}`);
    expect(output).toBe('NAME             STATUS    VERSION  LAST UPDATE\ncustomer-portal  inactive  -        2026-02-28 09:30 UTC\n\n1 project');
  });

  it('says when nothing matches the filter', async () => {
    expect(await run('projects zzz', { projects })).toMatchObject({ type: CommandResultType.info, output: "No projects match 'zzz'." });
  });

  it('shows at most the listing limit and says how many there are', async () => {
    const many = Array.from({ length: PROJECT_LIST_LIMIT + 20 }, (_, i) => project(`p${i}`));
    const { output } = await run('projects', { projects: many });
    expect(output.split('\n')).toHaveLength(PROJECT_LIST_LIMIT + 3);
    expect(output.endsWith('Showing 100 of 120 projects; add a filter to narrow the list.')).toBe(true);
  });
});

describe('status and version', () => {
  it("reports Slipway's health and the user's counts", async () => {
    const { type, output } = await run('status', { projects: [project('a'), project('b')] });
    expect(type).toBe(CommandResultType.output);
    expect(output).toBe('Database      up (PostgreSQL server)\nJob queue     up\nProjects      2\nVersions      0\nCommand logs  42\nLatest run    none');
  });

  it.each([
    [{ total: 3, building: 0, failed: 0 }, '3'],
    [{ total: 1200, building: 1, failed: 0 }, '1,200 (1 building)'],
    [{ total: 5, building: 2, failed: 1 }, '5 (2 building, 1 failed)'],
  ])('counts versions, with the builds running and failed: %j', async (versionCounts, line) => {
    expect((await run('status', { versionCounts })).output).toContain(`\nVersions      ${line}\n`);
  });

  const sample = { title: 'Project Creation', projectName: 'web', completedSteps: 7, totalSteps: 15, currentStep: null, errorMessage: null };
  it.each([
    [{ ...sample, status: 'running', currentStep: 'Commit Code' }, 'Project Creation of "web": running, 7 of 15 steps done (now: Commit Code)'],
    [{ ...sample, status: 'failed', currentStep: 'Check Docker', errorMessage: 'The registry has no v0.1.0 artifact' }, 'Project Creation of "web": failed at Check Docker: The registry has no v0.1.0 artifact'],
    [{ ...sample, status: 'completed', completedSteps: 15 }, 'Project Creation of "web": completed, 15 of 15 steps done'],
    [{ ...sample, title: 'Project Deletion', projectName: null, status: 'completed', completedSteps: 5, totalSteps: 5 }, 'Project Deletion: completed, 5 of 5 steps done'],
  ])('reports the latest run: %j', async (latestRun, line) => {
    expect((await run('status', { latestRun })).output).toContain(`Latest run    ${line}`);
  });

  it('still reports health when a count cannot be read', async () => {
    const fake = fakePorts();
    fake.ports.commandLogs.count = () => Promise.reject(new Error('connection lost'));
    expect((await new CommandInterpreter(fake.ports).run(ada, 'status')).output).toContain('Command logs  unavailable');
  });

  it('reports the version, the short commit and Node.js', async () => {
    expect(await run('version')).toMatchObject({
      type: CommandResultType.output,
      output: 'Slipway  1.2.3\nCommit   0123456789ab\nNode.js  v20.20.2',
    });
    const fake = fakePorts();
    fake.ports.build = { ...fake.ports.build, commit: null };
    expect((await new CommandInterpreter(fake.ports).run(ada, 'version')).output).toContain('Commit   unknown');
  });
});

describe('unknown commands', () => {
  it.each([
    ['sl', "Unknown command: 'sl'. Did you mean 'ls'?"],
    ['hepl', "Unknown command: 'hepl'. Did you mean 'help'?"],
    ['proj', "Unknown command: 'proj'. Did you mean 'projects'?"],
    ['projcts', "Unknown command: 'projcts'. Did you mean 'projects'?"],
    ['Versoin', "Unknown command: 'Versoin'. Did you mean 'version'?"],
    ['rm -rf /', "Unknown command: 'rm'."],
    ['bash -c "id"', "Unknown command: 'bash'."],
    ['sudo whoami', "Unknown command: 'sudo'."],
    ['$(whoami)', "Unknown command: '$(whoami)'."],
    ['""', "Unknown command: ''."],
  ])('%j → %s', async (line, first) => {
    const { type, output, calls } = await run(line);
    expect(type).toBe(CommandResultType.error);
    expect(output).toBe(`${first}\nType 'help' to see all available commands.`);
    expect(calls).toEqual([]);
  });
});

describe('limits and malformed lines', () => {
  it(`runs a command of exactly ${MAX_COMMAND_LENGTH} characters`, async () => {
    const text = 'a'.repeat(MAX_COMMAND_LENGTH - 'echo '.length);
    expect(await run(`echo ${text}`)).toEqual(expect.objectContaining({ type: CommandResultType.output, output: text }));
  });

  it('refuses a longer command with a clear error and runs nothing', async () => {
    const { type, output, calls } = await run(`cd ${'x'.repeat(MAX_COMMAND_LENGTH)}`);
    expect({ type, output }).toEqual({ type: CommandResultType.error, output: 'Command is too long: 1,003 characters; the limit is 1,000.' });
    expect(calls).toEqual([]);
  });

  it.each([
    ['echo "unterminated', 'Syntax error: unterminated double quote (")'],
    ["echo 'unterminated", "Syntax error: unterminated single quote (')"],
    ['echo a\nwhoami', 'Command contains control characters such as line breaks; type it on one line.'],
    ['echo a\u0000b', 'Command contains control characters such as line breaks; type it on one line.'],
    ['echo \u001b[31mred', 'Command contains control characters such as line breaks; type it on one line.'],
  ])('refuses %j: %s', async (line, message) => {
    expect(await run(line)).toMatchObject({ type: CommandResultType.error, output: message });
  });

  it(`caps output at ${MAX_OUTPUT_LENGTH} characters with a note`, async () => {
    const many = Array.from({ length: PROJECT_LIST_LIMIT }, (_, i) => project(`${String(i).padStart(3, '0')}-${'n'.repeat(95)}`));
    const { type, output } = await run('projects', { projects: many });
    expect(type).toBe(CommandResultType.output);
    const [kept, note] = [output.slice(0, MAX_OUTPUT_LENGTH), output.slice(MAX_OUTPUT_LENGTH)];
    expect(kept.startsWith('NAME')).toBe(true);
    expect(note).toMatch(/^\n… output truncated: showing the first 10,000 of 1[0-9],[0-9]{3} characters$/);
  });
});

describe('failures inside a command', () => {
  it("turns a feature's own error into an error result with its message", async () => {
    const fake = fakePorts();
    fake.ports.projects.list = () => Promise.reject(new AppError(ErrorCode.BadUserInput, 'Search is too long'));
    expect(await new CommandInterpreter(fake.ports).run(ada, 'projects x')).toEqual({
      type: CommandResultType.error,
      output: 'projects: Search is too long',
    });
  });

  it('hides an unexpected failure behind a generic message and logs it on the server', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const fake = fakePorts();
    fake.ports.projects.list = () => Promise.reject(new Error('relation "projects" does not exist'));
    const outcome = await new CommandInterpreter(fake.ports).run(ada, 'projects');
    expect(outcome).toEqual({ type: CommandResultType.error, output: 'projects: failed because of an internal error; please try again.' });
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('relation "projects" does not exist'));
    logged.mockRestore();
  });
});
