import { Arg, Authorized, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root, Subscription } from 'type-graphql';
import { resolverOf } from '../../graphql/build-schema.js';
import { type GraphQLContext, signedIn } from '../../graphql/context.js';
import { PipelineStatus } from '../project-runs/pipeline-status.model.js';
import { Project } from '../projects/project.entity.js';
import { CreateVersionInput, UpdateVersionInput, VersionsFilterInput } from './dtos/version.inputs.js';
import { VersionBuild, VersionPage } from './dtos/version.models.js';
import type { VersionFeed } from './version-feed.js';
import { Version, buildDurationSeconds } from './version.entity.js';
import type { VersionsService } from './versions.service.js';

/** Versions for their owner only: anyone else's project or version is NOT_FOUND. */
@Authorized()
@Resolver(() => Project)
export class ProjectVersionsResolver {
  constructor(private readonly service: VersionsService) {}

  @FieldResolver(() => VersionPage, { description: "One page of the project's versions, filtered and sorted (default: 20 a page, newest first)" })
  versions(
    @Root() project: Project,
    @Arg('filter', () => VersionsFilterInput, { nullable: true, description: 'Filters, sort and page' }) filter: VersionsFilterInput | undefined,
  ): Promise<VersionPage> {
    // The project was reached through an access check: its rows are its owner's, whoever (owner or member) asks.
    return this.service.list({ id: project.ownerId }, project.id, filter ?? {});
  }
}

/** The version a pipeline run builds, so that its timeline can open that build's live log. */
@Authorized()
@Resolver(() => PipelineStatus)
export class PipelineBuildVersionResolver {
  constructor(private readonly service: VersionsService) {}

  @FieldResolver(() => Version, {
    nullable: true,
    description: "The version this run builds or built (a version build, or a creation's first version); its log is Version.buildLog and the versionBuild subscription. Null when the run builds none (yet)",
  })
  buildVersion(@Root() status: PipelineStatus): Promise<Version | null> {
    return this.service.builtBy(status.id);
  }
}

@Authorized()
@Resolver(() => Version)
export class VersionsResolver {
  constructor(
    private readonly versions: VersionsService,
    private readonly feed: VersionFeed,
  ) {}

  @Query(() => Version, { description: "One of your versions; NOT_FOUND for anyone else's" })
  version(@Arg('id', () => ID, { description: 'The version' }) id: string, @Ctx() ctx: GraphQLContext): Promise<Version> {
    return this.versions.get(signedIn(ctx).user, id);
  }

  @Query(() => VersionBuild, { description: "Your version's build: the version, its latest build run and its log's last lines" })
  versionBuild(@Arg('versionId', () => ID, { description: 'The version' }) versionId: string, @Ctx() ctx: GraphQLContext): Promise<VersionBuild> {
    return this.versions.buildSnapshot(signedIn(ctx).user, versionId);
  }

  @FieldResolver(() => String, {
    nullable: true,
    description: 'Why it cannot be deleted now (live, building, or kept for its deployments), as deleteVersion would answer; null when it can',
  })
  async deletionRefusal(@Root() version: Version): Promise<string | null> {
    return (await this.versions.deletionRefusal(version))?.message ?? null;
  }

  @FieldResolver(() => Int, { nullable: true, description: 'Seconds its latest build took; null while it builds or before it was built' })
  buildDurationSeconds(@Root() version: Version): number | null {
    return buildDurationSeconds(version);
  }

  @Mutation(() => Version, { description: "Tags the branch head in the project's repository as a new version and starts its build" })
  createVersion(
    @Arg('projectId', () => ID, { description: 'The project' }) projectId: string,
    @Arg('input', () => CreateVersionInput, { description: 'The tag, description and branch' }) input: CreateVersionInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<Version> {
    return this.versions.create(signedIn(ctx).user, projectId, input);
  }

  @Mutation(() => Version, { description: "Changes a version's description" })
  updateVersion(
    @Arg('id', () => ID, { description: 'The version' }) id: string,
    @Arg('input', () => UpdateVersionInput, { description: 'The changes' }) input: UpdateVersionInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<Version> {
    return this.versions.update(signedIn(ctx).user, id, { ...input });
  }

  @Mutation(() => Boolean, { description: 'Deletes a version that is not deployed, with its artifact and build log; true once deleted' })
  async deleteVersion(@Arg('id', () => ID, { description: 'The version' }) id: string, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    await this.versions.remove(signedIn(ctx).user, id);
    return true;
  }

  @Mutation(() => Version, { description: 'Builds the version again (a new build run); not while it builds or is archived' })
  buildVersion(@Arg('id', () => ID, { description: 'The version' }) id: string, @Ctx() ctx: GraphQLContext): Promise<Version> {
    return this.versions.build(signedIn(ctx).user, id);
  }

  @Mutation(() => Version, { description: "Stops the version's running build (its process is killed); the build becomes cancelled" })
  stopVersionBuild(@Arg('id', () => ID, { description: 'The version' }) id: string, @Ctx() ctx: GraphQLContext): Promise<Version> {
    return this.versions.stopBuild(signedIn(ctx).user, id);
  }

  @Mutation(() => Version, { description: 'Archives a version: kept for history, no longer offered for deployment' })
  archiveVersion(@Arg('id', () => ID, { description: 'The version' }) id: string, @Ctx() ctx: GraphQLContext): Promise<Version> {
    return this.versions.archive(signedIn(ctx).user, id);
  }

  @Mutation(() => Version, { description: 'Restores an archived version to the state its build left it in' })
  restoreVersion(@Arg('id', () => ID, { description: 'The version' }) id: string, @Ctx() ctx: GraphQLContext): Promise<Version> {
    return this.versions.restore(signedIn(ctx).user, id);
  }

  @Subscription(() => VersionBuild, {
    name: 'versionBuild',
    description: "Your version's build live: its current state first, then every change (status, steps, new log lines)",
    subscribe: ({ args, context, info }) => resolverOf(info, VersionsResolver).follow(String(args.versionId), context as GraphQLContext),
  })
  versionBuildUpdated(@Arg('versionId', () => ID, { description: 'The version' }) _versionId: string, @Root() build: VersionBuild): VersionBuild {
    return build;
  }

  /** Checks the owner before the first snapshot: anyone else gets 'Version not found' and nothing more. */
  private async follow(versionId: string, ctx: GraphQLContext): Promise<AsyncIterable<VersionBuild>> {
    const { user } = signedIn(ctx);
    await this.versions.get(user, versionId);
    return this.feed.follow(versionId, user.id);
  }
}
