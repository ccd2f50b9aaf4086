import 'reflect-metadata';
import { Field, Int, ObjectType } from 'type-graphql';
import { SENSITIVE_VARIABLE_DESCRIPTION } from '../../../graphql/descriptions.js';
import { Project } from '../project.entity.js';

@ObjectType({ description: "One of a project's environment variables, readable by its owner only" })
export class EnvironmentVariable {
  @Field(() => String, { description: 'The variable name' })
  name!: string;

  @Field(() => String, { description: 'The plain value, decrypted for the owner; never masked here, even when sensitive' })
  value!: string;

  @Field(() => Boolean, { description: SENSITIVE_VARIABLE_DESCRIPTION })
  sensitive!: boolean;
}

// Simple resolvers, as Project's: plain fields with no middleware or @Authorized.
@ObjectType({ description: 'One page of projects: {projects, page, total_pages, total} in REST', simpleResolvers: true })
export class ProjectPage {
  @Field(() => [Project], { description: 'The projects on this page, in the order asked for' })
  projects!: Project[];

  @Field(() => Int, { description: 'This page number, from 1' })
  page!: number;

  @Field(() => Int, { description: 'The page size used' })
  limit!: number;

  @Field(() => Int, { description: 'Pages at this page size; 0 when nothing matches' })
  totalPages!: number;

  @Field(() => Int, { description: 'Projects matching the filters, over all pages' })
  total!: number;
}

@ObjectType({ description: 'Counts over all of your projects, ignoring any filter' })
export class ProjectStats {
  @Field(() => Int, { description: 'All of your projects' })
  total!: number;

  @Field(() => Int, { description: 'Projects with status active' })
  active!: number;

  @Field(() => Int, { description: 'Projects with status inactive' })
  inactive!: number;

  @Field(() => Int, { description: 'Distinct tags over all of your projects' })
  tags!: number;
}
