/** Display rules and constants of the Versions tab (spec sections 2 and 9). */

/** Spec section 9: commit hashes show as their first 8 characters. */
export const SHORT_COMMIT_LENGTH = 8;
/** Spec section 9: a running build shows a bar at 60 percent (the build reports no finer progress). */
export const RUNNING_BUILD_PERCENT = 60;

export const shortCommit = (sha: string) => sha.slice(0, SHORT_COMMIT_LENGTH);

/** A build's duration (the server's build_duration_seconds) as 'Xm Ys'; null until the build has ended. */
export function buildDuration(seconds: number | null | undefined): string | null {
  if (seconds === null || seconds === undefined) return null;
  return `${Math.floor(seconds / 60)}m ${seconds % 60}s`;
}

/** Spec section 9: a failing version list load is tried at most 3 times in all. */
export const VERSION_LOAD_ATTEMPTS = 3;
const RETRY_BASE_MS = 1000;
const RETRY_MAX_MS = 10_000;

/**
 * The wait before trying a failed version list load again, or null to stop and show the error (spec section 9):
 * at most 3 attempts; a retry when the message contains '5' (a 5xx) or 'Network', or when fewer than 2
 * attempts were made; 1 s, doubling, at most 10 s.
 */
export function versionLoadRetryDelay(attemptsMade: number, message: string): number | null {
  if (attemptsMade >= VERSION_LOAD_ATTEMPTS) return null;
  if (!(message.includes('5') || message.includes('Network') || attemptsMade < 2)) return null;
  return Math.min(RETRY_BASE_MS * 2 ** (attemptsMade - 1), RETRY_MAX_MS);
}
