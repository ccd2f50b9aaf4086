import { useEffect, useRef } from 'react';
import { nextPollDelay, POLL_BASE_MS } from '../poll-schedule';

/** What one poll learned: whether a processor runs, and whether the stream has reached a terminal state. */
export interface PollAnswer {
  running: boolean;
  terminal: boolean;
}

/**
 * While `enabled`, calls `poll` on spec section 9's schedule (see nextPollDelay): the first call after the 3 s
 * base, each next one after a wait computed from how the last went. Stops when an answer is terminal, when
 * `enabled` turns false, or on unmount.
 */
export function usePollingFallback(enabled: boolean, poll: () => Promise<PollAnswer>) {
  const pollRef = useRef(poll);
  useEffect(() => {
    pollRef.current = poll;
  });

  useEffect(() => {
    if (!enabled) return undefined;
    let stopped = false;
    let delay = POLL_BASE_MS;
    let timer: ReturnType<typeof setTimeout>;
    const tick = async () => {
      const started = Date.now();
      let answer: PollAnswer | undefined;
      try {
        answer = await pollRef.current();
      } catch {
        answer = undefined;
      }
      if (stopped || answer?.terminal) return;
      delay = nextPollDelay(delay, { callMs: Date.now() - started, running: answer?.running ?? false, error: !answer });
      timer = setTimeout(() => void tick(), delay);
    };
    timer = setTimeout(() => void tick(), delay);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [enabled]);
}
