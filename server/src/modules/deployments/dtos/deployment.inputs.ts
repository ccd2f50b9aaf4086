import { Field, ID, InputType, Int } from 'type-graphql';
import { SortOrder } from '../../projects/project-list-query.js';
import { DeploymentSortField } from '../deployment-list-query.js';
import { DeploymentStatus, DeploymentStrategy } from '../deployment-status.js';

@InputType({ description: "Filters, sort and page of a project's deployment history" })
export class DeploymentsFilterInput {
  @Field(() => Int, { nullable: true, description: 'The page, from 1 (default 1)' })
  page?: number;

  @Field(() => Int, { nullable: true, description: 'Deployments per page, 1 to 100 (default 10)' })
  limit?: number;

  @Field(() => String, { nullable: true, description: 'Case-insensitive text in the version tag, commit sha, environment or error message' })
  search?: string;

  @Field(() => DeploymentStatus, { nullable: true, description: 'Only deployments in this status' })
  status?: DeploymentStatus;

  @Field(() => String, { nullable: true, description: "Only deployments to this environment, e.g. 'production'" })
  environment?: string;

  @Field(() => DeploymentSortField, { nullable: true, description: 'The sort column (default created_at)' })
  sortBy?: DeploymentSortField;

  @Field(() => SortOrder, { nullable: true, description: 'The sort direction (default DESC)' })
  sortOrder?: SortOrder;
}

@InputType({ description: 'A deployment of a built version: a rolling update of the environment, or a canary release' })
export class CreateDeploymentInput {
  @Field(() => ID, { description: 'The version to deploy: built, not archived, of this project' })
  versionId!: string;

  @Field(() => DeploymentStrategy, { nullable: true, description: 'How it replaces the active deployment: rolling (default) or canary' })
  deploymentStrategy?: DeploymentStrategy;

  @Field(() => [Int], { nullable: true, description: 'Canary only: the share of new requests (percent) at each step, rising, ending at 100 (default 10, 50, 100; at most 5 steps)' })
  canarySteps?: number[];

  @Field(() => Int, { nullable: true, description: 'Canary only: how long each step is held, 5 to 3600 s (default 60)' })
  canaryStepSeconds?: number;

  @Field(() => String, { nullable: true, description: "The environment (default 'production')" })
  environment?: string;
}

@InputType({ description: 'A rollback of the active deployment to an earlier one' })
export class RollbackDeploymentInput {
  @Field(() => ID, { description: 'The rolled back deployment of the same environment to make live again' })
  targetDeploymentId!: string;

  @Field(() => String, { nullable: true, description: "Why (default 'Manual rollback')" })
  reason?: string;
}

@InputType({ description: 'Changes to a deployment' })
export class UpdateDeploymentInput {
  @Field(() => Int, { nullable: true, description: 'Instances, 1 to 5: scales an active deployment (a rolling update to the same artifact)' })
  replicas?: number;
}
