import { stepLabel } from '@slipway/domain';
import { defineStep, type StepContext, type StepDefinition, StepFailure, type StepIcon } from '../../../pipelines/steps.js';
import { namesOf, requireProject, type RunNames } from './run-names.js';
import type { ProjectRunProviders } from './run-ports.js';

/**
 * The step definer of a run that works on one row named by its run (a version's build, a deployment): each step
 * reads the project's names and that row first, and fails with `missing` when the row is gone.
 */
export function runStepOf<P extends ProjectRunProviders, T>(find: (records: P['records'], runId: string) => Promise<T | null>, missing: string) {
  return function step(
    id: string,
    icon: StepIcon,
    description: string,
    timeoutSeconds: number,
    run: (ctx: StepContext<P>, names: RunNames, subject: T) => Promise<void>,
    extra: Partial<StepDefinition<P>> = {},
  ) {
    return defineStep<P>({
      id,
      label: stepLabel(id),
      description,
      icon,
      timeoutSeconds,
      ...extra,
      async run(ctx) {
        const names = namesOf(await requireProject(ctx.providers.records));
        const subject = await find(ctx.providers.records, ctx.run.id);
        if (!subject) throw new StepFailure(missing);
        await run(ctx, names, subject);
      },
    });
  };
}
