import { describe, expect, it } from 'vitest';
import { COMMAND_CATALOG, closestCommand, suggestCommands } from './command-catalog.js';

describe('the command catalog', () => {
  it('lists the commands of the spec, with the client-side ones marked', () => {
    expect(COMMAND_CATALOG.map((entry) => entry.command)).toEqual([
      'help', 'clear', 'echo', 'whoami', 'pwd', 'ls', 'cd', 'projects', 'status', 'version',
    ]);
    expect(COMMAND_CATALOG.filter((entry) => entry.handledBy === 'client').map((entry) => entry.command)).toEqual(['help', 'clear']);
  });

  it.each([
    ['', COMMAND_CATALOG.map((entry) => entry.command)],
    ['p', ['pwd', 'projects']],
    ['P', ['pwd', 'projects']],
    ['  pr', ['projects']],
    ['c', ['clear', 'cd']],
    ['version', ['version']],
    ['ls ', []],
    ['x', []],
  ])('suggests for %j: %j', (search, commands) => {
    expect(suggestCommands(search).map((entry) => entry.command)).toEqual(commands);
  });

  it.each([
    ['l', 'ls'],
    ['stat', 'status'],
    ['sl', 'ls'],
    ['pdw', 'pwd'],
    ['ehco', 'echo'],
    ['whoamii', 'whoami'],
    ['xy', undefined],
    ['deploy', undefined],
    ['', undefined],
  ])('guesses %j meant %j', (typed, guess) => {
    expect(closestCommand(typed)).toBe(guess);
  });
});
