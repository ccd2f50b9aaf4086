import { ProjectLimits, ProjectSandbox, limitsOf, sandboxOf } from './project-limits.js';
import { Arg, Authorized, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import { type GraphQLContext, signedIn } from '../../graphql/context.js';
import { Template } from '../templates/template.model.js';
import { CreateProjectInput, EnvironmentVariableInput, ProjectsFilterInput, UpdateProjectInput } from './dtos/project.inputs.js';
import { EnvironmentVariable, ProjectPage, ProjectStats } from './dtos/project.models.js';
import { ProjectProviders, toProjectProviders } from './dtos/project-providers.model.js';
import { Project } from './project.entity.js';
import { Deployment } from '../deployments/deployment.entity.js';
import { Version } from '../versions/version.entity.js';
import { ProjectStatus } from './project-status.js';
import type { ProjectsService } from './projects.service.js';
import type { TemplatesService } from '../templates/templates.service.js';

@Authorized()
@Resolver(() => Project)
export class ProjectsResolver {
  constructor(private readonly service: ProjectsService, private readonly catalog: TemplatesService) {}

  @Query(() => ProjectPage, { description: 'One page of your projects, filtered and sorted' })
  projects(
    @Arg('filter', () => ProjectsFilterInput, { nullable: true, description: 'Page, sort and filters; null for the first page of all' })
    filter: ProjectsFilterInput | undefined,
    @Ctx() ctx: GraphQLContext,
  ): Promise<ProjectPage> {
    return this.service.list(signedIn(ctx).user, filter ?? {});
  }

  @Query(() => Project, { description: 'One of your projects; NOT_FOUND for anyone else\'s' })
  project(@Arg('id', () => ID, { description: 'The project id (UUID)' }) id: string, @Ctx() ctx: GraphQLContext): Promise<Project> {
    return this.service.get(signedIn(ctx).user, id);
  }

  @Query(() => String, {
    nullable: true,
    description: 'Why a new project of yours could not take this name (a rule, or one of yours has it, ignoring case), as createProject would answer; null when it can',
  })
  projectNameRefusal(@Arg('name', () => String, { description: 'The name to check, as typed' }) name: string, @Ctx() ctx: GraphQLContext): Promise<string | null> {
    return this.service.nameRefusal(signedIn(ctx).user, name);
  }

  @Query(() => ProjectStats, { description: 'How many projects you have, by status, and how many distinct tags' })
  projectStats(@Ctx() ctx: GraphQLContext): Promise<ProjectStats> {
    return this.service.stats(signedIn(ctx).user);
  }

  @Query(() => [String], { description: 'The distinct tags of your projects, sorted' })
  projectTags(@Ctx() ctx: GraphQLContext): Promise<string[]> {
    return this.service.tags(signedIn(ctx).user);
  }

  @Mutation(() => Project, {
    description: 'Creates a project from a template or blank; needs the GITHUB_ORGANIZATION setting; a taken name is CONFLICT',
  })
  createProject(@Arg('input', () => CreateProjectInput, { description: 'The new project' }) input: CreateProjectInput, @Ctx() ctx: GraphQLContext): Promise<Project> {
    return this.service.create(signedIn(ctx).user, input);
  }

  @Mutation(() => Project, { description: 'Changes only the fields given; answers the project as it now is' })
  updateProject(
    @Arg('id', () => ID, { description: 'The project id (UUID)' }) id: string,
    @Arg('input', () => UpdateProjectInput, { description: 'The fields to change' }) input: UpdateProjectInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<Project> {
    return this.service.update(signedIn(ctx).user, id, input);
  }

  @Mutation(() => Project, { description: 'Replaces all environment variables of the project' })
  updateProjectEnvironment(
    @Arg('id', () => ID, { description: 'The project id (UUID)' }) id: string,
    @Arg('variables', () => [EnvironmentVariableInput], { description: 'The whole new set; [] removes them all' }) variables: EnvironmentVariableInput[],
    @Ctx() ctx: GraphQLContext,
  ): Promise<Project> {
    return this.service.setEnvironment(signedIn(ctx).user, id, variables);
  }

  @Mutation(() => Project, { description: 'Sets the status of one of your projects' })
  setProjectStatus(
    @Arg('id', () => ID, { description: 'The project id (UUID)' }) id: string,
    @Arg('status', () => ProjectStatus, { description: 'The new status' }) status: ProjectStatus,
    @Ctx() ctx: GraphQLContext,
  ): Promise<Project> {
    return this.service.setStatus(signedIn(ctx).user, id, status);
  }

  @Mutation(() => Boolean, {
    description: "Starts the deletion run of one of your projects (its pipelineStatus follows it; then the project is NOT_FOUND); NOT_FOUND for anyone else's. True once started",
  })
  async deleteProject(@Arg('id', () => ID, { description: 'The project id (UUID)' }) id: string, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    await this.service.remove(signedIn(ctx).user, id);
    return true;
  }

  @FieldResolver(() => [EnvironmentVariable], { description: 'Its environment variables in plain text, decrypted only when asked for' })
  environmentVariables(@Root() project: Project): EnvironmentVariable[] {
    return this.service.environmentList(project);
  }

  @FieldResolver(() => Version, { nullable: true, description: 'The version the project serves, once it has been deployed' })
  activeVersion(@Root() project: Project): Promise<Version | null> {
    return this.service.activeVersion(project);
  }

  @FieldResolver(() => Deployment, { nullable: true, description: 'The deployment serving the project, once it has been deployed' })
  activeDeployment(@Root() project: Project): Promise<Deployment | null> {
    return this.service.activeDeployment(project);
  }

  @FieldResolver(() => String, {
    nullable: true,
    description: 'The URL to `git clone` and `git push` its repository over HTTP with your email and password (basic auth); null for a repository on GitHub (see repositoryUrl)',
  })
  cloneUrl(@Root() project: Project): string | null {
    return this.service.cloneUrlOf(project);
  }

  @FieldResolver(() => ProjectLimits, { description: "Its own sandbox limits; each null for the server's default" })
  limits(@Root() project: Project): ProjectLimits {
    return limitsOf(project);
  }

  @FieldResolver(() => ProjectSandbox, { description: 'How this server contains its builds and app, with the limits that apply' })
  sandbox(@Root() project: Project): Promise<ProjectSandbox> {
    return sandboxOf(project);
  }

  @FieldResolver(() => ProjectProviders, { description: 'Where the project lives: the adapter of each port (local or cloud), fixed when it was created' })
  providers(@Root() project: Project): ProjectProviders {
    return toProjectProviders(project);
  }

  @FieldResolver(() => Template, { nullable: true, description: 'The template the project started from, if it is still in the catalog' })
  async template(@Root() project: Project): Promise<Template | null> {
    return project.templateName ? ((await this.catalog.find(project.templateName)) ?? null) : null;
  }
}
