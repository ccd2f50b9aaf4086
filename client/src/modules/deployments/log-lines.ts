// How the runtime logs view reads an app's output lines: their level (when the app logs one), search and download.

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export const LOG_LEVELS: readonly LogLevel[] = ['debug', 'info', 'warn', 'error'];

export const LOG_LEVEL_LABELS: Record<LogLevel, string> = { debug: 'Debug', info: 'Info', warn: 'Warning', error: 'Error' };

const LEVEL_WORDS: Record<string, LogLevel> = {
  trace: 'debug',
  debug: 'debug',
  info: 'info',
  notice: 'info',
  warn: 'warn',
  warning: 'warn',
  error: 'error',
  err: 'error',
  fatal: 'error',
  critical: 'error',
  panic: 'error',
};

/** pino's and bunyan's numeric levels. */
function numericLevel(value: number): LogLevel {
  if (value >= 50) return 'error';
  if (value >= 40) return 'warn';
  if (value >= 30) return 'info';
  return 'debug';
}

const WORD = Object.keys(LEVEL_WORDS).join('|');
/** '[info] …', 'info: …', 'level=warn …' at the start (after an optional timestamp), or an upper-case 'ERROR' near it. */
const PREFIXED = new RegExp(`^(?:\\S*\\d\\S*\\s+)?(?:\\[(${WORD})\\]|(${WORD}):|level=(${WORD})\\b)`, 'i');
const UPPER = new RegExp(`^.{0,40}?\\b(${WORD.toUpperCase()})\\b`);

/** The level a line states, as JSON (`level`, `severity`) or as text; null when it states none. */
export function logLevelOf(text: string): LogLevel | null {
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) {
    try {
      const parsed = JSON.parse(trimmed) as Record<string, unknown>;
      const value = parsed.level ?? parsed.severity ?? parsed.lvl;
      if (typeof value === 'number') return numericLevel(value);
      if (typeof value === 'string') return LEVEL_WORDS[value.toLowerCase()] ?? null;
    } catch {
      // Not JSON after all: read it as text.
    }
  }
  const prefixed = PREFIXED.exec(trimmed);
  if (prefixed) return LEVEL_WORDS[(prefixed[1] ?? prefixed[2] ?? prefixed[3]).toLowerCase()];
  const upper = UPPER.exec(trimmed);
  return upper ? LEVEL_WORDS[upper[1].toLowerCase()] : null;
}

export interface LogLineFields {
  at?: string | null;
  instance: string;
  stream: string;
  line: string;
}

/** Lines matching the search (case-insensitive, over the text and the instance) and the level ('' for any). */
export function filterLogLines<T extends LogLineFields>(lines: readonly T[], search: string, level: LogLevel | ''): T[] {
  const needle = search.trim().toLowerCase();
  return lines.filter(
    (line) =>
      (!needle || line.line.toLowerCase().includes(needle) || line.instance.toLowerCase().includes(needle)) &&
      (!level || logLevelOf(line.line) === level),
  );
}

/** The lines as a text file: 'time [instance] stderr? text', one a line. */
export function logFileText(lines: readonly LogLineFields[]): string {
  return lines.map((line) => `${line.at ?? '-'} [${line.instance}]${line.stream === 'stderr' ? ' (stderr)' : ''} ${line.line}`).join('\n') + (lines.length ? '\n' : '');
}
