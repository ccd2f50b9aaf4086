import { describe, expect, it } from 'vitest';
import { outputLengthNote, relativeTime, shortId } from './log-format';

const NOW = Date.parse('2026-05-20T12:00:00.000Z');
const before = (ms: number) => new Date(NOW - ms).toISOString();
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('relativeTime', () => {
  it.each([
    ['now', 0, 'just now'],
    ['59.999 s ago', MINUTE - 1, 'just now'],
    ['a clock slightly ahead', -5 * SECOND, 'just now'],
    ['1 minute ago', MINUTE, '1 minute ago'],
    ['2 minutes ago', 2 * MINUTE, '2 minutes ago'],
    ['59 min 59 s ago', HOUR - SECOND, '59 minutes ago'],
    ['1 hour ago', HOUR, '1 hour ago'],
    ['23 h 59 min ago', DAY - MINUTE, '23 hours ago'],
    ['1 day ago', DAY, '1 day ago'],
    ['6 days 23 h ago', 7 * DAY - HOUR, '6 days ago'],
    ['7 days ago', 7 * DAY, 'May 13, 2026'],
    ['a year ago', 365 * DAY, 'May 20, 2025'],
  ])('%s reads %s', (_case, ago, expected) => {
    expect(relativeTime(before(ago), NOW)).toBe(expected);
  });
});

describe('shortId', () => {
  it('keeps the last 8 characters', () => {
    expect(shortId('6d1f5a3e-0000-4000-8000-0000deadbeef')).toBe('deadbeef');
    expect(shortId('abc')).toBe('abc');
  });
});

describe('outputLengthNote', () => {
  it.each([
    [0, null],
    [1000, null],
    [1001, 'Long output: 1,001 characters.'],
    [10_050, 'Long output: 10,050 characters.'],
  ])('for %i characters is %j', (length, expected) => {
    expect(outputLengthNote('x'.repeat(length))).toBe(expected);
  });
});
