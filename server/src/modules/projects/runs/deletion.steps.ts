import { stepLabel } from '@slipway/domain';
import { DeploymentStatus } from '../../deployments/deployment-status.js';
import { defineStep, type StepContext, type StepDefinition, type StepIcon } from '../../../pipelines/steps.js';
import { appNameOf } from '../../deployments/runs/deployment-rollout.js';
import { namesOf, type RunNames } from './run-names.js';
import { clusterOf, registryOf, sourceHostOf } from './run-places.js';
import type { RunProviders } from './run-ports.js';

type Ctx = StepContext<RunProviders>;

/**
 * Each deletion step removes one kind of thing and is a no-op when it is already gone, so the run can be retried
 * and also cleans up after a creation that failed or was cancelled half-way. Until cleanup-database the project row
 * exists and names what to remove.
 */
function step(
  id: string,
  icon: StepIcon,
  description: string,
  timeoutSeconds: number,
  run: (ctx: Ctx, names: RunNames | null) => Promise<void>,
  describe?: StepDefinition<RunProviders>['describe'],
) {
  return defineStep<RunProviders>({
    id,
    label: stepLabel(id),
    description,
    describe,
    icon,
    timeoutSeconds,
    async run(ctx) {
      const project = await ctx.providers.records.project();
      // A project whose creation stopped before it had a repository name has nothing outside the database.
      await run(ctx, project?.sourceOrganization && project.sourceRepository ? namesOf(project) : null);
    },
  });
}

const validateDeletion = step('validate-deletion', 'config', 'Lists what the deletion removes', 30, async (ctx, names) => {
  if (!names) {
    await ctx.logger.info('nothing outside the database to remove');
    return;
  }
  const deployments = await ctx.providers.records.deployments();
  await ctx.logger.info(`repository ${names.imageRepository}, artifacts ${names.imageRepository}, app ${names.appName}, ${deployments.length} deployments`);
});

const stopDeployments = step('stop-deployments', 'server', "Stops the project's running apps", 120, async (ctx, names) => {
  const { records, cluster } = ctx.providers;
  const deployments = await records.deployments();
  for (const deployment of deployments) {
    await records.updateDeployment(deployment.id, { status: DeploymentStatus.cleaning_up, isActive: false, trafficPercent: 0 });
  }
  // Also when no deployment row was written: a creation may have died between starting the app and recording it.
  if (names) await cluster.remove(names.appName);
  // Apps of the other environments.
  if (names) for (const environment of new Set(deployments.map((row) => row.environment))) await cluster.remove(appNameOf(names, environment));
  await ctx.logger.info(names ? `${cluster.kind} cluster: ${names.appName} stopped` : 'no app');
}, (used) => `Stops the project's running apps on ${clusterOf(used)}`);

const cleanupRepository = step('cleanup-github', 'code', 'Deletes the repository and its secrets', 120, async (ctx, names) => {
  if (names) await ctx.providers.sourceHost.deleteRepository(names.repository);
  await ctx.logger.info(names ? `repository ${names.repository.organization}/${names.repository.name} deleted` : 'no repository');
}, (used) => `Deletes the repository and its secrets from ${sourceHostOf(used)}`);

const deleteArtifacts = step('delete-docker-repository', 'cloud', "Deletes the project's artifacts from the registry", 120, async (ctx, names) => {
  if (names) await ctx.providers.registry.deleteRepository(names.imageRepository);
  await ctx.logger.info(names ? `registry repository ${names.imageRepository} deleted` : 'no artifacts');
}, (used) => `Deletes the project's artifacts from ${registryOf(used)}`);

const cleanupDatabase = step('cleanup-database', 'database', 'Deletes the project with its versions, their build logs, and its deployments', 30, async (ctx) => {
  if (ctx.projectId) await ctx.providers.buildLogs.removeProject(ctx.projectId);
  const deleted = await ctx.providers.records.deleteProject();
  await ctx.logger.info(deleted ? 'project deleted' : 'project was already deleted');
});

/** Spec section 4's deletion steps, in order. */
export const deletionSteps = [validateDeletion, stopDeployments, cleanupRepository, deleteArtifacts, cleanupDatabase];
