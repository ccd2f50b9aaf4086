import { describe, expect, it } from 'vitest';
import { CommandSyntaxError, tokenize } from '../interpreter/tokenizer.js';

describe('tokenize', () => {
  it.each([
    ['ls', ['ls']],
    ['', []],
    ['   ', []],
    ['  ls   /projects  ', ['ls', '/projects']],
    ['echo\ta\t\tb', ['echo', 'a', 'b']],
    ['echo "a  b"', ['echo', 'a  b']],
    ["echo 'a  b'", ['echo', 'a  b']],
    ['echo "say \\"hi\\""', ['echo', 'say "hi"']],
    ['echo "back\\\\slash"', ['echo', 'back\\slash']],
    ['echo "keep \\n and \\$HOME"', ['echo', 'keep \\n and \\$HOME']],
    ["echo 'no \\ escapes'", ['echo', 'no \\ escapes']],
    ["echo 'a\\'b", ['echo', 'a\\b']],
    ["echo 'it''s'", ['echo', 'its']],
    ['echo "it\'s"', ['echo', "it's"]],
    ["echo 'say \"hi\"'", ['echo', 'say "hi"']],
    ['echo a"b c"d', ['echo', 'ab cd']],
    ['echo ""', ['echo', '']],
    ["echo '' x", ['echo', '', 'x']],
    ['cd my\\ api', ['cd', 'my api']],
    ['echo \\"quoted\\"', ['echo', '"quoted"']],
    ['echo C:\\path\\to', ['echo', 'C:\\path\\to']],
    ['echo trailing\\', ['echo', 'trailing\\']],
    ['echo $(rm -rf /)', ['echo', '$(rm', '-rf', '/)']],
    ['echo `id`', ['echo', '`id`']],
    ['echo a;ls', ['echo', 'a;ls']],
    ['echo a && whoami', ['echo', 'a', '&&', 'whoami']],
    ['echo a | cat > out', ['echo', 'a', '|', 'cat', '>', 'out']],
    ['echo $HOME *', ['echo', '$HOME', '*']],
    ['echo héllo 🚀', ['echo', 'héllo', '🚀']],
  ])('splits %j into %j', (line, words) => {
    expect(tokenize(line)).toEqual(words);
  });

  it.each([
    ['echo "abc', 'Syntax error: unterminated double quote (")'],
    ['echo "a\\"', 'Syntax error: unterminated double quote (")'],
    ["echo 'abc", "Syntax error: unterminated single quote (')"],
    ["echo \"it's\" 'x", "Syntax error: unterminated single quote (')"],
  ])('refuses %j: %s', (line, message) => {
    expect(() => tokenize(line)).toThrow(CommandSyntaxError);
    expect(() => tokenize(line)).toThrow(message);
  });
});
