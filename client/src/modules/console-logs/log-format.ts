/** Display rules of the Console Logs screen (spec sections 2 and 9). */

export const LOG_PAGE_SIZE = 20;
/** Page buttons between First and Last. */
export const LOG_PAGE_BUTTONS = 3;
export const LOG_SEARCH_DEBOUNCE_MS = 500;
/** The detail panel keeps its content this long after closing, while it slides away. */
export const PANEL_CLEAR_DELAY_MS = 300;
/** Longer outputs get a note with their length. */
export const LONG_OUTPUT_CHARACTERS = 1000;

/** Log ids and user ids are shown as their last 8 characters. */
export const shortId = (id: string) => id.slice(-8);

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const count = (value: number, unit: string) => `${value} ${unit}${value === 1 ? '' : 's'} ago`;

const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' });

/** 'just now' under a minute, then minutes, hours, and days under 7; older ones as a date ('Jan 2, 2026'). */
export function relativeTime(iso: string, now: number): string {
  const time = new Date(iso).getTime();
  const elapsed = Math.max(0, now - time);
  if (elapsed < MINUTE) return 'just now';
  if (elapsed < HOUR) return count(Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return count(Math.floor(elapsed / HOUR), 'hour');
  if (elapsed < 7 * DAY) return count(Math.floor(elapsed / DAY), 'day');
  return dateFormat.format(time);
}

/** The full local date and time, e.g. for a tooltip next to the relative one. */
export const absoluteTime = (iso: string) => dateTimeFormat.format(new Date(iso));

/** The note shown above an output longer than 1,000 characters; null for shorter ones. */
export function outputLengthNote(output: string): string | null {
  if (output.length <= LONG_OUTPUT_CHARACTERS) return null;
  return `Long output: ${output.length.toLocaleString('en-US')} characters.`;
}
