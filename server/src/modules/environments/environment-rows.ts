import { DEFAULT_ENVIRONMENT } from '@slipway/domain';
import type { EntityManager } from 'typeorm';
import type { SecretBox } from '../../common/secret-box.js';
import { MAIN_BRANCH } from '../projects/runs/run-names.js';
import { Environment } from './environment.entity.js';

// The rows every feature that deploys shares: finding an environment by name, and the variables it runs with.

const variablesContext = (environmentId: string) => `environment:${environmentId}:variables`;

/** The environment's own variables (the overrides on top of the project's); never log them. */
export function overridesOf(box: SecretBox, environment: Pick<Environment, 'id' | 'variablesSealed'>): Record<string, string> {
  // Rows made by the migration hold no sealed value yet: no overrides.
  if (!environment.variablesSealed) return {};
  return JSON.parse(box.open(environment.variablesSealed, variablesContext(environment.id))) as Record<string, string>;
}

export function sealOverrides(box: SecretBox, environmentId: string, variables: Record<string, string>): string {
  return box.seal(JSON.stringify(variables), variablesContext(environmentId));
}

/** What an app in the environment runs with: the project's variables, each overridden by the environment's own. */
export function effectiveVariables(box: SecretBox, projectVariables: Record<string, string>, environment: Pick<Environment, 'id' | 'variablesSealed'> | null): Record<string, string> {
  return environment ? { ...projectVariables, ...overridesOf(box, environment) } : projectVariables;
}

/**
 * The project's environment of that name, or null. 'production' always exists: made here (fed by main, auto-deploy on)
 * for a project created after the migration the first time anything asks for it.
 */
export async function environmentNamed(manager: EntityManager, project: { id: string; ownerId: string }, name: string): Promise<Environment | null> {
  const where = { projectId: project.id, ownerId: project.ownerId, name };
  const found = await manager.findOneBy(Environment, where);
  if (found || name !== DEFAULT_ENVIRONMENT) return found;
  await manager
    .createQueryBuilder()
    .insert()
    .into(Environment)
    .values({ ...where, branch: MAIN_BRANCH, autoDeploy: true, autoRollback: true, variablesSealed: '' })
    .orIgnore()
    .execute();
  return manager.findOneBy(Environment, where);
}
