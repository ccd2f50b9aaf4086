import { describe, expect, it } from 'vitest';
import { filterLogLines, logFileText, logLevelOf } from './log-lines';

describe('logLevelOf', () => {
  it('reads the level a line states: bracketed, prefixed, key=value, upper-case, JSON (words and numbers)', () => {
    expect(logLevelOf('[info] GET /items 200')).toBe('info');
    expect(logLevelOf('[error] Error: boom')).toBe('error');
    expect(logLevelOf('warn: disk almost full')).toBe('warn');
    expect(logLevelOf('level=debug msg="cache miss"')).toBe('debug');
    expect(logLevelOf('2026-11-27T10:00:00Z ERROR failed to connect')).toBe('error');
    expect(logLevelOf('{"level":"warning","msg":"slow"}')).toBe('warn');
    expect(logLevelOf('{"level":50,"msg":"crash"}')).toBe('error');
    expect(logLevelOf('{"severity":"INFO","message":"up"}')).toBe('info');
  });

  it('finds none where the line states none (a lower-case word in the middle is no level)', () => {
    expect(logLevelOf('Listening on port 3000')).toBeNull();
    expect(logLevelOf('handled the request without an error')).toBeNull();
    expect(logLevelOf('{"msg":"no level here"}')).toBeNull();
  });
});

describe('filterLogLines and logFileText', () => {
  const lines = [
    { at: '2026-11-27T10:00:00.000Z', instance: 'r1-1', stream: 'stdout', line: '[info] GET /items 200' },
    { at: '2026-11-27T10:00:01.000Z', instance: 'r1-1', stream: 'stderr', line: '[error] Database unreachable' },
    { at: null, instance: 'slipway', stream: 'stdout', line: 'revision 1 started' },
  ];

  it('filters by search (text or instance, any case) and by level', () => {
    expect(filterLogLines(lines, 'DATABASE', '')).toEqual([lines[1]]);
    expect(filterLogLines(lines, 'slipway', '')).toEqual([lines[2]]);
    expect(filterLogLines(lines, '', 'info')).toEqual([lines[0]]);
    expect(filterLogLines(lines, 'items', 'error')).toEqual([]);
    expect(filterLogLines(lines, '  ', '')).toEqual(lines);
  });

  it('writes each line with its time, instance and stream', () => {
    expect(logFileText(lines)).toBe(
      '2026-11-27T10:00:00.000Z [r1-1] [info] GET /items 200\n2026-11-27T10:00:01.000Z [r1-1] (stderr) [error] Database unreachable\n- [slipway] revision 1 started\n',
    );
    expect(logFileText([])).toBe('');
  });
});
