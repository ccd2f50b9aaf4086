import { describe, expect, it } from 'vitest';
import { quoteWord } from '../interpreter/text.js';
import { tokenize } from '../interpreter/tokenizer.js';

describe('quoteWord', () => {
  it.each(['plain', 'my api', "it's", 'say "hi"', 'back\\slash', "mixed 'single' and \"double\"", ''])(
    '%j reads back unchanged through the tokenizer',
    (word) => {
      expect(tokenize(`ls ${quoteWord(word)}`)).toEqual(['ls', word]);
    },
  );
});
