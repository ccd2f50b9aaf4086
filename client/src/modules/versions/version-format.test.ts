import { describe, expect, it } from 'vitest';
import { buildDuration, shortCommit, versionLoadRetryDelay } from './version-format';

describe('versionLoadRetryDelay', () => {
  it.each([
    { attemptsMade: 1, message: 'Forbidden', delay: 1000 },
    { attemptsMade: 2, message: 'Response not successful: Received status code 503', delay: 2000 },
    { attemptsMade: 2, message: 'NetworkError when attempting to fetch resource.', delay: 2000 },
    { attemptsMade: 2, message: 'Project not found', delay: null },
    { attemptsMade: 3, message: 'Received status code 500', delay: null },
    { attemptsMade: 4, message: 'Network', delay: null },
  ])('after $attemptsMade attempt(s) failing with "$message": $delay', ({ attemptsMade, message, delay }) => {
    expect(versionLoadRetryDelay(attemptsMade, message)).toBe(delay);
  });
});

describe('buildDuration', () => {
  it("shows the server's build seconds as 'Xm Ys'", () => {
    expect(buildDuration(125)).toBe('2m 5s');
    expect(buildDuration(42)).toBe('0m 42s');
    expect(buildDuration(0)).toBe('0m 0s');
    expect(buildDuration(5400)).toBe('90m 0s');
  });

  it('is null while a build has not ended', () => {
    expect(buildDuration(null)).toBeNull();
    expect(buildDuration(undefined)).toBeNull();
  });
});

describe('shortCommit', () => {
  it('keeps the first 8 characters', () => {
    expect(shortCommit('0123456789abcdef0123456789abcdef01234567')).toBe('01234567');
  });
});
