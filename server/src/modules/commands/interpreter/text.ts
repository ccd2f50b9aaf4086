/** Text layout helpers for command output. */

/** Rows as columns padded to their widest cell, two spaces apart, with no trailing spaces. */
export function formatTable(rows: readonly (readonly string[])[]): string {
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, cell.length)));
  return rows
    .map((row) => row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i]))).join('  ').trimEnd())
    .join('\n');
}

/** A table cell on one line: runs of whitespace (newlines included) become one space. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** 2026-05-01 12:03 UTC: absolute, so the same log entry reads the same tomorrow. */
export function formatTimestamp(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

const NEEDS_QUOTES = /[\s'"\\]|^$/;

/** A word written so that the tokenizer reads it back unchanged (for names with spaces in `ls`). */
export function quoteWord(word: string): string {
  if (!NEEDS_QUOTES.test(word)) return word;
  if (!word.includes("'")) return `'${word}'`;
  return `"${word.replace(/["\\]/g, (char) => `\\${char}`)}"`;
}

export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : pluralForm}`;
}
