/** A LIKE/ILIKE pattern matching `text` anywhere, with %, _ and \ in it matched literally (PostgreSQL's default escape). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
