import 'reflect-metadata';
import { Field, ID, ObjectType, registerEnumType } from 'type-graphql';
import { MAX_DEFAULT_MASK_BULLETS } from '@slipway/domain';
import { SENSITIVE_VARIABLE_DESCRIPTION } from '../../graphql/descriptions.js';

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
  valuesConfig: {
    frontend: { description: 'A site or single-page app served to browsers' },
    backend: { description: 'A server-side service or API' },
    go_api: { description: 'An HTTP API written in Go; go-api in the REST API' },
    fullstack: { description: 'A backend that also serves its own frontend' },
    other: { description: 'Anything else, such as a scheduled worker' },
  },
});

@ObjectType({ description: 'A placeholder the template files use, with its default value' })
export class TemplateVariable {
  @Field(() => String, { description: 'The placeholder name, UPPER_SNAKE; written {{NAME}} in the files' })
  name!: string;

  @Field(() => String, { description: 'The value filled in' })
  value!: string;
}

@ObjectType({ description: 'An environment variable a project made from the template expects' })
export class TemplateEnvironmentVariable {
  @Field(() => String, { description: 'The variable name: letters, numbers and underscores, not starting with a number' })
  name!: string;

  @Field(() => String, { description: 'What the variable is for' })
  description!: string;

  @Field(() => String, {
    description: `Prefilled when the project gives no value; '' for none. Shown masked (at most ${MAX_DEFAULT_MASK_BULLETS} bullets) when sensitive`,
  })
  defaultValue!: string;

  @Field(() => Boolean, { description: 'A project made from the template must end up with a non-blank value' })
  required!: boolean;

  @Field(() => Boolean, { description: SENSITIVE_VARIABLE_DESCRIPTION })
  sensitive!: boolean;
}

@ObjectType({ description: 'A toolchain a template builds and runs with, and whether this server has it' })
export class TemplateToolchain {
  @Field(() => String, { description: "Its id in template.json, such as 'go' or 'node'" })
  id!: string;

  @Field(() => String, { description: "Its name, such as 'Go'" })
  name!: string;

  @Field(() => Boolean, { description: 'This server has it where local builds and apps look; false: a project from the template fails to build here' })
  available!: boolean;

  @Field(() => String, { description: 'How to install it on the server' })
  installHint!: string;
}

/** How Slipway builds, starts and health-checks a project locally (files/slipway.json). */
export interface TemplateRuntime {
  /** Argument vector, never a shell string; null when the project needs no build. */
  build: string[] | null;
  /** Argument vector of the project's tests, run after the build in the same directory; null when it has none. */
  test: string[] | null;
  start: string[];
  healthPath: string;
  portEnv: string;
  defaultPort: number;
}

@ObjectType({ description: 'A project template from the catalog in templates/' })
export class Template {
  @Field(() => ID, { description: 'The template name (not a UUID): the same as name' })
  id!: string;

  @Field(() => String, { description: 'The template name (lower-case letters, digits, dashes), such as node-rest-api; its folder in templates/' })
  name!: string;

  @Field(() => String, { description: 'What a project made from it is' })
  description!: string;

  @Field(() => TemplateType, { description: 'The kind of project it starts' })
  type!: TemplateType;

  /** The ids of the toolchains its build and app run with (template.json `toolchains`). */
  toolchains!: string[];

  @Field(() => [TemplateVariable], { description: 'The placeholders its files use besides the built-in ones, in the order declared' })
  variables!: TemplateVariable[];

  @Field(() => [TemplateEnvironmentVariable], { description: 'The environment variables a project made from it expects' })
  environmentVariables!: TemplateEnvironmentVariable[];

  @Field(() => [String], { description: 'Paths of the files a new project starts with, relative and /-separated, sorted' })
  files!: string[];

  runtime!: TemplateRuntime;

  /** Absolute path of the template's files/ folder. */
  filesDir!: string;
}

/** The REST shape of a template (spec section 3), snake_case, with its toolchains as this server has them. */
export function toTemplateResponse(template: Template, toolchains: TemplateToolchain[]) {
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
    toolchains: toolchains.map((toolchain) => ({ id: toolchain.id, name: toolchain.name, available: toolchain.available, install_hint: toolchain.installHint })),
  };
}
