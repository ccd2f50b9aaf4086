import { Arg, Authorized, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import { type GraphQLContext, signedIn } from '../../graphql/context.js';
import { Template } from '../templates/template.model.js';
import { CreateProjectInput, EnvironmentVariableInput, ProjectsFilterInput, UpdateProjectInput } from './dtos/project.inputs.js';
import { EnvironmentVariable, ProjectPage, ProjectStats } from './dtos/project.models.js';
import { Project } from './project.entity.js';
import { ProjectStatus } from './project-status.js';

@Authorized()
@Resolver(() => Project)
export class ProjectsResolver {
  @Query(() => ProjectPage, { description: 'One page of your projects, filtered and sorted' })
  projects(
    @Arg('filter', () => ProjectsFilterInput, { nullable: true }) filter: ProjectsFilterInput | undefined,
    @Ctx() ctx: GraphQLContext,
  ): Promise<ProjectPage> {
    return ctx.services.projects.list(signedIn(ctx).user, filter ?? {});
  }

  @Query(() => Project, { description: 'One of your projects; NOT_FOUND for anyone else\'s' })
  project(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<Project> {
    return ctx.services.projects.get(signedIn(ctx).user, id);
  }

  @Query(() => ProjectStats)
  projectStats(@Ctx() ctx: GraphQLContext): Promise<ProjectStats> {
    return ctx.services.projects.stats(signedIn(ctx).user);
  }

  @Query(() => [String], { description: 'The distinct tags of your projects, sorted' })
  projectTags(@Ctx() ctx: GraphQLContext): Promise<string[]> {
    return ctx.services.projects.tags(signedIn(ctx).user);
  }

  @Mutation(() => Project)
  createProject(@Arg('input', () => CreateProjectInput) input: CreateProjectInput, @Ctx() ctx: GraphQLContext): Promise<Project> {
    return ctx.services.projects.create(signedIn(ctx).user, input);
  }

  @Mutation(() => Project, { description: 'Changes only the fields given' })
  updateProject(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => UpdateProjectInput) input: UpdateProjectInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<Project> {
    return ctx.services.projects.update(signedIn(ctx).user, id, input);
  }

  @Mutation(() => Project, { description: 'Replaces all environment variables of the project' })
  updateProjectEnvironment(
    @Arg('id', () => ID) id: string,
    @Arg('variables', () => [EnvironmentVariableInput]) variables: EnvironmentVariableInput[],
    @Ctx() ctx: GraphQLContext,
  ): Promise<Project> {
    return ctx.services.projects.setEnvironment(signedIn(ctx).user, id, variables);
  }

  @Mutation(() => Project)
  setProjectStatus(
    @Arg('id', () => ID) id: string,
    @Arg('status', () => ProjectStatus) status: ProjectStatus,
    @Ctx() ctx: GraphQLContext,
  ): Promise<Project> {
    return ctx.services.projects.setStatus(signedIn(ctx).user, id, status);
  }

  @Mutation(() => Boolean)
  async deleteProject(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    await ctx.services.projects.remove(signedIn(ctx).user, id);
    return true;
  }

  @FieldResolver(() => [EnvironmentVariable], { description: 'Decrypted only when asked for' })
  environmentVariables(@Root() project: Project, @Ctx() ctx: GraphQLContext): EnvironmentVariable[] {
    return ctx.services.projects.environmentList(project);
  }

  @FieldResolver(() => Template, { nullable: true, description: 'The template the project started from, if it is still in the catalog' })
  async template(@Root() project: Project, @Ctx() ctx: GraphQLContext): Promise<Template | null> {
    return project.templateName ? ((await ctx.services.templates.find(project.templateName)) ?? null) : null;
  }
}
