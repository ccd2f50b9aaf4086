import { describe, expect, it, vi } from 'vitest';
import { createSocketStatus, isSocketDown } from './socket-status';
import { MAX_RECONNECT_WAIT_MS, reconnectWaitMs } from './websocket-link';

describe('socket status', () => {
  it('starts idle and tells listeners about each change, once', () => {
    const status = createSocketStatus();
    const listener = vi.fn();
    const unsubscribe = status.subscribe(listener);
    expect(status.get()).toBe('idle');
    status.set('connecting');
    status.set('connecting');
    status.set('connected');
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    status.set('closed');
    expect(listener).toHaveBeenCalledTimes(2);
    expect(status.get()).toBe('closed');
  });

  it('counts a connecting or closed socket as down, an idle or connected one as not', () => {
    expect(['idle', 'connecting', 'connected', 'closed'].map((value) => isSocketDown(value as never))).toEqual([false, true, false, true]);
  });

  it('waits 1 s, 2 s, 4 s... up to 10 s between reconnection attempts, plus jitter under a second', () => {
    expect([0, 1, 2, 3, 4, 10].map((retries) => reconnectWaitMs(retries, 0))).toEqual([1_000, 2_000, 4_000, 8_000, 10_000, 10_000]);
    expect(reconnectWaitMs(20, 0.999)).toBe(MAX_RECONNECT_WAIT_MS + 999);
  });
});
