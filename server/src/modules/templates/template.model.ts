import 'reflect-metadata';
import { Field, ID, ObjectType, registerEnumType } from 'type-graphql';

/** Spec section 3 template types; GraphQL spells go-api as go_api (enum names cannot contain '-'). */
export enum TemplateType {
  frontend = 'frontend',
  backend = 'backend',
  go_api = 'go-api',
  fullstack = 'fullstack',
  other = 'other',
}

registerEnumType(TemplateType, {
  name: 'TemplateType',
  description: 'Kind of project a template starts: frontend, backend, go_api (REST: go-api), fullstack or other',
});

@ObjectType({ description: 'A placeholder the template files use, with its default value' })
export class TemplateVariable {
  @Field(() => String)
  name!: string;

  @Field(() => String)
  value!: string;
}

@ObjectType({ description: 'An environment variable a project made from the template expects' })
export class TemplateEnvironmentVariable {
  @Field(() => String)
  name!: string;

  @Field(() => String)
  description!: string;

  @Field(() => String, { description: 'Prefilled when the project gives no value' })
  defaultValue!: string;

  @Field(() => Boolean)
  required!: boolean;

  @Field(() => Boolean, { description: 'The name marks a secret (spec section 5): mask its value' })
  sensitive!: boolean;
}

/** How Slipway builds, starts and health-checks a project locally (files/slipway.json). */
export interface TemplateRuntime {
  /** Argument vector, never a shell string; null when the project needs no build. */
  build: string[] | null;
  start: string[];
  healthPath: string;
  portEnv: string;
  defaultPort: number;
}

@ObjectType({ description: 'A project template from the catalog in templates/' })
export class Template {
  @Field(() => ID, { description: 'The template name' })
  id!: string;

  @Field(() => String)
  name!: string;

  @Field(() => String)
  description!: string;

  @Field(() => TemplateType)
  type!: TemplateType;

  @Field(() => [TemplateVariable])
  variables!: TemplateVariable[];

  @Field(() => [TemplateEnvironmentVariable])
  environmentVariables!: TemplateEnvironmentVariable[];

  @Field(() => [String], { description: 'Paths of the files a new project starts with' })
  files!: string[];

  runtime!: TemplateRuntime;

  /** Absolute path of the template's files/ folder. */
  filesDir!: string;
}

/** The REST shape of a template (spec section 3), snake_case. */
export function toTemplateResponse(template: Template) {
  return {
    id: template.id,
    name: template.name,
    description: template.description,
    type: template.type,
    variables: Object.fromEntries(template.variables.map((v) => [v.name, v.value])),
    environment_variables: template.environmentVariables.map((v) => ({
      name: v.name,
      description: v.description,
      default_value: v.defaultValue,
      required: v.required,
      sensitive: v.sensitive,
    })),
    files: template.files,
  };
}
