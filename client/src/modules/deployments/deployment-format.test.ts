import { describe, expect, it } from 'vitest';
import { DEPLOYMENT_POLL_SCHEDULE, canRollbackCard, formatDuration, rollbackQuestion, statusLabel, strategyLabel } from './deployment-format';

describe('deployment format', () => {
  it.each([
    [null, null],
    [0, '0s'],
    [59, '59s'],
    [60, '1m'],
    [3599, '59m'],
    [3600, '1h 0m'],
    [3725, '1h 2m'],
  ])('shows a duration of %s seconds as %s', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });

  it('labels statuses and strategies as spec section 4 does', () => {
    expect(statusLabel('rolled_back')).toBe('Rolled Back');
    expect(statusLabel('rolling_back')).toBe('Rolling Back');
    expect(statusLabel('cleaning_up')).toBe('Cleaning Up');
    expect(strategyLabel('rolling')).toBe('Rolling Update');
    expect(strategyLabel('all_at_once')).toBe('All at Once');
  });

  it('offers the card Rollback only for an active deployment with a rollback target', () => {
    expect(canRollbackCard({ status: 'active', rollbackTargetId: 'd1' })).toBe(true);
    expect(canRollbackCard({ status: 'active', rollbackTargetId: null })).toBe(false);
    expect(canRollbackCard({ status: 'rolled_back', rollbackTargetId: 'd1' })).toBe(false);
    expect(rollbackQuestion('staging')).toBe('Are you sure you want to rollback the staging deployment?');
  });

  it('polls every 5 s, 1.5 times longer up to 15 s after a call over 2 s, and keeps the wait after a failure', () => {
    const next = DEPLOYMENT_POLL_SCHEDULE.next;
    const fast = { callMs: 100, running: true, error: false };
    const slow = { callMs: 2_001, running: true, error: false };
    expect(DEPLOYMENT_POLL_SCHEDULE.baseMs).toBe(5_000);
    expect(next(5_000, fast)).toBe(5_000);
    expect(next(5_000, { ...fast, callMs: 2_000 })).toBe(5_000);
    expect(next(5_000, slow)).toBe(7_500);
    expect(next(7_500, slow)).toBe(11_250);
    expect(next(11_250, slow)).toBe(15_000);
    expect(next(15_000, slow)).toBe(15_000);
    expect(next(11_250, fast)).toBe(5_000);
    expect(next(7_500, { callMs: 5, running: false, error: true })).toBe(7_500);
  });
});
