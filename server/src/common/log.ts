/** Server-side record of an unexpected failure; the client only ever sees a generic message. */
export function logUnexpected(where: string, error: unknown): void {
  const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
  console.error(`[${where}] unexpected error: ${detail}`);
}
