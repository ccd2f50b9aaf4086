import { useEffect, useRef } from 'react';
import { PIPELINE_POLL_SCHEDULE, type PollSchedule } from '../poll-schedule';

/** What one poll learned: whether a processor runs, and whether the stream has reached a terminal state. */
export interface PollAnswer {
  running: boolean;
  terminal: boolean;
}

/**
 * While `enabled`, calls `poll` on one of spec section 9's schedules (the project stream's by default, see
 * nextPollDelay): the first call after the schedule's base wait, each next one after a wait computed from how the
 * last went. Stops when an answer is terminal, when `enabled` turns false, or on unmount.
 */
export function usePollingFallback(enabled: boolean, poll: () => Promise<PollAnswer>, schedule: PollSchedule = PIPELINE_POLL_SCHEDULE) {
  const scheduleRef = useRef(schedule);
  const pollRef = useRef(poll);
  useEffect(() => {
    pollRef.current = poll;
    scheduleRef.current = schedule;
  });

  useEffect(() => {
    if (!enabled) return undefined;
    let stopped = false;
    let delay = scheduleRef.current.baseMs;
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
      delay = scheduleRef.current.next(delay, { callMs: Date.now() - started, running: answer?.running ?? false, error: !answer });
      timer = setTimeout(() => void tick(), delay);
    };
    timer = setTimeout(() => void tick(), delay);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [enabled]);
}
