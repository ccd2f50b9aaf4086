import 'reflect-metadata';
import { Field, InputType, Int } from 'type-graphql';
import {
  MAX_DESCRIPTION_LENGTH,
  MAX_ENVIRONMENT_VARIABLES,
  MAX_PROJECT_NAME_LENGTH,
  MAX_REPOSITORY_URL_LENGTH,
  MAX_TAG_LENGTH,
  MAX_TAGS,
  MAX_VARIABLE_NAME_LENGTH,
  MAX_VARIABLE_VALUE_LENGTH,
  MIN_PROJECT_NAME_LENGTH,
} from '@slipway/domain';
import { DEFAULT_PAGE_SIZE, MAX_FILTER_TAGS, MAX_PAGE, MAX_PAGE_SIZE, MAX_SEARCH_LENGTH, ProjectSortField, SortOrder } from '../project-list-query.js';
import { ProjectStatus } from '../project-status.js';
import { ProjectLimitsInput } from '../project-limits.js';

/** The spec section 5 rules for a project's fields, as the API's descriptions state them. */
const FIELDS = {
  name: `Trimmed; ${MIN_PROJECT_NAME_LENGTH} to ${MAX_PROJECT_NAME_LENGTH} characters of letters, numbers, spaces, hyphens and underscores; unique among your projects ignoring case`,
  description: `Trimmed; at most ${MAX_DESCRIPTION_LENGTH} characters`,
  tags: `Trimmed, blanks and duplicates dropped; at most ${MAX_TAGS} tags of at most ${MAX_TAG_LENGTH} characters`,
  repositoryUrl: `An http(s) URL, at most ${MAX_REPOSITORY_URL_LENGTH} characters; null or blank for none`,
  environmentVariables: `at most ${MAX_ENVIRONMENT_VARIABLES}, names unique`,
};

@InputType({ description: 'One environment variable of a project' })
export class EnvironmentVariableInput {
  @Field(() => String, {
    description: `Trimmed; letters, numbers and underscores, not starting with a number; at most ${MAX_VARIABLE_NAME_LENGTH} characters`,
  })
  name!: string;

  @Field(() => String, { description: `The value as is (not trimmed), at most ${MAX_VARIABLE_VALUE_LENGTH} characters; stored encrypted` })
  value!: string;
}

@InputType({ description: 'A new project; only the name is required' })
export class CreateProjectInput {
  @Field(() => String, { description: FIELDS.name })
  name!: string;

  @Field(() => String, { nullable: true, description: `${FIELDS.description}; none by default` })
  description?: string;

  @Field(() => ProjectStatus, { nullable: true, description: 'Defaults to active' })
  status?: ProjectStatus;

  @Field(() => [String], { nullable: true, description: `${FIELDS.tags}; none by default` })
  tags?: string[];

  @Field(() => String, { nullable: true, description: 'A catalog template name (Query.templates), or none for a blank project' })
  templateName?: string;

  @Field(() => [EnvironmentVariableInput], {
    nullable: true,
    description: `Values for the template's variables (defaults fill blanks; required ones must end up non-blank) and any others; ${FIELDS.environmentVariables}`,
  })
  environmentVariables?: EnvironmentVariableInput[];

  @Field(() => String, { nullable: true, description: FIELDS.repositoryUrl })
  repositoryUrl?: string;
}

@InputType({ description: 'Only the fields to change; repositoryUrl: null clears the URL' })
export class UpdateProjectInput {
  @Field(() => String, { nullable: true, description: `${FIELDS.name}; must not be null` })
  name?: string;

  @Field(() => String, { nullable: true, description: `${FIELDS.description}; null or '' clears it` })
  description?: string;

  @Field(() => ProjectStatus, { nullable: true, description: 'The new status; must not be null' })
  status?: ProjectStatus;

  @Field(() => [String], { nullable: true, description: `${FIELDS.tags}; null or [] removes them all` })
  tags?: string[];

  @Field(() => String, { nullable: true, description: FIELDS.repositoryUrl })
  repositoryUrl?: string | null;

  @Field(() => ProjectLimitsInput, { nullable: true, description: "The project's own sandbox limits to change; must not be null" })
  limits?: ProjectLimitsInput;
}

@InputType({
  description: `Projects page filters; every field optional (page 1, limit ${DEFAULT_PAGE_SIZE}, updated_at DESC, all projects)`,
})
export class ProjectsFilterInput {
  @Field(() => Int, { nullable: true, description: `The page to read, 1 to ${MAX_PAGE}; default 1` })
  page?: number;

  @Field(() => Int, { nullable: true, description: `Projects per page, 1 to ${MAX_PAGE_SIZE}; default ${DEFAULT_PAGE_SIZE}` })
  limit?: number;

  @Field(() => ProjectSortField, { nullable: true, description: 'Sort key; default updated_at' })
  sortBy?: ProjectSortField;

  @Field(() => SortOrder, { nullable: true, description: 'Sort direction; default DESC' })
  sortOrder?: SortOrder;

  @Field(() => String, {
    nullable: true,
    description: `Case-insensitive text in the name or description; trimmed, at most ${MAX_SEARCH_LENGTH} characters`,
  })
  search?: string;

  @Field(() => ProjectStatus, { nullable: true, description: 'Only projects with this status' })
  status?: ProjectStatus;

  @Field(() => [String], {
    nullable: true,
    description: `Projects having ANY of these tags (exact spelling); at most ${MAX_FILTER_TAGS}`,
  })
  tags?: string[];
}
