import { describe, expect, it } from 'vitest';
import { descriptionError, normalizeTags, projectNameError, tagsError } from './projects.js';

describe('projectNameError', () => {
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
    expect(projectNameError(value)).toBe(expected);
  });
});

describe('descriptionError', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['d'.repeat(500), undefined],
    ['d'.repeat(501), 'Description must be less than 500 characters'],
  ])('%j -> %j', (value, expected) => {
    expect(descriptionError(value)).toBe(expected);
  });
});

describe('tags', () => {
  it('are trimmed, deduplicated and kept in order', () => {
    expect(normalizeTags([' web ', '', 'api', 'web', '  '])).toEqual(['web', 'api']);
  });

  it.each([
    [['a'.repeat(50)], undefined],
    [['a'.repeat(51)], 'Tags must be at most 50 characters'],
    [Array.from({ length: 20 }, (_, i) => `t${i}`), undefined],
    [Array.from({ length: 21 }, (_, i) => `t${i}`), 'A project can have at most 20 tags'],
  ])('%j -> %j', (tags, expected) => {
    expect(tagsError(tags)).toBe(expected);
  });
});
