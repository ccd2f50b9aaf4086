import { Arg, Authorized, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { type GraphQLContext, signedIn } from '../../graphql/context.js';
import { Deployment } from '../deployments/deployment.entity.js';
import { DeploymentHealth } from '../deployments/dtos/deployment.models.js';
import { CreateEnvironmentInput, PreviewSettingsInput, UpdateEnvironmentInput } from './dtos/environment.inputs.js';
import { EnvironmentState, EnvironmentVariableValue, PromotionPlan } from './dtos/environment.models.js';
import { Environment, PreviewSettings } from './environment.entity.js';
import type { EnvironmentsService } from './environments.service.js';
import { PushRecord } from './dtos/push.models.js';
import type { PushHistory } from './push-history.js';

/** Environments for their project's owner only: anyone else's project is NOT_FOUND. */
@Authorized()
@Resolver(() => Environment)
export class EnvironmentsResolver {
  constructor(
    private readonly service: EnvironmentsService,
    private readonly pushHistory: PushHistory,
  ) {}

  @Query(() => [PushRecord], { description: "The project's pushes, newest first: what each deployed, or why it did nothing" })
  pushes(
    @Arg('projectId', () => ID, { description: 'The project' }) projectId: string,
    @Arg('limit', () => Int, { defaultValue: 20, description: 'How many, 1 to 100 (default 20)' }) limit: number,
    @Ctx() ctx: GraphQLContext,
  ): Promise<PushRecord[]> {
    return this.pushHistory.list(signedIn(ctx).user, projectId, limit);
  }

  @Query(() => [Environment], { description: "The project's environments, production first" })
  environments(@Arg('projectId', () => ID, { description: 'The project' }) projectId: string, @Ctx() ctx: GraphQLContext): Promise<Environment[]> {
    return this.service.list(signedIn(ctx).user, projectId);
  }

  @Query(() => Environment, { description: 'One environment of the project, by name; NOT_FOUND when it has none of that name' })
  environment(
    @Arg('projectId', () => ID, { description: 'The project' }) projectId: string,
    @Arg('name', () => String, { description: "The environment's name" }) name: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<Environment> {
    return this.service.get(signedIn(ctx).user, projectId, name);
  }

  @Mutation(() => Environment, { description: 'Creates an environment of the project' })
  createEnvironment(
    @Arg('projectId', () => ID, { description: 'The project' }) projectId: string,
    @Arg('input', () => CreateEnvironmentInput, { description: 'Its name, branch, auto-deploy and variables' }) input: CreateEnvironmentInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<Environment> {
    return this.service.create(signedIn(ctx).user, projectId, input);
  }

  @Mutation(() => Environment, { description: "Changes an environment's branch, auto-deploy or own variables" })
  updateEnvironment(
    @Arg('projectId', () => ID, { description: 'The project' }) projectId: string,
    @Arg('name', () => String, { description: "The environment's name" }) name: string,
    @Arg('input', () => UpdateEnvironmentInput, { description: 'The changes' }) input: UpdateEnvironmentInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<Environment> {
    // Only the fields given change (GraphQL gives absent ones as undefined).
    const changes = Object.fromEntries(Object.entries({ ...input }).filter(([, value]) => value !== undefined));
    return this.service.update(signedIn(ctx).user, projectId, name, changes);
  }

  @Query(() => PreviewSettings, { description: "The project's preview settings" })
  previewSettings(@Arg('projectId', () => ID, { description: 'The project' }) projectId: string, @Ctx() ctx: GraphQLContext): Promise<PreviewSettings> {
    return this.service.previewSettings(signedIn(ctx).user, projectId);
  }

  @Mutation(() => PreviewSettings, { description: 'Turns previews on or off and sets their idle time' })
  updatePreviewSettings(
    @Arg('projectId', () => ID, { description: 'The project' }) projectId: string,
    @Arg('input', () => PreviewSettingsInput, { description: 'The changes' }) input: PreviewSettingsInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<PreviewSettings> {
    const changes = Object.fromEntries(Object.entries({ ...input }).filter(([, value]) => value !== undefined));
    return this.service.updatePreviewSettings(signedIn(ctx).user, projectId, changes);
  }

  @Query(() => PromotionPlan, { description: "What promoting `from` into the environment would do: the build, the target's current one, the variable differences" })
  async promotionPlan(
    @Arg('projectId', () => ID, { description: 'The project' }) projectId: string,
    @Arg('name', () => String, { description: 'The target environment' }) name: string,
    @Arg('from', () => String, { description: 'The source environment' }) from: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<PromotionPlan> {
    const plan = await this.service.promotionPlan(signedIn(ctx).user, projectId, name, from);
    return { from: plan.source.name, to: plan.target.name, deployment: plan.deployment, current: plan.current, variables: plan.variables, commits: plan.commits as PromotionPlan['commits'] };
  }

  @Mutation(() => Deployment, { description: "Deploys the exact build serving `from` (no rebuild) to the environment, with the environment's own variables; answers the pending deployment" })
  promoteEnvironment(
    @Arg('projectId', () => ID, { description: 'The project' }) projectId: string,
    @Arg('name', () => String, { description: 'The target environment' }) name: string,
    @Arg('from', () => String, { description: 'The source environment' }) from: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<Deployment> {
    return this.service.promote(signedIn(ctx).user, projectId, name, from);
  }

  @Mutation(() => Boolean, { description: 'Deletes an environment other than production that serves nothing; answers true' })
  async deleteEnvironment(
    @Arg('projectId', () => ID, { description: 'The project' }) projectId: string,
    @Arg('name', () => String, { description: "The environment's name" }) name: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<boolean> {
    await this.service.remove(signedIn(ctx).user, projectId, name);
    return true;
  }

  @FieldResolver(() => [EnvironmentVariableValue], { description: "What its next deployment runs with: the project's variables, overridden by its own" })
  async variables(@Root() environment: Environment, @Ctx() ctx: GraphQLContext): Promise<EnvironmentVariableValue[]> {
    return (await this.service.details(signedIn(ctx).user, environment)).variables;
  }

  @FieldResolver(() => EnvironmentState, { description: 'What it is doing: idle, deploying, active or failed' })
  async state(@Root() environment: Environment, @Ctx() ctx: GraphQLContext): Promise<EnvironmentState> {
    return (await this.service.details(signedIn(ctx).user, environment)).state;
  }

  @FieldResolver(() => String, { nullable: true, description: 'Where its app answers (its active deployment); null when nothing serves it' })
  async url(@Root() environment: Environment, @Ctx() ctx: GraphQLContext): Promise<string | null> {
    return (await this.service.details(signedIn(ctx).user, environment)).active?.deployedUrl ?? null;
  }

  @FieldResolver(() => DeploymentHealth, { description: "Its active deployment's health; unknown when nothing serves it" })
  async health(@Root() environment: Environment, @Ctx() ctx: GraphQLContext): Promise<DeploymentHealth> {
    return this.service.health(await this.service.details(signedIn(ctx).user, environment));
  }

  @FieldResolver(() => Deployment, { nullable: true, description: 'The deployment serving it, or null' })
  async activeDeployment(@Root() environment: Environment, @Ctx() ctx: GraphQLContext): Promise<Deployment | null> {
    return (await this.service.details(signedIn(ctx).user, environment)).active;
  }

  @FieldResolver(() => [Deployment], { description: 'Its deployments, newest first (its history)' })
  deployments(
    @Root() environment: Environment,
    @Arg('limit', () => Int, { defaultValue: 10, description: 'How many, 1 to 100 (default 10)' }) limit: number,
  ): Promise<Deployment[]> {
    return this.service.history(environment, limit);
  }
}
