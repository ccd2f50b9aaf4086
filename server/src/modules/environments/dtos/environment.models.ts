import { Field, ObjectType, registerEnumType } from 'type-graphql';
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
