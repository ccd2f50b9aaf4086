import { describe, expect, it } from 'vitest';
import { versionNumber } from '../version.entity.js';

describe('versionNumber', () => {
  it.each([
    ['v0.1.0', 1000],
    ['v1.2.3', 1_002_003],
    ['v6.11.23', 6_011_023],
    ['v1.2.3-beta.1', 1_002_003],
    ['v999.999.999', 999_999_999],
  ])('%s sorts as %d', (tag, number) => {
    expect(versionNumber(tag)).toBe(number);
  });

  it('orders versions as their numbers do, not as text', () => {
    expect(versionNumber('v0.10.0')!).toBeGreaterThan(versionNumber('v0.9.9')!);
  });

  it.each(['1.2.3', 'v1.2', 'v1000.0.0', 'v1.2.3 ', 'v1.2.3-'])('refuses %j', (tag) => {
    expect(versionNumber(tag)).toBeNull();
  });
});
