import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { CommandResultType } from '../../../generated/graphql';

export const LOG_TYPES: readonly CommandResultType[] = ['output', 'error', 'success', 'info'];

export interface LogFilters {
  page: number;
  type?: CommandResultType;
  success?: boolean;
  /** Text the command contains. */
  command?: string;
}

const isLogType = (value: string | null): value is CommandResultType => LOG_TYPES.includes(value as CommandResultType);

/** Reads the filters from the URL query; anything unknown or malformed is ignored. */
export function parseLogFilters(params: URLSearchParams): LogFilters {
  const page = Number(params.get('page'));
  const type = params.get('type');
  const success = params.get('success');
  return {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    type: isLogType(type) ? type : undefined,
    success: success === 'true' ? true : success === 'false' ? false : undefined,
    command: params.get('command') || undefined,
  };
}

/** The URL query for `filters`, leaving out defaults so a plain /dashboard/console-logs means page 1, no filter. */
export function logFiltersQuery({ page, type, success, command }: LogFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (type) params.set('type', type);
  if (success !== undefined) params.set('success', String(success));
  if (command) params.set('command', command);
  if (page > 1) params.set('page', String(page));
  return params;
}

/**
 * The Console Logs filters, kept in the URL query so a reload or a shared link shows the same list.
 * Changing a filter goes back to page 1.
 */
export function useLogFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => parseLogFilters(params), [params]);

  const update = useCallback(
    (change: Partial<Omit<LogFilters, 'page'>>) => setParams(logFiltersQuery({ ...filters, ...change, page: 1 })),
    [filters, setParams],
  );
  const setPage = useCallback((page: number) => setParams(logFiltersQuery({ ...filters, page })), [filters, setParams]);
  const clear = useCallback(() => setParams(new URLSearchParams()), [setParams]);
  const active = Boolean(filters.type || filters.success !== undefined || filters.command);

  return { filters, active, update, setPage, clear };
}
