import { describe, expect, it } from 'vitest';
import { addTag, maskDefaultValue, showsDescriptionCounter } from './project.validation';

describe('the description counter', () => {
  it.each([
    ['d'.repeat(400), false],
    ['d'.repeat(401), true],
    [undefined, false],
  ])('counter for length of %j is %s', (value, shown) => {
    expect(showsDescriptionCounter(value)).toBe(shown);
  });
});

describe('tags', () => {
  it.each([
    [['web'], ' api ', ['web', 'api']],
    [['web'], '   ', ['web']],
    [['web'], 'web ', ['web']],
  ])('addTag(%j, %j) -> %j', (tags, candidate, expected) => {
    expect(addTag(tags, candidate)).toEqual(expected);
  });
});

describe('masking', () => {
  it('masks defaults with at most 10 bullets', () => {
    expect(maskDefaultValue('x'.repeat(30))).toBe('•'.repeat(10));
    expect(maskDefaultValue('abcd')).toBe('••••');
  });
});
