import { Field, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Deployment } from '../../deployments/deployment.entity.js';
import { SENSITIVE_VARIABLE_DESCRIPTION } from '../../../graphql/descriptions.js';

export enum VariableSource {
  project = 'project',
  environment = 'environment',
}

registerEnumType(VariableSource, {
  name: 'VariableSource',
  description: "Where an environment's variable comes from",
  valuesConfig: {
    project: { description: "Inherited from the project's variables" },
    environment: { description: "The environment's own (an override or an addition)" },
  },
});

export enum EnvironmentState {
  idle = 'idle',
  deploying = 'deploying',
  active = 'active',
  failed = 'failed',
}

registerEnumType(EnvironmentState, {
  name: 'EnvironmentState',
  description: 'What an environment is doing',
  valuesConfig: {
    idle: { description: 'Nothing serves it and nothing is being deployed' },
    deploying: { description: 'A deployment to it is under way' },
    active: { description: 'A deployment serves it' },
    failed: { description: 'Its latest deployment failed and nothing serves it' },
  },
});

@ObjectType({ description: 'A variable an environment runs with' })
export class EnvironmentVariableValue {
  @Field(() => String, { description: 'The variable name' })
  name!: string;

  @Field(() => String, { description: 'The plain value, decrypted for the owner (clients mask sensitive ones)' })
  value!: string;

  @Field(() => Boolean, { description: SENSITIVE_VARIABLE_DESCRIPTION })
  sensitive!: boolean;

  @Field(() => VariableSource, { description: 'Inherited from the project, or the environment’s own' })
  source!: VariableSource;
}

@ObjectType({ description: 'A variable whose value differs between the source and the target of a promotion' })
export class VariableDifference {
  @Field(() => String, { description: 'The variable name' })
  name!: string;

  @Field(() => Boolean, { description: `${SENSITIVE_VARIABLE_DESCRIPTION}; its values are never shown here` })
  sensitive!: boolean;

  @Field(() => String, { nullable: true, description: "The source's value; null when it has none or the variable is sensitive" })
  sourceValue!: string | null;

  @Field(() => String, { nullable: true, description: "The target's value, which the promoted build runs with; null when it has none or the variable is sensitive" })
  targetValue!: string | null;
}

export enum PromotionRangeKind {
  forward = 'forward',
  diverged = 'diverged',
  rollback = 'rollback',
  same = 'same',
  initial = 'initial',
}

registerEnumType(PromotionRangeKind, {
  name: 'PromotionRangeKind',
  description: "How the source's commit stands to the target's",
  valuesConfig: {
    forward: { description: 'The target gains the listed commits' },
    diverged: { description: 'The target gains the listed commits and loses `behind` commits of its own' },
    rollback: { description: 'The target runs newer commits than the source: the listed ones leave it' },
    same: { description: 'Both run the same commit' },
    initial: { description: "The target serves nothing: the source's recent commits" },
  },
});

@ObjectType({ description: 'A commit in a promotion plan' })
export class PromotionCommit {
  @Field(() => String, { description: 'Its sha' })
  sha!: string;

  @Field(() => String, { description: 'The first line of its message' })
  message!: string;

  @Field(() => String, { description: 'Its author' })
  author!: string;

  @Field(() => String, { description: 'When it was authored (ISO 8601)' })
  date!: string;
}

@ObjectType({ description: "The commits a promotion moves the target over (from its serving commit to the source's)" })
export class PromotionCommitRange {
  @Field(() => PromotionRangeKind, { description: "How the source's commit stands to the target's" })
  kind!: PromotionRangeKind;

  @Field(() => [PromotionCommit], { description: 'Newest first, at most 50: what the target gains (for a rollback, what it loses)' })
  commits!: PromotionCommit[];

  @Field(() => Int, { description: 'How many more commits there are beyond those listed' })
  more!: number;

  @Field(() => Int, { description: 'How many commits the target runs that the source lacks (they leave it)' })
  behind!: number;
}

@ObjectType({ description: 'What promoting one environment into another would do, to show before confirming' })
export class PromotionPlan {
  @Field(() => String, { description: 'The environment whose build is promoted' })
  from!: string;

  @Field(() => String, { description: 'The environment it goes to' })
  to!: string;

  @Field(() => Deployment, { description: "The source's serving deployment: its version (same artifact) is what the target gets" })
  deployment!: Deployment;

  @Field(() => Deployment, { nullable: true, description: "The target's serving deployment now, or null" })
  current!: Deployment | null;

  @Field(() => [VariableDifference], { description: "Where the two environments' variables differ (the target keeps its own)" })
  variables!: VariableDifference[];

  @Field(() => PromotionCommitRange, { nullable: true, description: "The commits between the target's serving commit and the source's; null when the repository could not be read" })
  commits!: PromotionCommitRange | null;
}
