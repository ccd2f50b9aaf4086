import { describe, expect, it } from 'vitest';
import { describeLimits, effectiveLimits, projectLimitError } from './limits.js';

describe('project limits', () => {
  it('accept null (the default) and whole numbers within the bounds', () => {
    expect(projectLimitError('memoryMb', null)).toBeUndefined();
    expect(projectLimitError('memoryMb', 64)).toBeUndefined();
    expect(projectLimitError('memoryMb', 8192)).toBeUndefined();
    expect(projectLimitError('cpuPercent', 400)).toBeUndefined();
  });

  it('refuse values outside the bounds, fractions, text and NaN, naming the limit and its bounds', () => {
    const memory = "Memory limit must be a whole number from 64 to 8192 (MB), or empty for the server's default";
    for (const value of [63, 8193, 100.5, '512', Number.NaN]) expect(projectLimitError('memoryMb', value)).toBe(memory);
    expect(projectLimitError('processes', 31)).toBe("Process limit must be a whole number from 32 to 4096 (processes), or empty for the server's default");
    expect(projectLimitError('diskMb', 20_481)).toBe("Disk limit must be a whole number from 64 to 20480 (MB), or empty for the server's default");
  });

  it('fill unset limits from the defaults, and say them as the project page does', () => {
    const limits = effectiveLimits({ memoryMb: 1024, processes: null, cpuPercent: null, diskMb: 64 }, { memoryMb: 512, processes: 256, cpuPercent: 100, diskMb: 1024 });
    expect(limits).toEqual({ memoryMb: 1024, processes: 256, cpuPercent: 100, diskMb: 64 });
    expect(describeLimits(limits)).toBe('1024 MB memory, 256 processes, 100 % CPU for apps, 64 MB disk');
  });
});
