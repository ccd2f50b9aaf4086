/** A command line the tokenizer cannot split, e.g. an unterminated quote; the message is shown to the user. */
export class CommandSyntaxError extends Error {}

const WHITESPACE = /\s/;
/** Outside quotes a backslash escapes only these; before anything else it is an ordinary character. */
const ESCAPABLE_UNQUOTED = /[\s'"\\]/;
/** Inside double quotes a backslash escapes only these (as in POSIX shells). */
const ESCAPABLE_IN_DOUBLE_QUOTES = /["\\]/;

/**
 * Splits a command line into words the way a user expects from a shell prompt, and nothing more:
 * runs of whitespace separate words; '…' is literal; "…" is literal except for \" and \\;
 * adjacent quoted and unquoted parts join into one word; "" is an empty word.
 * Nothing is ever expanded: $VARS, $(…), backticks, globs, ; && | > are ordinary characters.
 */
export function tokenize(line: string): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let i = 0;
  while (i < line.length) {
    const char = line[i];
    if (WHITESPACE.test(char)) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
      i += 1;
    } else if (char === "'") {
      const end = line.indexOf("'", i + 1);
      if (end === -1) throw new CommandSyntaxError("Syntax error: unterminated single quote (')");
      word += line.slice(i + 1, end);
      inWord = true;
      i = end + 1;
    } else if (char === '"') {
      i += 1;
      let closed = false;
      while (i < line.length) {
        const inner = line[i];
        if (inner === '"') {
          closed = true;
          i += 1;
          break;
        }
        if (inner === '\\' && i + 1 < line.length && ESCAPABLE_IN_DOUBLE_QUOTES.test(line[i + 1])) {
          word += line[i + 1];
          i += 2;
        } else {
          word += inner;
          i += 1;
        }
      }
      if (!closed) throw new CommandSyntaxError('Syntax error: unterminated double quote (")');
      inWord = true;
    } else if (char === '\\' && i + 1 < line.length && ESCAPABLE_UNQUOTED.test(line[i + 1])) {
      word += line[i + 1];
      inWord = true;
      i += 2;
    } else {
      word += char;
      inWord = true;
      i += 1;
    }
  }
  if (inWord) words.push(word);
  return words;
}
