// The project stream's polling schedule (spec section 9), used only while the live subscription is unavailable.

/** Base wait between two polls. */
export const POLL_BASE_MS = 3_000;
/** A call slower than this makes the next wait 1.5 times longer, up to POLL_SLOW_MAX_MS. */
export const POLL_SLOW_CALL_MS = 2_000;
export const POLL_SLOW_FACTOR = 1.5;
export const POLL_SLOW_MAX_MS = 15_000;
/** While no processor runs the wait grows 1.2 times, up to POLL_IDLE_MAX_MS. */
export const POLL_IDLE_FACTOR = 1.2;
export const POLL_IDLE_MAX_MS = 10_000;
/** After a failed call the wait doubles; the spec names no ceiling, so it stops at the schedule's longest wait. */
export const POLL_ERROR_FACTOR = 2;

export interface PollOutcome {
  /** How long the call took. */
  callMs: number;
  /** Whether any processor was running in the answer (false after an error). */
  running: boolean;
  /** Whether the call failed. */
  error: boolean;
}

/**
 * The wait before the next poll, from the previous wait and how the last call went: doubled after an error,
 * 1.5 times (up to 15 s) after a call over 2 s, 1.2 times (up to 10 s) while no processor runs, else the 3 s base.
 */
export function nextPollDelay(previousDelay: number, { callMs, running, error }: PollOutcome): number {
  if (error) return Math.min(previousDelay * POLL_ERROR_FACTOR, POLL_SLOW_MAX_MS);
  if (callMs > POLL_SLOW_CALL_MS) return Math.min(previousDelay * POLL_SLOW_FACTOR, POLL_SLOW_MAX_MS);
  if (!running) return Math.min(previousDelay * POLL_IDLE_FACTOR, POLL_IDLE_MAX_MS);
  return POLL_BASE_MS;
}

/** A polling schedule: the first wait, and each next wait from the previous one and how the last call went. */
export interface PollSchedule {
  baseMs: number;
  next: (previousDelay: number, outcome: PollOutcome) => number;
}

/** The project stream's schedule (above). */
export const PIPELINE_POLL_SCHEDULE: PollSchedule = { baseMs: POLL_BASE_MS, next: nextPollDelay };
