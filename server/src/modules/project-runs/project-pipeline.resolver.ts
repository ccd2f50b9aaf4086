import { Arg, Authorized, Ctx, FieldResolver, ID, Mutation, Resolver, Root, Subscription } from 'type-graphql';
import { resolverOf } from '../../graphql/build-schema.js';
import { type GraphQLContext, signedIn } from '../../graphql/context.js';
import { Project } from '../projects/project.entity.js';
import type { PipelineFeed } from './pipeline-feed.js';
import { PipelineStatus } from './pipeline-status.model.js';
import type { ProjectPipelinesService } from './project-pipelines.service.js';

@Authorized()
@Resolver(() => Project)
export class ProjectPipelineResolver {
  constructor(
    private readonly pipelines: ProjectPipelinesService,
    private readonly feed: PipelineFeed,
  ) {}

  @FieldResolver(() => PipelineStatus, { nullable: true, description: "The project's latest pipeline run; null while it has none" })
  pipelineStatus(@Root() project: Project): Promise<PipelineStatus | null> {
    return this.pipelines.ofProject(project);
  }

  @Mutation(() => PipelineStatus, { description: "Runs your project's failed pipeline again from its failed step" })
  retryProjectPipeline(@Arg('projectId', () => ID, { description: 'The project' }) projectId: string, @Ctx() ctx: GraphQLContext): Promise<PipelineStatus> {
    return this.pipelines.retry(signedIn(ctx).user, projectId);
  }

  @Mutation(() => PipelineStatus, { description: "Stops your project's running pipeline: the running step fails as 'Cancelled', the rest are skipped" })
  cancelProjectPipeline(@Arg('projectId', () => ID, { description: 'The project' }) projectId: string, @Ctx() ctx: GraphQLContext): Promise<PipelineStatus> {
    return this.pipelines.cancel(signedIn(ctx).user, projectId);
  }

  @Subscription(() => PipelineStatus, {
    description: "Your project's latest pipeline run: its current state first, then every change (a new run of the project too)",
    subscribe: ({ args, context, info }) => resolverOf(info, ProjectPipelineResolver).follow(String(args.projectId), context as GraphQLContext),
  })
  projectPipeline(@Arg('projectId', () => ID, { description: 'The project' }) _projectId: string, @Root() status: PipelineStatus): PipelineStatus {
    return status;
  }

  /** Checks the owner before the first snapshot: anyone else gets 'Project not found' and nothing more. */
  private async follow(projectId: string, ctx: GraphQLContext): Promise<AsyncIterable<PipelineStatus>> {
    const { user } = signedIn(ctx);
    await this.pipelines.latest(user, projectId);
    return this.feed.follow(projectId, user.id);
  }
}
