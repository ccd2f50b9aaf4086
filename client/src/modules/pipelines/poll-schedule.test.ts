import { describe, expect, it } from 'vitest';
import { nextPollDelay, POLL_BASE_MS } from './poll-schedule';

const fast = { callMs: 100, running: true, error: false };

describe('nextPollDelay (spec section 9)', () => {
  it('waits the 3 s base while processors run and calls are fast, whatever the previous wait', () => {
    expect(POLL_BASE_MS).toBe(3_000);
    expect(nextPollDelay(3_000, fast)).toBe(3_000);
    expect(nextPollDelay(9_000, fast)).toBe(3_000);
  });

  it('waits 1.5 times longer after a call over 2 s, up to 15 s', () => {
    const slow = { ...fast, callMs: 2_001 };
    expect(nextPollDelay(3_000, { ...fast, callMs: 2_000 })).toBe(3_000);
    expect(nextPollDelay(3_000, slow)).toBe(4_500);
    expect(nextPollDelay(4_500, slow)).toBe(6_750);
    expect(nextPollDelay(12_000, slow)).toBe(15_000);
    expect(nextPollDelay(15_000, slow)).toBe(15_000);
  });

  it('waits 1.2 times longer while no processor runs, up to 10 s', () => {
    const idle = { ...fast, running: false };
    expect(nextPollDelay(3_000, idle)).toBe(3_600);
    expect(nextPollDelay(3_600, idle)).toBe(4_320);
    expect(nextPollDelay(9_000, idle)).toBe(10_000);
    expect(nextPollDelay(10_000, idle)).toBe(10_000);
    expect(nextPollDelay(15_000, idle)).toBe(10_000);
  });

  it('lets a slow call outweigh an idle stream', () => {
    expect(nextPollDelay(3_000, { callMs: 2_500, running: false, error: false })).toBe(4_500);
  });

  it('doubles the wait after an error, up to 15 s', () => {
    const failed = { callMs: 50, running: false, error: true };
    expect(nextPollDelay(3_000, failed)).toBe(6_000);
    expect(nextPollDelay(6_000, failed)).toBe(12_000);
    expect(nextPollDelay(12_000, failed)).toBe(15_000);
    expect(nextPollDelay(3_000, { ...failed, callMs: 5_000 })).toBe(6_000);
  });

  it('goes back to the base after a good answer following errors', () => {
    expect(nextPollDelay(12_000, fast)).toBe(3_000);
  });
});
