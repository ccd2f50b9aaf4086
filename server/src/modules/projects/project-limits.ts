import 'reflect-metadata';
import { Field, InputType, Int, ObjectType } from 'type-graphql';
import {
  PROJECT_LIMIT_BOUNDS,
  PROJECT_LIMIT_KEYS,
  type ProjectLimitKey,
  type ProjectLimitValues,
  describeLimits,
  effectiveLimits,
  projectLimitError,
} from '@slipway/domain';
import { invalidInput } from '../../common/validation.js';
import { defaultLimits, type SandboxLimits } from '../../providers/sandbox/cgroups.js';
import { sandboxSupport } from '../../providers/sandbox/sandbox.js';
import type { Project } from './project.entity.js';

/**
 * A project's own sandbox limits (issue 30): the rule is @slipway/domain's (PROJECT_LIMIT_BOUNDS, the edit form
 * checks the same); this file maps them to the project's columns, to the limits a run uses and to the answers.
 */
const COLUMNS = {
  memoryMb: 'limitMemoryMb',
  processes: 'limitProcesses',
  cpuPercent: 'limitCpuPercent',
  diskMb: 'limitDiskMb',
} as const satisfies Record<ProjectLimitKey, keyof Project>;

const describe = (key: ProjectLimitKey) => {
  const { min, max, unit } = PROJECT_LIMIT_BOUNDS[key];
  return `${min} to ${max} (${unit}); null for the server's default`;
};

@ObjectType({ description: "A project's own sandbox limits; each null means the server's default (SLIPWAY_LIMIT_*)" })
export class ProjectLimits {
  @Field(() => Int, { nullable: true, description: `Memory in MB, page cache and /tmp included: ${describe('memoryMb')}` })
  memoryMb!: number | null;

  @Field(() => Int, { nullable: true, description: `Processes and threads together: ${describe('processes')}` })
  processes!: number | null;

  @Field(() => Int, { nullable: true, description: `CPU time of its apps in percent of one core (builds run at the lowest priority instead): ${describe('cpuPercent')}` })
  cpuPercent!: number | null;

  @Field(() => Int, { nullable: true, description: `Disk written in MB: ${describe('diskMb')}` })
  diskMb!: number | null;
}

@InputType({ description: 'Limits to change; a field left out stays as it is, null sets it back to the server default' })
export class ProjectLimitsInput {
  @Field(() => Int, { nullable: true, description: describe('memoryMb') })
  memoryMb?: number | null;

  @Field(() => Int, { nullable: true, description: describe('processes') })
  processes?: number | null;

  @Field(() => Int, { nullable: true, description: describe('cpuPercent') })
  cpuPercent?: number | null;

  @Field(() => Int, { nullable: true, description: describe('diskMb') })
  diskMb?: number | null;
}

@ObjectType({ description: 'The limits that apply to a build or app revision (own or default)' })
export class EffectiveLimits {
  @Field(() => Int, { description: 'Memory in MB' })
  memoryMb!: number;

  @Field(() => Int, { description: 'Processes and threads together' })
  processes!: number;

  @Field(() => Int, { description: 'CPU time of its apps in percent of one core (builds run at the lowest priority instead)' })
  cpuPercent!: number;

  @Field(() => Int, { description: 'Disk written in MB' })
  diskMb!: number;
}

@ObjectType({ description: "How this server contains a project's builds and app (issue 30)" })
export class ProjectSandbox {
  @Field(() => Boolean, { description: 'True when builds and the app run in a sandbox: own user, own namespaces, no access to other projects' })
  sandboxed!: boolean;

  @Field(() => String, { nullable: true, description: 'Why there is no sandbox on this machine; null when there is one' })
  reason!: string | null;

  @Field(() => Boolean, { description: 'True when the limits are enforced (cgroups)' })
  limitsEnforced!: boolean;

  @Field(() => String, { nullable: true, description: 'Why the limits are not enforced; null when they are' })
  limitsReason!: string | null;

  @Field(() => EffectiveLimits, { description: "The limits that apply: the project's own, the server's default for the others" })
  limits!: EffectiveLimits;

  @Field(() => String, { description: "What the project page says, e.g. 'Builds and the app run in a sandbox: ...'" })
  summary!: string;
}

/** The project's own limits, null where it uses the default. */
export function limitsOf(project: Project): ProjectLimits {
  return Object.fromEntries(PROJECT_LIMIT_KEYS.map((key) => [key, project[COLUMNS[key]] ?? null])) as unknown as ProjectLimits;
}

/** What a build or app revision of the project runs with. */
export function sandboxLimitsOf(project: Project): SandboxLimits {
  return effectiveLimits(limitsOf(project), defaultLimits());
}

/**
 * The column changes for a limits input ({memoryMb, ...}; a key left out stays, null resets): refused with a
 * 400 naming the limit when a value is out of bounds or an unknown key is given.
 */
export function validateLimits(value: unknown): Partial<Project> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalidInput('Limits must be an object', 'limits');
  const changes: Partial<Record<(typeof COLUMNS)[ProjectLimitKey], number | null>> = {};
  for (const [key, limit] of Object.entries(value as Partial<ProjectLimitValues>)) {
    if (!(PROJECT_LIMIT_KEYS as readonly string[]).includes(key)) throw invalidInput(`Unknown limit "${key}"`, 'limits');
    if (limit === undefined) continue;
    const error = projectLimitError(key as ProjectLimitKey, limit);
    if (error) throw invalidInput(error, `limits.${key}`);
    changes[COLUMNS[key as ProjectLimitKey]] = limit;
  }
  return changes as Partial<Project>;
}

/** The machine's sandbox state and the project's effective limits, as the project page shows them. */
export async function sandboxOf(project: Project): Promise<ProjectSandbox> {
  const found = await sandboxSupport();
  const limits = sandboxLimitsOf(project);
  const limitsText = found.cgroups ? `limits ${describeLimits(limits)}` : `no limits enforced (${found.limitsReason})`;
  const summary = found.sandbox
    ? `Builds and the app run in a sandbox: own user, no access to other projects; ${limitsText}`
    : `Runs WITHOUT a sandbox: ${found.reason}; ${limitsText}`;
  return { sandboxed: found.sandbox, reason: found.reason, limitsEnforced: found.cgroups !== null, limitsReason: found.limitsReason, limits, summary };
}

/** REST's snake_case shapes. */
export const limitsResponse = (limits: ProjectLimitValues) => ({
  memory_mb: limits.memoryMb,
  processes: limits.processes,
  cpu_percent: limits.cpuPercent,
  disk_mb: limits.diskMb,
});

export const sandboxResponse = (sandbox: ProjectSandbox) => ({
  sandboxed: sandbox.sandboxed,
  reason: sandbox.reason,
  limits_enforced: sandbox.limitsEnforced,
  limits_reason: sandbox.limitsReason,
  limits: limitsResponse(sandbox.limits),
  summary: sandbox.summary,
});

/** REST's {memory_mb, ...} body -> the service's {memoryMb, ...}; unknown keys are kept so that they are refused. */
export function limitsInput(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const keys: Record<string, string> = { memory_mb: 'memoryMb', processes: 'processes', cpu_percent: 'cpuPercent', disk_mb: 'diskMb' };
  return Object.fromEntries(Object.entries(body).map(([key, value]) => [keys[key] ?? key, value]));
}
