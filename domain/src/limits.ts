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

/** How the project page says them: '512 MB memory, 256 processes, 100 % CPU for apps, 1024 MB disk' (builds yield the CPU to apps). */
export function describeLimits(limits: Record<ProjectLimitKey, number>): string {
  return `${limits.memoryMb} MB memory, ${limits.processes} processes, ${limits.cpuPercent} % CPU for apps, ${limits.diskMb} MB disk`;
}

/**
 * An environment's resources (issue 35): CPU in cores and memory in MB, each a request (what an instance is
 * guaranteed; Kubernetes schedules by it) and a limit (what it may use at most); null for none (Kubernetes) or the
 * project's limit (local mode). The Environments tab and the server check the same rule with the same messages.
 */
export interface EnvironmentResourceValues {
  cpuRequest: number | null;
  cpuLimit: number | null;
  memoryRequestMb: number | null;
  memoryLimitMb: number | null;
}

export type EnvironmentResourceKey = keyof EnvironmentResourceValues;

export const ENVIRONMENT_RESOURCE_KEYS: readonly EnvironmentResourceKey[] = ['cpuRequest', 'cpuLimit', 'memoryRequestMb', 'memoryLimitMb'];

export const ENVIRONMENT_RESOURCE_BOUNDS: Record<EnvironmentResourceKey, { min: number; max: number; label: string; unit: string; step: number }> = {
  cpuRequest: { min: 0.05, max: 4, label: 'CPU request', unit: 'cores', step: 0.01 },
  cpuLimit: { min: 0.05, max: 4, label: 'CPU limit', unit: 'cores', step: 0.01 },
  memoryRequestMb: { min: 64, max: 8192, label: 'Memory request', unit: 'MB', step: 1 },
  memoryLimitMb: { min: 64, max: 8192, label: 'Memory limit', unit: 'MB', step: 1 },
};

/** The error for one resource value (null or undefined: none, valid), or undefined when it is valid. */
export function environmentResourceError(key: EnvironmentResourceKey, value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  const { min, max, label, unit, step } = ENVIRONMENT_RESOURCE_BOUNDS[key];
  const whole = step === 1;
  // CPU in hundredths of a core (10 m), as Kubernetes quantities are written.
  const valid = typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max && (whole ? Number.isInteger(value) : Math.abs(Math.round(value / step) * step - value) < 1e-9);
  if (!valid) return `${label} must be ${whole ? 'a whole number' : 'a number'} from ${min} to ${max} ${unit}${whole ? '' : ' (in steps of 0.01)'}, or empty for none`;
  return undefined;
}

/** The error for a request above its limit (checked on the values that apply after a change), or undefined. */
export function environmentResourcesError(values: EnvironmentResourceValues): { key: EnvironmentResourceKey; error: string } | undefined {
  if (values.cpuRequest !== null && values.cpuLimit !== null && values.cpuRequest > values.cpuLimit) {
    return { key: 'cpuRequest', error: `CPU request (${values.cpuRequest} cores) cannot be more than the CPU limit (${values.cpuLimit} cores)` };
  }
  if (values.memoryRequestMb !== null && values.memoryLimitMb !== null && values.memoryRequestMb > values.memoryLimitMb) {
    return { key: 'memoryRequestMb', error: `Memory request (${values.memoryRequestMb} MB) cannot be more than the memory limit (${values.memoryLimitMb} MB)` };
  }
  return undefined;
}
