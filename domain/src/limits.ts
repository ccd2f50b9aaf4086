/**
 * Per-project sandbox limits (issue 30): what a project's builds and app may use. A project's owner sets each one
 * within these bounds, or leaves it unset (null) for the server's default (SLIPWAY_LIMIT_*). The edit form and the
 * server check the same rule with the same messages.
 */
export interface ProjectLimitValues {
  memoryMb: number | null;
  processes: number | null;
  cpuPercent: number | null;
  diskMb: number | null;
}

export type ProjectLimitKey = keyof ProjectLimitValues;

export const PROJECT_LIMIT_KEYS: readonly ProjectLimitKey[] = ['memoryMb', 'processes', 'cpuPercent', 'diskMb'];

/** Bounds a project's owner may choose within, with the label and unit the messages use. */
export const PROJECT_LIMIT_BOUNDS: Record<ProjectLimitKey, { min: number; max: number; label: string; unit: string }> = {
  memoryMb: { min: 64, max: 8192, label: 'Memory limit', unit: 'MB' },
  processes: { min: 32, max: 4096, label: 'Process limit', unit: 'processes' },
  cpuPercent: { min: 10, max: 400, label: 'CPU limit', unit: '% of a core' },
  diskMb: { min: 64, max: 20_480, label: 'Disk limit', unit: 'MB' },
};

/** The error for one limit (null or undefined: the server's default, valid), or undefined when it is valid. */
export function projectLimitError(key: ProjectLimitKey, value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  const { min, max, label, unit } = PROJECT_LIMIT_BOUNDS[key];
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    return `${label} must be a whole number from ${min} to ${max} (${unit}), or empty for the server's default`;
  }
  return undefined;
}

/** The limits that apply: the project's own where set, the server's default otherwise. */
export function effectiveLimits(own: ProjectLimitValues, defaults: Record<ProjectLimitKey, number>): Record<ProjectLimitKey, number> {
  return {
    memoryMb: own.memoryMb ?? defaults.memoryMb,
    processes: own.processes ?? defaults.processes,
    cpuPercent: own.cpuPercent ?? defaults.cpuPercent,
    diskMb: own.diskMb ?? defaults.diskMb,
  };
}

/** How the project page says them: '512 MB memory, 256 processes, 100 % CPU, 1024 MB disk'. */
export function describeLimits(limits: Record<ProjectLimitKey, number>): string {
  return `${limits.memoryMb} MB memory, ${limits.processes} processes, ${limits.cpuPercent} % CPU, ${limits.diskMb} MB disk`;
}
