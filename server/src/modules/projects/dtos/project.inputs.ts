import 'reflect-metadata';
import { Field, InputType, Int } from 'type-graphql';
import { ProjectSortField, SortOrder } from '../project-list-query.js';
import { ProjectStatus } from '../project-status.js';

@InputType()
export class EnvironmentVariableInput {
  @Field(() => String, { description: 'Trimmed; letters, numbers and underscores, not starting with a number' })
  name!: string;

  @Field(() => String)
  value!: string;
}

@InputType({ description: 'The creation payload of spec section 3' })
export class CreateProjectInput {
  @Field(() => String)
  name!: string;

  @Field(() => String, { nullable: true })
  description?: string;

  @Field(() => ProjectStatus, { nullable: true, description: 'Defaults to active' })
  status?: ProjectStatus;

  @Field(() => [String], { nullable: true })
  tags?: string[];

  @Field(() => String, { nullable: true, description: 'A catalog template, or none for a blank project' })
  templateName?: string;

  @Field(() => [EnvironmentVariableInput], {
    nullable: true,
    description: "Values for the template's variables (defaults fill blanks; required ones must end up non-blank) and any others",
  })
  environmentVariables?: EnvironmentVariableInput[];

  @Field(() => String, { nullable: true })
  repositoryUrl?: string;
}

@InputType({ description: 'Only the fields to change; repositoryUrl: null clears the URL' })
export class UpdateProjectInput {
  @Field(() => String, { nullable: true })
  name?: string;

  @Field(() => String, { nullable: true })
  description?: string;

  @Field(() => ProjectStatus, { nullable: true })
  status?: ProjectStatus;

  @Field(() => [String], { nullable: true })
  tags?: string[];

  @Field(() => String, { nullable: true })
  repositoryUrl?: string | null;
}

@InputType({ description: 'Projects page filters; every field optional (page 1, limit 12, updated_at DESC)' })
export class ProjectsFilterInput {
  @Field(() => Int, { nullable: true })
  page?: number;

  @Field(() => Int, { nullable: true, description: '1 to 100, default 12' })
  limit?: number;

  @Field(() => ProjectSortField, { nullable: true })
  sortBy?: ProjectSortField;

  @Field(() => SortOrder, { nullable: true })
  sortOrder?: SortOrder;

  @Field(() => String, { nullable: true, description: 'Case-insensitive text in the name or description' })
  search?: string;

  @Field(() => ProjectStatus, { nullable: true })
  status?: ProjectStatus;

  @Field(() => [String], { nullable: true, description: 'Projects having ANY of these tags' })
  tags?: string[];
}
