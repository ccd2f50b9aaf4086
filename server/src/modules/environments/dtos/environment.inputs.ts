import { Field, Float, InputType, Int } from 'type-graphql';
import { EnvironmentVariableInput } from '../../projects/dtos/project.inputs.js';

@InputType({ description: 'A new environment of a project' })
export class CreateEnvironmentInput {
  @Field(() => String, { description: '1 to 20 lower-case letters, digits or dashes, starting with a letter; unique in the project' })
  name!: string;

  @Field(() => String, { nullable: true, description: 'The branch whose pushes feed it; none by default' })
  branch?: string | null;

  @Field(() => Boolean, { nullable: true, description: 'Deploy each push to its branch (default false)' })
  autoDeploy?: boolean;

  @Field(() => Boolean, { nullable: true, description: 'Roll an unhealthy deployment back automatically (default false)' })
  autoRollback?: boolean;

  @Field(() => [EnvironmentVariableInput], { nullable: true, description: "Its own variables, on top of the project's" })
  variables?: EnvironmentVariableInput[];

  @Field(() => String, { nullable: true, description: "Start with this environment's own variables (sensitive ones only with copySensitive)" })
  copyVariablesFrom?: string;

  @Field(() => Boolean, { nullable: true, description: 'With copyVariablesFrom: copy sensitive variables too (default false: they are never copied unless asked)' })
  copySensitive?: boolean;
}

@InputType({ description: 'Changes to an environment; omitted fields stay as they are' })
export class UpdateEnvironmentInput {
  @Field(() => String, { nullable: true, description: 'The branch whose pushes feed it; an empty string for none' })
  branch?: string | null;

  @Field(() => Boolean, { nullable: true, description: 'Deploy each push to its branch' })
  autoDeploy?: boolean;

  @Field(() => Boolean, { nullable: true, description: 'Roll an unhealthy deployment back automatically to the last healthy one' })
  autoRollback?: boolean;

  @Field(() => [EnvironmentVariableInput], { nullable: true, description: 'Its own variables: the whole set, replacing the ones it had' })
  variables?: EnvironmentVariableInput[];

  @Field(() => Int, { nullable: true, description: 'How many instances serve it (1 to 5); the serving deployment rolls out again with them' })
  replicas?: number;

  @Field(() => Float, { nullable: true, description: 'CPU each instance is guaranteed, in cores (0.05 to 4, at most cpuLimit); null for none' })
  cpuRequest?: number | null;

  @Field(() => Float, { nullable: true, description: 'CPU each instance may use, in cores (0.05 to 4); null for none' })
  cpuLimit?: number | null;

  @Field(() => Int, { nullable: true, description: 'Memory each instance is guaranteed, in MB (64 to 8192, at most memoryLimitMb); null for none' })
  memoryRequestMb?: number | null;

  @Field(() => Int, { nullable: true, description: 'Memory each instance may use, in MB (64 to 8192); null for none' })
  memoryLimitMb?: number | null;
}

@InputType({ description: "Changes to a project's preview settings; omitted fields stay as they are" })
export class PreviewSettingsInput {
  @Field(() => Boolean, { nullable: true, description: 'Make a preview for each pushed branch no environment takes' })
  enabled?: boolean;

  @Field(() => Int, { nullable: true, description: 'Minutes without a push after which a preview is removed (1 to 43200); null for never' })
  idleMinutes?: number | null;
}
