import { DEFAULT_METRICS_RANGE } from '@slipway/domain';
import { Arg, Authorized, Ctx, FieldResolver, ID, Int, Mutation, Resolver, Root, Subscription } from 'type-graphql';
import { resolverOf } from '../../../graphql/build-schema.js';
import { type GraphQLContext, signedIn } from '../../../graphql/context.js';
import { Deployment } from '../deployment.entity.js';
import { DEFAULT_LOG_TAIL, type DeploymentObservabilityService } from './deployment-observability.service.js';
import { DeploymentInstance, DeploymentLogLine, DeploymentMetrics } from './dtos/observability.models.js';

/** A deployment's health check, metrics and app output, for its owner only: anyone else's deployment is NOT_FOUND. */
@Authorized()
@Resolver(() => Deployment)
export class DeploymentObservabilityResolver {
  constructor(private readonly service: DeploymentObservabilityService) {}

  @FieldResolver(() => [DeploymentLogLine], { description: "The last lines the deployment's app printed (stdout, stderr and the cluster's notes), oldest first" })
  logs(
    @Root() deployment: Deployment,
    @Arg('tail', () => Int, { nullable: true, defaultValue: DEFAULT_LOG_TAIL, description: 'How many lines, 1 to 1000' }) tail: number | null,
    @Ctx() ctx: GraphQLContext,
  ): Promise<DeploymentLogLine[]> {
    return this.service.logs(signedIn(ctx).user, deployment.id, tail);
  }

  @FieldResolver(() => DeploymentMetrics, { description: 'Requests, errors, latency, CPU and memory of the deployment over a range' })
  metrics(
    @Root() deployment: Deployment,
    @Arg('range', () => String, { nullable: true, defaultValue: DEFAULT_METRICS_RANGE, description: 'The range: 5m, 15m, 1h, 6h or 24h' }) range: string | null,
    @Ctx() ctx: GraphQLContext,
  ): Promise<DeploymentMetrics> {
    return this.service.metrics(signedIn(ctx).user, deployment.id, range);
  }

  @FieldResolver(() => [DeploymentInstance], { description: "Each instance (replica) of the live deployment's app with its state and restarts; empty when it does not serve" })
  instances(@Root() deployment: Deployment, @Ctx() ctx: GraphQLContext): Promise<DeploymentInstance[]> {
    return this.service.instances(signedIn(ctx).user, deployment.id);
  }

  @Mutation(() => Deployment, { description: "Checks the active deployment's instances now; answers the deployment with its fresh health checks" })
  async checkDeploymentHealth(@Arg('id', () => ID, { description: 'The deployment' }) id: string, @Ctx() ctx: GraphQLContext): Promise<Deployment> {
    return (await this.service.checkHealth(signedIn(ctx).user, id)).deployment;
  }

  @Subscription(() => DeploymentLogLine, {
    name: 'deploymentLogs',
    description: "Your deployment's app output live: its last `tail` lines, then each new line",
    subscribe: ({ args, context, info }) =>
      resolverOf(info, DeploymentObservabilityResolver).follow(String(args.id), args.tail as number | null, context as GraphQLContext),
  })
  deploymentLogsLine(
    @Arg('id', () => ID, { description: 'The deployment' }) _id: string,
    @Arg('tail', () => Int, { nullable: true, defaultValue: DEFAULT_LOG_TAIL, description: 'How many of the last lines come first, 1 to 1000' }) _tail: number | null,
    @Root() line: DeploymentLogLine,
  ): DeploymentLogLine {
    return line;
  }

  /** Checks the owner before the first line: anyone else gets 'Deployment not found' and nothing more. */
  private follow(id: string, tail: number | null, ctx: GraphQLContext): Promise<AsyncIterable<DeploymentLogLine>> {
    return this.service.followLogs(signedIn(ctx).user, id, tail);
  }
}
