import { randomUUID } from 'node:crypto';
import { StreamName } from '@slipway/domain';
import { type DataSource, type EntityManager, In } from 'typeorm';
import { AppError, ErrorCode } from '../../../common/app-error.js';
import { logUnexpected } from '../../../common/log.js';
import type { SecretBox } from '../../../common/secret-box.js';
import type { AppEvents, EventBus } from '../../../events/event-bus.js';
import type { PipelineEngine } from '../../../pipelines/engine.js';
import type { ProjectProviders } from '../../../providers/project-providers.js';
import { recordDeploymentEvent } from '../../deployments/deployment-event.entity.js';
import { DeploymentStatus, DeploymentStrategy } from '../../deployments/deployment-status.js';
import { IN_PROGRESS, lockProject, sealSnapshot } from '../../deployments/deployment-transitions.js';
import { Deployment } from '../../deployments/deployment.entity.js';
import { deploymentSteps } from '../../deployments/runs/deployment.steps.js';
import { Project } from '../../projects/project.entity.js';
import type { ProjectsService } from '../../projects/projects.service.js';
import { Version, nextVersionNumber } from '../../versions/version.entity.js';
import { versionBuildSteps } from '../../versions/runs/version-build.steps.js';
import { Environment } from '../environment.entity.js';
import { effectiveVariables, environmentNamed } from '../environment-rows.js';
import { Push, PushOutcome } from '../push.entity.js';
import type { Previews } from './previews.js';
import { DEFAULT_ENVIRONMENT } from '@slipway/domain';

type Pushed = AppEvents['repository.pushed'];

/** A push deploy is one 'deployment' run: the version build's steps on the pushed commit, then the rolling update's. */
export const pushDeploySteps = [...versionBuildSteps, ...deploymentSteps];

export const shortSha = (sha: string) => sha.slice(0, 7);

/**
 * Deploys each push to the environments its branch feeds (auto-deploy on): per environment one run that builds the
 * pushed commit as a version and rolls it out with the rolling update. A push to an environment whose last push is
 * still on its way supersedes it (that run is cancelled: the newest deploys, never a race). A push that deploys
 * nothing is recorded with why. Every process hears each push; the push's row (unique per push and environment)
 * makes one of them act.
 */
export class PushDeploys {
  constructor(
    private readonly deps: {
      dataSource: DataSource;
      engine: PipelineEngine;
      secretBox: SecretBox;
      bus: EventBus;
      projects: Pick<ProjectsService, 'assertChangeable' | 'environmentOf'>;
      providers: Pick<ProjectProviders, 'forProject'>;
      previews: Previews;
    },
  ) {}

  listen(): () => void {
    return this.deps.bus.subscribe('repository.pushed', (event) => {
      void this.pushed(event).catch((error: unknown) => logUnexpected('push deploy', error));
    });
  }

  async pushed(event: Pushed): Promise<void> {
    const { dataSource } = this.deps;
    const project = await dataSource.getRepository(Project).findOneBy({ id: event.projectId, ownerId: event.ownerId });
    if (!project) return;
    const pullRequest = event.pullRequest;
    if (pullRequest?.action === 'closed') return this.pullRequestClosed(project, event, pullRequest.number);
    if (!event.after) return this.branchDeleted(project, event);
    if (!project.templateName || !project.sourceRepository) return this.ignore(event, null, 'The project has no app to deploy (a blank project)');
    await environmentNamed(dataSource.manager, project, DEFAULT_ENVIRONMENT);
    let fed = await dataSource.getRepository(Environment).find({ where: { projectId: project.id, branch: event.branch }, order: { name: 'ASC' } });
    const standard = fed.filter((environment) => environment.kind === 'standard');
    // A pull request deploys to its head branch's preview; a branch that feeds an environment is deployed there by its pushes.
    if (pullRequest && standard.length) return this.ignore(event, null, `Branch ${event.branch} feeds ${standard.map((row) => row.name).join(', ')}: pull request #${pullRequest.number} makes no preview`);
    if (!standard.length) {
      const preview = await this.deps.previews.ensure(project, event.branch, pullRequest && { number: pullRequest.number, title: event.message ?? '' });
      if (!preview) return this.ignore(event, null, `No environment is fed by branch ${event.branch}, and previews are off`);
      fed = [preview];
    }
    for (const environment of fed) {
      if (environment.removalRunId) await this.ignore(event, environment.name, `The preview ${environment.name} is being removed`);
      else if (!environment.autoDeploy) await this.ignore(event, environment.name, `Auto-deploy is off for ${environment.name}`);
      else await this.deploy(project, environment, event, event.after).catch((error: unknown) => this.failed(event, environment, error));
    }
  }

  /** A deleted branch takes its preview with it; any other deletion is recorded as deploying nothing. */
  private async branchDeleted(project: Project, event: Pushed): Promise<void> {
    const preview = await this.deps.previews.of(project, event.branch);
    if (!preview) return this.ignore(event, null, `Branch ${event.branch} was deleted: nothing to deploy`);
    await this.removePreview(project, event, preview, `Branch ${event.branch} was deleted: its preview ${preview.name} is removed`);
  }

  /** A closed pull request takes its preview with it (as a deleted branch does); a preview another pull request took stays. */
  private async pullRequestClosed(project: Project, event: Pushed, number: number): Promise<void> {
    const preview = await this.deps.previews.of(project, event.branch);
    if (!preview || (preview.pullRequestNumber !== null && preview.pullRequestNumber !== number)) {
      return this.ignore(event, null, `Pull request #${number} was closed: it had no preview`);
    }
    await this.removePreview(project, event, preview, `Pull request #${number} was closed: its preview ${preview.name} is removed`);
  }

  private async deploy(project: Project, environment: Environment, event: Pushed, sha: string): Promise<void> {
    const { dataSource, engine, secretBox } = this.deps;
    const { sourceHost } = await this.deps.providers.forProject(project);
    const repository = { organization: project.sourceOrganization!, name: project.sourceRepository! };
    const superseded: string[] = [];
    let tag: { name: string; sha: string } | null = null;
    const started = await dataSource
      .transaction(async (manager) => {
        if (!(await lockProject(manager, project.id, project.ownerId))) return null;
        await this.deps.projects.assertChangeable({ id: project.ownerId }, project.id, manager);
        // A pull request opened on a branch whose push is already deploying (or deployed) its head builds nothing again.
        if (event.pullRequest && (await this.deploys(manager, environment, sha))) {
          await this.claim(manager, event, environment.name, PushOutcome.ignored, `Commit ${shortSha(sha)} already runs (or is being deployed) in ${environment.name}`);
          return null;
        }
        const push = await this.claim(manager, event, environment.name, PushOutcome.deploying, null);
        if (!push) return null;
        // Handled after a newer push to the branch already landed: that one deploys.
        if ((await sourceHost.headCommit(repository, event.branch)) !== sha) {
          await manager.update(Push, push, { outcome: PushOutcome.superseded, reason: `A newer push to ${event.branch} came in before this one started` });
          return null;
        }
        superseded.push(...(await this.supersede(manager, environment, sha)));
        const versionNumber = await nextVersionNumber(manager, project.id);
        const runId = await engine.start(StreamName.deployment, pushDeploySteps, { ownerId: project.ownerId, projectId: project.id, transaction: manager });
        const versionTag = `v0.0.${versionNumber}-${environment.name}.${shortSha(sha)}`;
        const version = await manager.save(
          manager.create(Version, {
            ownerId: project.ownerId,
            projectId: project.id,
            versionTag,
            versionNumber,
            description: `${summary({ ...event, pullRequest: event.pullRequest?.number }, event.pusherName)} (to ${environment.name})`.slice(0, 500),
            gitBranch: event.branch,
            gitCommitSha: sha,
            buildRunId: runId,
          }),
        );
        const id = randomUUID();
        const deployment = manager.create(Deployment, {
          id,
          ownerId: project.ownerId,
          projectId: project.id,
          versionId: version.id,
          environment: environment.name,
          environmentId: environment.id,
          strategy: DeploymentStrategy.rolling,
          status: DeploymentStatus.pending,
          replicas: environment.replicas,
          environmentSnapshot: sealSnapshot(secretBox, id, effectiveVariables(secretBox, this.deps.projects.environmentOf(project), environment)),
          runId,
        });
        await manager.insert(Deployment, deployment);
        await recordDeploymentEvent(manager, deployment, 'scheduled', `Push of ${shortSha(sha)} to ${event.branch}: building ${versionTag}, then a rolling update of ${environment.name}`);
        await manager.update(Push, push, { runId, deploymentId: id });
        // Last: the tag exists only if the version does (the checkout step finds the commit by it).
        const existing = await sourceHost.tagCommit(repository, versionTag);
        if (!existing) {
          await sourceHost.createTag(repository, { name: versionTag, sha, message: `Pushed to ${event.branch}` });
          tag = { name: versionTag, sha };
        }
        return { deploymentId: id, versionId: version.id };
      })
      .catch(async (error: unknown) => {
        const made = tag as { name: string; sha: string } | null;
        if (made) await sourceHost.deleteTag(repository, made).catch((cleanup: unknown) => logUnexpected('push tag cleanup', cleanup));
        throw error;
      });
    for (const runId of superseded) {
      await engine.cancelAndSettle(runId, project.ownerId).catch((error: unknown) => {
        // It ended meanwhile: nothing left to stop.
        if (!(error instanceof AppError && error.code === ErrorCode.Conflict)) throw error;
      });
    }
    if (!started) return;
    await this.deps.bus.publish('deployment.updated', { deploymentId: started.deploymentId, projectId: project.id, ownerId: project.ownerId });
    await this.deps.bus.publish('version.updated', { versionId: started.versionId, ownerId: project.ownerId });
  }

  /**
   * The environment's push deploys still on their way end superseded, with what replaced them; answers their runs (to
   * cancel once this transaction is in). Deployments started by hand are left to finish.
   */
  private async supersede(manager: EntityManager, environment: Environment, sha: string): Promise<string[]> {
    const pending = await manager.findBy(Deployment, { environmentId: environment.id, status: In(IN_PROGRESS.filter((status) => status !== DeploymentStatus.cleaning_up)) });
    const runs: string[] = [];
    for (const deployment of pending) {
      if (!deployment.runId) continue;
      const push = await manager.findOneBy(Push, { runId: deployment.runId, outcome: PushOutcome.deploying });
      if (!push) continue;
      const reason = `Superseded by a newer push (${shortSha(sha)}) before it went live`;
      await manager.update(Deployment, deployment.id, { status: DeploymentStatus.superseded, supersededAt: new Date(), errorMessage: reason, isActive: false, trafficPercent: 0 });
      await recordDeploymentEvent(manager, deployment, 'superseded', reason);
      await manager.update(Push, push.id, { outcome: PushOutcome.superseded, reason });
      runs.push(deployment.runId);
    }
    return runs;
  }

  /**
   * Starts the preview's removal run and records the push with it: once, whichever of its branch's deletion and its
   * pull request's closing comes first (an idle removal already under way is the run it shows).
   */
  private async removePreview(project: Project, event: Pushed, preview: Environment, reason: string): Promise<void> {
    const push = await this.claim(this.deps.dataSource.manager, event, preview.name, PushOutcome.removed, reason, `removed:${preview.id}`);
    if (!push) return;
    const runId = await this.deps.previews.remove(project, preview);
    if (runId) await this.deps.dataSource.getRepository(Push).update(push, { runId });
  }

  /** Whether a deployment of the environment serves the commit or is on its way to. */
  private deploys(manager: EntityManager, environment: Environment, sha: string): Promise<boolean> {
    return manager
      .createQueryBuilder(Deployment, 'd')
      .innerJoin('d.version', 'v')
      .where('d.environment_id = :id AND v.git_commit_sha = :sha AND d.status IN (:...statuses)', { id: environment.id, sha, statuses: [DeploymentStatus.active, ...IN_PROGRESS] })
      .getExists();
  }

  /**
   * Records the push for this environment; null when another process recorded it first. A pull request's synchronize
   * has its push's key (GitHub sends both: one deploys); its other actions are keyed by their delivery.
   */
  private async claim(manager: EntityManager, event: Pushed, environment: string | null, outcome: PushOutcome, reason: string | null, unique?: string): Promise<string | null> {
    const pullRequest = event.pullRequest;
    const change = pullRequest && pullRequest.action !== 'synchronize' ? [`pr${pullRequest.number}`, pullRequest.action, pullRequest.delivery] : [event.branch, event.before ?? '-', event.after ?? '-'];
    const key = unique ?? [...change, environment ?? '-'].join(':');
    const result = await manager
      .createQueryBuilder()
      .insert()
      .into(Push)
      .values({
        ownerId: event.ownerId,
        projectId: event.projectId,
        pusherId: event.pusherId,
        pusherName: event.pusherName,
        key,
        branch: event.branch,
        beforeSha: event.before,
        afterSha: event.after,
        message: event.message,
        pullRequestNumber: pullRequest?.number ?? null,
        environment,
        outcome,
        reason,
      })
      .orIgnore()
      .returning('id')
      .execute();
    return (result.raw as Array<{ id: string }>)[0]?.id ?? null;
  }

  private async ignore(event: Pushed, environment: string | null, reason: string): Promise<void> {
    await this.claim(this.deps.dataSource.manager, event, environment, PushOutcome.ignored, reason);
  }

  /** A push that could not start its run (the project is being deleted, its providers are unusable) says why. */
  private async failed(event: Pushed, environment: Environment, error: unknown): Promise<void> {
    const reason = error instanceof AppError ? error.message : 'The push could not start its deploy';
    if (!(error instanceof AppError)) logUnexpected('push deploy', error);
    await this.ignore(event, environment.name, reason);
  }
}

/** "pushed by Ann commit abc1234 'Fix the header'", as the project page shows a push. */
export function summary(push: Pick<Pushed, 'branch' | 'after' | 'message'> & { pullRequest?: number | null }, pusherName: string | null): string {
  const who = push.pullRequest ? `pull request #${push.pullRequest} by ${pusherName ?? 'a deleted user'}` : `pushed by ${pusherName ?? 'a deleted user'}`;
  if (!push.after) return `${who}: deleted branch ${push.branch}`;
  return `${who} commit ${shortSha(push.after)}${push.message ? ` '${push.message}'` : ''}`;
}
