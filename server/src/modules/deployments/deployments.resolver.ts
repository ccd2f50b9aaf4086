import { deploymentHealth } from '@slipway/domain';
import { Arg, Authorized, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root, Subscription } from 'type-graphql';
import { resolverOf } from '../../graphql/build-schema.js';
import { type GraphQLContext, signedIn } from '../../graphql/context.js';
import { PipelineStatus } from '../project-runs/pipeline-status.model.js';
import { Project } from '../projects/project.entity.js';
import type { ProjectsService } from '../projects/projects.service.js';
import { Version } from '../versions/version.entity.js';
import type { DeploymentFeed } from './deployment-feed.js';
import { DeploymentEvent } from './deployment-event.entity.js';
import { Deployment } from './deployment.entity.js';
import { CreateDeploymentInput, DeploymentsFilterInput, RollbackDeploymentInput, UpdateDeploymentInput } from './dtos/deployment.inputs.js';
import { DeploymentHealth, DeploymentPage } from './dtos/deployment.models.js';
import { durationSeconds, type DeploymentsService } from './deployments.service.js';

/** Deployments for their owner only: anyone else's project or deployment is NOT_FOUND. */
@Authorized()
@Resolver(() => Project)
export class ProjectDeploymentsResolver {
  constructor(private readonly service: DeploymentsService) {}

  @FieldResolver(() => DeploymentPage, { description: "One page of the project's deployments, filtered and sorted (default: 10 a page, newest first)" })
  deployments(
    @Root() project: Project,
    @Arg('filter', () => DeploymentsFilterInput, { nullable: true, description: 'Filters, sort and page' }) filter: DeploymentsFilterInput | undefined,
  ): Promise<DeploymentPage> {
    // The project was reached through an access check: its rows are its owner's, whoever (owner or member) asks.
    return this.service.list({ id: project.ownerId }, project.id, filter ?? {});
  }
}

@Authorized()
@Resolver(() => Deployment)
export class DeploymentsResolver {
  constructor(
    private readonly deployments: DeploymentsService,
    private readonly projects: Pick<ProjectsService, 'get'>,
    private readonly feed: DeploymentFeed,
  ) {}

  @Query(() => Deployment, { description: "One of your deployments; NOT_FOUND for anyone else's" })
  deployment(@Arg('id', () => ID, { description: 'The deployment' }) id: string, @Ctx() ctx: GraphQLContext): Promise<Deployment> {
    return this.deployments.get(signedIn(ctx).user, id);
  }

  @Query(() => Deployment, { nullable: true, description: "The deployment serving the project's environment; null when none does" })
  activeDeployment(
    @Arg('projectId', () => ID, { description: 'The project' }) projectId: string,
    @Arg('environment', () => String, { defaultValue: 'production', description: "The environment (default 'production')" }) environment: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<Deployment | null> {
    return this.deployments.active(signedIn(ctx).user, projectId, environment);
  }

  @Mutation(() => Deployment, { description: 'Deploys a built version of the project (a rolling update, or a canary release); answers the pending deployment' })
  createDeployment(
    @Arg('projectId', () => ID, { description: 'The project' }) projectId: string,
    @Arg('input', () => CreateDeploymentInput, { description: 'The version, strategy and environment' }) input: CreateDeploymentInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<Deployment> {
    return this.deployments.create(signedIn(ctx).user, projectId, input);
  }

  @Mutation(() => Deployment, {
    description:
      'Rolls the active deployment back to an earlier one: a new deployment (restoresDeploymentId) brings back its version and environment variables; answers the deployment rolling back',
  })
  rollbackDeployment(
    @Arg('id', () => ID, { description: 'The active deployment' }) id: string,
    @Arg('input', () => RollbackDeploymentInput, { description: 'The target and the reason' }) input: RollbackDeploymentInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<Deployment> {
    return this.deployments.rollback(signedIn(ctx).user, id, input);
  }

  @Mutation(() => Deployment, { description: 'Promotes a canary deployment in progress: it takes all new requests at once, and the serving one drains and stops' })
  promoteCanary(@Arg('id', () => ID, { description: 'The canary deployment' }) id: string, @Ctx() ctx: GraphQLContext): Promise<Deployment> {
    return this.deployments.promoteCanary(signedIn(ctx).user, id);
  }

  @Mutation(() => Deployment, { description: 'Aborts a canary deployment in progress: all new requests go back to the serving deployment and the canary stops' })
  abortCanary(@Arg('id', () => ID, { description: 'The canary deployment' }) id: string, @Ctx() ctx: GraphQLContext): Promise<Deployment> {
    return this.deployments.abortCanary(signedIn(ctx).user, id);
  }

  @Mutation(() => Deployment, { description: "Changes a deployment's replicas (an active one rolls out again with them)" })
  updateDeployment(
    @Arg('id', () => ID, { description: 'The deployment' }) id: string,
    @Arg('input', () => UpdateDeploymentInput, { description: 'The changes' }) input: UpdateDeploymentInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<Deployment> {
    return this.deployments.update(signedIn(ctx).user, id, { ...input });
  }

  @Mutation(() => Boolean, { description: 'Deletes a deployment that neither serves nor runs, with its events; true once deleted' })
  async deleteDeployment(@Arg('id', () => ID, { description: 'The deployment' }) id: string, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    await this.deployments.remove(signedIn(ctx).user, id);
    return true;
  }

  @Mutation(() => [Deployment], { description: "Stops the project's active deployments (of one environment, or all); answers the ones stopping" })
  stopDeployments(
    @Arg('projectId', () => ID, { description: 'The project' }) projectId: string,
    @Arg('environment', () => String, { nullable: true, description: 'Only this environment (default: every environment)' }) environment: string | undefined,
    @Ctx() ctx: GraphQLContext,
  ): Promise<Deployment[]> {
    return this.deployments.stop(signedIn(ctx).user, projectId, environment);
  }

  @Mutation(() => Int, { description: 'Archives the deployments that do not serve, created more than N days ago; answers how many' })
  archiveDeployments(
    @Arg('projectId', () => ID, { description: 'The project' }) projectId: string,
    @Arg('olderThanDays', () => Int, { description: 'Age in days, 0 or more' }) olderThanDays: number,
    @Ctx() ctx: GraphQLContext,
  ): Promise<number> {
    return this.deployments.archive(signedIn(ctx).user, projectId, olderThanDays);
  }

  @FieldResolver(() => Version, { nullable: true, description: 'The version deployed (null only if it was deleted)' })
  version(@Root() deployment: Deployment): Promise<Version | null> {
    return this.deployments.versionOf(deployment);
  }

  @FieldResolver(() => Deployment, {
    nullable: true,
    description: 'Its way back: the deployment a rollback of it returns to (rollbackTargetId), with its version; null when there is none',
  })
  rollbackTarget(@Root() deployment: Deployment): Promise<Deployment | null> {
    return this.deployments.rollbackTargetOf(deployment);
  }

  @FieldResolver(() => Deployment, { nullable: true, description: 'For a rollback: the earlier deployment it brought back (restoresDeploymentId); null otherwise' })
  restores(@Root() deployment: Deployment): Promise<Deployment | null> {
    return this.deployments.restoredBy(deployment);
  }

  @FieldResolver(() => DeploymentHealth, { description: 'Its health, derived from its health checks' })
  health(@Root() deployment: Deployment): DeploymentHealth {
    return deploymentHealth(deployment.healthChecks) as DeploymentHealth;
  }

  @FieldResolver(() => Int, { nullable: true, description: 'Seconds from its creation to its activation (or to its failure); null while it runs' })
  durationSeconds(@Root() deployment: Deployment): number | null {
    return durationSeconds(deployment);
  }

  @FieldResolver(() => PipelineStatus, { nullable: true, description: "Its latest 'Deployment Pipeline' run; null for the creation run's first deployment" })
  pipeline(@Root() deployment: Deployment): Promise<PipelineStatus | null> {
    return this.deployments.pipelineOf(deployment);
  }

  @FieldResolver(() => [DeploymentEvent], { description: 'What happened to it, oldest first' })
  events(@Root() deployment: Deployment): Promise<DeploymentEvent[]> {
    return this.deployments.eventsOf(deployment);
  }

  @Subscription(() => Deployment, {
    name: 'projectDeployments',
    description: "Every change of any of your project's deployments (status, traffic, health, its pipeline), as it happens",
    subscribe: ({ args, context, info }) => resolverOf(info, DeploymentsResolver).follow(String(args.projectId), context as GraphQLContext),
  })
  projectDeploymentsChanged(@Arg('projectId', () => ID, { description: 'The project' }) _projectId: string, @Root() deployment: Deployment): Deployment {
    return deployment;
  }

  /** Checks the owner first: anyone else gets 'Project not found' and nothing more. */
  private async follow(projectId: string, ctx: GraphQLContext): Promise<AsyncIterable<Deployment>> {
    const { user } = signedIn(ctx);
    const project = await this.projects.get(user, projectId);
    return this.feed.follow(project.id, user.id);
  }
}
