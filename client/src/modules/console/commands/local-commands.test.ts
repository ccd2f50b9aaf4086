import { describe, expect, it } from 'vitest';
import {
  COMMAND_CATALOG,
  formatCommandHelp,
  formatHelp,
} from '@slipway/domain';
import { localCommand } from './local-commands';

describe('localCommand', () => {
  it('answers help with every command of the catalog, as the server does', () => {
    const help = localCommand('help');
    expect(help).toEqual({ kind: 'print', type: 'info', output: formatHelp() });
    for (const entry of COMMAND_CATALOG) expect(help).toMatchObject({ output: expect.stringContaining(entry.description) });
    expect(localCommand('  HELP  ')).toEqual(help);
  });

  it.each(COMMAND_CATALOG.map((entry) => [entry.command, entry] as const))('answers help %s with its usage and examples', (name, entry) => {
    expect(localCommand(`help ${name}`)).toEqual({ kind: 'print', type: 'info', output: formatCommandHelp(entry) });
    expect(localCommand(`help ${name.toUpperCase()}`)).toEqual(localCommand(`help ${name}`));
  });

  it('prints the exact unknown-topic text as an error', () => {
    expect(localCommand('help deploy')).toEqual({
      kind: 'print',
      type: 'error',
      output: "No help available for command 'deploy'. Type 'help' to see all available commands.",
    });
  });

  it('clears on clear, in any case', () => {
    expect(localCommand('clear')).toEqual({ kind: 'clear' });
    expect(localCommand(' Clear ')).toEqual({ kind: 'clear' });
  });

  it.each(['ls', 'echo help', 'helpme', 'clear all', 'help ls extra', 'help "ls"', 'clearance'])(
    'leaves %s to the server',
    (line) => {
      expect(localCommand(line)).toBeNull();
    },
  );
});
