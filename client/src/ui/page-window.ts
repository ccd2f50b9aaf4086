/**
 * The page numbers a pager shows: at most `size` consecutive pages around `current`, shifted to stay within
 * 1..`totalPages` (so the first and last pages still get a full window). Empty when there are no pages.
 */
export function pageWindow(current: number, totalPages: number, size: number): number[] {
  if (totalPages < 1 || size < 1) return [];
  const count = Math.min(size, totalPages);
  const page = Math.min(Math.max(current, 1), totalPages);
  const start = Math.min(Math.max(page - Math.floor((count - 1) / 2), 1), totalPages - count + 1);
  return Array.from({ length: count }, (_, index) => start + index);
}
