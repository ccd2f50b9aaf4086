import { Arg, Authorized, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import { type GraphQLContext, signedIn } from '../../graphql/context.js';
import { Template } from '../templates/template.model.js';
import { CreateProjectInput, EnvironmentVariableInput, ProjectsFilterInput, UpdateProjectInput } from './dtos/project.inputs.js';
import { EnvironmentVariable, ProjectPage, ProjectStats } from './dtos/project.models.js';
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
    @Arg('filter', () => ProjectsFilterInput, { nullable: true }) filter: ProjectsFilterInput | undefined,
    @Ctx() ctx: GraphQLContext,
  ): Promise<ProjectPage> {
    return this.service.list(signedIn(ctx).user, filter ?? {});
  }

  @Query(() => Project, { description: 'One of your projects; NOT_FOUND for anyone else\'s' })
  project(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<Project> {
    return this.service.get(signedIn(ctx).user, id);
  }

  @Query(() => ProjectStats)
  projectStats(@Ctx() ctx: GraphQLContext): Promise<ProjectStats> {
    return this.service.stats(signedIn(ctx).user);
  }

  @Query(() => [String], { description: 'The distinct tags of your projects, sorted' })
  projectTags(@Ctx() ctx: GraphQLContext): Promise<string[]> {
    return this.service.tags(signedIn(ctx).user);
  }

  @Mutation(() => Project)
  createProject(@Arg('input', () => CreateProjectInput) input: CreateProjectInput, @Ctx() ctx: GraphQLContext): Promise<Project> {
    return this.service.create(signedIn(ctx).user, input);
  }

  @Mutation(() => Project, { description: 'Changes only the fields given' })
  updateProject(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => UpdateProjectInput) input: UpdateProjectInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<Project> {
    return this.service.update(signedIn(ctx).user, id, input);
  }

  @Mutation(() => Project, { description: 'Replaces all environment variables of the project' })
  updateProjectEnvironment(
    @Arg('id', () => ID) id: string,
    @Arg('variables', () => [EnvironmentVariableInput]) variables: EnvironmentVariableInput[],
    @Ctx() ctx: GraphQLContext,
  ): Promise<Project> {
    return this.service.setEnvironment(signedIn(ctx).user, id, variables);
  }

  @Mutation(() => Project)
  setProjectStatus(
    @Arg('id', () => ID) id: string,
    @Arg('status', () => ProjectStatus) status: ProjectStatus,
    @Ctx() ctx: GraphQLContext,
  ): Promise<Project> {
    return this.service.setStatus(signedIn(ctx).user, id, status);
  }

  @Mutation(() => Boolean, { description: "Starts the project's deletion run (its pipelineStatus follows it); true once started" })
  async deleteProject(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    await this.service.remove(signedIn(ctx).user, id);
    return true;
  }

  @FieldResolver(() => [EnvironmentVariable], { description: 'Decrypted only when asked for' })
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

  @FieldResolver(() => Template, { nullable: true, description: 'The template the project started from, if it is still in the catalog' })
  async template(@Root() project: Project): Promise<Template | null> {
    return project.templateName ? ((await this.catalog.find(project.templateName)) ?? null) : null;
  }
}
