// The help catalog the server prints from too (@slipway/domain): local `help` prints exactly what the server's `help` prints.
import {
  findCommand,
  formatCommandHelp,
  formatHelp,
  unknownHelpTopic,
} from '@slipway/domain';
import type { CommandResultType } from '../../../generated/graphql';

export type LocalCommand = { kind: 'clear' } | { kind: 'print'; type: CommandResultType; output: string };

// Only the plain forms are answered here; anything with quotes, escapes or extra arguments goes to the server,
// whose tokenizer and usage errors then apply unchanged.
const CLEAR = /^clear$/i;
const HELP = /^help(?:\s+([^\s'"\\]+))?$/i;

/** The console's own commands (spec section 2): `clear`, `help` and `help <command>`; null for a server command. */
export function localCommand(line: string): LocalCommand | null {
  const command = line.trim();
  if (CLEAR.test(command)) return { kind: 'clear' };
  const help = HELP.exec(command);
  if (!help) return null;
  const [, topicName] = help;
  if (!topicName) return { kind: 'print', type: 'info', output: formatHelp() };
  const topic = findCommand(topicName);
  return topic
    ? { kind: 'print', type: 'info', output: formatCommandHelp(topic) }
    : { kind: 'print', type: 'error', output: unknownHelpTopic(topicName) };
}
