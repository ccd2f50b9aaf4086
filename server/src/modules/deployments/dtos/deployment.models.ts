import { Field, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Deployment } from '../deployment.entity.js';

/** Spec section 4's health derivation (domain deploymentHealth). */
export enum DeploymentHealth {
  healthy = 'healthy',
  unhealthy = 'unhealthy',
  checking = 'checking',
  unknown = 'unknown',
}

registerEnumType(DeploymentHealth, {
  name: 'DeploymentHealth',
  description: "A deployment's health, derived from its health checks",
  valuesConfig: {
    healthy: { description: 'Every check is healthy' },
    unhealthy: { description: 'At least one check is unhealthy' },
    checking: { description: 'At least one check is still pending' },
    unknown: { description: 'No checks, or a mix that says nothing' },
  },
});

@ObjectType({ description: "One page of a project's deployments" })
export class DeploymentPage {
  @Field(() => [Deployment], { description: 'The deployments on this page' })
  deployments!: Deployment[];

  @Field(() => Int, { description: 'Deployments matching the filters' })
  count!: number;

  @Field(() => Int, { description: 'The page, from 1' })
  page!: number;

  @Field(() => Int, { description: 'Deployments per page' })
  limit!: number;

  @Field(() => Int, { description: 'Pages in all (at least 1)' })
  totalPages!: number;
}
