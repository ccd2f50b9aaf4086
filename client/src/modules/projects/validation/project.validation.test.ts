import { describe, expect, it } from 'vitest';
import {
  addTag,
  isSensitiveName,
  maskDefaultValue,
  maskValue,
  normalizeTags,
  showsDescriptionCounter,
  validateDescription,
  validateProjectName,
} from './project.validation';

describe('validateProjectName', () => {
  it.each([
    [undefined, 'Project name is required'],
    ['', 'Project name is required'],
    ['   ', 'Project name is required'],
    ['a', 'Project name must be at least 2 characters'],
    ['  a  ', 'Project name must be at least 2 characters'],
    ['x'.repeat(101), 'Project name must be less than 100 characters'],
    ['my.project', 'Project name can only contain letters, numbers, spaces, hyphens, and underscores'],
    ['héllo', 'Project name can only contain letters, numbers, spaces, hyphens, and underscores'],
    ['ab', undefined],
    ['x'.repeat(100), undefined],
    ['  My Project_1-b  ', undefined],
  ])('%j -> %j', (value, expected) => {
    expect(validateProjectName(value)).toBe(expected);
  });
});

describe('validateDescription', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['d'.repeat(500), undefined],
    ['d'.repeat(501), 'Description must be less than 500 characters'],
  ])('%j -> %j', (value, expected) => {
    expect(validateDescription(value)).toBe(expected);
  });

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
    [[' web ', '', 'api', 'web', '  '], ['web', 'api']],
    [[], []],
  ])('normalizeTags(%j) -> %j', (tags, expected) => {
    expect(normalizeTags(tags)).toEqual(expected);
  });

  it.each([
    [['web'], ' api ', ['web', 'api']],
    [['web'], '   ', ['web']],
    [['web'], 'web ', ['web']],
  ])('addTag(%j, %j) -> %j', (tags, candidate, expected) => {
    expect(addTag(tags, candidate)).toEqual(expected);
  });
});

describe('isSensitiveName', () => {
  it.each([
    ['API_KEY', true],
    ['CLIENT_SECRET', true],
    ['DATABASE_PASSWORD', true],
    ['github_token', true],
    ['AUTH_URL', true],
    ['my_access_token', true],
    ['PRIVATE_CERT', true],
    ['Monkey', true],
    ['PORT', false],
    ['DATABASE_URL', false],
    ['NODE_ENV', false],
  ])('%s -> %s', (name, sensitive) => {
    expect(isSensitiveName(name)).toBe(sensitive);
  });
});

describe('masking', () => {
  it.each([
    ['abc', 20, '•••'],
    ['x'.repeat(50), 20, '•'.repeat(20)],
    ['', 20, ''],
  ])('maskValue(%j) shows %i bullets at most', (value, max, expected) => {
    expect(maskValue(value, max)).toBe(expected);
  });

  it('masks defaults with at most 10 bullets', () => {
    expect(maskDefaultValue('x'.repeat(30))).toBe('•'.repeat(10));
    expect(maskDefaultValue('abcd')).toBe('••••');
  });
});
