import { stepLabel } from '@slipway/domain';
import { defineStep, type StepContext, type StepIcon } from '../../../pipelines/steps.js';
import { appNameOf } from '../../deployments/runs/deployment-rollout.js';
import type { Project } from '../../projects/project.entity.js';
import { namesOf, versionImage } from '../../projects/runs/run-names.js';
import type { ProjectRecord, RunProviders } from '../../projects/runs/run-ports.js';
import type { Version } from '../../versions/version.entity.js';
import type { Environment } from '../environment.entity.js';

/** The preview a removal run works on, and what it does with the rows (the database side, in previews.ts). */
export interface PreviewRemovalRecords {
  /** The preview whose removal run this is, with its project; null once its rows are gone. */
  subject(): Promise<{ project: Project; preview: Environment } | null>;
  /** Cancels the runs of its deployments still on their way; answers how many. */
  stopDeploys(project: Project, preview: Environment): Promise<number>;
  /** The versions only the preview's deployments used (what goes with it). */
  ownVersions(preview: Environment): Promise<Version[]>;
  /** Deletes the environment (its deployments go with it) and the versions only it used. */
  deleteRows(project: Project, preview: Environment): Promise<void>;
}

export interface PreviewRemovalProviders extends Pick<RunProviders, 'cluster' | 'registry' | 'sourceHost'> {
  removal: PreviewRemovalRecords;
}

type Ctx = StepContext<PreviewRemovalProviders>;

/** A removal step: reads its preview first; once the preview's rows are gone (a step done before), nothing is left to do. */
function step(id: string, icon: StepIcon, description: string, timeoutSeconds: number, run: (ctx: Ctx, project: Project, preview: Environment) => Promise<void>) {
  return defineStep<PreviewRemovalProviders>({
    id,
    label: stepLabel(id),
    description,
    icon,
    timeoutSeconds,
    async run(ctx) {
      const subject = await ctx.providers.removal.subject();
      if (!subject) return ctx.logger.info('The preview is gone already: nothing left to do');
      await run(ctx, subject.project, subject.preview);
    },
  });
}

const names = (project: Project) => namesOf(project as unknown as ProjectRecord);

/**
 * A 'preview_removal' run: a preview goes with everything it made (its deployments still on their way, its app, the
 * images and git tags of the versions only it used, its rows). Each step is safe to repeat.
 */
export const previewRemovalSteps = [
  step('stop-preview-deploys', 'deploy', "Cancels the preview's deployments still on their way", 120, async (ctx, project, preview) => {
    await ctx.logger.info(`${await ctx.providers.removal.stopDeploys(project, preview)} deployment run(s) of ${preview.name} cancelled`);
  }),
  step('remove-preview-app', 'server', "Removes the preview's app from the cluster: its processes, port and route", 120, async (ctx, project, preview) => {
    const app = appNameOf(names(project), preview.name);
    await ctx.providers.cluster.remove(app);
    await ctx.logger.info(`${app} removed from the ${ctx.providers.cluster.kind} cluster`);
  }),
  step('delete-preview-builds', 'cloud', 'Deletes the images and git tags of the versions only the preview used', 300, async (ctx, project, preview) => {
    const runNames = names(project);
    const own = await ctx.providers.removal.ownVersions(preview);
    for (const version of own) {
      await ctx.providers.registry.deleteTag(versionImage(runNames, version.versionTag));
      if (version.gitCommitSha) await ctx.providers.sourceHost.deleteTag(runNames.repository, { name: version.versionTag, sha: version.gitCommitSha });
    }
    await ctx.logger.info(own.length ? `Deleted ${own.map((version) => version.versionTag).join(', ')}` : 'No version was only the preview’s');
  }),
  step('delete-preview-records', 'database', "Deletes the preview's deployments, the versions only it used and the environment", 60, async (ctx, project, preview) => {
    await ctx.providers.removal.deleteRows(project, preview);
    await ctx.logger.info(`${preview.name} removed`);
  }),
];
